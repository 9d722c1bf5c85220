//! The Rust examples of the repository's `README.md` and of the guides in `docs/`, run as
//! doctests (`cargo test -p doc-tests --doc`). Not published: the guides live outside every
//! crate's directory, so a published crate that included them would not build its doctests from
//! its package.
//!
//! Every Markdown file of `docs/` with a `rust` code block must be listed here: the unit test
//! `every_guide_with_rust_examples_is_included` checks that.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

/// The examples of the repository's `README.md`.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct Readme;

/// The examples of `docs/engines.md`.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/engines.md")]
pub struct EnginesGuide;

/// The examples of `docs/kamisado.md`.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/kamisado.md")]
pub struct KamisadoGuide;

/// The examples of `docs/onitama.md`.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/onitama.md")]
pub struct OnitamaGuide;

/// The examples of `docs/tablebases.md`.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/tablebases.md")]
pub struct TablebasesGuide;

#[cfg(test)]
mod tests {
    use std::path::Path;

    /// A guide with a `rust` block whose file this crate does not include would go untested.
    #[test]
    fn every_guide_with_rust_examples_is_included() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let lib = include_str!("lib.rs");
        let mut with_rust = Vec::new();
        for entry in std::fs::read_dir(root.join("docs")).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "md") {
                let text = std::fs::read_to_string(&path).unwrap();
                if text.lines().any(|l| l.trim_start().starts_with("```rust")) {
                    let name = path.file_name().unwrap().to_str().unwrap().to_owned();
                    with_rust.push(name);
                }
            }
        }
        with_rust.sort();
        assert!(!with_rust.is_empty(), "the guides have Rust examples");
        for name in &with_rust {
            let line = format!("#[doc = include_str!(\"../../../docs/{name}\")]");
            assert!(
                lib.contains(&line),
                "docs/{name} has Rust examples: include it here"
            );
        }
    }
}
