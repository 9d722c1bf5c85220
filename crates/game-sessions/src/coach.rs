//! The open coaching round: what a candidate move allows the opponent ([`Coach`],
//! [`CoachReport`]).
//!
//! Before committing a move, the side to move states a candidate; the answer lists the
//! opponent's replies that matter (those that win at once, and those that capture where the game
//! has captures) and what the opponent receives (Onitama: the card handed over). The candidate
//! changes nothing: only [`crate::Session::commit`] plays it.

use abstract_game::{Game, Outcome};

/// An opponent's reply worth knowing about, after a candidate move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Threat<M> {
    /// The reply.
    pub reply: M,
    /// Whether it wins the game at once.
    pub wins: bool,
    /// Whether it captures a piece (always `false` in games without captures).
    pub captures: bool,
}

/// The answer to a candidate move: see [`Coach::report`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CoachReport<G: Game> {
    /// The candidate.
    pub candidate: G::Move,
    /// The position the candidate would give.
    pub after: G,
    /// The outcome if the candidate ends the game.
    pub ends_game: Option<Outcome<G::Player, G::Reason>>,
    /// The opponent's replies that win or capture, in the order of the legal moves.
    pub threats: Vec<Threat<G::Move>>,
    /// What the opponent receives with the turn, in words (Onitama: the card handed over);
    /// `None` where the game hands nothing over.
    pub hand_over: Option<String>,
}

/// Answers coaching candidates for the game `G`. Every method has a default that works for any
/// game: the threats are the replies that win at once, and nothing is handed over.
/// [`WinningReplies`] is that default; a catalog of games implements its own coach with the
/// game's knowledge (captures, the card handed over).
pub trait Coach<G: Game> {
    /// The opponent's replies in `after` (the position after a candidate, not over) that win or
    /// capture. The default lists the replies that win at once ([`winning_replies`]).
    fn threats(&self, after: &G) -> Vec<Threat<G::Move>> {
        winning_replies(after)
    }

    /// What the opponent receives with the turn if `candidate` is played in `before`, in words;
    /// `None` by default.
    fn hand_over(&self, before: &G, candidate: G::Move) -> Option<String> {
        let _ = (before, candidate);
        None
    }

    /// The whole answer to `candidate` in `before`. Nothing is played.
    ///
    /// # Errors
    /// The rules' reason if `candidate` is not legal in `before`.
    fn report(&self, before: &G, candidate: G::Move) -> Result<CoachReport<G>, G::IllegalMove> {
        let mut after = before.clone();
        after.play(candidate)?;
        let ends_game = after.outcome();
        let (threats, hand_over) = if ends_game.is_some() {
            (Vec::new(), None)
        } else {
            (self.threats(&after), self.hand_over(before, candidate))
        };
        Ok(CoachReport {
            candidate,
            after,
            ends_game,
            threats,
            hand_over,
        })
    }
}

/// The replies in `after` that win at once for the side to move there.
#[must_use]
pub fn winning_replies<G: Game>(after: &G) -> Vec<Threat<G::Move>> {
    let opponent = after.side_to_move();
    let mut found = Vec::new();
    after.for_each_legal_move(|reply| {
        let next = after.after_unchecked(reply);
        if next.outcome().and_then(Outcome::winner) == Some(opponent) {
            found.push(Threat {
                reply,
                wins: true,
                captures: false,
            });
        }
    });
    found
}

/// The default coach for any game: the threats are the replies that win at once.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WinningReplies;

impl<G: Game> Coach<G> for WinningReplies {}
