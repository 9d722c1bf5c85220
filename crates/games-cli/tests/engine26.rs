//! The engines of issue 26 on the command line: an external `games` program as a match engine,
//! the repetition rule of matches, Kamisado's perfect level, and the tuner of Onitama's weights.

mod common;

use common::{bad, games, games_with_input, json, ok};

const GAMES: &str = env!("CARGO_BIN_EXE_games");

#[test]
fn an_external_games_program_plays_a_match() {
    let spec = format!("external:cmd={GAMES},random");
    let v = json(&[
        "match",
        "tictactoe",
        "--engines",
        &spec,
        "--games",
        "4",
        "--depth",
        "9",
        "--json",
    ]);
    assert_eq!(v["games"], 4);
    // The external side is the full-depth alpha-beta of this very program: it never loses.
    assert_eq!(v["losses"], 0, "{v}");
    assert_eq!(v["engines"][0], format!("external:cmd={GAMES}"));
}

#[test]
fn external_engines_are_checked() {
    bad(
        &[
            "match",
            "onitama",
            "--engines",
            "external,random",
            "--games",
            "2",
        ],
        "external needs cmd=PATH",
    );
    bad(
        &[
            "match",
            "onitama",
            "--engines",
            "external:cmd=/no/such/games,random",
            "--games",
            "2",
        ],
        "no such file",
    );
    bad(
        &[
            "match",
            "onitama",
            "--engines",
            "external:cmd=x:depth=3,random",
        ],
        "has no option \"depth\"",
    );
}

#[test]
fn match_takes_the_repetition_count() {
    // The rule itself is tested in onitama-engine's tests (a match from an opening that
    // reaches a third occurrence); here the flag reaches the match and the table names it.
    for repetitions in ["3", "0"] {
        let out = ok(&[
            "match",
            "onitama",
            "--engines",
            "random,random",
            "--games",
            "2",
            "--depth",
            "1",
            "--repetitions",
            repetitions,
        ]);
        assert!(
            out.contains("adjudicated draws (ply limit or repetition): "),
            "{out}"
        );
    }
    bad(
        &[
            "match",
            "onitama",
            "--engines",
            "random,random",
            "--repetitions",
            "x",
        ],
        "--repetitions",
    );
}

#[test]
fn kamisado_perfect_knows_the_start_at_once() {
    let v = json(&["analyze", "kamisado", "--engine", "perfect", "--json"]);
    assert_eq!(v["score"]["kind"], "win");
    assert_eq!(v["score"]["plies"], 17);
    assert_eq!(v["nodes"], 0, "the book answers without a search");
    let v = json(&["analyze", "kamisado", "--engine", "max", "--json"]);
    assert_eq!(v["score"]["plies"], 17, "max is perfect in Kamisado");
    // Onitama has no perfect player: perfect is max there.
    let v = json(&[
        "analyze", "onitama", "--engine", "perfect", "--depth", "2", "--json",
    ]);
    assert_eq!(v["depth"], 2);
}

#[test]
fn kamisado_perfect_hints_win_in_n() {
    let run = games_with_input(
        &["play", "kamisado", "--side", "black", "--level", "perfect"],
        "hint\nquit\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .contains("hint: a1a5  [engine perfect, score win in 17]"),
        "{}",
        run.stdout
    );
}

/// The plies of the record line at the end of `games play`.
fn plies(out: &str) -> usize {
    let moves = out
        .lines()
        .find_map(|l| l.strip_prefix("moves: "))
        .expect("a moves line");
    moves.split(' ').count()
}

#[test]
fn kamisado_perfect_wins_as_black_within_17_plies() {
    let out = ok(&[
        "play",
        "kamisado",
        "--players",
        "engine,random",
        "--level",
        "perfect",
        "--test-clock",
    ]);
    assert!(out.contains("black wins"), "{out}");
    assert!(plies(&out) <= 17, "{out}");
    let out = ok(&[
        "play",
        "kamisado",
        "--players",
        "engine,engine",
        "--level",
        "perfect",
        "--test-clock",
    ]);
    assert!(out.contains("black wins"), "{out}");
    assert_eq!(plies(&out), 17, "{out}");
}

