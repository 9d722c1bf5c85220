//! Whole games through `games play` over standard input: against the engine, two people, the
//! house formats, saved games.

mod common;

use common::{bad, games_with_bytes, games_with_input};

fn play(args: &[&str], input: &str) -> String {
    let mut all = vec!["play"];
    all.extend_from_slice(args);
    let run = games_with_input(&all, input);
    assert_eq!(run.code, 0, "games {all:?}: {}", run.stderr);
    assert!(
        !run.stdout.contains('\x1b'),
        "plain output when not a terminal"
    );
    run.stdout
}

fn line<'a>(out: &'a str, prefix: &str) -> &'a str {
    out.lines()
        .find_map(|l| l.strip_prefix(prefix))
        .unwrap_or_else(|| panic!("no {prefix:?} line in {out}"))
}

#[test]
fn a_person_against_the_engine_plays_kamisado_to_the_end() {
    let out = play(&["kamisado", "--level", "easy"], &"auto\n".repeat(300));
    let result = line(&out, "result: ");
    assert!(!result.starts_with("unfinished"), "{out}");
    assert!(out.contains("gold (engine) plays"), "{out}");
    assert!(!line(&out, "reason: ").is_empty());
    assert!(line(&out, "record: ").starts_with("obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - - "));
}

#[test]
fn a_person_against_the_engine_plays_onitama_to_the_end() {
    let out = play(
        &["onitama", "--level", "easy", "--side", "blue"],
        &"auto\n".repeat(400),
    );
    assert!(out.contains("red: engine easy, blue: you"), "{out}");
    let result = line(&out, "result: ");
    assert!(result.contains("wins"), "{out}");
    assert!(line(&out, "reason: ").contains("way of the"), "{out}");
}

#[test]
fn two_people_undo_and_agree_a_draw_after_a_declined_offer() {
    let out = play(
        &["kamisado", "--players", "human,human"],
        "c1a3\nb8h2\nundo\ndraw\nno\ndraw\nyes\n",
    );
    assert!(out.contains("black, gold offers a draw: accept?"), "{out}");
    assert!(out.contains("black declines the draw"), "{out}");
    assert_eq!(line(&out, "result: "), "draw by agreement");
    assert_eq!(line(&out, "moves: "), "c1a3");
    assert!(line(&out, "record: ").ends_with("c1a3 draw"));
}

#[test]
fn kamisado_forced_turns_are_automatic_and_the_deadlock_is_explained() {
    let out = play(
        &["kamisado", "--players", "human,human"],
        "c1a3\nb8h2\na3e7\n",
    );
    assert!(
        out.contains(
            "gold's blue tower on h2 cannot move: a zero-length move, played automatically"
        ),
        "{out}"
    );
    assert_eq!(line(&out, "result: "), "gold wins by deadlock");
    assert!(
        line(&out, "reason: ").contains("black made the last move of positive length"),
        "{out}"
    );
}

#[test]
fn a_clock_duel_lost_on_time() {
    let out = play(
        &[
            "onitama",
            "--players",
            "human,human",
            "--clock",
            "1m",
            "--test-clock",
        ],
        "wait 30s\nox:c5c4\nwait 61s\n",
    );
    assert!(out.contains("clock: red 1:00 | blue 0:30"), "{out}");
    assert_eq!(line(&out, "result: "), "red loses on time");
    assert!(
        line(&out, "reason: ").contains("red's time ran out"),
        "{out}"
    );
}

#[test]
fn a_correction_in_a_clock_duel_restores_the_position_and_charges_nothing() {
    let out = play(
        &[
            "onitama",
            "--players",
            "human,human",
            "--clock",
            "3m+2s",
            "--test-clock",
        ],
        "wait 10s\nox:c5c4\nundo\nquit\n",
    );
    assert!(out.contains("clock: red 3:00 | blue 2:52"), "{out}");
    assert!(
        out.contains("corrected: the last agreed position is restored"),
        "{out}"
    );
    assert_eq!(line(&out, "moves: "), "");
}

