//! `games ... kamisado`: the command-line contract (docs/cli.md) on the reference numbers of the rules.

mod common;
use common::{bad, games_with_input, json, ok};

#[test]
fn perft_from_the_start_matches_the_reference_table() {
    let out = ok(&["perft", "kamisado", "5"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        &lines[..5],
        &["1 102", "2 1150", "3 11182", "4 105024", "5 901006"]
    );
    assert!(lines[5].starts_with("time "));
}

#[test]
fn divide_lists_the_102_first_moves() {
    let out = ok(&["perft", "kamisado", "2", "--divide"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 102 + 2);
    assert_eq!(lines[102], "total 1150");
    assert!(lines.iter().any(|l| l.starts_with("c1a3 ")));
}

#[test]
fn json_counts_passes_and_endings_per_ply() {
    let v = json(&["perft", "kamisado", "4", "--json"]);
    assert_eq!(v["game"], "kamisado");
    assert_eq!(v["position"], "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - -");
    assert_eq!(v["nodes"], 105_024);
    let plies = v["plies"].as_array().unwrap();
    assert_eq!(plies.len(), 4);
    for (i, n) in [102u64, 1150, 11182, 105_024].into_iter().enumerate() {
        assert_eq!(plies[i]["nodes"], n);
        for key in ["passes", "home_row", "deadlock"] {
            assert!(plies[i][key].is_u64(), "ply {i} lacks {key}");
        }
    }
    assert_eq!(plies[0]["home_row"], 0);
    // A checked line of the rules: the fifth ply ends in deadlock.
    let v = json(&[
        "perft",
        "kamisado",
        "1",
        "--json",
        "--moves",
        "c1a3 b8h2 a3e7 h2h2",
    ]);
    assert_eq!(v["plies"][0]["nodes"], 1);
    assert_eq!(v["plies"][0]["passes"], 1);
    assert_eq!(v["plies"][0]["deadlock"], 1);
}

#[test]
fn show_reports_the_deadlock_winner() {
    let v = json(&[
        "show",
        "kamisado",
        "--json",
        "--moves",
        "c1a3 b8h2 a3e7 h2h2 e7e7",
    ]);
    assert_eq!(v["position"], "o1pkyrgn/4R3/8/8/8/8/7b/NG1YKPBO g b br");
    assert_eq!(v["legal_moves"].as_array().unwrap().len(), 0);
    assert_eq!(v["outcome"]["winner"], "gold");
    assert_eq!(v["outcome"]["reason"], "deadlock");
    assert_eq!(v["to_move"], "gold");
}

#[test]
fn show_lists_the_single_zero_length_move() {
    let v = json(&["show", "kamisado", "--json", "--moves", "d1d7 g8b3"]);
    assert_eq!(v["legal_moves"], serde_json::json!(["d7d7"]));
    assert_eq!(v["to_move"], "black");
    assert!(v["outcome"].is_null());
    let text = ok(&["show", "kamisado", "--moves", "d1d7 g8b3"]);
    assert!(text.contains("d7d7") && text.contains("a    b"), "{text}");
}

#[test]
fn positions_and_tolerated_move_forms_are_accepted() {
    let v = json(&[
        "show",
        "kamisado",
        "--json",
        "--position",
        "o1pkyrgn/4R3/8/8/8/8/7b/NG1YKPBO b r b",
        "--moves",
        "E7-E7",
    ]);
    assert_eq!(v["outcome"]["winner"], "gold");
}

#[test]
fn bad_kamisado_input_is_named() {
    bad(&["show", "kamisado", "--moves", "c1a3 c1a3"], "move 2");
    bad(&["show", "kamisado", "--moves", "z9z9"], "z9z9");
    bad(&["show", "kamisado", "--moves", "a1a1"], "move 1");
    bad(
        &[
            "show",
            "kamisado",
            "--position",
            "obpkyrgn/8/8/8/8/8/8/NGRYKPBO x - -",
        ],
        "--position",
    );
    bad(
        &[
            "show",
            "kamisado",
            "--position",
            "obpkyrgn/8/8/8/8/8/8/NGRYKPBB b - -",
        ],
        "--position",
    );
    bad(
        &["show", "kamisado", "--position", "obpkyrgn/8/8/8/8/8/8"],
        "--position",
    );
    bad(&["show", "kamisado", "--position", "ö"], "--position");
    bad(
        &["show", "kamisado", "--cards", "horse,elephant,ox,boar,crab"],
        "onitama only",
    );
    bad(
        &[
            "perft",
            "kamisado",
            "2",
            "--moves",
            "c1a3 b8h2 a3e7 h2h2 e7e7 a1a2",
        ],
        "move 6",
    );
}

#[test]
fn play_a_full_game_against_the_random_mover() {
    let run = games_with_input(
        &[
            "play",
            "kamisado",
            "--players",
            "random,random",
            "--seed",
            "11",
        ],
        "",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("result: "), "{}", run.stdout);
    assert!(!run.stdout.contains("result: unfinished"));
    let start = run
        .stdout
        .lines()
        .find_map(|l| l.strip_prefix("start: "))
        .unwrap();
    let moves = run
        .stdout
        .lines()
        .find_map(|l| l.strip_prefix("moves: "))
        .unwrap();
    // The printed record replays to a finished game.
    let v = json(&[
        "show",
        "kamisado",
        "--json",
        "--position",
        start,
        "--moves",
        moves,
    ]);
    assert!(v["outcome"].is_object());
}

#[test]
fn play_rejects_and_explains_an_illegal_move_then_undoes() {
    let run = games_with_input(
        &["play", "kamisado", "--players", "human,random"],
        "c1c1\nc1a3\nundo\nmoves\nquit\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("illegal: "), "{}", run.stdout);
    assert!(
        run.stdout.contains("> a1a2 a1b2 "),
        "moves after undo: {}",
        run.stdout
    );
    let moves = run
        .stdout
        .lines()
        .find_map(|l| l.strip_prefix("moves:"))
        .unwrap();
    assert_eq!(moves.trim(), "", "undo took back both plies");
}
