//! `games analyze` and `games match`: the JSON contract, the records file, and bad input.

mod common;

use common::{bad, json, ok};

#[test]
fn analyze_prints_one_line_per_depth_and_the_best_move() {
    let out = ok(&["analyze", "tictactoe", "--nodes", "500"]);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines.len() >= 2, "{out}");
    assert!(lines[0].starts_with("depth "), "{out}");
    for key in ["score ", "nodes ", "nps ", "pv "] {
        assert!(lines[0].contains(key), "{out}");
    }
    assert!(lines.last().unwrap().starts_with("best "), "{out}");
}

#[test]
fn analyze_json_has_the_contract_keys_and_a_legal_best_move() {
    let v = json(&[
        "analyze",
        "tictactoe",
        "--position",
        "xx./oo./x.. o",
        "--nodes",
        "300",
        "--json",
    ]);
    let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(
        keys,
        [
            "game",
            "position",
            "engine",
            "best",
            "score",
            "pv",
            "depth",
            "nodes",
            "nodes_per_second",
            "seconds"
        ]
    );
    // O wins at once on 5: every engine must see that.
    assert_eq!(v["best"], "5");
    assert_eq!(v["score"]["kind"], "win");
    assert_eq!(v["score"]["plies"], 1);
    assert_eq!(v["pv"][0], "5");
}

#[test]
fn analyze_a_finished_game_has_no_best_move() {
    let v = json(&[
        "analyze",
        "tictactoe",
        "--position",
        "xxx/oo./... o",
        "--json",
    ]);
    assert!(v["best"].is_null());
    assert_eq!(v["score"]["kind"], "loss");
    assert_eq!(v["score"]["plies"], 0);
    assert_eq!(v["pv"].as_array().unwrap().len(), 0);
}

