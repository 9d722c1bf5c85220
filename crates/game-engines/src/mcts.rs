//! [`Mcts`]: Monte Carlo tree search with UCT selection and uniformly random playouts.
//!
//! It needs nothing but the rules ([`Game`]), so every game gets an opponent for free. It is
//! reproducible: the same configuration and seed give the same moves (under a playout limit).
//!
//! ```
//! use abstract_game::Notation;
//! use abstract_game::tictactoe::TicTacToe;
//! use game_engines::{Engine, Limits, Mcts, MctsConfig, Score};
//!
//! // X has two in the top row and O to move must block at 2...
//! let pos = TicTacToe::parse_position("xx./oo./x.. o").unwrap();
//! let mut engine = Mcts::new(MctsConfig { playouts: 2000, ..MctsConfig::default() });
//! let result = engine.search(&pos, &Limits::none());
//! // ...but O can win at once on 5 instead, and the engine sees it.
//! assert_eq!(result.best, Some(5));
//! assert_eq!(result.score, Score::Win { plies: 1 });
//! assert_eq!(engine.name(), "mcts:playouts=2000");
//! ```
//!
//! # Limits
//!
//! A node is a playout. The search runs `Limits::nodes` playouts if set; otherwise until
//! `Limits::time` if set; otherwise the configuration's [`MctsConfig::playouts`]. The time and
//! the stop flag are checked before every playout. `Limits::depth` is ignored.
//!
//! # MCTS-Solver
//!
//! The tree also proves results (Winands, Björnsson and Saito's MCTS-Solver). A node whose
//! position is finished is proven by its outcome ([`Score::terminal`]: the winner is the one the
//! outcome names, not always the player who moved last). Proofs pass up the tree: a node is a
//! proven win as soon as one of its children is proven lost for the side to move there, and,
//! once every move is tried and every child proven, it takes the best of them (a proven loss
//! when all are won for the opponent, a draw when that is the best). Selection never enters a
//! child proven lost for the side choosing, nor goes below a proven node (a playout that reaches
//! one counts its proven result), so the engine never plays into a forced loss it has seen. A
//! proven root ends the search at once, possibly before the playout budget.
//!
//! # Score
//!
//! A move that wins at once is played without search and scored `Win { plies: 1 }`. A proven
//! root reports its proof: `Win { plies }`, `Loss { plies }` or `Draw`, with the distance of the
//! proof the tree found (for a win the shortest proven winning line, which may be longer than the
//! game's shortest win; the alpha-beta solver, [`crate::AlphaBeta::solver`], finds exact
//! distances), and plays the move that proves it (the longest loss when lost). Otherwise the
//! chosen move is the most visited one not proven lost, and the score is the mean result of the
//! playouts through it, mapped onto [`Score::Eval`] by [`score_from_points`]: `Eval(-1000)`
//! (every playout lost) to `Eval(+1000)` (every playout won), `Eval(0)` for an even share.

use abstract_game::playout::random_result;
use abstract_game::rng::SplitMix64;
use abstract_game::{Game, Player, Wdl};

use crate::engine::{Engine, SearchResult};
use crate::limits::{Clock, Limits};
use crate::score::Score;

/// The `Eval` of a position whose playouts are all won: see [`score_from_points`].
pub const EVAL_SCALE: i32 = 1000;

/// The [`Score`] of a mean playout result `points` (0 for a loss, ½ for a draw, 1 for a win,
/// from the side to move's view, as [`abstract_game::Wdl::points`]):
/// `Eval(round((2 · points − 1) · 1000))`, so `Eval(-1000)` to `Eval(1000)` and `Eval(0)` at ½.
/// Values outside `0..=1` are clamped; NaN gives `Eval(0)`.
///
/// ```
/// use game_engines::Score;
/// use game_engines::mcts::score_from_points;
///
/// assert_eq!(score_from_points(1.0), Score::Eval(1000));
/// assert_eq!(score_from_points(0.5), Score::Eval(0));
/// assert_eq!(score_from_points(0.25), Score::Eval(-500));
/// ```
#[must_use]
pub fn score_from_points(points: f64) -> Score {
    if points.is_nan() {
        return Score::Eval(0);
    }
    let points = points.clamp(0.0, 1.0);
    Score::Eval(((2.0 * points - 1.0) * f64::from(EVAL_SCALE)).round() as i32)
}

/// Settings of [`Mcts`].
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MctsConfig {
    /// Playouts per search when the [`Limits`] set neither nodes nor time. More is stronger and
    /// slower.
    pub playouts: u64,
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
            playouts: 10_000,
            exploration: core::f64::consts::SQRT_2,
            max_playout_plies: 400,
            seed: 0x5eed,
        }
    }
}

struct Node<G: Game> {
    mv: Option<G::Move>,
    /// The player who played `mv` (whose point of view `wins` takes).
    mover: G::Player,
    /// The player to move in the node's position.
    to_move: G::Player,
    /// The proven value of the node's position for `to_move`, once the solver knows it.
    proof: Option<Score>,
    parent: usize,
    children: Vec<usize>,
    untried: Vec<G::Move>,
    visits: u64,
    wins: f64,
}

