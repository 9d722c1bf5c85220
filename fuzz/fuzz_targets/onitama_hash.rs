#![no_main]
//! cargo-fuzz target: see `fuzz_targets::onitama::hash`.

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| fuzz_targets::onitama::hash(data));
