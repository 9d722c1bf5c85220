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
//! assert_eq!(Engine::<TicTacToe>::name(&engine), "mcts:playouts=2000");
//! ```
//!
//! # Limits
//!
//! A node is a playout. The search runs `Limits::nodes` playouts if set; otherwise until
//! `Limits::time` if set; otherwise the configuration's [`MctsConfig::playouts`]. The time and
//! the stop flag are checked before every playout. `Limits::depth` is ignored.
//!
//! # Score
//!
//! A move that wins at once is played without search and scored `Win { plies: 1 }`. Otherwise
//! the score is the mean result of the playouts through the chosen move, mapped onto
//! [`Score::Eval`] by [`score_from_points`]: `Eval(-1000)` (every playout lost) to
//! `Eval(+1000)` (every playout won), `Eval(0)` for an even share. The search proves nothing
//! else, so it reports no other win, loss or draw.

use abstract_game::playout::random_result;
use abstract_game::rng::SplitMix64;
use abstract_game::{Game, Player};

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
/// return the same results. [`SearchResult::nodes`] counts playouts, [`SearchResult::depth`] is
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

    /// One playout: selection, expansion, simulation, backpropagation. Returns the depth of the
    /// tree node it ended on.
    fn iterate<G: Game>(&mut self, root: &G, tree: &mut Vec<Node<G>>) -> u32 {
        let mut pos = root.clone();
        let mut node = 0;
        let mut depth = 0;
        // Selection.
        while tree[node].untried.is_empty() && !tree[node].children.is_empty() {
            let parent_visits = (tree[node].visits.max(1) as f64).ln();
            let c = self.config.exploration;
            node = *tree[node]
                .children
                .iter()
                .max_by(|&&a, &&b| {
                    let score = |i: usize| {
                        let n = &tree[i];
                        let v = n.visits.max(1) as f64;
                        n.wins / v + c * (parent_visits / v).sqrt()
                    };
                    score(a).total_cmp(&score(b))
                })
                .unwrap_or(&node);
            if let Some(mv) = tree[node].mv {
                pos.play_unchecked(mv);
            }
            depth += 1;
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
            depth += 1;
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
        depth
    }
}

/// The most visited child of `node` (the first one on a tie), if it has children.
fn most_visited<G: Game>(tree: &[Node<G>], node: usize) -> Option<usize> {
    let mut best: Option<usize> = None;
    for &c in &tree[node].children {
        if best.is_none_or(|b| tree[c].visits > tree[b].visits) {
            best = Some(c);
        }
    }
    best
}

impl<G: Game> Engine<G> for Mcts {
    /// `mcts:playouts=N`, then `exploration=C` and `max_plies=N` when they differ from the
    /// defaults (the seed is not part of the spec).
    fn name(&self) -> String {
        use core::fmt::Write as _;
        let default = MctsConfig::default();
        let mut name = format!("mcts:playouts={}", self.config.playouts);
        if self.config.exploration.to_bits() != default.exploration.to_bits() {
            let _ = write!(name, ",exploration={}", self.config.exploration);
        }
        if self.config.max_playout_plies != default.max_playout_plies {
            let _ = write!(name, ",max_plies={}", self.config.max_playout_plies);
        }
        name
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
            parent: usize::MAX,
            children: Vec::new(),
            untried: moves.to_vec(),
            visits: 0,
            wins: 0.0,
        }];
        let mut playouts = 0;
        let mut seldepth = 0;
        while !clock.should_stop(playouts) {
            seldepth = seldepth.max(self.iterate(pos, &mut tree));
            playouts += 1;
        }
        let mut pv = Vec::new();
        let mut node = 0;
        while let Some(child) = most_visited(&tree, node) {
            pv.extend(tree[child].mv);
            node = child;
        }
        let (best, score) = match most_visited(&tree, 0) {
            Some(c) => {
                let n = &tree[c];
                (n.mv, score_from_points(n.wins / n.visits.max(1) as f64))
            }
            // Stopped before the first playout: any legal move.
            None => (moves.first().copied(), Score::Eval(0)),
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
