//! `games ... onitama`: the command-line contract (docs/cli.md) on the community perft tables.

mod common;
use common::{bad, games_with_input, json, ok};

const PASS_POSITION: &str = "MSSSS/5/2m2/5/5 boar,elephant monkey,tiger crab r";

fn depth_lines(out: &str) -> Vec<&str> {
    out.lines().filter(|l| !l.starts_with("time ")).collect()
}

#[test]
fn default_is_community_set_a() {
    let out = ok(&["perft", "onitama", "4", "--terminal-leaves"]);
    assert_eq!(depth_lines(&out), ["1 10", "2 130", "3 1989", "4 28509"]);
    let out = ok(&["perft", "onitama", "5"]);
    assert_eq!(
        depth_lines(&out)[4],
        "5 487752",
        "set A in the standard convention"
    );
    let out = ok(&["perft", "onitama", "5", "--terminal-leaves"]);
    assert_eq!(depth_lines(&out)[4], "5 487780");
}

#[test]
fn cards_select_the_other_community_sets() {
    let sets = [
        (
            "rooster,tiger,rabbit,cobra,frog",
            ["1 9", "2 72", "3 880", "4 10374"],
        ),
        (
            "mantis,eel,goose,dragon,crane",
            ["1 10", "2 120", "3 1272", "4 16445"],
        ),
        (
            "crab,dragon,monkey,tiger,mantis",
            ["1 11", "2 143", "3 1807", "4 23949"],
        ),
    ];
    for (cards, expected) in sets {
        let out = ok(&[
            "perft",
            "onitama",
            "4",
            "--terminal-leaves",
            "--cards",
            cards,
        ]);
        assert_eq!(depth_lines(&out), expected, "{cards}");
    }
}

#[test]
fn the_pass_position_in_both_conventions() {
    let out = ok(&["perft", "onitama", "5", "--position", PASS_POSITION]);
    assert_eq!(depth_lines(&out), ["1 2", "2 12", "3 20", "4 110", "5 758"]);
    let out = ok(&[
        "perft",
        "onitama",
        "5",
        "--position",
        PASS_POSITION,
        "--terminal-leaves",
    ]);
    assert_eq!(depth_lines(&out), ["1 2", "2 12", "3 22", "4 112", "5 764"]);
    let v = json(&[
        "perft",
        "onitama",
        "3",
        "--json",
        "--position",
        PASS_POSITION,
    ]);
    assert_eq!(v["plies"][0]["passes"], 2);
    assert_eq!(v["plies"][1]["stream"], 2);
    for key in ["nodes", "passes", "stone", "stream"] {
        assert!(v["plies"][2][key].is_u64());
    }
    let v = json(&["show", "onitama", "--json", "--position", PASS_POSITION]);
    assert_eq!(
        v["legal_moves"],
        serde_json::json!(["boar:pass", "elephant:pass"])
    );
    assert_eq!(v["to_move"], "red");
}

#[test]
fn a_master_capture_is_reported_as_stone() {
    // Blue's master on c3 is next to Red's student on b2... find a capture by search in the tree:
    // the pass position's ply-5 stone wins prove the reason key; here a direct position.
    let v = json(&[
        "show",
        "onitama",
        "--json",
        "--position",
        "5/5/2m2/2S2/M4 boar,elephant monkey,tiger crab r",
        "--moves",
        "boar:c2c3",
    ]);
    assert_eq!(v["outcome"]["winner"], "red");
    assert_eq!(v["outcome"]["reason"], "stone");
    assert_eq!(v["to_move"], "blue");
    assert_eq!(v["legal_moves"].as_array().unwrap().len(), 0);
}

#[test]
fn divide_names_card_moves() {
    let out = ok(&["perft", "onitama", "2", "--divide"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 10 + 2);
    assert!(lines.iter().any(|l| l.starts_with("boar:c5c4 ")));
    assert_eq!(lines[10], "total 130");
}

#[test]
fn bad_onitama_input_is_named() {
    bad(
        &["show", "onitama", "--cards", "horse,elephant,ox,boar"],
        "--cards",
    );
    bad(
        &[
            "show",
            "onitama",
            "--cards",
            "horse,elephant,ox,boar,unicorn",
        ],
        "unicorn",
    );
    bad(
        &["show", "onitama", "--cards", "horse,horse,ox,boar,crab"],
        "--cards",
    );
    bad(&["show", "onitama", "--moves", "tiger:c5c3"], "move 1");
    bad(&["show", "onitama", "--moves", "boar:c5"], "boar:c5");
    bad(&["show", "onitama", "--moves", "boar:pass"], "move 1");
    bad(
        &[
            "show",
            "onitama",
            "--position",
            "ssmss/5/5/5/SSMSS elephant,horse boar,ox crab",
        ],
        "--position",
    );
    bad(
        &[
            "show",
            "onitama",
            "--position",
            "5/5/5/5/5 elephant,horse boar,ox crab b",
        ],
        "--position",
    );
    bad(
        &[
            "show",
            "onitama",
            "--position",
            "ssmss/5/5/5/SSMSS elephant,horse boar,ox ox b",
        ],
        "--position",
    );
    bad(
        &[
            "show",
            "onitama",
            "--position",
            "x",
            "--cards",
            "horse,elephant,ox,boar,crab",
        ],
        "--cards",
    );
}

#[test]
fn play_engine_against_random_finishes() {
    let run = games_with_input(
        &[
            "play",
            "onitama",
            "--players",
            "engine,random",
            "--iterations",
            "300",
            "--seed",
            "5",
        ],
        "",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("result: red wins"), "{}", run.stdout);
}