/// A Monte Carlo tree search engine for any [`Game`].
///
/// The random generator lives in the engine and goes on from one search to the next: two
/// engines made with the same configuration and given the same searches (under playout limits)
/// return the same results. See the [module](crate::mcts) for the solver. [`SearchResult::nodes`] counts playouts, [`SearchResult::depth`] is
/// the length of the principal variation (the most visited line of the tree) and
/// [`SearchResult::seldepth`] the deepest node of the tree.
#[derive(Debug, Clone)]
pub struct Mcts {
    config: MctsConfig,
    rng: SplitMix64,
}

impl Default for Mcts {
    fn default() -> Self {
        Mcts::new(MctsConfig::default())
    }
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

    /// The spec, the same as [`Engine::name`]: `mcts:playouts=N`, then `exploration=C` and
    /// `max-plies=N` when they differ from the defaults (the seed is not part of the spec).
    #[must_use]
    pub fn name(&self) -> String {
        use core::fmt::Write as _;
        let default = MctsConfig::default();
        let mut name = format!("mcts:playouts={}", self.config.playouts);
        if self.config.exploration.to_bits() != default.exploration.to_bits() {
            let _ = write!(name, ":exploration={}", self.config.exploration);
        }
        if self.config.max_playout_plies != default.max_playout_plies {
            let _ = write!(name, ":max-plies={}", self.config.max_playout_plies);
        }
        name
    }

    /// One playout: selection, expansion, simulation, backpropagation, then the proof of the
    /// node it ended on passed up the tree. Returns the depth of the tree node it ended on.
    fn iterate<G: Game>(&mut self, root: &G, tree: &mut Vec<Node<G>>) -> u32 {
        let mut pos = root.clone();
        let mut node = 0;
        let mut depth = 0;
        // Selection: never into a child proven lost for the side choosing, and not below a
        // proven node (its value is known).
        while tree[node].proof.is_none()
            && tree[node].untried.is_empty()
            && !tree[node].children.is_empty()
        {
            let parent_visits = (tree[node].visits.max(1) as f64).ln();
            let c = self.config.exploration;
            let me = tree[node].to_move;
            let score = |i: usize| {
                let n = &tree[i];
                let v = n.visits.max(1) as f64;
                n.wins / v + c * (parent_visits / v).sqrt()
            };
            let mut best: Option<usize> = None;
            for &child in &tree[node].children {
                if is_lost_for(tree, child, me) {
                    continue;
                }
                if best.is_none_or(|b| score(child) > score(b)) {
                    best = Some(child);
                }
            }
            // With every child lost and every move tried the node is proven and selection
            // stopped above; the fallback is never taken.
            node = best.unwrap_or(tree[node].children[0]);
            if let Some(mv) = tree[node].mv {
                pos.play_unchecked(mv);
            }
            depth += 1;
        }
        // Expansion.
        if tree[node].proof.is_none() && !tree[node].untried.is_empty() {
            let i = self.rng.below(tree[node].untried.len());
            let mv = tree[node].untried.swap_remove(i);
            let mover = pos.side_to_move();
            pos.play_unchecked(mv);
            let child = tree.len();
            tree.push(Node {
                mv: Some(mv),
                mover,
                to_move: pos.side_to_move(),
                proof: Score::terminal(&pos),
                parent: node,
                children: Vec::new(),
                untried: pos.legal_moves().as_ref().to_vec(),
                visits: 0,
                wins: 0.0,
            });
            tree[node].children.push(child);
            node = child;
            depth += 1;
        }
        // Simulation: a proven node's result is known; otherwise a random playout.
        let winner = match tree[node].proof {
            Some(proof) => match proof.wdl() {
                Some(Wdl::Win) => Some(tree[node].to_move),
                Some(Wdl::Loss) => Some(tree[node].to_move.other()),
                _ => None,
            },
            None => random_result(&pos, &mut self.rng, self.config.max_playout_plies)
                .and_then(abstract_game::Outcome::winner),
        };
        // Backpropagation.
        let leaf = node;
        while node != usize::MAX {
            let n = &mut tree[node];
            n.visits += 1;
            n.wins += match winner {
                Some(w) if w == n.mover => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            };
            node = n.parent;
        }
        // The solver: pass a new proof up as far as it decides the parents.
        if tree[leaf].proof.is_some() {
            let mut node = tree[leaf].parent;
            while node != usize::MAX && prove(tree, node) {
                node = tree[node].parent;
            }
        }
        depth
    }
}

/// The proof of `child` seen from its parent, where `player` is to move: the parent's score if
/// it plays the move to `child` (one ply more to the end, and the other point of view when the
/// side to move changes).
fn proof_for<G: Game>(tree: &[Node<G>], child: usize, player: G::Player) -> Option<Score> {
    let n = &tree[child];
    n.proof.map(|s| {
        if n.to_move == player {
            match s {
                Score::Win { plies } => Score::Win { plies: plies + 1 },
                Score::Loss { plies } => Score::Loss { plies: plies + 1 },
                other => other,
            }
        } else {
            s.back()
        }
    })
}

