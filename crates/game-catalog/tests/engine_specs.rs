//! Engine specs: option names, their old spellings, and replacing an option.

use game_catalog::engines::{EngineKind, EngineSpec, EngineSpecError, build};
use game_catalog::games::Kamisado;

#[test]
fn the_old_spelling_of_an_option_names_the_same_option() {
    let old: EngineSpec = "mcts:max_plies=5".parse().unwrap();
    let new: EngineSpec = "mcts:max-plies=5".parse().unwrap();
    assert_eq!(old, new);
    assert_eq!(old.to_string(), "mcts:max-plies=5");
    let changed = new.with_option("max_plies", "7").unwrap();
    assert_eq!(changed.to_string(), "mcts:max-plies=7");
}

#[test]
fn an_option_of_another_engine_is_refused() {
    for text in [
        "alphabeta:max_plies=5",
        "alphabeta:max-plies=5",
        "random:depth=2",
    ] {
        let err = text.parse::<EngineSpec>().unwrap_err();
        assert!(
            matches!(err, EngineSpecError::UnknownOption { .. }),
            "{text}: {err}"
        );
    }
    let spec: EngineSpec = "mcts".parse().unwrap();
    assert!(matches!(
        spec.with_option("depth", "3"),
        Err(EngineSpecError::UnknownOption { .. })
    ));
}

#[test]
fn a_spec_built_field_by_field_may_use_the_old_spelling() {
    for key in ["max-plies", "max_plies"] {
        let spec = EngineSpec {
            kind: EngineKind::Mcts,
            options: vec![(key.to_owned(), "x".to_owned())],
        };
        let err = build::<Kamisado>(&spec, 1).err().expect("x is no number");
        assert!(
            matches!(&err, EngineSpecError::OptionValue { key: k, .. } if k == key),
            "{key}: {err}"
        );
        let spec = EngineSpec {
            kind: EngineKind::Mcts,
            options: vec![(key.to_owned(), "4".to_owned())],
        };
        assert!(build::<Kamisado>(&spec, 1).is_ok(), "{key}");
    }
}

#[test]
fn the_options_that_name_files_or_programs_are_listed() {
    let cases: [(&str, &[(&str, &str)]); 9] = [
        ("alphabeta", &[]),
        ("max:depth=6:tt=64", &[]),
        ("alphabeta:weights=100/60/6/2/1", &[]),
        ("alphabeta:weights=-5/+3", &[]),
        ("alphabeta:tablebase=auto:tablebase-pieces=6", &[]),
        ("alphabeta:weights=w.txt", &[("weights", "w.txt")]),
        ("hard:tablebase=/tmp/a.tb", &[("tablebase", "/tmp/a.tb")]),
        (
            "alphabeta:weights=../x:tablebase=t.tb",
            &[("weights", "../x"), ("tablebase", "t.tb")],
        ),
        ("external:cmd=/bin/sh:engine=random", &[("cmd", "/bin/sh")]),
    ];
    for (text, expected) in cases {
        let spec: EngineSpec = text.parse().expect(text);
        assert_eq!(spec.named_paths(), expected, "{text}");
    }
    // Added later, as a server might: the same.
    let spec = "alphabeta"
        .parse::<EngineSpec>()
        .and_then(|s| s.with_option("weights", "/etc/passwd"))
        .expect("an option of alpha-beta");
    assert_eq!(spec.named_paths(), [("weights", "/etc/passwd")]);
}

#[test]
fn weights_beyond_the_largest_are_refused() {
    use game_catalog::games::Onitama;
    for (spec, ok) in [
        ("alphabeta:weights=2147483647/60/8", false),
        ("alphabeta:weights=3/-1000001/8", false),
        ("alphabeta:weights=1000000/-1000000/8", true),
    ] {
        let spec: EngineSpec = spec.parse().unwrap();
        match build::<Kamisado>(&spec, 1) {
            Ok(_) => assert!(ok, "{spec}"),
            Err(e) => {
                assert!(!ok, "{spec}: {e}");
                assert!(e.to_string().contains("each weight at most 1000000"), "{e}");
            }
        }
    }
    let spec: EngineSpec = "alphabeta:weights=100/60/6/2/2147483647".parse().unwrap();
    assert!(build::<Onitama>(&spec, 1).is_err());
}

#[test]
fn a_game_without_tablebases_names_the_option_that_asked_for_one() {
    for (spec, message) in [
        (
            "alphabeta:tablebase-pieces=4",
            "engine option tablebase-pieces=\"4\": the game has no endgame tablebases",
        ),
        (
            "alphabeta:tablebase=auto",
            "engine option tablebase=\"auto\": the game has no endgame tablebases",
        ),
    ] {
        let spec: EngineSpec = spec.parse().unwrap();
        let err = build::<Kamisado>(&spec, 1).err().expect("refused");
        assert_eq!(err.to_string(), message);
    }
}
