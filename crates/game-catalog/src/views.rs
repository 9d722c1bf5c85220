//! The JSON views: one wire format for the command line, the server and the WebAssembly
//! package. The state of a game being played is [`state::StateView`]; what a front end needs to
//! know about the games, [`catalog::CatalogView`].
//!
//! Each view is a plain struct that serializes (serde) to the object the command line prints
//! with `--json` and the server sends; field order is part of the format.
//!
//! ```
//! use game_catalog::games::Kamisado;
//! use game_catalog::views::ShowView;
//!
//! let view = ShowView::of(&Kamisado::start());
//! let json = serde_json::to_string(&view)?;
//! assert!(json.starts_with(r#"{"game":"kamisado","position":"obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - -","to_move":"black","legal_moves":["a1a2","#));
//! assert!(json.ends_with(r#"],"outcome":null}"#));
//! # Ok::<(), serde_json::Error>(())
//! ```

use std::time::Instant;

pub mod catalog;
pub mod state;

use abstract_game::perft::{Convention, PlyStats, divide, perft_stats};
use abstract_game::{EndReason, Notation, Outcome, Player};
use serde::ser::{Serialize, SerializeMap, Serializer};

use crate::game::CatalogGame;

/// The legal moves of a position in canonical notation, in the order of the rules crate.
#[must_use]
pub fn legal_move_texts<G: Notation>(pos: &G) -> Vec<String> {
    pos.legal_moves()
        .into_iter()
        .map(|mv| pos.move_text(mv))
        .collect()
}

/// A finished game's outcome: `{"winner": "gold", "reason": "deadlock"}` (`winner` is `null`
/// for a draw).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct OutcomeView {
    /// The winner's id, or `None` for a draw.
    pub winner: Option<&'static str>,
    /// The reason's id (`home_row`, `deadlock`, `stone`, `stream`).
    pub reason: &'static str,
}

impl OutcomeView {
    /// The view of an outcome.
    #[must_use]
    pub fn of<P: Player, R: EndReason>(outcome: Outcome<P, R>) -> Self {
        OutcomeView {
            winner: outcome.winner().map(Player::id),
            reason: outcome.reason().id(),
        }
    }
}

/// What `games show --json` prints: `{"game", "position", "to_move", "legal_moves", "outcome"}`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ShowView {
    /// The game's name.
    pub game: &'static str,
    /// The position text.
    pub position: String,
    /// The id of the side to move (in a finished game, the side that would move next).
    pub to_move: &'static str,
    /// The legal moves in canonical notation; empty exactly when the game is over.
    pub legal_moves: Vec<String>,
    /// The outcome, `null` while the game goes on.
    pub outcome: Option<OutcomeView>,
}

impl ShowView {
    /// The view of a position.
    #[must_use]
    pub fn of<G: CatalogGame>(pos: &G) -> Self {
        ShowView {
            game: G::NAME,
            position: pos.position_text(),
            to_move: pos.side_to_move().id(),
            legal_moves: legal_move_texts(pos),
            outcome: pos.outcome().map(OutcomeView::of),
        }
    }
}

/// One ply of a perft report: `{"ply", "nodes", "passes", <reason>: count...}`, one key per end
/// reason of the game (`home_row`, `deadlock`; `stone`, `stream`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlyView {
    /// The ply, from 1.
    pub ply: u32,
    /// Positions reached at this ply.
    pub nodes: u64,
    /// Passes among the moves of this ply.
    pub passes: u64,
    /// Moves of this ply that ended the game, by reason id.
    pub ends: Vec<(&'static str, u64)>,
}

impl PlyView {
    /// The view of one ply's statistics.
    #[must_use]
    pub fn of<R: EndReason>(stats: &PlyStats) -> Self {
        PlyView {
            ply: stats.ply,
            nodes: stats.nodes,
            passes: stats.passes,
            ends: R::ALL
                .iter()
                .map(|&reason| (reason.id(), stats.ends_by(reason)))
                .collect(),
        }
    }
}

impl Serialize for PlyView {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(3 + self.ends.len()))?;
        map.serialize_entry("ply", &self.ply)?;
        map.serialize_entry("nodes", &self.nodes)?;
        map.serialize_entry("passes", &self.passes)?;
        for (reason, count) in &self.ends {
            map.serialize_entry(reason, count)?;
        }
        map.end()
    }
}

/// One root move of a perft divide: `{"move", "nodes"}`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct DivideView {
    /// The move in canonical notation.
    #[serde(rename = "move")]
    pub mv: String,
    /// The leaves below it.
    pub nodes: u64,
}

/// What `games perft --json` prints.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct PerftView {
    /// The game's name.
    pub game: &'static str,
    /// The position text.
    pub position: String,
    /// The depth.
    pub depth: u32,
    /// The leaves at `depth` (1 at depth 0).
    pub nodes: u64,
    /// Statistics per ply, from 1 to `depth`.
    pub plies: Vec<PlyView>,
    /// The leaves below each root move, when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub divide: Option<Vec<DivideView>>,
    /// The time taken.
    pub seconds: f64,
    /// `nodes / seconds`, rounded down (0 if no time was measured).
    pub nodes_per_second: u64,
}

