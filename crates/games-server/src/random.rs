//! Random ids, tokens and seeds from the operating system's generator: game ids and tokens
//! must not be guessable, so when the system's source fails the server fails closed: it
//! refuses to make an id or a token (503) rather than make a guessable one. Engine seeds are no
//! secret: they fall back to the time.

use core::fmt::Write as _;

use crate::error::ApiError;

/// The operating system's random source failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the system's source of random numbers failed")]
pub(crate) struct RandomFailed;

impl From<RandomFailed> for ApiError {
    fn from(e: RandomFailed) -> ApiError {
        ApiError::Full(format!("{e}; no token can be made, try again later"))
    }
}

/// `bytes` random bytes as lowercase hex (`2 * bytes` digits).
pub(crate) fn hex_id(bytes: usize) -> Result<String, RandomFailed> {
    hex_id_from(bytes, &mut fill)
}

fn hex_id_from(
    bytes: usize,
    source: &mut dyn FnMut(&mut [u8]) -> Result<(), RandomFailed>,
) -> Result<String, RandomFailed> {
    let mut buf = vec![0u8; bytes];
    source(&mut buf)?;
    let mut out = String::with_capacity(bytes * 2);
    for b in buf {
        let _ = write!(out, "{b:02x}");
    }
    Ok(out)
}

/// A random 64-bit number for an engine seed: the system's, or should that fail, one mixed
/// from the time and a counter (a seed is no secret).
pub(crate) fn random_u64() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let mut buf = [0u8; 8];
    if fill(&mut buf).is_ok() {
        return u64::from_le_bytes(buf);
    }
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    abstract_game::rng::SplitMix64::new(nanos ^ COUNTER.fetch_add(1, Ordering::Relaxed)).next_u64()
}

/// Fills `buf` from the operating system.
///
/// # Errors
/// [`RandomFailed`] if the system's source fails.
pub(crate) fn fill(buf: &mut [u8]) -> Result<(), RandomFailed> {
    getrandom::fill(buf).map_err(|_| RandomFailed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_hex_of_the_system_source() {
        let id = hex_id(12).unwrap();
        assert_eq!(id.len(), 24);
        assert!(id.bytes().all(|b| b.is_ascii_hexdigit()));
        assert_ne!(id, hex_id(12).unwrap());
    }

    #[test]
    fn a_failing_source_makes_no_id() {
        let mut broken = |_: &mut [u8]| Err(RandomFailed);
        assert_eq!(hex_id_from(32, &mut broken), Err(RandomFailed));
        let answer = ApiError::from(RandomFailed);
        assert_eq!(answer.status(), axum::http::StatusCode::SERVICE_UNAVAILABLE);
    }
}
