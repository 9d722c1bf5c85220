#![no_main]
//! cargo-fuzz target: see `fuzz_targets::kamisado::record`.

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| fuzz_targets::kamisado::record(data));
