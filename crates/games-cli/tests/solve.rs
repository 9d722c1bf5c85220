//! `games solve` and `games verify-proof`: the JSON contract, proofs that verify, tampered proofs
//! that do not, and games the exact solver refuses.

mod common;

use common::{bad, games, json, ok};

#[test]
fn tictactoe_is_a_draw() {
    let v = json(&["solve", "tictactoe", "--json"]);
    let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(
        keys,
        [
            "game", "position", "value", "plies", "winner", "line", "nodes", "seconds"
        ]
    );
    assert_eq!(v["value"], "draw");
    assert!(v["winner"].is_null() && v["plies"].is_null());
    assert!(ok(&["solve", "tictactoe"]).starts_with("draw\n"));
}

#[test]
fn all_moves_give_each_move_its_value_from_the_movers_point_of_view() {
    let v = json(&[
        "solve",
        "tictactoe",
        "--position",
        "xx./oo./... x",
        "--all-moves",
        "--json",
    ]);
    assert_eq!(
        (v["value"].as_str(), v["plies"].as_u64()),
        (Some("win"), Some(1))
    );
    assert_eq!(v["winner"], "x");
    assert_eq!(v["line"][0], "2");
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 5);
    let best = moves.iter().find(|m| m["move"] == "2").unwrap();
    assert_eq!(
        (best["value"].as_str(), best["plies"].as_u64()),
        (Some("win"), Some(1))
    );
    // The best move's entry equals the top-level value; no move is better.
    for m in moves {
        assert!(m["value"] != "win" || m["plies"].as_u64() >= Some(1));
    }
}

#[test]
fn a_kamisado_deadlock_is_won_on_the_opponents_ply() {
    let v = json(&["solve", "kamisado", "--moves", "c1a3 b8h2 a3e7", "--json"]);
    assert_eq!(v["value"], "win");
    assert_eq!(v["plies"], 2);
    assert_eq!(v["winner"], "gold");
    assert_eq!(v["line"], serde_json::json!(["h2h2", "e7e7"]));
}

#[test]
fn a_proof_verifies_and_a_tampered_one_is_refuted() {
    let dir = std::env::temp_dir().join(format!("games-proof-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("p.proof");
    let path = file.to_str().unwrap();
    // Gold to move after three plies of a quick game: a short forced win.
    let moves = "d1d7 g8b3 d7d7";
    let v = json(&[
        "solve", "kamisado", "--moves", moves, "--proof", path, "--json",
    ]);
    let winner = v["winner"].as_str().unwrap().to_owned();
    let out = ok(&["verify-proof", "kamisado", path]);
    assert!(
        out.starts_with(&format!("proved: {winner} wins within ")),
        "{out}"
    );

    // Drop the first strategy line: the verifier names the position it has no move for.
    let text = std::fs::read_to_string(&file).unwrap();
    let first = text.lines().find(|l| l.contains(';')).unwrap().to_owned();
    let position = first.split(';').next().unwrap().to_owned();
    std::fs::write(&file, text.replacen(&format!("{first}\n"), "", 1)).unwrap();
    let run = games(&["verify-proof", "kamisado", path]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(run.stdout.is_empty());
    assert_eq!(run.stderr.lines().count(), 1);
    assert!(
        run.stderr.contains("proof refuted") && run.stderr.contains(&position),
        "{}",
        run.stderr
    );

    // A claim one ply too short.
    let plies = v["plies"].as_u64().unwrap();
    std::fs::write(
        &file,
        text.replace(
            &format!("plies {plies}\n"),
            &format!("plies {}\n", plies - 1),
        ),
    )
    .unwrap();
    let run = games(&["verify-proof", "kamisado", path]);
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("more than the"), "{}", run.stderr);

    // Not a proof at all: text in another format, an empty file, or bytes that are not text
    // all exit 1 with one line (a path that cannot be read is a bad argument: exit 2).
    for content in [&b"hello\n"[..], b"", b"proof 1\n\xff\xfe\n"] {
        std::fs::write(&file, content).unwrap();
        let run = games(&["verify-proof", "kamisado", path]);
        assert_eq!(run.code, 1, "{content:?}: {}", run.stderr);
        assert!(run.stdout.is_empty());
        assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
        assert!(run.stderr.contains("is not a proof file"), "{}", run.stderr);
    }
    assert!(
        games(&["verify-proof", "kamisado", path])
            .stderr
            .contains("line 2: not UTF-8 text")
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn solve_input_is_checked() {
    bad(&["solve", "onitama"], "repeat");
    bad(&["solve", "kamisado", "--max-plies", "0"], "--max-plies");
    bad(&["solve", "kamisado", "--table-mib", "0"], "--table-mib");
    bad(
        &["solve", "tictactoe", "--proof", "/nonexistent/dir/p"],
        "--proof",
    );
    bad(
        &["solve", "tictactoe", "--proof", "/tmp/games-draw.proof"],
        "won or lost",
    );
    bad(
        &["verify-proof", "kamisado", "/nonexistent/file"],
        "cannot read",
    );
    bad(&["verify-proof", "onitama", "Cargo.toml"], "onitama");
}
