//! Engine specs: option names, their old spellings, and replacing an option.

use game_catalog::engines::{EngineSpec, EngineSpecError};

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
