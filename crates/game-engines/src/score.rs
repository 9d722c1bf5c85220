//! [`Score`]: the value of a position for the side to move, on the one scale every engine of
//! this crate reports: a proven win or loss with its distance to the end, a proven draw, or a
//! heuristic evaluation.
//!
//! ```
//! use abstract_game::{ExactValue, Wdl};
//! use game_engines::Score;
//!
//! // Faster wins are better, slower losses are better, evaluations lie in between.
//! assert!(Score::Win { plies: 1 } > Score::Win { plies: 3 });
//! assert!(Score::Win { plies: 99 } > Score::Eval(5000));
//! assert!(Score::Eval(-5000) > Score::Loss { plies: 99 });
//! assert!(Score::Loss { plies: 4 } > Score::Loss { plies: 2 });
//!
//! // A child's score seen from its parent, one ply back.
//! let end = Score::from(Wdl::Loss); // the side to move at the end has lost...
//! assert_eq!(end.back(), Score::Win { plies: 1 }); // ...so the move into it wins in 1
//! assert_eq!(Score::Eval(35).back(), Score::Eval(-35));
//! assert_eq!(Score::Win { plies: 7 }.to_string(), "win in 7");
//! assert_eq!(Score::Eval(-12).to_string(), "-12");
//!
//! // Proven scores are exact values (the type the solver and the tablebases report).
//! let exact = ExactValue::win(7);
//! assert_eq!(Score::from(exact), Score::Win { plies: 7 });
//! assert_eq!(Score::Win { plies: 7 }.exact(), Some(exact));
//! assert_eq!(Score::Eval(3).exact(), None);
//! ```

use core::cmp::Ordering;
use core::fmt;

use abstract_game::{ExactValue, Game, Wdl};

/// The value of a position from the point of view of the side to move.
///
/// # Order
///
/// `Score` is totally ordered from worst to best for the side to move:
///
/// 1. `Loss { plies }`, the quicker loss first: `Loss { plies: 0 } < Loss { plies: 1 } < ...`;
/// 2. `Eval(v)` by `v`, with `Draw` placed just above `Eval(0)`:
///    `... < Eval(-1) < Eval(0) < Draw < Eval(1) < ...` (a proven draw is worth an evaluation of
///    zero; the tie is broken in favour of the proof so that the order is total);
/// 3. `Win { plies }`, the slower win first: `... < Win { plies: 1 } < Win { plies: 0 }`.
///
/// So every win beats every evaluation and every evaluation beats every loss, whatever the
/// numbers. [`Score::back`] reverses the order (`a < b` ⇔ `b.back() < a.back()`) for every
/// pair of scores except `Draw` and `Eval(0)`, which are both their own opposite, and the
/// saturated ends of the scales (see below).
///
/// # Scale
///
/// `plies` counts the plies to the end of the game from this position (0: the game is over).
/// `Eval` is a heuristic in the engine's units, positive when the side to move stands better;
/// engines keep it well inside `-i32::MAX..=i32::MAX` (the opposite of `Eval(i32::MIN)`
/// saturates to `Eval(i32::MAX)`, and plies saturate at `u32::MAX`). Every engine of this
/// crate uses this one type; each documents the units of its `Eval` (Monte Carlo search: see
/// [`crate::mcts::score_from_points`]).
///
/// # Serialization
///
/// With the `serde` feature a score serializes as an object with its kind ([`Score::id`]):
/// `{"kind": "win", "plies": 7}`, `{"kind": "loss", "plies": 4}`, `{"kind": "draw"}` or
/// `{"kind": "eval", "value": 35}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(into = "ScoreFields", try_from = "ScoreFields")
)]
pub enum Score {
    /// The side to move wins (against any defence) in `plies` plies.
    Win {
        /// Plies to the end of the game.
        plies: u32,
    },
    /// The side to move loses (against best play) in `plies` plies.
    Loss {
        /// Plies to the end of the game.
        plies: u32,
    },
    /// A proven draw.
    Draw,
    /// A heuristic evaluation: positive is good for the side to move.
    Eval(i32),
}

impl Score {
    /// The score of a finished game for the side to move in it, `None` while the game goes
    /// on. The winner is the one the outcome names, whoever is to move (in Kamisado the side to
    /// move at the end can be the winner).
    #[must_use]
    pub fn terminal<G: Game>(pos: &G) -> Option<Score> {
        pos.outcome()
            .map(|o| Score::from(o.wdl_for(pos.side_to_move())))
    }

    /// The score of this position's parent, when this is the score of the position after the
    /// parent's best move: the opponent's point of view, one ply further from the end.
    /// `Win { plies: n }` becomes `Loss { plies: n + 1 }`, `Loss { plies: n }` becomes
    /// `Win { plies: n + 1 }`, `Eval(v)` becomes `Eval(-v)` and `Draw` stays `Draw`. (Plies
    /// saturate at `u32::MAX`.)
    #[must_use]
    pub fn back(self) -> Score {
        match self {
            Score::Win { plies } => Score::Loss {
                plies: plies.saturating_add(1),
            },
            Score::Loss { plies } => Score::Win {
                plies: plies.saturating_add(1),
            },
            Score::Draw => Score::Draw,
            Score::Eval(v) => Score::Eval(v.saturating_neg()),
        }
    }

