//! Criterion benches for the workspace (not published). This library only carries the README, so
//! that the README's example runs as a doctest.
#![forbid(unsafe_code)]
#![doc = include_str!("../../README.md")]
