//! The states decided at each level, kept on disk while a large table is built: per level and
//! per part of the index (a fixed range), an increasing list of indices, delta-coded.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// Appends `i` to a list whose next index is at least `*next`: the gap `i - *next` in LEB128
/// (7 bits per byte, the high bit set on all but the last byte).
#[inline]
pub(crate) fn encode(out: &mut Vec<u8>, next: &mut u64, i: u64) {
    debug_assert!(i >= *next);
    let mut gap = i - *next;
    *next = i + 1;
    while gap >= 0x80 {
        out.push((gap as u8) | 0x80);
        gap >>= 7;
    }
    out.push(gap as u8);
}

/// Calls `f` on every index of a list written by [`encode`] from `first` on; `None` if the
/// bytes end inside a gap or a gap overflows.
pub(crate) fn decode(bytes: &[u8], first: u64, mut f: impl FnMut(u64)) -> Option<()> {
    let mut next = first;
    let mut gap = 0u64;
    let mut shift = 0;
    for &b in bytes {
        if shift > 63 {
            return None;
        }
        gap |= u64::from(b & 0x7F) << shift;
        if b & 0x80 != 0 {
            shift += 7;
            continue;
        }
        let i = next.checked_add(gap)?;
        f(i);
        next = i + 1;
        gap = 0;
        shift = 0;
    }
    (shift == 0).then_some(())
}

/// Where one part's list of one level lies: the file (one per level and writer) and its bytes.
#[derive(Clone, Copy, Debug, Default)]
struct Extent {
    file: usize,
    offset: u64,
    len: u64,
}

/// The level lists of one generation, in a scratch directory (removed when dropped).
pub(crate) struct LevelLists {
    dir: PathBuf,
    parts: usize,
    /// The files.
    files: Mutex<Vec<PathBuf>>,
    /// `extents[level][part]`.
    extents: Mutex<Vec<Vec<Option<Extent>>>>,
}

impl LevelLists {
    /// Lists for `parts` parts, in the directory `dir` (created; it must not exist).
    pub fn create(dir: &Path, parts: usize) -> std::io::Result<LevelLists> {
        std::fs::create_dir(dir)?;
        Ok(LevelLists {
            dir: dir.to_owned(),
            parts,
            files: Mutex::new(Vec::new()),
            extents: Mutex::new(Vec::new()),
        })
    }

    /// A writer of the lists of `level`'s parts: each writer appends to a file of its own.
    pub fn writer(&self, level: u32) -> std::io::Result<LevelWriter<'_>> {
        let mut files = self
            .files
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let path = self.dir.join(format!("level-{level}-{}.bin", files.len()));
        let file = File::create(&path)?;
        files.push(path);
        Ok(LevelWriter {
            lists: self,
            level: level as usize,
            id: files.len() - 1,
            out: std::io::BufWriter::with_capacity(1 << 20, file),
            len: 0,
        })
    }

    /// The bytes of `level`'s list of `part` (empty if it has none).
    pub fn read(&self, level: u32, part: usize) -> std::io::Result<Vec<u8>> {
        let extent = {
            let extents = self
                .extents
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            extents
                .get(level as usize)
                .and_then(|l| l.get(part).copied().flatten())
        };
        let Some(e) = extent else {
            return Ok(Vec::new());
        };
        let path = self
            .files
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)[e.file]
            .clone();
        let mut file = File::open(path)?;
        file.seek(SeekFrom::Start(e.offset))?;
        let mut bytes = vec![0u8; e.len as usize];
        file.read_exact(&mut bytes)?;
        Ok(bytes)
    }
}

impl Drop for LevelLists {
    fn drop(&mut self) {
        // Scratch files only: a failure to remove them loses nothing.
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// Appends the lists of one level's parts to one file (see [`LevelLists::writer`]).
pub(crate) struct LevelWriter<'a> {
    lists: &'a LevelLists,
    level: usize,
    id: usize,
    out: std::io::BufWriter<File>,
    len: u64,
}

impl LevelWriter<'_> {
    /// Stores `bytes` as the list of `part`.
    pub fn write_part(&mut self, part: usize, bytes: &[u8]) -> std::io::Result<()> {
        if bytes.is_empty() {
            return Ok(());
        }
        self.out.write_all(bytes)?;
        let extent = Extent {
            file: self.id,
            offset: self.len,
            len: bytes.len() as u64,
        };
        self.len += bytes.len() as u64;
        let mut extents = self
            .lists
            .extents
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if extents.len() <= self.level {
            extents.resize(self.level + 1, Vec::new());
        }
        let parts = &mut extents[self.level];
        if parts.is_empty() {
            parts.resize(self.lists.parts, None);
        }
        parts[part] = Some(extent);
        Ok(())
    }

    /// Writes what is buffered.
    pub fn finish(mut self) -> std::io::Result<()> {
        self.out.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use abstract_game::rng::SplitMix64;

    #[test]
    fn lists_decode_to_what_was_encoded_and_bad_bytes_are_refused() {
        let mut rng = SplitMix64::new(9);
        let first = 1_000;
        let mut indices = Vec::new();
        let mut i = first;
        for _ in 0..2000 {
            i += [0u64, 1, 200, 70_000, 1 << 40][rng.below(5)];
            indices.push(i);
            i += 1;
        }
        let (mut bytes, mut next) = (Vec::new(), first);
        for &i in &indices {
            encode(&mut bytes, &mut next, i);
        }
        let mut back = Vec::new();
        assert_eq!(decode(&bytes, first, |i| back.push(i)), Some(()));
        assert_eq!(back, indices);
        // A list cut inside a gap.
        assert_eq!(decode(&[0x80], 0, |_| {}), None);
        assert_eq!(decode(&[0xFF; 11], 0, |_| {}), None);
    }

    #[test]
    fn parts_are_stored_and_read_back_by_level_and_part() {
        let dir = std::env::temp_dir().join(format!("onitama-levels-test-{}", std::process::id()));
        let lists = LevelLists::create(&dir, 3).unwrap();
        let mut a = lists.writer(5).unwrap();
        let mut b = lists.writer(5).unwrap();
        a.write_part(2, b"two").unwrap();
        b.write_part(0, b"zero").unwrap();
        a.write_part(1, b"one").unwrap();
        a.finish().unwrap();
        b.finish().unwrap();
        assert_eq!(lists.read(5, 0).unwrap(), b"zero");
        assert_eq!(lists.read(5, 1).unwrap(), b"one");
        assert_eq!(lists.read(5, 2).unwrap(), b"two");
        assert!(lists.read(4, 0).unwrap().is_empty());
        assert!(lists.read(6, 1).unwrap().is_empty());
        drop(lists);
        assert!(!dir.exists());
    }
}
