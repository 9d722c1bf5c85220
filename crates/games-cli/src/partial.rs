//! Output files written whole or not at all: written beside their path (`--out`) and renamed
//! onto it at the end, so that a failed or interrupted run leaves an earlier file as it was.

use crate::error::{Failure, quote, usage};

/// Refuses an `--out` that cannot name a file: one ending in `/` or an existing directory (clap
/// refuses an empty one). Checked before the work (a table's build takes minutes and GBs), which
/// only its last step, the rename, would otherwise find unusable.
fn check_out(path: &std::path::Path) -> Result<(), Failure> {
    let text = path.as_os_str().to_string_lossy();
    let refuse = |why: &str| {
        Err(usage(format!(
            "bad --out {}: {why}; give the path of a file",
            quote(&text)
        )))
    };
    if text.ends_with(std::path::MAIN_SEPARATOR) || text.ends_with('/') {
        return refuse("ends in a separator, which names a directory");
    }
    if path.is_dir() {
        return refuse("an existing directory");
    }
    Ok(())
}

/// A file written at `PATH.partial` and renamed onto `PATH` by [`PartialFile::finish`]; removed
/// when dropped unfinished (an error, a panic).
pub struct PartialFile {
    partial: std::path::PathBuf,
    path: std::path::PathBuf,
    finished: bool,
}

impl PartialFile {
    /// Creates `path.partial`, open for writing, after [`check_out`]; `path` itself is not
    /// touched.
    pub fn create(path: &std::path::Path) -> Result<(Self, std::fs::File), Failure> {
        check_out(path)?;
        Self::beside(path).map_err(|e| usage(format!("cannot write --out {}: {e}", path.display())))
    }

    /// Creates `path.partial`, open for writing, without [`check_out`]'s `--out` wording (for
    /// a file named elsewhere, such as `games play`'s `save FILE`); `path` itself is not
    /// touched.
    pub fn beside(path: &std::path::Path) -> std::io::Result<(Self, std::fs::File)> {
        let mut partial = path.as_os_str().to_owned();
        partial.push(".partial");
        let partial = std::path::PathBuf::from(partial);
        let file = std::fs::File::create(&partial)?;
        let guard = PartialFile {
            partial,
            path: path.to_owned(),
            finished: false,
        };
        Ok((guard, file))
    }

    /// Where the file is written until [`PartialFile::finish`].
    pub fn partial_path(&self) -> &std::path::Path {
        &self.partial
    }

    /// Renames the written file onto the path.
    pub fn finish(&mut self) -> std::io::Result<()> {
        std::fs::rename(&self.partial, &self.path)?;
        self.finished = true;
        Ok(())
    }
}

impl Drop for PartialFile {
    fn drop(&mut self) {
        if !self.finished {
            let _ = std::fs::remove_file(&self.partial);
        }
    }
}
