//! [`EvalCache`]: the evaluations a search thread computed lately, by Zobrist key, so that a
//! position met again (a transposition) is not evaluated twice.

/// The number of entries (a power of two): 16 bytes each, 1 MiB in all.
const ENTRIES: usize = 1 << 16;

/// A direct-mapped cache of evaluations: entry `key mod ENTRIES` holds the last key stored
/// there and its value. An evaluation depends only on the position, so a hit returns exactly
/// what the evaluator would; only a Zobrist collision (two positions, one 64-bit key) could
/// return another position's value, as it could in the transposition table.
pub(crate) struct EvalCache {
    entries: Box<[(u64, i32)]>,
}

impl EvalCache {
    /// An empty cache. Entry `i` starts with key `i + 1`, which maps to another entry, so no
    /// lookup matches an entry that was never stored.
    pub(crate) fn new() -> Self {
        EvalCache {
            entries: (0..ENTRIES).map(|i| (i as u64 + 1, 0)).collect(),
        }
    }

    /// The value of the position with Zobrist key `key`: the cached one, or `evaluate()`,
    /// then cached.
    #[inline(always)]
    pub(crate) fn get_or_insert(&mut self, key: u64, evaluate: impl FnOnce() -> i32) -> i32 {
        let entry = &mut self.entries[key as usize & (ENTRIES - 1)];
        if entry.0 == key {
            return entry.1;
        }
        let value = evaluate();
        *entry = (key, value);
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stored_value_is_returned_and_a_new_key_evaluates() {
        let mut cache = EvalCache::new();
        // Every entry starts empty: not even the key that its initial content names matches.
        for key in [0, 1, 2, ENTRIES as u64, u64::MAX] {
            assert_eq!(cache.get_or_insert(key, || 7), 7);
        }
        assert_eq!(cache.get_or_insert(5, || 11), 11);
        assert_eq!(cache.get_or_insert(5, || panic!("cached")), 11);
        // A key of the same entry replaces it.
        let other = 5 + ENTRIES as u64;
        assert_eq!(cache.get_or_insert(other, || -3), -3);
        assert_eq!(cache.get_or_insert(5, || 12), 12);
    }

    #[test]
    fn no_key_matches_an_entry_it_did_not_store() {
        // Keys 0..ENTRIES fill every entry once from empty; keys ENTRIES..2·ENTRIES then meet
        // entries holding other keys. Each must be evaluated.
        let mut cache = EvalCache::new();
        for key in 0..2 * ENTRIES as u64 {
            let mut called = false;
            cache.get_or_insert(key, || {
                called = true;
                0
            });
            assert!(called, "key {key} matched an entry it did not store");
        }
    }
}
