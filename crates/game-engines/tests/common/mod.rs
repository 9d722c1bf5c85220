//! Small games written for the tests: a subtraction game, in normal and misère play.

#![allow(dead_code)]

use abstract_game::tictactoe::Mark;
use abstract_game::{EndReason, Game, Outcome, Player};
use core::fmt;

/// Why a [`Pile`] game ended: the pile is empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Empty;

impl fmt::Display for Empty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("empty pile")
    }
}

impl EndReason for Empty {
    const ALL: &'static [Self] = &[Empty];
    fn index(self) -> usize {
        0
    }
    fn id(self) -> &'static str {
        "empty"
    }
}

/// A pile of stones; a move takes 1 to `max_take` stones. In normal play the player who takes
/// the last stone wins; in misère play that player loses, so the winner is the side to move at
/// the end (like a Kamisado deadlock: the side to move at a finished game is not always the
/// loser).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pile {
    pub stones: u32,
    pub max_take: u8,
    pub misere: bool,
    pub to_move: Mark,
}

impl Pile {
    pub fn normal(stones: u32, max_take: u8) -> Self {
        Pile {
            stones,
            max_take,
            misere: false,
            to_move: Mark::X,
        }
    }

    pub fn misere(stones: u32, max_take: u8) -> Self {
        Pile {
            misere: true,
            ..Pile::normal(stones, max_take)
        }
    }
}

/// A take of 0 stones, more than `max_take` or more than the pile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadTake;

impl fmt::Display for BadTake {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("cannot take that many stones")
    }
}

impl std::error::Error for BadTake {}

impl Game for Pile {
    type Move = u8;
    type Player = Mark;
    type Reason = Empty;
    type Moves = Vec<u8>;
    type IllegalMove = BadTake;

    fn side_to_move(&self) -> Mark {
        self.to_move
    }

    fn legal_moves(&self) -> Vec<u8> {
        (1..=self.max_take)
            .filter(|&t| u32::from(t) <= self.stones)
            .collect()
    }

    fn play(&mut self, mv: u8) -> Result<(), BadTake> {
        if mv == 0 || mv > self.max_take || u32::from(mv) > self.stones {
            return Err(BadTake);
        }
        self.play_unchecked(mv);
        Ok(())
    }

    fn play_unchecked(&mut self, mv: u8) {
        self.stones -= u32::from(mv);
        self.to_move = self.to_move.other();
    }

    fn outcome(&self) -> Option<Outcome<Mark, Empty>> {
        (self.stones == 0).then(|| Outcome::Win {
            winner: if self.misere {
                self.to_move
            } else {
                self.to_move.other()
            },
            reason: Empty,
        })
    }
}

impl abstract_game::ZobristHash for Pile {
    fn zobrist(&self) -> u64 {
        mix(u64::from(self.stones)
            ^ u64::from(self.max_take) << 40
            ^ u64::from(self.misere) << 50
            ^ u64::from(self.to_move == Mark::O) << 51)
    }
}

/// A 64-bit mixer (the `SplitMix64` finaliser): distinct inputs, well-spread keys.
pub fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The end of a [`Graph`] game: the token reached a terminal node.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Sink;

impl fmt::Display for Sink {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("terminal node")
    }
}

impl EndReason for Sink {
    const ALL: &'static [Self] = &[Sink];
    fn index(self) -> usize {
        0
    }
    fn id(self) -> &'static str {
        "sink"
    }
}

/// A directed graph for [`GraphGame`]: the successors of each node, and the result of each
/// terminal node (a node without successors): `Some(winner)` or `None` for a draw. The winner
/// of a terminal node is fixed by the graph, whoever moved into it.
#[derive(Debug)]
pub struct Graph {
    pub edges: Vec<Vec<u16>>,
    pub result: Vec<Option<Mark>>,
}

