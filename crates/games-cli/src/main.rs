//! The `games` command line.
#![forbid(unsafe_code)]
fn main() {}
