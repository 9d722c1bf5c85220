//! The search's data as JSON (feature `serde`): the documented shapes, and back.

use std::time::Duration;

use game_engines::{AlphaBetaConfig, Level, Limits, MctsConfig, Score, SearchResult};

#[test]
fn scores_have_the_documented_shape_and_read_back() {
    for (score, json) in [
        (Score::Win { plies: 7 }, r#"{"kind":"win","plies":7}"#),
        (Score::Loss { plies: 4 }, r#"{"kind":"loss","plies":4}"#),
        (Score::Draw, r#"{"kind":"draw"}"#),
        (Score::Eval(-35), r#"{"kind":"eval","value":-35}"#),
    ] {
        assert_eq!(serde_json::to_string(&score).unwrap(), json);
        assert_eq!(serde_json::from_str::<Score>(json).unwrap(), score);
    }
    for bad in [
        r#"{"kind":"win"}"#,
        r#"{"kind":"draw","plies":3}"#,
        r#"{"kind":"eval","plies":3}"#,
        r#"{"kind":"mate","plies":3}"#,
        r#"{"kind":"eval","value":1,"extra":2}"#,
    ] {
        assert!(serde_json::from_str::<Score>(bad).is_err(), "{bad}");
    }
}

#[test]
fn results_limits_levels_and_configs_round_trip() {
    let result = SearchResult {
        best: Some(4u8),
        score: Score::Eval(12),
        pv: vec![4, 0],
        depth: 3,
        seldepth: 5,
        nodes: 1234,
        elapsed: Duration::from_millis(15),
    };
    let json = serde_json::to_string(&result).unwrap();
    assert_eq!(
        serde_json::from_str::<SearchResult<u8>>(&json).unwrap(),
        result
    );

    let limits = Limits::depth(6).with_time(Duration::from_millis(250));
    let json = serde_json::to_value(&limits).unwrap();
    assert_eq!(json["depth"], 6);
    let back: Limits = serde_json::from_value(json).unwrap();
    assert_eq!(
        (back.depth, back.nodes, back.time),
        (Some(6), None, limits.time)
    );
    assert!(back.stop.is_none());
    let empty: Limits = serde_json::from_str("{}").unwrap();
    assert!(empty.is_none());

    assert_eq!(serde_json::to_string(&Level::Hard).unwrap(), r#""hard""#);
    assert_eq!(
        serde_json::from_str::<Level>(r#""max""#).unwrap(),
        Level::Max
    );
    let config = Level::Medium.config();
    let json = serde_json::to_string(&config).unwrap();
    assert_eq!(
        serde_json::from_str::<AlphaBetaConfig>(&json).unwrap(),
        config
    );
    let mcts = MctsConfig::default();
    let json = serde_json::to_string(&mcts).unwrap();
    assert_eq!(serde_json::from_str::<MctsConfig>(&json).unwrap(), mcts);
}
