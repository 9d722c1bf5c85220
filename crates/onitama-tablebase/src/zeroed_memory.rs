//! Zeroed memory for the generators' large arrays (the values and the level bitmaps: gigabytes
//! read and written in random order), which the kernel is asked to back with huge pages.
//!
//! With 4 KiB pages nearly every random access to an array of gigabytes also misses the TLB
//! and walks the page tables; 2 MiB pages make that walk rare. Linux gives them to memory that
//! asks (`madvise`), which is what most distributions' default (`madvise` in
//! `/sys/kernel/mm/transparent_hugepage/enabled`) requires; a `Vec` never asks. At 6 pieces
//! this is the difference between about 74 s and 59 s for the in-memory generation on the
//! development machine.

use std::io;

use memmap2::MmapMut;
use zerocopy::{FromBytes, IntoBytes, KnownLayout};

/// Zeroed memory of a fixed size, from an anonymous mapping (advised for transparent huge pages
/// on Linux), seen as a slice of values (atomics shared by threads) while it is borrowed.
pub(crate) struct ZeroedMemory {
    map: MmapMut,
}

impl ZeroedMemory {
    /// Memory for `len` values of `T`, every bit zero (pages are only backed when touched).
    ///
    /// # Errors
    /// The error of the operating system if the memory cannot be mapped.
    pub fn new<T>(len: usize) -> io::Result<ZeroedMemory> {
        let bytes = len
            .checked_mul(size_of::<T>())
            .ok_or_else(|| io::Error::other(format!("{len} values do not fit in memory")))?;
        // A mapping cannot be empty.
        let map = MmapMut::map_anon(bytes.max(1))?;
        #[cfg(target_os = "linux")]
        {
            // Only advice: without huge pages the memory works all the same.
            let _ = map.advise(memmap2::Advice::HugePage);
        }
        Ok(ZeroedMemory { map })
    }

    /// The first `len` values of `T` of the memory (zero until written through the slice).
    ///
    /// # Errors
    /// An error if the memory holds fewer than `len` values of `T` (a mapping is aligned to a
    /// page, so alignment never fails).
    pub fn values<T: FromBytes + IntoBytes + KnownLayout>(
        &mut self,
        len: usize,
    ) -> io::Result<&[T]> {
        let bytes = self.map.len();
        match <[T]>::mut_from_prefix_with_elems(&mut self.map[..], len) {
            Ok((values, _)) => Ok(values),
            Err(_) => Err(io::Error::other(format!(
                "{bytes} bytes of memory do not hold {len} values of {} bytes",
                size_of::<T>()
            ))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU16, AtomicU64, Ordering::Relaxed};

    #[test]
    fn memory_starts_zeroed_and_keeps_what_threads_write() {
        let mut memory = ZeroedMemory::new::<AtomicU64>(100_000).unwrap();
        let words: &[AtomicU64] = memory.values(100_000).unwrap();
        assert!(words.iter().all(|w| w.load(Relaxed) == 0));
        std::thread::scope(|s| {
            for t in 0..2u64 {
                s.spawn(move || {
                    for (i, w) in words.iter().enumerate().skip(t as usize).step_by(2) {
                        w.fetch_or(i as u64 * 3 + 1, Relaxed);
                    }
                });
            }
        });
        for (i, w) in words.iter().enumerate() {
            assert_eq!(w.load(Relaxed), i as u64 * 3 + 1);
        }
    }

    #[test]
    fn asking_for_more_values_than_the_memory_holds_is_an_error() {
        let mut memory = ZeroedMemory::new::<AtomicU16>(10).unwrap();
        assert_eq!(memory.values::<AtomicU16>(10).unwrap().len(), 10);
        assert!(memory.values::<AtomicU64>(10).is_err());
        assert!(ZeroedMemory::new::<AtomicU64>(usize::MAX).is_err());
        // Empty is fine.
        let mut empty = ZeroedMemory::new::<AtomicU64>(0).unwrap();
        assert!(empty.values::<AtomicU64>(0).unwrap().is_empty());
    }
}