#[test]
fn a_mirror_match_swaps_seats_and_prints_its_table() {
    let out = play(
        &["onitama", "--players", "human,human", "--mirror-match"],
        "resign\nresign\n",
    );
    assert!(
        out.contains("game 2: the same start, the seats swapped"),
        "{out}"
    );
    assert!(out.contains("mirror match:"), "{out}");
    assert!(out.contains("match: tied"), "{out}");
    // The same deal both games.
    let starts: Vec<&str> = out
        .lines()
        .filter_map(|l| l.strip_prefix("start: "))
        .collect();
    assert_eq!(starts.len(), 2);
    assert_eq!(starts[0], starts[1]);
}

#[test]
fn the_coaching_round_answers_a_candidate_before_commit() {
    let out = play(
        &["onitama", "--players", "human,human", "--coach"],
        "ox:c5c4\nboar:c5c4\ncommit\nquit\n",
    );
    assert!(out.contains("candidate ox:c5c4:"), "{out}");
    assert!(
        out.contains("red will receive ox after their move"),
        "{out}"
    );
    assert!(
        out.contains("red will receive boar after their move"),
        "{out}"
    );
    assert_eq!(line(&out, "moves: "), "boar:c5c4");
}

#[test]
fn saved_games_load_and_go_on_and_bad_files_lose_nothing() {
    let dir = std::env::temp_dir().join(format!("games-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.json");
    let file = file.to_str().unwrap();
    let out = play(
        &["kamisado", "--players", "human,human"],
        &format!("c1a3\nsave {file}\nquit\n"),
    );
    assert!(out.contains("saved to"), "{out}");
    let junk = dir.join("junk.json");
    std::fs::write(&junk, "{ not json").unwrap();
    let out = play(
        &["kamisado", "--players", "human,human"],
        &format!("load {}\nload {file}\nb8h2\nquit\n", junk.to_str().unwrap()),
    );
    assert!(out.contains("cannot load"), "{out}");
    assert!(out.contains("the game goes on"), "{out}");
    assert_eq!(line(&out, "moves: "), "c1a3 b8h2");
    let out = play(
        &["onitama", "--players", "human,human"],
        &format!("load {file}\nquit\n"),
    );
    assert!(
        out.contains("holds a game of kamisado, not onitama"),
        "{out}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_saved_mirror_match_loads_as_a_match_in_its_second_game() {
    let dir = std::env::temp_dir().join(format!("games-play-match-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("match.json");
    let file = file.to_str().unwrap();
    let out = play(
        &["onitama", "--players", "human,human", "--mirror-match"],
        &format!("resign\nsave {file}\nquit\n"),
    );
    assert!(out.contains("saved to"), "{out}");
    let text = std::fs::read_to_string(file).unwrap();
    assert!(text.contains("\"mirror_match\""), "{text}");
    assert!(text.contains("\"participants\""), "{text}");
    // Loaded into a single game, the match goes on: game two ends it and the table follows.
    let out = play(
        &["onitama", "--players", "human,human"],
        &format!("load {file}\nresign\n"),
    );
    assert!(out.contains("loaded"), "{out}");
    assert!(out.contains("mirror match:"), "{out}");
    assert!(out.contains("match: tied"), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_play_flags_are_one_line_and_exit_2() {
    bad(&["play", "onitama", "--clock", "0m"], "--clock");
    bad(&["play", "onitama", "--clock", "5x"], "--clock");
    bad(&["play", "onitama", "--coach", "--clock", "5m"], "--clock");
    bad(&["play", "kamisado", "--side", "pink"], "--side");
    bad(
        &["play", "kamisado", "--level", "grandmaster"],
        "grandmaster",
    );
    bad(
        &["play", "kamisado", "--players", "human"],
        "bad --players: 1 kind given, expected two",
    );
    bad(
        &["play", "kamisado", "--players", "human,human,engine"],
        "bad --players: 3 kinds given, expected two",
    );
}

/// `dest SQUARE` reads SQUARE as a square of the board: a bad one, or words after it, are
/// explained and the prompt asks again (no board); a good one shows the board.
#[test]
fn dest_explains_a_bad_square() {
    let out = play(
        &["kamisado", "--players", "human,human"],
        "c1a3\ndest z9\ndest b8 x\ndest a0\ndest B8\n",
    );
    assert!(
        out.contains("gold> bad square \"z9\": expected a file a..h then a rank 1..8\n"),
        "{out}"
    );
    assert!(
        out.contains("gold> dest takes one square: extra words \"x\""),
        "{out}"
    );
    assert!(out.contains("gold> bad square \"a0\""), "{out}");
    // `dest B8` (the required tower, either case) shows the board with its destinations.
    let boards = out.matches("legal moves (type moves to list them)").count();
    assert_eq!(boards, 3, "the start, after c1a3, after dest B8: {out}");
}

/// A line that is not UTF-8 (a stray byte) is explained and asked again, at the prompt and as
/// the answer to a question, instead of ending the game.
#[test]
fn a_line_that_is_not_text_is_asked_again() {
    let run = games_with_bytes(
        &["play", "kamisado", "--players", "human,human"],
        b"c1a3\n\xff\xfe\nb8h2\ndraw\n\xc3\nyes\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stderr.is_empty(), "{}", run.stderr);
    let out = run.stdout;
    assert!(
        out.contains(
            "gold> cannot read that line: it is not UTF-8 text (type help for the commands)\n"
        ),
        "{out}"
    );
    assert!(
        out.contains("accept? (yes/no) cannot read that line: it is not UTF-8 text\n"),
        "{out}"
    );
    assert_eq!(line(&out, "moves: "), "c1a3 b8h2");
    assert_eq!(line(&out, "result: "), "draw by agreement");
}

/// `games play` with no input (`</dev/null`) and its output, stopped and failed once it has
/// printed more than a megabyte (a game replayed for ever fails instead of hanging the test).
fn play_capped(args: &[&str]) -> String {
    use std::io::Read as _;
    const CAP: usize = 1 << 20;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_games"))
        .arg("play")
        .args(args)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("the games binary runs");
    let mut stdout = child.stdout.take().expect("stdout is piped");
    let mut out = Vec::new();
    let mut buf = [0u8; 8192];
    loop {
        let n = stdout.read(&mut buf).expect("the output reads");
        if n == 0 {
            break;
        }
        out.extend_from_slice(&buf[..n]);
        if out.len() > CAP {
            let _ = child.kill();
            let _ = child.wait();
            let tail = String::from_utf8_lossy(&out[out.len() - 300..]).into_owned();
            panic!("games play {args:?} printed more than {CAP} bytes: ...{tail}");
        }
    }
    let status = child.wait().expect("the games binary finishes");
    assert!(status.success(), "games play {args:?}: {status}");
    String::from_utf8_lossy(&out).into_owned()
}

/// A game stopped by `--max-plies` ends a mirror match (its table, then the end) instead of
/// being played again with the same start, seats and limit for ever.
#[test]
fn a_mirror_match_stopped_by_max_plies_ends() {
    let out = play_capped(&[
        "kamisado",
        "--mirror-match",
        "--max-plies",
        "0",
        "--players",
        "human,human",
    ]);
    assert!(out.contains("stopped after 0 plies (--max-plies)"), "{out}");
    assert!(!out.contains("again, without a result"), "{out}");
    assert!(
        out.contains("mirror match: stopped by --max-plies"),
        "{out}"
    );
    let out = play_capped(&[
        "onitama",
        "--players",
        "random,random",
        "--mirror-match",
        "--max-plies",
        "2",
    ]);
    assert_eq!(out.matches("stopped after 2 plies").count(), 1, "{out}");
    assert!(
        out.contains("mirror match: stopped by --max-plies"),
        "{out}"
    );
    assert_eq!(line(&out, "moves: ").split(' ').count(), 2, "{out}");
}

/// A save that fails (here a file-size limit of 0, so that every write fails) leaves an earlier
/// file at its path as it was, and no partial file beside it.
#[cfg(target_os = "linux")]
#[test]
fn a_failed_save_leaves_the_earlier_file() {
    use std::io::Write as _;
    let dir = std::env::temp_dir().join(format!("games-play-save-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let target = dir.join("target.json");
    std::fs::write(&target, "the earlier game\n").unwrap();
    let mut child = std::process::Command::new("sh")
        .args([
            "-c",
            "trap '' XFSZ; ulimit -f 0; exec \"$0\" \"$@\"",
            env!("CARGO_BIN_EXE_games"),
            "play",
            "onitama",
            "--players",
            "human,human",
        ])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let input = format!("ox:c5c4\nsave {}\nquit\n", target.to_str().unwrap());
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input.as_bytes()).unwrap();
    drop(stdin);
    let run = child.wait_with_output().unwrap();
    let out = String::from_utf8_lossy(&run.stdout);
    assert_eq!(
        run.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(out.contains("cannot save to"), "{out}");
    assert_eq!(
        std::fs::read_to_string(&target).unwrap(),
        "the earlier game\n"
    );
    assert!(!dir.join("target.json.partial").exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A saved file whose engine spec this program cannot build is refused at `load` (the game
/// goes on), instead of ending the program at the engine's turn and losing the game.
#[test]
fn a_file_with_a_bad_engine_is_refused_at_load() {
    let dir = std::env::temp_dir().join(format!("games-play-engine-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.json");
    let file = file.to_str().unwrap();
    let out = play(
        &["kamisado", "--players", "human,engine", "--level", "easy"],
        &format!("save {file}\nquit\n"),
    );
    assert!(out.contains("saved to"), "{out}");
    let text = std::fs::read_to_string(file).unwrap();
    assert!(text.contains("\"easy\""), "{text}");
    std::fs::write(file, text.replace("\"easy\"", "\"bogus\"")).unwrap();
    let out = play(
        &["kamisado", "--players", "human,human"],
        &format!("load {file}\nc1a3\nb8h2\nquit\n"),
    );
    assert!(out.contains("cannot load"), "{out}");
    assert!(out.contains("bogus"), "{out}");
    assert!(out.contains("the game goes on"), "{out}");
    assert!(!out.contains("loaded"), "{out}");
    assert_eq!(line(&out, "moves: "), "c1a3 b8h2");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The mirror match's table lines up: each column of the header starts where its rows' do,
/// with names of different lengths.
#[test]
fn the_mirror_match_table_is_aligned() {
    let out = play(
        &[
            "onitama",
            "--mirror-match",
            "--players",
            "human,engine",
            "--level",
            "easy",
        ],
        "resign\nresign\n",
    );
    let table: Vec<&str> = out
        .lines()
        .skip_while(|l| *l != "mirror match:")
        .skip(1)
        .take(4)
        .collect();
    assert_eq!(table.len(), 4, "{out}");
    assert!(table[0].starts_with("game  you "), "{out}");
    let engine = table[0].find("engine easy").expect("the engine's column");
    let result = table[0].find("result").expect("the result column");
    for row in &table[1..3] {
        assert_eq!(row.find(" 1 (").map(|i| i + 1), Some(engine), "{out}");
        assert!(
            row[result..].starts_with("red resigns") || row[result..].starts_with("blue resigns"),
            "{out}"
        );
    }
    assert_eq!(table[3].find('2'), Some(engine), "{out}");
}

/// The answer to a draw offer is read in any case: `Yes` accepts.
#[test]
fn a_draw_answer_is_read_in_any_case() {
    let out = play(
        &["kamisado", "--players", "human,human"],
        "c1a3\ndraw\nNO\ndraw\nYes\n",
    );
    assert!(out.contains("black declines the draw"), "{out}");
    assert_eq!(line(&out, "result: "), "draw by agreement");
    let out = play(&["kamisado", "--players", "human,human"], "draw\nY\n");
    assert_eq!(line(&out, "result: "), "draw by agreement");
}

/// Every row of the mirror match's table lines up with its header, also when a cell (Kamisado's
/// `1 (black)`) is wider than both names.
#[test]
fn the_mirror_match_table_is_aligned_with_wide_cells() {
    let out = play(
        &["kamisado", "--mirror-match", "--players", "human,human"],
        "resign\nresign\n",
    );
    let table: Vec<&str> = out
        .lines()
        .skip_while(|l| *l != "mirror match:")
        .skip(1)
        .take(5)
        .collect();
    assert_eq!(table.len(), 5, "{out}");
    let second = table[0].find("player 2").expect("the second column");
    let result = table[0].find("result").expect("the result column");
    for row in &table[1..3] {
        let cells: Vec<usize> = row.match_indices(" (").map(|(i, _)| i).collect();
        assert_eq!(cells.len(), 2, "{out}");
        // The second cell starts at the second column, its points one character before " (".
        assert_eq!(cells[1] - 1, second, "{out}");
        assert!(row[result..].contains("resigns"), "{out}");
        assert_eq!(row.as_bytes()[result - 1], b' ', "{out}");
    }
    assert_eq!(table[3].rfind('1'), Some(second), "{out}");
    assert_eq!(table[4], "match: tied", "{out}");
}
