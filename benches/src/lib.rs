//! Criterion benches for the workspace (not published). This library only carries the README's
//! examples, so that they run as doctests.
#![forbid(unsafe_code)]

/// The README's examples, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
struct ReadmeDoctest;
