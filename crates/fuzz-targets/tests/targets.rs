//! Every fuzz target's body on stable: over the committed corpus, and over proptest inputs.
//! (cargo-fuzz explores far more on nightly: see docs/testing.md.)

use fuzz_targets::{TARGETS, kamisado, onitama};
use proptest::collection::vec;
use proptest::prelude::*;
use std::path::PathBuf;

fn corpus_dir(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz/corpus")
        .join(name)
}

#[test]
fn every_target_runs_its_committed_corpus() {
    for &(name, body) in TARGETS {
        let dir = corpus_dir(name);
        let entries = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("no corpus for {name} at {}: {e}", dir.display()));
        let mut count = 0;
        for entry in entries {
            let path = entry.expect("readable corpus entry").path();
            let data = std::fs::read(&path).expect("readable corpus file");
            body(&data);
            count += 1;
        }
        assert!(count > 0, "the corpus of {name} is empty");
    }
}

#[test]
fn every_target_has_a_fuzz_binary() {
    for &(name, _) in TARGETS {
        let file = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../../fuzz/fuzz_targets")
            .join(format!("{name}.rs"));
        let text =
            std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        assert!(
            text.contains(&format!("::{}(", name.split_once('_').unwrap().1)),
            "{name}"
        );
    }
}

/// Text that is often close to valid: pieces of real notation glued with junk.
fn notation_like() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - -".to_owned()),
        Just("ssmss/5/5/5/SSMSS elephant,horse boar,ox crab b".to_owned()),
        Just("horse,elephant,ox,boar,crab".to_owned()),
        Just("tiger:c1c3".to_owned()),
        Just("boar:pass".to_owned()),
        Just("c1a3".to_owned()),
        Just("C1-A3".to_owned()),
        "[a-hA-H][0-9]",
        "[nNgGrRyYkKpPbBoO1-9/ -]{0,40}",
        "[msMS1-5/ ,a-z:]{0,40}",
        any::<String>(),
    ];
    vec(piece, 1..4).prop_map(|parts| parts.concat())
}

fn cases(n: u32) -> ProptestConfig {
    ProptestConfig {
        cases: n,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(cases(3000))]

    #[test]
    fn notation_targets(text in notation_like()) {
        kamisado::notation(text.as_bytes());
        onitama::notation(text.as_bytes());
    }

    #[test]
    fn notation_targets_on_raw_bytes(data in vec(any::<u8>(), 0..64)) {
        kamisado::notation(&data);
        onitama::notation(&data);
    }
}

proptest! {
    #![proptest_config(cases(1000))]

    #[test]
    fn kamisado_game_targets(data in vec(any::<u8>(), 0..160)) {
        kamisado::moves(&data);
        kamisado::hash(&data);
        kamisado::reference(&data);
        kamisado::serde(&data);
        kamisado::record(&data);
    }

    #[test]
    fn onitama_game_targets(data in vec(any::<u8>(), 0..160)) {
        onitama::moves(&data);
        onitama::hash(&data);
        onitama::reference(&data);
        onitama::serde(&data);
        onitama::record(&data);
    }
}
