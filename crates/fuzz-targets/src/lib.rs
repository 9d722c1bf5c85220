//! The bodies of the project's fuzz targets, as plain functions of a byte slice.
//!
//! The six bodies of the rules ([`bodies`]) are written once, generically over [`FuzzGame`]; each game adds
//! one impl of that trait (its start positions, arbitrary moves, the parsers of its vocabulary
//! and its slow reference implementation) and one line of [`TARGETS`]. `fuzz/` (cargo-fuzz,
//! nightly) builds one binary per target from a single source file that calls [`run`] with its
//! own name; the stable tests of this crate run every body over the committed corpus
//! (`fuzz/corpus/<target>/`) and over thousands of proptest inputs, so CI exercises every target
//! without nightly. A body panics exactly when it finds a bug; it never panics on merely invalid
//! input.
//!
//! Five more targets ([`front_ends`]) take what users hand to the front ends beyond the rules:
//! saved games, engine specs, weights files, proof files and position set-ups.
//!
//! Inputs are interpreted simply: text targets take the bytes as (lossy) UTF-8, game targets read
//! the bytes as a sequence of choices (which start, which legal move to play, which arbitrary
//! move to try).
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod bodies;
mod choices;
pub mod front_ends;
mod fuzz_game;
pub mod kamisado;
pub mod onitama;

pub use choices::Choices;
pub use fuzz_game::{FuzzGame, ReferenceModel};

/// The body of a fuzz target.
pub type Body = fn(&[u8]);

/// The six targets of each game, named `<game>_<body>`, then the front ends' targets
/// ([`front_ends`]), each over both games.
macro_rules! targets {
    ($($game:literal => $ty:ty),* $(,)?) => {
        /// Every target: its name (the `[[bin]]` name in `fuzz/Cargo.toml` and the corpus folder)
        /// and its body.
        pub const TARGETS: &[(&str, Body)] = &[$(
            (concat!($game, "_notation"), bodies::notation::<$ty>),
            (concat!($game, "_moves"), bodies::moves::<$ty>),
            (concat!($game, "_hash"), bodies::hash::<$ty>),
            (concat!($game, "_reference"), bodies::reference::<$ty>),
            (concat!($game, "_serde"), bodies::serde::<$ty>),
            (concat!($game, "_record"), bodies::record::<$ty>),
        )*
            ("saved_game", front_ends::saved_game),
            ("engine_spec", front_ends::engine_spec),
            ("weights_file", front_ends::weights_file),
            ("proof_file", front_ends::proof_file),
            ("position_setup", front_ends::position_setup),
        ];
    };
}

targets! {
    "kamisado" => kamisado_core::Position,
    "onitama" => onitama_core::Position,
}

/// Runs the target `name` on `data`: what each cargo-fuzz binary does with its own name.
///
/// # Panics
/// When the body finds a bug, or when no target has that name (a binary of `fuzz/Cargo.toml`
/// without a line in [`TARGETS`]; a stable test checks that none exists).
pub fn run(name: &str, data: &[u8]) {
    match TARGETS.iter().find(|(n, _)| *n == name) {
        Some((_, body)) => body(data),
        None => panic!("no fuzz target is called {name:?}"),
    }
}