impl Graph {
    /// A graph, leaked so that positions can point to it.
    pub fn leak(edges: Vec<Vec<u16>>, result: Vec<Option<Mark>>) -> &'static Graph {
        assert_eq!(edges.len(), result.len());
        Box::leak(Box::new(Graph { edges, result }))
    }

    /// A random graph of `n` nodes: each non-terminal node has 1..=`max_out` successors,
    /// all later nodes (a DAG) unless `cycles`, when any node can follow. Terminal nodes are
    /// won by either player or drawn, at random.
    pub fn random(
        n: usize,
        max_out: usize,
        terminal_share: u64,
        cycles: bool,
        seed: u64,
    ) -> &'static Graph {
        let mut rng = abstract_game::rng::SplitMix64::new(seed);
        let mut edges = vec![Vec::new(); n];
        let mut result = vec![None; n];
        for i in 0..n {
            let terminal = i + 1 == n || rng.below(100) < terminal_share as usize;
            if terminal {
                result[i] = match rng.below(5) {
                    0 | 1 => Some(Mark::X),
                    2 | 3 => Some(Mark::O),
                    _ => None,
                };
                continue;
            }
            let out = 1 + rng.below(max_out);
            for _ in 0..out {
                let j = if cycles {
                    rng.below(n)
                } else {
                    i + 1 + rng.below(n - i - 1)
                } as u16;
                if !edges[i].contains(&j) {
                    edges[i].push(j);
                }
            }
        }
        Graph::leak(edges, result)
    }
}

/// A game on a [`Graph`]: a token on a node; the side to move moves it along an edge (the move
/// is the target node). The game ends on a node without successors, with that node's result.
#[derive(Clone, Copy, Debug)]
pub struct GraphGame {
    pub graph: &'static Graph,
    pub node: u16,
    pub to_move: Mark,
}

impl GraphGame {
    pub fn new(graph: &'static Graph, node: u16, to_move: Mark) -> Self {
        GraphGame {
            graph,
            node,
            to_move,
        }
    }
}

impl PartialEq for GraphGame {
    fn eq(&self, other: &Self) -> bool {
        core::ptr::eq(self.graph, other.graph)
            && self.node == other.node
            && self.to_move == other.to_move
    }
}

impl Eq for GraphGame {}

impl core::hash::Hash for GraphGame {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.node.hash(state);
        self.to_move.hash(state);
    }
}

impl Game for GraphGame {
    type Move = u16;
    type Player = Mark;
    type Reason = Sink;
    type Moves = Vec<u16>;
    type IllegalMove = BadTake;

    fn side_to_move(&self) -> Mark {
        self.to_move
    }

    fn legal_moves(&self) -> Vec<u16> {
        self.graph.edges[self.node as usize].clone()
    }

    fn play(&mut self, mv: u16) -> Result<(), BadTake> {
        if !self.graph.edges[self.node as usize].contains(&mv) {
            return Err(BadTake);
        }
        self.play_unchecked(mv);
        Ok(())
    }

    fn play_unchecked(&mut self, mv: u16) {
        self.node = mv;
        self.to_move = self.to_move.other();
    }

    fn outcome(&self) -> Option<Outcome<Mark, Sink>> {
        if !self.graph.edges[self.node as usize].is_empty() {
            return None;
        }
        Some(match self.graph.result[self.node as usize] {
            Some(winner) => Outcome::Win {
                winner,
                reason: Sink,
            },
            None => Outcome::Draw { reason: Sink },
        })
    }
}

impl abstract_game::ZobristHash for GraphGame {
    fn zobrist(&self) -> u64 {
        mix(u64::from(self.node) << 1 | u64::from(self.to_move == Mark::O))
    }
}

/// The exact value of `pos` by plain minimax over the whole game tree (memoised), for a game
/// without cycles: a finished game scores [`game_engines::Score::terminal`], any other
/// position the best of its moves' scores one ply back. So the winner takes the shortest win
/// and the loser the longest defence.
pub fn brute_force<G: Game + core::hash::Hash>(
    pos: &G,
    memo: &mut std::collections::HashMap<G, game_engines::Score>,
) -> game_engines::Score {
    if let Some(s) = game_engines::Score::terminal(pos) {
        return s;
    }
    if let Some(&s) = memo.get(pos) {
        return s;
    }
    let mut best = None;
    for mv in pos.legal_moves() {
        let child = pos.after_unchecked(mv);
        let s = brute_force(&child, memo);
        let s = if child.side_to_move() == pos.side_to_move() {
            s
        } else {
            s.back()
        };
        best = Some(best.map_or(s, |b: game_engines::Score| b.max(s)));
    }
    let best = best.expect("a game that is not over has a move");
    memo.insert(pos.clone(), best);
    best
}