impl PerftView {
    /// Counts the tree of `pos` to `depth` (every move played, to gather the statistics) and
    /// times it; with `with_divide`, the per-root-move counts too.
    #[must_use]
    pub fn compute<G: CatalogGame>(
        pos: &G,
        depth: u32,
        convention: Convention,
        with_divide: bool,
    ) -> Self {
        let start = Instant::now();
        let stats = perft_stats(pos, depth, convention);
        let nodes = stats.last().map_or(1, |s| s.nodes);
        let divide = with_divide.then(|| {
            divide(pos, depth, convention)
                .into_iter()
                .map(|(mv, nodes)| DivideView {
                    mv: pos.move_text(mv),
                    nodes,
                })
                .collect()
        });
        let seconds = start.elapsed().as_secs_f64();
        PerftView {
            game: G::NAME,
            position: pos.position_text(),
            depth,
            nodes,
            plies: stats.iter().map(PlyView::of::<G::Reason>).collect(),
            divide,
            seconds,
            nodes_per_second: nodes_per_second(nodes, seconds),
        }
    }
}

/// `nodes / seconds` rounded down, 0 when no time was measured.
#[must_use]
pub fn nodes_per_second(nodes: u64, seconds: f64) -> u64 {
    if seconds > 0.0 {
        (nodes as f64 / seconds) as u64
    } else {
        0
    }
}

/// A [`Score`](game_engines::Score): `{"kind": "win", "plies": 7}`, `{"kind": "draw"}` or
/// `{"kind": "eval", "value": 35}`, from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ScoreView {
    /// `win`, `loss`, `draw` or `eval`.
    pub kind: &'static str,
    /// Plies to the end, for a win or a loss.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub plies: Option<u32>,
    /// The evaluation, for `eval`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<i32>,
}

impl ScoreView {
    /// The view of a score.
    #[must_use]
    pub fn of(score: game_engines::Score) -> Self {
        ScoreView {
            kind: score.id(),
            plies: score.plies(),
            value: score.eval(),
        }
    }
}

/// What `games analyze --json` prints: the search's result for the side to move.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct AnalysisView {
    /// The game's name.
    pub game: &'static str,
    /// The position text.
    pub position: String,
    /// The engine's spec.
    pub engine: String,
    /// The best move, `None` only when the game is over.
    pub best: Option<String>,
    /// Its score.
    pub score: ScoreView,
    /// The principal variation, starting with `best`.
    pub pv: Vec<String>,
    /// The depth completed.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Nodes per second.
    pub nodes_per_second: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
}

impl AnalysisView {
    /// The view of a search of `pos` by `engine`.
    #[must_use]
    pub fn of<G: CatalogGame>(
        pos: &G,
        engine: String,
        result: &game_engines::SearchResult<G::Move>,
    ) -> Self {
        AnalysisView {
            game: G::NAME,
            position: pos.position_text(),
            engine,
            best: result.best.map(|mv| pos.move_text(mv)),
            score: ScoreView::of(result.score),
            pv: pv_texts(pos, &result.pv),
            depth: result.depth,
            nodes: result.nodes,
            nodes_per_second: result.nodes_per_second(),
            seconds: result.elapsed.as_secs_f64(),
        }
    }
}

/// The moves of a line from `pos` in notation, each in the position it is played in; the line
/// stops at the first move that is not legal there (a line from a stale table entry).
#[must_use]
pub fn pv_texts<G: Notation>(pos: &G, line: &[G::Move]) -> Vec<String> {
    let mut at = pos.clone();
    let mut out = Vec::with_capacity(line.len());
    for &mv in line {
        if !at.is_legal(mv) {
            break;
        }
        out.push(at.move_text(mv));
        at.play_unchecked(mv);
    }
    out
}

/// What `games match --json` prints, counted for the first engine.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct MatchView {
    /// The game's name.
    pub game: &'static str,
    /// The two engines' specs.
    pub engines: [String; 2],
    /// Games played.
    pub games: usize,
    /// Games the first engine won.
    pub wins: usize,
    /// Games drawn (adjudicated ones included).
    pub draws: usize,
    /// Games the first engine lost.
    pub losses: usize,
    /// The first engine's score, 0..1.
    pub score: f64,
    /// The Elo difference the score implies.
    pub elo: f64,
    /// The half-width of its 95% confidence interval.
    pub elo_margin: f64,
    /// Games stopped at the ply limit and counted as draws.
    pub adjudicated: usize,
    /// The mean game length in plies.
    pub mean_plies: f64,
}

impl MatchView {
    /// The view of a match report.
    #[must_use]
    pub fn of(
        game: &'static str,
        engines: [String; 2],
        report: &game_engines::matches::MatchReport,
    ) -> Self {
        MatchView {
            game,
            engines,
            games: report.games(),
            wins: report.wins,
            draws: report.draws,
            losses: report.losses,
            score: report.score(),
            elo: report.elo(),
            elo_margin: report.elo_margin(),
            adjudicated: report.adjudicated,
            mean_plies: report.mean_plies(),
        }
    }
}
