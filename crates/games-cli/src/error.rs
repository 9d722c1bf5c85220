//! Why the program stops with an error, and how input is quoted in a one-line message.

use game_catalog::{GameName, SetupError};

/// Why the program stops with an error.
#[derive(Debug)]
pub enum Failure {
    /// Bad input: exit code 2 with one line on stderr.
    Usage(String),
    /// Writing the output failed.
    Io(std::io::Error),
    /// A proof was checked and does not hold: exit code 1 with one line on stderr naming the
    /// first position where it fails.
    Refuted(String),
    /// Ctrl-C stopped the work: exit code 130 ([`crate::interrupt::INTERRUPTED`]) with the line
    /// `interrupted` on stderr.
    Interrupted,
}

impl From<std::io::Error> for Failure {
    fn from(e: std::io::Error) -> Self {
        Failure::Io(e)
    }
}

/// Shorthand for a bad-input failure.
pub fn usage(message: impl Into<String>) -> Failure {
    Failure::Usage(message.into())
}

/// A set-up error in the words of the command line: the flag that carried the bad input.
pub fn setup_failure(error: SetupError) -> Failure {
    usage(match error {
        SetupError::Position { text, message } => {
            format!("bad --position {}: {message}", quote(&text))
        }
        SetupError::OptionValue {
            option,
            value,
            message,
        } => format!("bad --{option} {}: {message}", quote(&value)),
        SetupError::UnknownOption { game, option } => {
            let owners: Vec<&str> = GameName::ALL
                .into_iter()
                .filter(|g| g.start_options().iter().any(|o| o.name == option))
                .map(GameName::as_str)
                .collect();
            format!("--{option} is for {} only, not {game}", owners.join(", "))
        }
        SetupError::PositionAndOption { option } => {
            format!("--position and --{option} both give the start: give one")
        }
        SetupError::MoveText { index, message, .. } => {
            format!("move {index} of --moves: {message}")
        }
        SetupError::IllegalMove {
            index,
            text,
            message,
        } => format!("move {index} of --moves ({}): {message}", quote(&text)),
        other => other.to_string(),
    })
}

/// A user's token, quoted for an error message and shortened if it is long.
pub fn quote(text: &str) -> String {
    const MAX: usize = 80;
    if text.chars().count() <= MAX {
        format!("{text:?}")
    } else {
        let head: String = text.chars().take(MAX).collect();
        format!("{head:?}... ({} bytes)", text.len())
    }
}

/// A message on one line, whatever the input held (a pasted position with newlines, 1 MB of
/// junk): control characters are escaped and the line is capped.
pub fn one_line(message: &str) -> String {
    const MAX: usize = 300;
    let mut out = String::new();
    for c in message.trim().chars() {
        if out.len() >= MAX {
            out.push_str("...");
            break;
        }
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}