#[test]
fn match_json_counts_for_the_first_engine_and_writes_replayable_records() {
    let dir = std::env::temp_dir().join(format!("games-match-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("records.txt");
    let file_arg = file.to_str().unwrap();
    let v = json(&[
        "match",
        "kamisado",
        "--engines",
        "mcts:playouts=200,random",
        "--games",
        "4",
        "--seed",
        "3",
        "--records",
        file_arg,
        "--json",
    ]);
    let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(
        keys,
        [
            "game",
            "engines",
            "games",
            "wins",
            "draws",
            "losses",
            "score",
            "elo",
            "elo_margin",
            "adjudicated",
            "mean_plies"
        ]
    );
    assert_eq!(v["engines"][0], "mcts:playouts=200");
    assert_eq!(v["engines"][1], "random");
    let n = |k: &str| v[k].as_u64().unwrap();
    assert_eq!(n("wins") + n("draws") + n("losses"), 4);
    let text = std::fs::read_to_string(&file).unwrap();
    let records: Vec<&str> = text.lines().collect();
    assert_eq!(records.len(), 4);
    // Each opening twice: games 0 and 1 share their opening (a first move of Black from the book).
    let opening = |r: &str| r.split(' ').nth(4).unwrap_or_default().to_owned();
    assert_eq!(opening(records[0]), opening(records[1]));
    assert_eq!(opening(records[2]), opening(records[3]));
    // Every record replays: `show` reads it back as a position and moves, and the game is over.
    for record in records {
        let (start, moves) = record.split_at(record.match_indices(' ').nth(3).unwrap().0);
        let shown = json(&[
            "show",
            "kamisado",
            "--position",
            start,
            "--moves",
            moves,
            "--json",
        ]);
        assert!(!shown["outcome"].is_null(), "{record}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn match_table_names_both_engines() {
    let out = ok(&[
        "match",
        "tictactoe",
        "--engines",
        "random,random",
        "--games",
        "2",
    ]);
    assert!(out.starts_with("match tictactoe: 2 games"), "{out}");
    assert!(out.contains("engine") && out.contains("elo"), "{out}");
    assert_eq!(out.matches("\nrandom").count(), 2, "{out}");
    assert!(out.contains("mean game length"), "{out}");
}

#[test]
fn engine_and_match_input_is_checked() {
    bad(
        &["analyze", "tictactoe", "--engine", "deep-blue"],
        "deep-blue",
    );
    bad(
        &["analyze", "tictactoe", "--engine", "mcts:speed=9"],
        "speed",
    );
    bad(
        &["analyze", "tictactoe", "--engine", "mcts:playouts=0"],
        "playouts",
    );
    bad(
        &["analyze", "tictactoe", "--engine", "mcts:playouts"],
        "key=value",
    );
    // The playout cap is spelt like the other engines' options, and its first spelling stays.
    for key in ["max-plies", "max_plies"] {
        bad(
            &["analyze", "tictactoe", "--engine", &format!("mcts:{key}=x")],
            "expected a whole number of plies",
        );
        let spec = format!("mcts:playouts=50:{key}=3");
        let out = ok(&["analyze", "tictactoe", "--engine", &spec]);
        assert!(out.contains("mcts:playouts=50:max-plies=3"), "{out}");
    }
    bad(
        &["analyze", "tictactoe", "--engine", "alphabeta:weights=1/2"],
        "weights",
    );
    bad(
        &["analyze", "kamisado", "--engine", "alphabeta:weights=1/2"],
        "weights",
    );
    bad(
        &["analyze", "kamisado", "--engine", "alphabeta:weights=a/b/c"],
        "weights",
    );
    let out = ok(&[
        "analyze",
        "kamisado",
        "--engine",
        "alphabeta:weights=3/60/8",
        "--depth",
        "2",
    ]);
    assert!(out.contains("alphabeta:weights=3/60/8"), "{out}");
    bad(
        &[
            "analyze",
            "onitama",
            "--engine",
            "alphabeta:reduction-scale=-1",
        ],
        "reduction-scale",
    );
    bad(
        &[
            "analyze",
            "onitama",
            "--engine",
            "alphabeta:reduction-scale=1001",
        ],
        "at most 1000",
    );
    let out = ok(&[
        "analyze",
        "onitama",
        "--engine",
        "alphabeta:reduction-scale=0",
        "--depth",
        "2",
    ]);
    assert!(out.contains("alphabeta:reduction-scale=0"), "{out}");
    bad(
        &["analyze", "onitama", "--engine", "alphabeta:futility=-1"],
        "futility",
    );
    bad(
        &[
            "analyze",
            "onitama",
            "--engine",
            "alphabeta:futility=100001",
        ],
        "at most 100000",
    );
    let out = ok(&[
        "analyze",
        "onitama",
        "--engine",
        "alphabeta:futility=0",
        "--depth",
        "2",
    ]);
    assert!(out.contains("alphabeta:futility=0"), "{out}");
    bad(
        &["analyze", "onitama", "--engine", "alphabeta:iir=1001"],
        "at most 1000 plies",
    );
    bad(
        &[
            "analyze",
            "onitama",
            "--engine",
            "alphabeta:history-malus=yes",
        ],
        "expected on or off",
    );
    let out = ok(&[
        "analyze",
        "onitama",
        "--engine",
        "alphabeta:iir=0:history-malus=off",
        "--depth",
        "2",
    ]);
    assert!(out.contains("alphabeta:iir=0:history-malus=off"), "{out}");
    bad(
        &["analyze", "onitama", "--engine", "alphabeta:singular=1001"],
        "at most 1000 plies",
    );
    bad(
        &[
            "analyze",
            "onitama",
            "--engine",
            "alphabeta:singular-margin=-1",
        ],
        "expected a whole number of evaluation units",
    );
    let out = ok(&[
        "analyze",
        "onitama",
        "--engine",
        "alphabeta:singular=0:singular-margin=5",
        "--depth",
        "2",
    ]);
    assert!(
        out.contains("alphabeta:singular=0:singular-margin=5"),
        "{out}"
    );
    bad(&["analyze", "tictactoe", "--depth", "0"], "--depth");
    bad(&["analyze", "tictactoe", "--time", "0"], "--time");
    bad(&["analyze", "tictactoe", "--time=-1"], "--time");
    // The largest whole number of seconds the message names is taken (as a float it rounded
    // past the limit and was refused), one more is too large.
    // (Tic-tac-toe is solved within a few thousand nodes: the search ends there.)
    let out = ok(&["analyze", "tictactoe", "--time", "18446744073709551615"]);
    assert!(out.contains("(draw, alphabeta)"), "{out}");
    bad(
        &["analyze", "tictactoe", "--time", "18446744073709551616"],
        "too large (at most 18446744073709551615 seconds)",
    );
    // The value as it was written; beyond what a duration holds is too large, not "not above 0".
    for (time, why) in [
        (
            "1e20",
            "bad --time \"1e20\": too large (at most 18446744073709551615 seconds)",
        ),
        ("1e300", "bad --time \"1e300\": too large (at most"),
        ("inf", "bad --time \"inf\": too large"),
        ("1e-12", "bad --time \"1e-12\": too small"),
        (
            "NaN",
            "bad --time \"NaN\": expected a number of seconds above 0",
        ),
        (
            "-2",
            "bad --time \"-2\": expected a number of seconds above 0",
        ),
        (
            "soon",
            "bad --time \"soon\": expected a number of seconds above 0",
        ),
    ] {
        bad(&["analyze", "tictactoe", "--time", time], why);
    }
    bad(
        &["analyze", "tictactoe", "--depth", "3", "--nodes", "9"],
        "--nodes",
    );
    bad(
        &[
            "analyze",
            "tictactoe",
            "--engine",
            "random",
            "--threads",
            "2",
        ],
        "threads",
    );
    bad(&["match", "tictactoe", "--engines", "random"], "--engines");
    bad(&["match", "tictactoe", "--engines", "random,nope"], "nope");
    bad(
        &[
            "match",
            "tictactoe",
            "--engines",
            "random,random",
            "--games",
            "0",
        ],
        "--games",
    );
    bad(
        &[
            "match",
            "tictactoe",
            "--engines",
            "random,random",
            "--depth",
            "2",
            "--time-per-move",
            "5",
        ],
        "--time-per-move",
    );
    bad(
        &[
            "match",
            "tictactoe",
            "--engines",
            "random,random",
            "--records",
            "/nonexistent/dir/r.txt",
        ],
        "--records",
    );
}
