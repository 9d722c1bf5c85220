//! How a session ended ([`SessionResult`]) and match points ([`Points`]).

use core::fmt;
use core::ops::{Add, AddAssign};

use abstract_game::record::GameResult;
use abstract_game::{EndReason, Outcome, Player};

/// How a session ended: by the rules, by the players, or by the clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SessionResult<P, R> {
    /// The rules ended the game (a win, or a draw if the game has them).
    Rules(Outcome<P, R>),
    /// Both players agreed to a draw (it stays a draw whatever the clocks show).
    DrawAgreed,
    /// A player resigned.
    Resigned {
        /// The winner, the opponent of the one who resigned.
        winner: P,
    },
    /// A player's time ran out before they completed their turn.
    OnTime {
        /// The winner, the opponent of the one whose flag fell.
        winner: P,
    },
    /// Both flags are down and nobody can tell which fell first: a draw.
    BothFlagsDown,
    /// The game was stopped without a result (a restart, a dispute nobody can settle).
    Abandoned,
}

impl<P: Player, R: EndReason> SessionResult<P, R> {
    /// The winner, if someone won.
    #[must_use]
    pub fn winner(self) -> Option<P> {
        match self {
            SessionResult::Rules(outcome) => outcome.winner(),
            SessionResult::Resigned { winner } | SessionResult::OnTime { winner } => Some(winner),
            _ => None,
        }
    }

    /// Whether the game counts: everything but [`SessionResult::Abandoned`].
    #[must_use]
    pub fn has_result(self) -> bool {
        !matches!(self, SessionResult::Abandoned)
    }

    /// Whether nobody won and the game counts (a draw of the rules, an agreed draw, both flags
    /// down).
    #[must_use]
    pub fn is_draw(self) -> bool {
        self.has_result() && self.winner().is_none()
    }

    /// The match points of `player`: 1 for a win, ½ for a draw, 0 for a loss, `None` for an
    /// abandoned game.
    #[must_use]
    pub fn points(self, player: P) -> Option<Points> {
        if !self.has_result() {
            return None;
        }
        Some(match self.winner() {
            Some(w) if w == player => Points::ONE,
            Some(_) => Points::ZERO,
            None => Points::HALF,
        })
    }

    /// A stable lowercase id: `rules`, `draw_agreed`, `resigned`, `on_time`, `both_flags_down`,
    /// `abandoned`.
    #[must_use]
    pub fn id(self) -> &'static str {
        match self {
            SessionResult::Rules(_) => "rules",
            SessionResult::DrawAgreed => "draw_agreed",
            SessionResult::Resigned { .. } => "resigned",
            SessionResult::OnTime { .. } => "on_time",
            SessionResult::BothFlagsDown => "both_flags_down",
            SessionResult::Abandoned => "abandoned",
        }
    }
}

impl<P: Player, R: Copy> From<GameResult<P, R>> for SessionResult<P, R> {
    fn from(result: GameResult<P, R>) -> Self {
        match result {
            GameResult::Outcome(outcome) => SessionResult::Rules(outcome),
            GameResult::DrawAgreed => SessionResult::DrawAgreed,
            GameResult::Resigned { winner } => SessionResult::Resigned { winner },
            _ => SessionResult::Abandoned,
        }
    }
}

impl<P: Player, R: fmt::Display> fmt::Display for SessionResult<P, R> {
    /// `red wins by way of the stone`, `draw by agreement`, `black resigns`,
    /// `blue loses on time`, `draw: both flags down`, `abandoned without a result`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SessionResult::Rules(outcome) => outcome.fmt(f),
            SessionResult::DrawAgreed => f.write_str("draw by agreement"),
            SessionResult::Resigned { winner } => write!(f, "{} resigns", winner.other()),
            SessionResult::OnTime { winner } => write!(f, "{} loses on time", winner.other()),
            SessionResult::BothFlagsDown => f.write_str("draw: both flags down"),
            SessionResult::Abandoned => f.write_str("abandoned without a result"),
        }
    }
}

/// Match points, counted in halves: a win is 1, a draw ½ each.
///
/// ```
/// use game_sessions::Points;
/// assert_eq!((Points::ONE + Points::HALF).to_string(), "1½");
/// assert_eq!(Points::HALF.to_string(), "½");
/// assert_eq!(Points::ZERO.to_string(), "0");
/// assert_eq!((Points::HALF + Points::HALF), Points::ONE);
/// ```
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    serde::Serialize,
    serde::Deserialize,
)]
pub struct Points(pub u32);

impl Points {
    /// No points.
    pub const ZERO: Points = Points(0);
    /// Half a point: a draw.
    pub const HALF: Points = Points(1);
    /// One point: a win.
    pub const ONE: Points = Points(2);

    /// The points as a number (`1.5`).
    #[must_use]
    pub fn as_f64(self) -> f64 {
        f64::from(self.0) / 2.0
    }
}

impl Add for Points {
    type Output = Points;
    fn add(self, other: Points) -> Points {
        Points(self.0 + other.0)
    }
}

impl AddAssign for Points {
    fn add_assign(&mut self, other: Points) {
        self.0 += other.0;
    }
}

impl fmt::Display for Points {
    /// `0`, `½`, `1`, `1½`, `2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (whole, half) = (self.0 / 2, self.0 % 2 == 1);
        match (whole, half) {
            (0, true) => f.write_str("½"),
            (w, true) => write!(f, "{w}½"),
            (w, false) => write!(f, "{w}"),
        }
    }
}
