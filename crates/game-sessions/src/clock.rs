//! A two-sided game clock whose time the caller passes in: [`TimeControl`] and [`Clock`].
//!
//! The clock never reads the system time. A front end measures how long the side to move took
//! (or a test makes it up) and passes the [`Duration`] to [`crate::Session::tick`], so every
//! rule of the clock duel can be tested deterministically.

use core::fmt::{self, Write as _};
use core::str::FromStr;
use std::time::Duration;

use abstract_game::Player;

/// The time each player gets: `initial` for the whole game, plus `increment` after each turn
/// they complete (Fischer). The default is 5 minutes without increment.
///
/// Text form: `5m`, `90s`, `3m+2s`, `1m30s+1s`; a bare number is minutes before the `+` and
/// seconds after it (`5+3` is 5 minutes plus 3 seconds). A text gives at most
/// [`TimeControl::MAX_INITIAL`] (7 days) and [`TimeControl::MAX_INCREMENT`] (1 hour): a clock's
/// times then stay far from the limits of every conversion (milliseconds in a `u64`).
///
/// ```
/// use std::time::Duration;
/// use game_sessions::TimeControl;
///
/// let control: TimeControl = "3m+2s".parse()?;
/// assert_eq!(control.initial, Duration::from_secs(180));
/// assert_eq!(control.increment, Duration::from_secs(2));
/// assert_eq!(control.to_string(), "3m+2s");
/// assert_eq!(TimeControl::default().to_string(), "5m");
/// # Ok::<(), game_sessions::ParseTimeControlError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct TimeControl {
    /// Each player's time for the whole game.
    pub initial: Duration,
    /// Added to a player's time after each turn they complete.
    pub increment: Duration,
}

impl TimeControl {
    /// The longest time for the whole game that a text may give: 7 days (`168h`).
    pub const MAX_INITIAL: Duration = Duration::from_secs(7 * 24 * 3600);
    /// The longest increment that a text may give: 1 hour.
    pub const MAX_INCREMENT: Duration = Duration::from_secs(3600);
}

impl Default for TimeControl {
    fn default() -> Self {
        TimeControl {
            initial: Duration::from_secs(5 * 60),
            increment: Duration::ZERO,
        }
    }
}

/// Why a time-control text was rejected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("time control {text:?}: {why} (expected e.g. 5m, 90s or 3m+2s)")]
pub struct ParseTimeControlError {
    /// The rejected text.
    pub text: String,
    /// What is wrong with it.
    pub why: &'static str,
}

/// Reads `1h`, `5m`, `30s`, `500ms`, `1m30s`, or a bare number in `bare` units; `Err(too_long)`
/// beyond `most`.
fn parse_duration(
    text: &str,
    bare: Duration,
    most: Duration,
    too_long: &'static str,
) -> Result<Duration, &'static str> {
    if text.is_empty() {
        return Err("a duration is missing");
    }
    if text.bytes().all(|b| b.is_ascii_digit()) {
        let n: u32 = text.parse().map_err(|_| too_long)?;
        return bare.checked_mul(n).filter(|d| *d <= most).ok_or(too_long);
    }
    let mut total = Duration::ZERO;
    let mut rest = text;
    while !rest.is_empty() {
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 {
            return Err("expected a number before each unit");
        }
        let n: u32 = rest[..digits].parse().map_err(|_| too_long)?;
        rest = &rest[digits..];
        let unit_len = rest.bytes().take_while(|b| !b.is_ascii_digit()).count();
        let unit = match &rest[..unit_len] {
            "h" => Duration::from_secs(3600),
            "m" | "min" => Duration::from_secs(60),
            "s" => Duration::from_secs(1),
            "ms" => Duration::from_millis(1),
            "" => return Err("a number needs a unit (h, m, s or ms)"),
            _ => return Err("unknown unit: use h, m, s or ms"),
        };
        rest = &rest[unit_len..];
        total = unit
            .checked_mul(n)
            .and_then(|d| total.checked_add(d))
            .filter(|d| *d <= most)
            .ok_or(too_long)?;
    }
    Ok(total)
}

/// `1h5m`, `5m`, `1m30s`, `2s`, `500ms`, `0s`.
fn duration_text(d: Duration) -> String {
    let mut out = String::new();
    let secs = d.as_secs();
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    if h > 0 {
        let _ = write!(out, "{h}h");
    }
    if m > 0 {
        let _ = write!(out, "{m}m");
    }
    if s > 0 {
        let _ = write!(out, "{s}s");
    }
    let ms = d.subsec_millis();
    if ms > 0 {
        let _ = write!(out, "{ms}ms");
    }
    if out.is_empty() {
        out.push_str("0s");
    }
    out
}

impl FromStr for TimeControl {
    type Err = ParseTimeControlError;

    fn from_str(text: &str) -> Result<TimeControl, ParseTimeControlError> {
        let bad = |why| ParseTimeControlError {
            text: text.to_owned(),
            why,
        };
        let trimmed = text.trim();
        let (base, inc) = match trimmed.split_once('+') {
            Some((base, inc)) => (base, Some(inc)),
            None => (trimmed, None),
        };
        let initial = parse_duration(
            base,
            Duration::from_secs(60),
            TimeControl::MAX_INITIAL,
            "each player's time is at most 7 days (168h)",
        )
        .map_err(bad)?;
        if initial.is_zero() {
            return Err(bad("each player needs some time"));
        }
        let increment = match inc {
            Some(inc) => parse_duration(
                inc,
                Duration::from_secs(1),
                TimeControl::MAX_INCREMENT,
                "the increment is at most 1 hour (1h)",
            )
            .map_err(bad)?,
            None => Duration::ZERO,
        };
        Ok(TimeControl { initial, increment })
    }
}

