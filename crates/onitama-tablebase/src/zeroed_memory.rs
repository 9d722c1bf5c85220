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
use std::marker::PhantomData;

use memmap2::MmapMut;
use zerocopy::{FromBytes, IntoBytes, KnownLayout};

/// Zeroed memory for a fixed number of values of `T`, from an anonymous mapping (advised for
/// transparent huge pages on Linux), seen as a slice of them (atomics shared by threads) while
/// it is borrowed.
pub(crate) struct ZeroedMemory<T> {
    map: MmapMut,
    len: usize,
    values: PhantomData<T>,
}

impl<T: FromBytes + IntoBytes + KnownLayout> ZeroedMemory<T> {
    /// Memory for `len` values of `T`, every bit zero (pages are only backed when touched).
    ///
    /// # Errors
    /// The error of the operating system if the memory cannot be mapped.
    pub fn new(len: usize) -> io::Result<ZeroedMemory<T>> {
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
        Ok(ZeroedMemory {
            map,
            len,
            values: PhantomData,
        })
    }

    /// The values (zero until written through the slice).
    ///
    /// # Errors
    /// Never in practice: a mapping is aligned to a page and holds the values it was made for.
    pub fn values(&mut self) -> io::Result<&[T]> {
        let len = self.len;
        match <[T]>::mut_from_prefix_with_elems(&mut self.map[..], len) {
            Ok((values, _)) => Ok(values),
            Err(_) => Err(io::Error::other(format!(
                "the memory does not hold {len} values of {} bytes",
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
        let mut memory = ZeroedMemory::<AtomicU64>::new(100_000).unwrap();
        let words = memory.values().unwrap();
        assert_eq!(words.len(), 100_000);
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
    fn too_many_values_are_an_error_and_none_is_fine() {
        assert!(ZeroedMemory::<AtomicU64>::new(usize::MAX).is_err());
        let mut small = ZeroedMemory::<AtomicU16>::new(10).unwrap();
        assert_eq!(small.values().unwrap().len(), 10);
        let mut empty = ZeroedMemory::<AtomicU64>::new(0).unwrap();
        assert!(empty.values().unwrap().is_empty());
    }
}
