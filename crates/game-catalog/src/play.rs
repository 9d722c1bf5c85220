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

use game_sessions::{Coach, Threat};

pub use crate::board_style::BoardStyle;
use crate::presentation::Presentation;

/// The coach of the coaching round for every game of the catalog: the game's own
/// [`Presentation::coach_threats`] and [`Presentation::coach_hand_over`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CatalogCoach;

impl<G: Presentation> Coach<G> for CatalogCoach {
    fn threats(&self, after: &G) -> Vec<Threat<G::Move>> {
        G::coach_threats(after)
    }

    fn hand_over(&self, before: &G, candidate: G::Move) -> Option<String> {
        before.coach_hand_over(candidate)
    }
}