    /// The proven result, or `None` for an evaluation.
    #[must_use]
    pub fn wdl(self) -> Option<Wdl> {
        match self {
            Score::Win { .. } => Some(Wdl::Win),
            Score::Loss { .. } => Some(Wdl::Loss),
            Score::Draw => Some(Wdl::Draw),
            Score::Eval(_) => None,
        }
    }

    /// Whether the score is proven (win, loss or draw), not a heuristic.
    #[must_use]
    pub fn is_proven(self) -> bool {
        self.wdl().is_some()
    }

    /// The proven value with its distance, or `None` for an evaluation (a draw has distance 0).
    #[must_use]
    pub fn exact(self) -> Option<ExactValue> {
        match self {
            Score::Win { plies } => Some(ExactValue::win(plies)),
            Score::Loss { plies } => Some(ExactValue::loss(plies)),
            Score::Draw => Some(ExactValue::DRAW),
            Score::Eval(_) => None,
        }
    }

    /// The distance to the end for a win or a loss.
    #[must_use]
    pub fn plies(self) -> Option<u32> {
        match self {
            Score::Win { plies } | Score::Loss { plies } => Some(plies),
            Score::Draw | Score::Eval(_) => None,
        }
    }

    /// The evaluation, for `Eval` only.
    #[must_use]
    pub fn eval(self) -> Option<i32> {
        match self {
            Score::Eval(v) => Some(v),
            _ => None,
        }
    }

    /// The kind as a stable lowercase identifier for machine output: `"win"`, `"loss"`,
    /// `"draw"` or `"eval"`.
    #[must_use]
    pub fn id(self) -> &'static str {
        match self {
            Score::Win { .. } => "win",
            Score::Loss { .. } => "loss",
            Score::Draw => "draw",
            Score::Eval(_) => "eval",
        }
    }

    /// The sort key of the documented order.
    fn key(self) -> (u8, i64) {
        match self {
            Score::Loss { plies } => (0, i64::from(plies)),
            Score::Eval(v) => (1, 2 * i64::from(v)),
            Score::Draw => (1, 1),
            Score::Win { plies } => (2, -i64::from(plies)),
        }
    }
}

impl From<Wdl> for Score {
    /// The score of a finished game: `Win`/`Loss` in 0 plies, or `Draw`.
    fn from(wdl: Wdl) -> Self {
        match wdl {
            Wdl::Win => Score::Win { plies: 0 },
            Wdl::Loss => Score::Loss { plies: 0 },
            Wdl::Draw => Score::Draw,
        }
    }
}

impl From<ExactValue> for Score {
    /// A proven value: `Win`/`Loss` with its distance, or `Draw`.
    fn from(value: ExactValue) -> Self {
        match value.wdl {
            Wdl::Win => Score::Win { plies: value.plies },
            Wdl::Loss => Score::Loss { plies: value.plies },
            Wdl::Draw => Score::Draw,
        }
    }
}

impl Ord for Score {
    fn cmp(&self, other: &Self) -> Ordering {
        self.key().cmp(&other.key())
    }
}

impl PartialOrd for Score {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Score {
    /// `win in 7`, `loss in 4`, `draw`, or a signed evaluation: `+35`, `-12`, `0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Score::Win { plies } => write!(f, "win in {plies}"),
            Score::Loss { plies } => write!(f, "loss in {plies}"),
            Score::Draw => f.write_str("draw"),
            Score::Eval(0) => f.write_str("0"),
            Score::Eval(v) => write!(f, "{v:+}"),
        }
    }
}

/// The serialized form of a [`Score`].
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct ScoreFields {
    kind: ScoreKind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    plies: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    value: Option<i32>,
}

#[cfg(feature = "serde")]
#[derive(Clone, Copy, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
enum ScoreKind {
    Win,
    Loss,
    Draw,
    Eval,
}

#[cfg(feature = "serde")]
impl From<Score> for ScoreFields {
    fn from(score: Score) -> Self {
        let (kind, plies, value) = match score {
            Score::Win { plies } => (ScoreKind::Win, Some(plies), None),
            Score::Loss { plies } => (ScoreKind::Loss, Some(plies), None),
            Score::Draw => (ScoreKind::Draw, None, None),
            Score::Eval(v) => (ScoreKind::Eval, None, Some(v)),
        };
        ScoreFields { kind, plies, value }
    }
}

#[cfg(feature = "serde")]
impl TryFrom<ScoreFields> for Score {
    type Error = &'static str;

    fn try_from(fields: ScoreFields) -> Result<Self, Self::Error> {
        match (fields.kind, fields.plies, fields.value) {
            (ScoreKind::Win, Some(plies), None) => Ok(Score::Win { plies }),
            (ScoreKind::Loss, Some(plies), None) => Ok(Score::Loss { plies }),
            (ScoreKind::Draw, None, None) => Ok(Score::Draw),
            (ScoreKind::Eval, None, Some(v)) => Ok(Score::Eval(v)),
            (ScoreKind::Win | ScoreKind::Loss, ..) => {
                Err("a win or a loss has \"plies\" and no \"value\"")
            }
            (ScoreKind::Draw, ..) => Err("a draw has neither \"plies\" nor \"value\""),
            (ScoreKind::Eval, ..) => Err("an evaluation has \"value\" and no \"plies\""),
        }
    }
}
