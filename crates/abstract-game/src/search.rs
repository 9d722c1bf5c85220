//! A game-independent engine: Monte Carlo tree search with UCT selection and random playouts.
//!
//! It needs nothing but the rules ([`Game`]), so every game of this workspace gets an opponent
//! for free. It is reproducible: the same configuration and seed give the same move.
//!
//! ```
//! use abstract_game::search::{Mcts, MctsConfig};
//! use abstract_game::tictactoe::TicTacToe;
//! use abstract_game::{Game, Notation};
//!
//! // X has two in the top row and O to move must block at 2.
//! let pos = TicTacToe::parse_position("xx./oo./x.. o").unwrap();
//! let mut engine = Mcts::new(MctsConfig { iterations: 2000, ..MctsConfig::default() });
//! // ...but O can win at once on 5 instead, and the engine sees it.
//! assert_eq!(engine.search(&pos).best, Some(5));
//! ```

use crate::game::{Game, Player};
use crate::playout::random_result;
use crate::rng::SplitMix64;

/// Settings of [`Mcts`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsConfig {
    /// Playouts per search. More is stronger and slower.
    pub iterations: u32,
    /// The UCT exploration constant (√2 in the textbook form).
    pub exploration: f64,
    /// A playout still running after this many plies is scored as a draw.
    pub max_playout_plies: usize,
    /// The seed of the engine's random numbers.
    pub seed: u64,
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            iterations: 10_000,
            exploration: core::f64::consts::SQRT_2,
            max_playout_plies: 400,
            seed: 0x5eed,
        }
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult<M> {
    /// The move to play, `None` only if the game is over.
    pub best: Option<M>,
    /// The expected score of `best` for the player to move, from 0 (loss) to 1 (win).
    pub value: f64,
    /// Playouts run.
    pub iterations: u32,
    /// Each root move with its visit count, most visited first.
    pub root_visits: Vec<(M, u32)>,
}

struct Node<G: Game> {
    mv: Option<G::Move>,
    /// The player who played `mv` (whose point of view `wins` takes).
    mover: G::Player,
    parent: usize,
    children: Vec<usize>,
    untried: Vec<G::Move>,
    visits: u32,
    wins: f64,
}

/// A Monte Carlo tree search engine for any [`Game`].
#[derive(Debug, Clone)]
pub struct Mcts {
    config: MctsConfig,
    rng: SplitMix64,
}

impl Mcts {
    /// An engine with these settings.
    #[must_use]
    pub fn new(config: MctsConfig) -> Self {
        Mcts {
            config,
            rng: SplitMix64::new(config.seed),
        }
    }

    /// The settings.
    #[must_use]
    pub fn config(&self) -> &MctsConfig {
        &self.config
    }

    /// Searches `pos` and returns the best move found. A move that wins at once is played without
    /// search; a finished game gives `best: None`.
    pub fn search<G: Game>(&mut self, pos: &G) -> SearchResult<G::Move> {
        let me = pos.side_to_move();
        let moves = pos.legal_moves();
        let moves = moves.as_ref();
        if moves.is_empty() {
            return SearchResult {
                best: None,
                value: 0.0,
                iterations: 0,
                root_visits: Vec::new(),
            };
        }
        if let Some(&win) = moves.iter().find(|&&mv| {
            pos.after_unchecked(mv)
                .outcome()
                .is_some_and(|o| o.winner() == Some(me))
        }) {
            return SearchResult {
                best: Some(win),
                value: 1.0,
                iterations: 0,
                root_visits: vec![(win, 0)],
            };
        }
        let mut tree: Vec<Node<G>> = vec![Node {
            mv: None,
            mover: me.other(),
            parent: usize::MAX,
            children: Vec::new(),
            untried: moves.to_vec(),
            visits: 0,
            wins: 0.0,
        }];
        for _ in 0..self.config.iterations {
            self.iterate(pos, &mut tree);
        }
        let mut root_visits: Vec<(G::Move, u32, f64)> = tree[0]
            .children
            .iter()
            .filter_map(|&c| {
                let n = &tree[c];
                Some((n.mv?, n.visits, n.wins / f64::from(n.visits.max(1))))
            })
            .collect();
        root_visits.sort_by_key(|r| core::cmp::Reverse(r.1));
        let (best, value) = root_visits
            .first()
            .map_or((moves[0], 0.5), |&(mv, _, v)| (mv, v));
        SearchResult {
            best: Some(best),
            value,
            iterations: self.config.iterations,
            root_visits: root_visits.into_iter().map(|(m, n, _)| (m, n)).collect(),
        }
    }

    fn iterate<G: Game>(&mut self, root: &G, tree: &mut Vec<Node<G>>) {
        let mut pos = root.clone();
        let mut node = 0;
        // Selection.
        while tree[node].untried.is_empty() && !tree[node].children.is_empty() {
            let parent_visits = f64::from(tree[node].visits.max(1)).ln();
            let c = self.config.exploration;
            node = *tree[node]
                .children
                .iter()
                .max_by(|&&a, &&b| {
                    let score = |i: usize| {
                        let n = &tree[i];
                        let v = f64::from(n.visits.max(1));
                        n.wins / v + c * (parent_visits / v).sqrt()
                    };
                    score(a).total_cmp(&score(b))
                })
                .unwrap_or(&node);
            if let Some(mv) = tree[node].mv {
                pos.play_unchecked(mv);
            }
        }
        // Expansion.
        if !tree[node].untried.is_empty() {
            let i = self.rng.below(tree[node].untried.len());
            let mv = tree[node].untried.swap_remove(i);
            let mover = pos.side_to_move();
            pos.play_unchecked(mv);
            let child = tree.len();
            tree.push(Node {
                mv: Some(mv),
                mover,
                parent: node,
                children: Vec::new(),
                untried: pos.legal_moves().as_ref().to_vec(),
                visits: 0,
                wins: 0.0,
            });
            tree[node].children.push(child);
            node = child;
        }
        // Simulation.
        let outcome = random_result(&pos, &mut self.rng, self.config.max_playout_plies);
        // Backpropagation.
        while node != usize::MAX {
            let n = &mut tree[node];
            n.visits += 1;
            n.wins += outcome.map_or(0.5, |o| o.wdl_for(n.mover).points());
            node = n.parent;
        }
    }
}

/// A trivial opponent: a uniformly random legal move (`None` if the game is over).
pub fn random_move<G: Game>(pos: &G, rng: &mut SplitMix64) -> Option<G::Move> {
    rng.choose(pos.legal_moves().as_ref())
}

impl<G: Game> core::fmt::Debug for Node<G> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Node")
            .field("mv", &self.mv)
            .field("visits", &self.visits)
            .field("wins", &self.wins)
            .finish_non_exhaustive()
    }
}
