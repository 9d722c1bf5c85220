//! Every fuzz target's body on stable: over the committed corpus, and over proptest inputs.
//! (cargo-fuzz explores far more on nightly: see docs/testing.md.)

use fuzz_targets::{TARGETS, bodies, run};
use kamisado_core::Position as Kamisado;
use onitama_core::Position as Onitama;
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

/// The `[[bin]]` entries of `fuzz/Cargo.toml`: (name, path).
fn fuzz_binaries() -> Vec<(String, String)> {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/Cargo.toml");
    let text = std::fs::read_to_string(&manifest).expect("fuzz/Cargo.toml is readable");
    let value = |line: &str, key: &str| {
        line.strip_prefix(key)
            .and_then(|rest| rest.trim().strip_prefix('='))
            .map(|v| v.trim().trim_matches('"').to_owned())
    };
    let mut bins = Vec::new();
    let mut name = None;
    for line in text.lines() {
        if let Some(n) = value(line, "name") {
            name = Some(n);
        } else if let Some(path) = value(line, "path") {
            bins.push((name.take().expect("a name before the path"), path));
        }
    }
    bins
}

#[test]
fn every_target_has_a_fuzz_binary_and_every_binary_a_target() {
    let bins = fuzz_binaries();
    for &(name, _) in TARGETS {
        assert!(
            bins.iter().any(|(n, _)| n == name),
            "fuzz/Cargo.toml has no [[bin]] {name}"
        );
    }
    for (name, path) in &bins {
        assert!(
            TARGETS.iter().any(|(n, _)| n == name),
            "the fuzz binary {name} names no target"
        );
        assert_eq!(
            path, "fuzz_targets/target.rs",
            "{name} runs the shared source file"
        );
    }
}

#[test]
#[should_panic(expected = "no fuzz target is called \"chess_moves\"")]
fn an_unknown_target_name_is_refused() {
    run("chess_moves", b"");
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
        bodies::notation::<Kamisado>(text.as_bytes());
        bodies::notation::<Onitama>(text.as_bytes());
    }

    #[test]
    fn notation_targets_on_raw_bytes(data in vec(any::<u8>(), 0..64)) {
        bodies::notation::<Kamisado>(&data);
        bodies::notation::<Onitama>(&data);
    }
}

proptest! {
    #![proptest_config(cases(1000))]

    #[test]
    fn kamisado_game_targets(data in vec(any::<u8>(), 0..160)) {
        bodies::moves::<Kamisado>(&data);
        bodies::hash::<Kamisado>(&data);
        bodies::reference::<Kamisado>(&data);
        bodies::serde::<Kamisado>(&data);
        bodies::record::<Kamisado>(&data);
    }

    #[test]
    fn onitama_game_targets(data in vec(any::<u8>(), 0..160)) {
        bodies::moves::<Onitama>(&data);
        bodies::hash::<Onitama>(&data);
        bodies::reference::<Onitama>(&data);
        bodies::serde::<Onitama>(&data);
        bodies::record::<Onitama>(&data);
    }
}

/// A committed corpus file of the target `name`, chosen by `pick`, with up to six edits: a byte
/// replaced, inserted or removed, or a piece of the file repeated (close to valid, as the
/// fuzzer's mutations are).
fn mutated_seed(name: &str, pick: usize, edits: &[(u8, usize, u8)]) -> Vec<u8> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(corpus_dir(name))
        .expect("the target's corpus")
        .map(|e| e.expect("a corpus entry").path())
        .collect();
    files.sort();
    let mut data = std::fs::read(&files[pick % files.len()]).expect("a corpus file");
    for &(kind, at, byte) in edits {
        let at = at % (data.len() + 1);
        match kind % 4 {
            0 if at < data.len() => data[at] = byte,
            1 => data.insert(at, byte),
            2 if at < data.len() => {
                data.remove(at);
            }
            _ => {
                let end = (at + usize::from(byte % 16)).min(data.len());
                let piece = data[at..end].to_vec();
                data.splice(at..at, piece);
            }
        }
    }
    data
}

proptest! {
    #![proptest_config(cases(300))]

    #[test]
    fn front_end_targets_on_mutated_seeds(
        pick in any::<usize>(),
        edits in vec((any::<u8>(), any::<usize>(), any::<u8>()), 0..6),
    ) {
        for name in ["saved_game", "engine_spec", "weights_file", "proof_file", "position_setup"] {
            run(name, &mutated_seed(name, pick, &edits));
        }
    }

    #[test]
    fn front_end_targets_on_raw_bytes(data in vec(any::<u8>(), 0..64)) {
        for name in ["saved_game", "engine_spec", "weights_file", "proof_file", "position_setup"] {
            run(name, &data);
        }
    }
}
