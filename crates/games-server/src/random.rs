//! Random ids, tokens and seeds from the operating system's generator: game ids and tokens
//! must not be guessable.

use core::fmt::Write as _;

/// `bytes` random bytes as lowercase hex (`2 * bytes` digits).
pub(crate) fn hex_id(bytes: usize) -> String {
    let mut buf = vec![0u8; bytes];
    fill(&mut buf);
    let mut out = String::with_capacity(bytes * 2);
    for b in buf {
        let _ = write!(out, "{b:02x}");
    }
    out
}

/// A random 64-bit number (engine seeds).
pub(crate) fn random_u64() -> u64 {
    let mut buf = [0u8; 8];
    fill(&mut buf);
    u64::from_le_bytes(buf)
}

/// Fills `buf` from the operating system; should that ever fail, from the time and a counter
/// mixed by `SplitMix64` (unguessable enough to keep serving, and logged nowhere).
pub(crate) fn fill(buf: &mut [u8]) {
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    if getrandom::fill(buf).is_ok() {
        return;
    }
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    let mut rng =
        abstract_game::rng::SplitMix64::new(nanos ^ COUNTER.fetch_add(1, Ordering::Relaxed));
    for chunk in buf.chunks_mut(8) {
        let bytes = rng.next_u64().to_le_bytes();
        chunk.copy_from_slice(&bytes[..chunk.len()]);
    }
}