#[test]
fn the_tuner_writes_weights_the_engine_loads_and_is_reproducible() {
    let dir = std::env::temp_dir().join(format!("games-tune-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let files: Vec<String> = (0..2)
        .map(|i| dir.join(format!("w{i}.weights")).display().to_string())
        .collect();
    for file in &files {
        let run = games(&[
            "tune",
            "onitama",
            "--deals",
            "2",
            "--games-per-deal",
            "2",
            "--depth",
            "1",
            "--epochs",
            "20",
            "--seed",
            "5",
            "--out",
            file,
        ]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        assert!(run.stdout.contains("quiet"), "{}", run.stdout);
    }
    let [a, b] = [&files[0], &files[1]].map(|f| std::fs::read_to_string(f).unwrap());
    let body = |t: &str| {
        t.lines()
            .filter(|l| !l.starts_with('#'))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(body(&a), body(&b), "the same seed gives the same weights");
    assert!(a.contains("# Made by: games tune onitama --deals 2"), "{a}");
    let spec = format!("alphabeta:weights={}", files[0]);
    let v = json(&[
        "analyze", "onitama", "--engine", &spec, "--depth", "2", "--json",
    ]);
    assert_eq!(v["depth"], 2);
    bad(
        &[
            "analyze",
            "onitama",
            "--engine",
            "alphabeta:weights=/no/such/file",
        ],
        "cannot read it",
    );
    std::fs::write(&files[1], "student 100\n").unwrap();
    let spec = format!("alphabeta:weights={}", files[1]);
    bad(&["analyze", "onitama", "--engine", &spec], "no value for");
    bad(
        &["tune", "kamisado", "--out", &files[1]],
        "only onitama has a tunable evaluator",
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// An earlier weights file survives a run that does not finish: the weights are written beside
/// `--out` and renamed onto it at the end, so a killed run (here as soon as it has checked that
/// it can write) leaves the file as it was; an `--out` that names a directory is refused at once.
#[test]
fn an_earlier_weights_file_survives_an_unfinished_tune() {
    let dir = std::env::temp_dir().join(format!("games-tune-earlier-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("w1").display().to_string();
    let partial = format!("{out}.partial");
    let earlier = "# earlier weights\nstudent 100\n";
    std::fs::write(&out, earlier).unwrap();
    // Far more games than the test waits for.
    let mut child = common::spawn_quietly(&[
        "tune",
        "onitama",
        "--deals",
        "1000",
        "--games-per-deal",
        "1000",
        "--out",
        &out,
    ]);
    // Waits until the run has checked --out: the partial file exists, or (as before the fix)
    // `--out` itself was emptied; or the run ended. The bound only keeps a broken run from
    // hanging the test.
    let start = std::time::Instant::now();
    loop {
        if std::path::Path::new(&partial).exists()
            || std::fs::read_to_string(&out).ok().as_deref() != Some(earlier)
            || child.try_wait().expect("games is waited for").is_some()
        {
            break;
        }
        assert!(
            start.elapsed() < std::time::Duration::from_secs(120),
            "games tune neither created {partial} nor touched {out}"
        );
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let _ = child.kill();
    let _ = child.wait();
    assert_eq!(std::fs::read_to_string(&out).unwrap(), earlier);
    for refused in [dir.display().to_string(), format!("{}/", dir.display())] {
        bad(&["tune", "onitama", "--out", &refused], "bad --out");
    }
    assert_eq!(std::fs::read_to_string(&out).unwrap(), earlier);
    std::fs::remove_dir_all(&dir).ok();
}

/// A tune killed outright (SIGKILL: no clean-up is possible) leaves `FILE.partial` behind; the
/// next run simply writes over it (the partial file is created afresh, truncated), renames it
/// onto `FILE` and leaves none.
#[cfg(unix)]
#[test]
fn a_partial_weights_file_left_by_a_killed_tune_is_overwritten_by_the_next() {
    let dir = std::env::temp_dir().join(format!("games-tune-killed-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("w").display().to_string();
    let partial = format!("{out}.partial");
    let mut child = common::spawn_quietly(&[
        "tune",
        "onitama",
        "--deals",
        "1000",
        "--games-per-deal",
        "1000",
        "--out",
        &out,
    ]);
    common::wait_for_path(&partial, std::time::Duration::from_secs(120));
    let _ = child.kill();
    let _ = child.wait();
    assert!(
        std::path::Path::new(&partial).exists(),
        "SIGKILL leaves the partial file"
    );
    // Longer than the weights, so that a partial file not truncated would show.
    std::fs::write(&partial, "x".repeat(100_000)).unwrap();
    let run = games(&[
        "tune",
        "onitama",
        "--deals",
        "1",
        "--games-per-deal",
        "1",
        "--depth",
        "1",
        "--epochs",
        "2",
        "--out",
        &out,
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(!std::path::Path::new(&partial).exists());
    let weights = std::fs::read_to_string(&out).unwrap();
    assert!(
        weights.starts_with('#') && !weights.contains("xxxx"),
        "{weights}"
    );
    let spec = format!("alphabeta:weights={out}");
    let v = json(&[
        "analyze", "onitama", "--engine", &spec, "--depth", "1", "--json",
    ]);
    assert_eq!(v["depth"], 1);
    std::fs::remove_dir_all(&dir).ok();
}

/// An external program that runs but gives no move (it fails, or prints no JSON): `match` and
/// `analyze` stop with one line that names the engine, exit 2, and do not panic.
#[test]
fn an_external_program_that_gives_no_move_is_an_error() {
    for program in ["/bin/false", "/bin/echo"] {
        let spec = format!("external:cmd={program}");
        let message = bad(
            &[
                "match",
                "onitama",
                "--engines",
                &format!("{spec},random"),
                "--games",
                "2",
                "--time-per-move",
                "50",
            ],
            "gave no move in game 1",
        );
        assert!(message.contains(&spec), "{message}");
        for json in [false, true] {
            let mut args = vec!["analyze", "onitama", "--engine", &spec, "--time", "0.05"];
            if json {
                args.push("--json");
            }
            let message = bad(&args, "gave no move");
            assert!(message.contains(&spec), "{message}");
        }
    }
    // A finished game has no move to give: not an error.
    let v = json(&[
        "analyze",
        "onitama",
        "--position",
        "5/5/2M2/5/5 boar,elephant monkey,tiger crab b",
        "--engine",
        "external:cmd=/bin/false",
        "--json",
    ]);
    assert!(v["best"].is_null(), "{v}");
}

/// A program that never answers is stopped after its time limit and as long again, at least
/// `game_catalog::external::GRACE` (10 s): the match ends with "gave no move" instead of
/// waiting for ever. The script's `sleep` is a child of the shell, which outlives the shell and
/// keeps its output open.
#[cfg(unix)]
#[test]
fn an_external_program_that_hangs_is_stopped() {
    use std::os::unix::fs::PermissionsExt;
    let script = std::env::temp_dir().join(format!("games-hangs-{}.sh", std::process::id()));
    std::fs::write(&script, "#!/bin/sh\nsleep 600\n").unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    let spec = format!("external:cmd={}", script.display());
    let message = bad(
        &[
            "match",
            "onitama",
            "--engines",
            &format!("{spec},random"),
            "--games",
            "2",
            "--time-per-move",
            "50",
        ],
        "gave no move in game 1",
    );
    assert!(message.contains(&spec), "{message}");
    std::fs::remove_file(&script).unwrap();
}

/// Counts that would allocate before the first game (the openings of a match, the deals of a
/// tuning run) or start threads at once are bounded, with a clear error instead of a panic or an
/// abort.
#[test]
fn huge_counts_are_refused_before_anything_is_allocated() {
    bad(
        &[
            "match",
            "onitama",
            "--engines",
            "random,random",
            "--games",
            "18446744073709551615",
            "--depth",
            "1",
        ],
        "bad --games 18446744073709551615: at most 1000000",
    );
    let out = std::env::temp_dir()
        .join(format!(
            "games-cli-tune-{}-huge.weights",
            std::process::id()
        ))
        .display()
        .to_string();
    for (flag, value) in [
        ("--deals", "100000000000000"),
        ("--games-per-deal", "100000000000000"),
        ("--threads", "100000"),
    ] {
        bad(
            &["tune", "onitama", flag, value, "--out", &out],
            &format!("bad {flag} {value}: at most"),
        );
    }
    assert!(!std::path::Path::new(&out).exists());
}

/// `games ARGS` with the process's address space limited to about 2 GiB (`ulimit -v`).
fn games_in_two_gib(args: &[&str]) -> std::process::Output {
    std::process::Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 2000000 && exec \"$0\" \"$@\"")
        .arg(GAMES)
        .args(args)
        .output()
        .expect("sh runs")
}

#[test]
fn a_table_larger_than_the_memory_is_refused_and_an_earlier_proof_file_is_kept() {
    let proof = std::env::temp_dir().join(format!("games-cli-proof-{}.txt", std::process::id()));
    std::fs::write(&proof, "an earlier proof\n").expect("written");
    let proof_arg = proof.display().to_string();
    for (args, needle) in [
        (
            vec![
                "solve",
                "kamisado",
                "--table-mib",
                "4000",
                "--proof",
                &proof_arg,
            ],
            "bad --table-mib 4000: a table of 4000 MiB cannot be allocated",
        ),
        (
            vec![
                "analyze",
                "onitama",
                "--engine",
                "alphabeta:tt=4000",
                "--depth",
                "1",
            ],
            "engine option tt=\"4000\": more memory than this process can allocate",
        ),
    ] {
        let run = games_in_two_gib(&args);
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert_eq!(run.status.code(), Some(2), "games {args:?}: {stderr}");
        assert!(stderr.contains(needle), "games {args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "games {args:?}: {stderr}");
    }
    assert_eq!(
        std::fs::read_to_string(&proof).expect("kept"),
        "an earlier proof\n"
    );
    std::fs::remove_file(&proof).expect("removed");
    // The same sizes within the limit's reach still work.
    let run = games_in_two_gib(&[
        "analyze",
        "onitama",
        "--engine",
        "alphabeta:tt=64",
        "--depth",
        "1",
    ]);
    assert_eq!(
        run.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
}