/// Whether `child` is proven lost for `player`, who chooses it.
fn is_lost_for<G: Game>(tree: &[Node<G>], child: usize, player: G::Player) -> bool {
    matches!(proof_for(tree, child, player), Some(Score::Loss { .. }))
}

/// Tries to prove `node` from its children: a win as soon as a child is proven won for the side
/// to move here (the shortest such win), otherwise the best child once every move is tried and
/// every child is proven (a loss when all are lost: the longest one). Returns whether the node
/// became proven.
fn prove<G: Game>(tree: &mut [Node<G>], node: usize) -> bool {
    if tree[node].proof.is_some() {
        return false;
    }
    let me = tree[node].to_move;
    let mut best: Option<Score> = None;
    let mut all = tree[node].untried.is_empty();
    for &c in &tree[node].children {
        match proof_for(tree, c, me) {
            Some(s) => best = Some(best.map_or(s, |b| b.max(s))),
            None => all = false,
        }
    }
    let proven = match best {
        Some(s @ Score::Win { .. }) => Some(s),
        Some(s) if all => Some(s),
        _ => None,
    };
    tree[node].proof = proven;
    proven.is_some()
}

/// The child to play from `node`: when the node is proven, the child that proves it (the
/// shortest win, the longest loss); otherwise the most visited child not proven lost (the
/// first one on a tie). `None` when no child qualifies.
fn best_child<G: Game>(tree: &[Node<G>], node: usize) -> Option<usize> {
    let me = tree[node].to_move;
    if let Some(proof) = tree[node].proof {
        return tree[node]
            .children
            .iter()
            .copied()
            .find(|&c| proof_for(tree, c, me) == Some(proof));
    }
    let mut best: Option<usize> = None;
    for &c in &tree[node].children {
        if is_lost_for(tree, c, me) {
            continue;
        }
        if best.is_none_or(|b| tree[c].visits > tree[b].visits) {
            best = Some(c);
        }
    }
    best
}

impl<G: Game> Engine<G> for Mcts {
    fn name(&self) -> String {
        Mcts::name(self)
    }

    /// Searches `pos` and returns the most visited move. A move that wins at once is played
    /// without search; a finished game gives `best: None`. See the [module](crate::mcts) for
    /// the limits and the score.
    fn search(&mut self, pos: &G, limits: &Limits) -> SearchResult<G::Move> {
        let budget = match (limits.nodes, limits.time) {
            (Some(nodes), _) => Some(nodes),
            (None, Some(_)) => None,
            (None, None) => Some(self.config.playouts),
        };
        let mut clock = Clock::start(&Limits {
            nodes: budget,
            ..limits.clone()
        });
        if let Some(over) = SearchResult::game_over(pos) {
            return over;
        }
        let me = pos.side_to_move();
        let moves = pos.legal_moves();
        let moves = moves.as_ref();
        if let Some(&win) = moves.iter().find(|&&mv| {
            pos.after_unchecked(mv)
                .outcome()
                .is_some_and(|o| o.winner() == Some(me))
        }) {
            return SearchResult {
                best: Some(win),
                score: Score::Win { plies: 1 },
                pv: vec![win],
                depth: 1,
                seldepth: 1,
                nodes: 0,
                elapsed: clock.elapsed(),
            };
        }
        let mut tree: Vec<Node<G>> = vec![Node {
            mv: None,
            mover: me.other(),
            to_move: me,
            proof: None,
            parent: usize::MAX,
            children: Vec::new(),
            untried: moves.to_vec(),
            visits: 0,
            wins: 0.0,
        }];
        let mut playouts = 0;
        let mut seldepth = 0;
        // A proven root needs no more playouts.
        while tree[0].proof.is_none() && !clock.should_stop(playouts) {
            seldepth = seldepth.max(self.iterate(pos, &mut tree));
            playouts += 1;
        }
        let mut pv = Vec::new();
        let mut node = 0;
        while let Some(child) = best_child(&tree, node) {
            pv.extend(tree[child].mv);
            node = child;
        }
        let (best, score) = match (tree[0].proof, best_child(&tree, 0)) {
            (Some(proof), Some(c)) => (tree[c].mv, proof),
            (None, Some(c)) => {
                let n = &tree[c];
                (n.mv, score_from_points(n.wins / n.visits.max(1) as f64))
            }
            // Stopped before the first playout, or every expanded move is proven lost while
            // some are untried: an untried move (unknown beats lost), else any legal move.
            (_, None) => (
                tree[0].untried.first().or(moves.first()).copied(),
                Score::Eval(0),
            ),
        };
        if pv.is_empty() {
            pv.extend(best);
        }
        SearchResult {
            best,
            score,
            depth: pv.len() as u32,
            pv,
            seldepth,
            nodes: playouts,
            elapsed: clock.elapsed(),
        }
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use core::time::Duration;

    #[test]
    fn elapsed_is_measured() {
        let r = Engine::search(
            &mut Mcts::default(),
            &abstract_game::tictactoe::TicTacToe::new(),
            &Limits::nodes(50),
        );
        assert!(r.elapsed > Duration::ZERO);
        assert_eq!(r.nodes, 50);
    }
}
