//! The command-line contract, on the tic-tac-toe test game (the game-specific files cover
//! Kamisado and Onitama).

mod common;
use common::{bad, games, games_with_input, json, ok};

#[test]
fn perft_prints_one_line_per_depth_then_the_rate() {
    let out = ok(&["perft", "tictactoe", "4"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(&lines[..4], &["1 9", "2 72", "3 504", "4 3024"]);
    assert_eq!(lines.len(), 5);
    assert!(
        lines[4].starts_with("time ") && lines[4].ends_with(" nodes/s"),
        "{}",
        lines[4]
    );
}

#[test]
fn perft_threads_do_not_change_counts() {
    for threads in ["0", "2", "5"] {
        let out = ok(&["perft", "tictactoe", "6", "--threads", threads]);
        assert!(out.lines().any(|l| l == "6 54720"), "{out}");
    }
}

#[test]
fn perft_divide_lists_root_moves_and_the_total() {
    let out = ok(&["perft", "tictactoe", "3", "--divide"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 11);
    assert_eq!(lines[0], "0 56");
    assert_eq!(lines[9], "total 504");
}

#[test]
fn perft_json_has_per_ply_statistics() {
    let v = json(&["perft", "tictactoe", "9", "--json", "--divide"]);
    assert_eq!(v["game"], "tictactoe");
    assert_eq!(v["depth"], 9);
    assert_eq!(v["nodes"], 127_872);
    assert_eq!(v["plies"][4]["nodes"], 15120);
    assert_eq!(v["plies"][4]["line"], 1440);
    assert_eq!(v["plies"][8]["full"], 46080);
    assert_eq!(v["plies"][0]["passes"], 0);
    assert_eq!(v["divide"].as_array().unwrap().len(), 9);
    assert!(v["seconds"].is_number() && v["nodes_per_second"].is_number());
    let keys: Vec<&String> = v.as_object().unwrap().keys().collect();
    assert_eq!(
        keys,
        [
            "game",
            "position",
            "depth",
            "nodes",
            "plies",
            "divide",
            "seconds",
            "nodes_per_second"
        ]
    );
}

#[test]
fn perft_terminal_leaves_counts_finished_games_again() {
    let v = json(&["perft", "tictactoe", "6", "--json", "--terminal-leaves"]);
    assert_eq!(v["nodes"], 54720 + 1440);
    let out = ok(&["perft", "tictactoe", "6", "--terminal-leaves"]);
    assert!(out.lines().any(|l| l == "6 56160"), "{out}");
}

#[test]
fn show_json_reports_moves_and_outcome() {
    let v = json(&["show", "tictactoe", "--json", "--moves", "0 3 1 4 2"]);
    assert_eq!(v["to_move"], "o");
    assert_eq!(v["legal_moves"].as_array().unwrap().len(), 0);
    assert_eq!(v["outcome"]["winner"], "x");
    assert_eq!(v["outcome"]["reason"], "line");
    let v = json(&["show", "tictactoe", "--json"]);
    assert!(v["outcome"].is_null());
    assert_eq!(v["legal_moves"].as_array().unwrap().len(), 9);
}

#[test]
fn bad_input_gets_exit_2_and_one_line() {
    bad(&[], "missing a command");
    bad(&["perft"], "required");
    bad(&["perft", "chess", "3"], "chess");
    bad(&["perft", "tictactoe", "0"], "depth");
    bad(&["perft", "tictactoe", "65"], "depth");
    bad(&["perft", "tictactoe", "-1"], "-1");
    bad(&["perft", "tictactoe", "x"], "'x'");
    bad(
        &["perft", "tictactoe", "99999999999999999999"],
        "99999999999999999999",
    );
    bad(&["perft", "tictactoe", "3", "--bogus"], "--bogus");
    bad(&["show", "tictactoe", "--moves", "4 4"], "move 2");
    bad(&["show", "tictactoe", "--moves", "4 x"], "\"x\"");
    bad(&["show", "tictactoe", "--position", ""], "--position");
    bad(&["show", "tictactoe", "--position", "x\ny"], "--position");
    bad(
        &["show", "tictactoe", "--cards", "a,b,c,d,e"],
        "onitama only",
    );
    bad(&["play", "tictactoe", "--players", "human"], "--players");
    bad(&["play", "tictactoe", "--players", "human,robot"], "robot");
    bad(&["play", "tictactoe", "--iterations", "0"], "iterations");
}

#[test]
fn a_huge_argument_is_rejected_quickly_on_one_short_line() {
    // Linux caps one argument at 128 KiB; the 1 MiB case goes through standard input below.
    let huge = "x".repeat(120_000);
    let line = bad(&["show", "tictactoe", "--position", &huge], "--position");
    assert!(line.len() < 1000, "the message repeats the whole input");
    let line = bad(&["show", "tictactoe", "--moves", &huge], "--moves");
    assert!(line.len() < 1000);
}

#[test]
fn a_one_megabyte_line_typed_in_play_is_refused_politely() {
    let input = format!("{}\nquit\n", "é".repeat(1 << 19));
    let run = games_with_input(&["play", "tictactoe"], &input);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let refusal = run
        .stdout
        .lines()
        .find(|l| l.contains("cannot read"))
        .unwrap();
    assert!(refusal.len() < 1000, "the refusal repeats the whole line");
}

#[test]
fn a_node_budget_stops_before_printing_anything() {
    bad(
        &["perft", "tictactoe", "9", "--max-nodes", "1000"],
        "--max-nodes",
    );
    bad(
        &["perft", "tictactoe", "9", "--max-nodes", "1000", "--json"],
        "--max-nodes",
    );
    bad(
        &[
            "perft",
            "tictactoe",
            "64",
            "--max-nodes",
            "100000",
            "--divide",
        ],
        "--max-nodes",
    );
    let out = ok(&["perft", "tictactoe", "3", "--max-nodes", "1000"]);
    assert!(out.contains("3 504"));
}

#[test]
fn play_engine_against_engine_finishes_with_a_record() {
    let out = ok(&[
        "play",
        "tictactoe",
        "--players",
        "engine,engine",
        "--iterations",
        "2000",
    ]);
    assert!(
        out.contains("result: draw (board full)"),
        "perfect play draws: {out}"
    );
    let moves = out.lines().find_map(|l| l.strip_prefix("moves: ")).unwrap();
    assert_eq!(moves.split(' ').count(), 9);
}

#[test]
fn play_explains_rejections_and_undoes_to_the_humans_turn() {
    let run = games_with_input(
        &[
            "play",
            "tictactoe",
            "--players",
            "human,random",
            "--seed",
            "4",
        ],
        "4\nfoo\nundo\n4\n4\nmoves\nquit\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("cannot read \"foo\""), "{}", run.stdout);
    assert!(
        run.stdout.contains("illegal: square 4 is occupied"),
        "{}",
        run.stdout
    );
    // After the undo the record holds the second 4 and the random reply only.
    let moves = run
        .stdout
        .lines()
        .find_map(|l| l.strip_prefix("moves: "))
        .unwrap();
    assert_eq!(moves.split(' ').count(), 2, "{moves}");
    assert!(moves.starts_with("4 "));
    assert!(run.stdout.contains("result: unfinished"));
}

#[test]
fn help_lists_the_commands_and_options() {
    for (args, needles) in [
        (
            &["--help"][..],
            &["perft", "show", "play", "Exit codes"][..],
        ),
        (
            &["perft", "--help"],
            &[
                "--terminal-leaves",
                "--divide",
                "--position",
                "--cards",
                "--moves",
            ],
        ),
        (&["play", "--help"], &["--players", "undo", "red,blue"]),
        (
            &["--version"],
            &[concat!("games ", env!("CARGO_PKG_VERSION"))],
        ),
    ] {
        let run = games(args);
        assert_eq!(run.code, 0, "{args:?}");
        for needle in needles {
            assert!(
                run.stdout.contains(needle),
                "{args:?} lacks {needle}: {}",
                run.stdout
            );
        }
    }
}
