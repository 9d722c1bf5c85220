//! The static site (`games site --out DIR`): the page of the server, set to play with the
//! in-browser library instead of the server, the WebAssembly package beside it, a web app
//! manifest and a service worker that keeps every file for visits with the network off. Any
//! static file server can host the folder.
//!
//! ```no_run
//! use std::path::Path;
//! use games_server::site::write_site;
//!
//! // The package built by crates/games-wasm/build.sh.
//! let site = write_site(Path::new("site"), Path::new("target/npm/games"))?;
//! println!("{} files, {} bytes", site.files.len(), site.bytes);
//! # Ok::<(), games_server::site::SiteError>(())
//! ```

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use crate::page::{PAGE_FILES, SERVICE_WORKER};

/// The files of the WebAssembly package the site needs, written under `pkg/`.
pub const PACKAGE_FILES: &[&str] = &["games.js", "games_bg.wasm"];

/// What was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Site {
    /// The files, relative to the site's folder, in the order written.
    pub files: Vec<String>,
    /// Their total size in bytes.
    pub bytes: u64,
    /// The version in the service worker's cache name: a hash of every file, so that a changed
    /// site replaces the visitors' offline copy.
    pub version: String,
}

/// Why the site could not be written.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SiteError {
    /// The WebAssembly package is not where it was looked for.
    #[error(
        "no WebAssembly package in {}: {file} is missing; build it with `bash crates/games-wasm/build.sh` (docs/wasm.md) or name its folder with --package",
        dir.display()
    )]
    PackageMissing {
        /// The folder looked in.
        dir: PathBuf,
        /// The first missing file.
        file: &'static str,
    },
    /// A file could not be read or written.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The system's reason.
        source: std::io::Error,
    },
}

/// FNV-1a, 64 bits: a stable hash of the site's bytes for the cache name.
fn fnv1a(hash: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(hash, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// Writes the static site to `out` (created if missing; files already there are replaced),
/// taking the WebAssembly package's files from `package` (the folder that
/// `crates/games-wasm/build.sh` writes).
///
/// # Errors
/// [`SiteError::PackageMissing`] if `package` lacks a file of [`PACKAGE_FILES`],
/// [`SiteError::Io`] if a file cannot be read or written.
pub fn write_site(out: &Path, package: &Path) -> Result<Site, SiteError> {
    let mut contents: Vec<(String, Vec<u8>)> = Vec::new();
    for &name in PACKAGE_FILES {
        let path = package.join(name);
        if !path.is_file() {
            return Err(SiteError::PackageMissing {
                dir: package.to_path_buf(),
                file: name,
            });
        }
        let bytes = std::fs::read(&path).map_err(|source| SiteError::Io { path, source })?;
        contents.push((format!("pkg/{name}"), bytes));
    }
    for page in PAGE_FILES {
        let body = if page.name == "index.html" {
            // The one difference from the server's page: the in-browser backend.
            page.body.replacen(
                "<html lang=\"en\">",
                "<html lang=\"en\" data-backend=\"local\">",
                1,
            )
        } else {
            page.body.to_owned()
        };
        contents.push((page.name.to_owned(), body.into_bytes()));
    }
    contents.rotate_left(PACKAGE_FILES.len());

    let hash = contents
        .iter()
        .fold(0xcbf2_9ce4_8422_2325, |h, (name, bytes)| {
            fnv1a(fnv1a(h, name.as_bytes()), bytes)
        });
    let version = format!("{hash:016x}");
    let mut list = String::from("[\n  './',\n");
    for (name, _) in &contents {
        let _ = writeln!(list, "  './{name}',");
    }
    list.push(']');
    let worker = SERVICE_WORKER
        .replace("__VERSION__", &version)
        .replace("__FILES__", &list);
    contents.push(("sw.js".to_owned(), worker.into_bytes()));

    let mut site = Site {
        files: Vec::new(),
        bytes: 0,
        version,
    };
    for (name, bytes) in &contents {
        let path = out.join(name);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|source| SiteError::Io {
                path: dir.to_path_buf(),
                source,
            })?;
        }
        std::fs::write(&path, bytes).map_err(|source| SiteError::Io { path, source })?;
        site.files.push(name.clone());
        site.bytes += bytes.len() as u64;
    }
    Ok(site)
}