impl fmt::Display for TimeControl {
    /// `5m`, `3m+2s`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&duration_text(self.initial))?;
        if !self.increment.is_zero() {
            write!(f, "+{}", duration_text(self.increment))?;
        }
        Ok(())
    }
}

/// A time as a clock face shows it: `4:59`, `1:02:03`, and tenths under 10 seconds (`0:09.4`).
///
/// ```
/// use std::time::Duration;
/// assert_eq!(game_sessions::clock_face(Duration::from_secs(299)), "4:59");
/// assert_eq!(game_sessions::clock_face(Duration::from_millis(9_450)), "0:09.4");
/// ```
#[must_use]
pub fn clock_face(d: Duration) -> String {
    let secs = d.as_secs();
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    let mut text = if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    };
    if secs < 10 {
        let _ = write!(text, ".{}", d.subsec_millis() / 100);
    }
    text
}

/// Both players' remaining time, and whether the clock is paused.
///
/// Time is charged with [`Clock::charge`] (the session charges the side to move on
/// [`crate::Session::tick`]); a paused clock charges nothing. A player's flag is down when their
/// time reaches zero.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Clock {
    control: TimeControl,
    /// By [`Player::index`].
    remaining: [Duration; 2],
    paused: bool,
}

impl Clock {
    /// A clock with the full time on both sides, running.
    #[must_use]
    pub fn new(control: TimeControl) -> Clock {
        Clock {
            control,
            remaining: [control.initial; 2],
            paused: false,
        }
    }

    /// The time control.
    #[must_use]
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// The time `player` has left.
    #[must_use]
    pub fn remaining<P: Player>(&self, player: P) -> Duration {
        self.remaining[player.index()]
    }

    /// Whether `player`'s time has run out.
    #[must_use]
    pub fn flag_down<P: Player>(&self, player: P) -> bool {
        self.remaining(player).is_zero()
    }

    /// Whether the clock is paused (a correction, a question to an arbiter).
    #[must_use]
    pub fn is_paused(&self) -> bool {
        self.paused
    }

    /// Stops both sides: [`Clock::charge`] charges nothing until [`Clock::resume`].
    pub fn pause(&mut self) {
        self.paused = true;
    }

    /// Lets the clock run again.
    pub fn resume(&mut self) {
        self.paused = false;
    }

    /// Takes `elapsed` from `player`'s time (never below zero), unless the clock is paused.
    /// Returns whether `player`'s flag is down afterwards.
    pub fn charge<P: Player>(&mut self, player: P, elapsed: Duration) -> bool {
        if !self.paused {
            let left = &mut self.remaining[player.index()];
            *left = left.saturating_sub(elapsed);
        }
        self.flag_down(player)
    }

    /// Adds the increment to `player`'s time: they completed a turn.
    pub fn complete_turn<P: Player>(&mut self, player: P) {
        let left = &mut self.remaining[player.index()];
        *left = left.saturating_add(self.control.increment);
    }

    /// Sets `player`'s remaining time (to adjust a clock by hand, or when loading a game). A saved
    /// session loads only if no player has more than their time and the increments of the turns
    /// they completed ([`crate::Session::from_json`]).
    pub fn set_remaining<P: Player>(&mut self, player: P, left: Duration) {
        self.remaining[player.index()] = left;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_read_and_write() {
        for (text, initial, inc, back) in [
            ("5m", 300, 0, "5m"),
            ("5", 300, 0, "5m"),
            ("90s", 90, 0, "1m30s"),
            ("3m+2s", 180, 2, "3m+2s"),
            ("5+3", 300, 3, "5m+3s"),
            ("1h", 3600, 0, "1h"),
        ] {
            let control: TimeControl = text.parse().unwrap();
            assert_eq!(control.initial, Duration::from_secs(initial), "{text}");
            assert_eq!(control.increment, Duration::from_secs(inc), "{text}");
            assert_eq!(control.to_string(), back);
        }
        for bad in ["", "0m", "5x", "m", "5m+", "+2s", "99999999999m", "5m+2q"] {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad:?}");
        }
    }

    /// A time control gives at most 7 days and an increment of at most an hour, however the
    /// text adds them up (a unit repeated a thousand times), and the error says which limit.
    #[test]
    fn time_controls_are_bounded() {
        for (text, initial, inc) in [("168h", 168 * 3600, 0), ("10080+3600", 604_800, 3600)] {
            let control: TimeControl = text.parse().unwrap();
            assert_eq!(control.initial, Duration::from_secs(initial), "{text}");
            assert_eq!(control.increment, Duration::from_secs(inc), "{text}");
        }
        let repeated = "4294967295h".repeat(1_200);
        for (text, why) in [
            ("168h1ms", "each player's time is at most 7 days (168h)"),
            ("10081", "each player's time is at most 7 days (168h)"),
            ("4294967295h", "each player's time is at most 7 days (168h)"),
            (
                repeated.as_str(),
                "each player's time is at most 7 days (168h)",
            ),
            (
                "99999999999m",
                "each player's time is at most 7 days (168h)",
            ),
            ("5m+1h1s", "the increment is at most 1 hour (1h)"),
            ("5m+3601", "the increment is at most 1 hour (1h)"),
            ("5m+4294967295h", "the increment is at most 1 hour (1h)"),
        ] {
            let error = text.parse::<TimeControl>().unwrap_err();
            assert_eq!(error.why, why, "{}", &text[..text.len().min(40)]);
        }
    }

    #[test]
    fn clock_faces() {
        assert_eq!(clock_face(Duration::from_secs(300)), "5:00");
        assert_eq!(clock_face(Duration::from_secs(3723)), "1:02:03");
        assert_eq!(clock_face(Duration::ZERO), "0:00.0");
    }
}
