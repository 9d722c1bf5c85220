//! [`CatalogGame`]: what a front end needs of a game beyond the rules traits.

use abstract_game::{Notation, Outcome, PassMove, Player, ZobristHash};
use game_sessions::Threat;

use crate::board_style::BoardStyle;

/// A game-specific way to choose the start position, besides a position text: Onitama's deal
/// (`--cards` on the command line, `"cards"` in the server's JSON).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StartOption {
    /// The option's name, lowercase (`"cards"`).
    pub name: &'static str,
    /// What its value is, for help texts (`"DEAL"`).
    pub value_name: &'static str,
    /// One line of help.
    pub help: &'static str,
}

/// A game of the catalog: the rules traits plus its name, its default start, its start options
/// and the texts a person reads.
///
/// Each game of the workspace implements it once, in this crate; front ends are written once,
/// generically over it, and reach the games through [`crate::GameName::visit`].
pub trait CatalogGame: Notation + PassMove + ZobristHash + 'static {
    /// The name on the command line, in URLs and in JSON (`"kamisado"`).
    const NAME: &'static str;

    /// The game's knowledge for the search engines (the evaluator of `alphabeta`).
    type Evaluator: game_engines::Evaluator<Self> + Default + Send + Sync + 'static;

    /// The game's evaluator with other weights (the `weights=a/b/...` option of `alphabeta`, for
    /// tuning matches).
    ///
    /// # Errors
    /// A message if the game's evaluator has no such weights (a wrong count, or none at all).
    fn evaluator_with_weights(weights: &[i32]) -> Result<Self::Evaluator, String> {
        let _ = weights;
        Err(format!("the {} evaluator has no weights", Self::NAME))
    }

    /// An exact oracle for the engines from the endgame tablebase in the file `path` (the
    /// `tablebase=FILE` option of `alphabeta`): the value of a position the table covers, for
    /// the side to move. Tables are loaded once per file and shared.
    ///
    /// # Errors
    /// A message if the game has no tablebases (the default) or the file cannot be read.
    fn tablebase_oracle(path: &std::path::Path) -> Result<game_engines::Oracle<Self>, String> {
        let _ = path;
        Err(format!("{} has no endgame tablebases", Self::NAME))
    }

    /// The game's start options besides a position text (none by default).
    const START_OPTIONS: &'static [StartOption] = &[];

    /// The position used when nothing else is given: the start of the game (Onitama: the start
    /// of community set A).
    fn default_start() -> Self;

    /// A start position for a game that should differ from others by chance: Onitama's start of
    /// a random deal; the default start for games that have one start only. The same seed gives
    /// the same position (benches, matches and tests rely on it).
    #[must_use]
    fn random_start(seed: u64) -> Self {
        let _ = seed;
        Self::default_start()
    }

    /// How many random moves an opening of a match plays after [`CatalogGame::random_start`]
    /// when the game has no [`CatalogGame::OPENING_BOOK`] (Onitama's random deal is opening
    /// enough).
    const OPENING_PLIES: usize = 0;

    /// The openings of a match, if the game chooses them: lines of move texts separated by
    /// spaces, played from [`CatalogGame::random_start`]; a match uses each line in turn, in an
    /// order shuffled by its seed ([`crate::openings`]), instead of
    /// [`CatalogGame::OPENING_PLIES`] random moves. Kamisado's are the
    /// first moves after which no side can force a win within 20 plies (its one start makes
    /// every opening a forced win for one side, many of them within a few plies, and such an
    /// opening measures nothing). Empty by default.
    const OPENING_BOOK: &'static [&'static str] = &[];

    /// The start position that `option` (one of [`CatalogGame::START_OPTIONS`]) gives for
    /// `value`.
    ///
    /// # Errors
    /// What is wrong with the value. Only called with one of the game's own options.
    fn start_from_option(option: &str, value: &str) -> Result<Self, String> {
        Err(format!(
            "{} has no start option {option:?} ({value:?})",
            Self::NAME
        ))
    }

    /// A board diagram a person can read, ending with a newline.
    fn diagram(&self) -> String;

    /// One line saying whose turn it is and what they must move.
    fn turn_summary(&self) -> String {
        format!("{} to move", self.side_to_move())
    }

    /// Whether positions of the game can repeat (so that a position's value may depend on the
    /// path to it). The exact [`game_engines::solver`] needs a game without repetitions.
    const REPETITIONS: bool = false;

    /// The most plies any game can last, if the game has such a bound: a position the solver
    /// finds neither won nor lost within it is a draw.
    const LONGEST_GAME: Option<u32> = None;

    /// The key by which the solver orders moves, higher first (the game's knowledge of which
    /// moves win or hold; 0 for every move by default).
    fn solver_order(&self, mv: Self::Move) -> i32 {
        let _ = mv;
        0
    }

    /// Checks a proof file with the game's slow reference rules, or `None` if the game has no
    /// reference verifier.
    #[must_use]
    fn verify_proof(
        proof: &crate::proof::Proof,
    ) -> Option<Result<crate::proof::ProofSummary, crate::proof::ProofError>> {
        let _ = proof;
        None
    }

    /// A player by its id (`"black"`), as used in JSON and on the command line.
    fn player(id: &str) -> Option<Self::Player> {
        <Self::Player as Player>::BOTH
            .into_iter()
            .find(|p| p.id() == id)
    }

    /// The board for a person at a terminal: [`CatalogGame::diagram`] by default; a game draws
    /// its own with colours, the last move and highlights when `style` asks for them.
    fn board(&self, style: &BoardStyle<Self>) -> String {
        let _ = style;
        self.diagram()
    }

    /// The board for a graphical front end, as JSON (the web page of `games serve` draws it);
    /// `last` is the move that led here, if any. `null` by default: a front end then shows the
    /// position text. Each game documents its own shape (see the project's `docs/server.md`).
    fn board_json(&self, last: Option<Self::Move>) -> serde_json::Value {
        let _ = last;
        serde_json::Value::Null
    }

    /// The square `mv` moves a piece from, in the game's notation, or `None` for a move that
    /// moves no piece (a pass) or a game without squares of origin (tic-tac-toe).
    fn move_source(&self, mv: Self::Move) -> Option<String> {
        let _ = mv;
        None
    }

    /// The outcome of this (finished) position explained in words for the players. The default
    /// is the outcome's display (`red wins by way of the stone`).
    fn outcome_words(&self, outcome: Outcome<Self::Player, Self::Reason>) -> String {
        outcome.to_string()
    }

    /// Why `mv`, a forced turn of this position ([`game_sessions::forced_move`]), was played
    /// automatically, in words.
    fn forced_words(&self, mv: Self::Move) -> String {
        format!(
            "{} has only one move, a pass ({}): played automatically",
            self.side_to_move(),
            self.move_text(mv)
        )
    }

    /// The coaching round: the opponent's replies in `after` (a position after a candidate)
    /// that win or capture. The default lists the replies that win at once.
    fn coach_threats(after: &Self) -> Vec<Threat<Self::Move>> {
        game_sessions::winning_replies(after)
    }

    /// The coaching round: what the opponent receives if `candidate` is played here, in words
    /// (Onitama: the card handed over); `None` by default.
    fn coach_hand_over(&self, candidate: Self::Move) -> Option<String> {
        let _ = candidate;
        None
    }
}
