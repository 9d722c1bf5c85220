//! What a playing session needs from each game: the board a person reads ([`BoardStyle`]) and
//! the coach of the coaching round ([`CatalogCoach`]). The sessions themselves are in the
//! `game-sessions` crate, generic over any game.
//!
//! ```
//! use game_catalog::games::Onitama;
//! use game_catalog::play::CatalogCoach;
//! use game_sessions::{Format, Participant, Session};
//! use abstract_game::Notation;
//!
//! let seats = [Participant::person("Ann"), Participant::person("Ben")];
//! let mut session = Session::new("onitama", Onitama::start(), seats, Format::Coaching);
//! let candidate = session.position().parse_move("ox:c5c4")?;
//! let report = session.propose(&CatalogCoach, candidate)?;
//! assert_eq!(report.hand_over.as_deref(), Some("red will receive ox after their move"));
//! assert_eq!(session.record().ply(), 0, "a candidate plays nothing");
//! session.commit()?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use abstract_game::Game;
use game_sessions::{Coach, Threat};

use crate::game::CatalogGame;

/// How to draw a board for a person: see [`CatalogGame::board`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardStyle<G: Game> {
    /// ANSI colours (a terminal that shows them, `NO_COLOR` unset); plain letters otherwise.
    pub colour: bool,
    /// The last move, to mark it.
    pub last: Option<G::Move>,
    /// Whose seat the board is seen from (`None`: the game's usual orientation).
    pub viewer: Option<G::Player>,
    /// A square (in the game's notation) whose destinations are to be shown (Kamisado: a
    /// tower's reach), or `*` for the one piece that must move.
    pub selected: Option<String>,
}

impl<G: Game> Default for BoardStyle<G> {
    fn default() -> Self {
        BoardStyle {
            colour: false,
            last: None,
            viewer: None,
            selected: None,
        }
    }
}

/// The coach of the coaching round for every game of the catalog: the game's own
/// [`CatalogGame::coach_threats`] and [`CatalogGame::coach_hand_over`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CatalogCoach;

impl<G: CatalogGame> Coach<G> for CatalogCoach {
    fn threats(&self, after: &G) -> Vec<Threat<G::Move>> {
        G::coach_threats(after)
    }

    fn hand_over(&self, before: &G, candidate: G::Move) -> Option<String> {
        before.coach_hand_over(candidate)
    }
}

/// ANSI escape helpers for the boards (used only when [`BoardStyle::colour`] is set).
pub(crate) mod ansi {
    /// Text on a 256-colour background with a 256-colour foreground.
    pub fn paint(text: &str, fg: u8, bg: u8, bold: bool) -> String {
        let b = if bold { "1;" } else { "" };
        format!("\x1b[{b}38;5;{fg};48;5;{bg}m{text}\x1b[0m")
    }
}
