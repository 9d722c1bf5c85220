#![no_main]
//! Every cargo-fuzz target: the binary runs the body named like itself (`kamisado_moves`, ...),
//! see `fuzz_targets::TARGETS`.

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| fuzz_targets::run(env!("CARGO_BIN_NAME"), data));
