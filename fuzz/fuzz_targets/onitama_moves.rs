#![no_main]
//! cargo-fuzz target: see `fuzz_targets::onitama::moves`.

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| fuzz_targets::onitama::moves(data));
