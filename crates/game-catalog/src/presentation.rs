//! [`Presentation`]: how a game shows itself to people: boards, words for results and forced
//! turns, and the coaching round's answers.

use abstract_game::{Notation, Outcome};
use game_sessions::Threat;

use crate::board_style::BoardStyle;

/// How a graphical front end lays a board out: its files from left to right and its ranks as
/// seen from the first player's side, and which player's home row is at the top when the board
/// is not turned (a viewer who plays that side sees it turned).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardGeometry<P> {
    /// The file letters, left to right (`"abcdefgh"`).
    pub files: &'static str,
    /// The number of ranks, numbered from 1 at the bottom.
    pub ranks: u8,
    /// The player whose home row is the top rank.
    pub top: P,
}

/// The texts and boards a person reads: a diagram, a turn summary, the board for a terminal
/// and for a graphical front end, the words for a result and for a forced turn, and what the
/// coaching round says. Every item but [`Presentation::diagram`] has a default.
pub trait Presentation: Notation {
    /// A board diagram a person can read, ending with a newline.
    fn diagram(&self) -> String;

    /// One line saying whose turn it is and what they must move.
    fn turn_summary(&self) -> String {
        format!("{} to move", self.side_to_move())
    }

    /// The board for a person at a terminal: [`Presentation::diagram`] by default; a game draws
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

    /// The square `mv` moves a piece to, in the game's notation, or `None` for a move that
    /// moves no piece (a pass) or a game without squares of origin (tic-tac-toe, whose move is
    /// its square: the move text says it).
    fn move_target(&self, mv: Self::Move) -> Option<String> {
        let _ = mv;
        None
    }

    /// The card `mv` is played with (Onitama), or `None` in a game without cards.
    fn move_card(&self, mv: Self::Move) -> Option<&'static str> {
        let _ = mv;
        None
    }

    /// How a graphical front end lays the board out, or `None` (the default) when it shows the
    /// position text instead.
    #[must_use]
    fn board_geometry() -> Option<BoardGeometry<Self::Player>> {
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
