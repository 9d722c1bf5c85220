//! Malformed and hostile arguments: each gets exit code 2, one line on stderr naming the bad input,
//! nothing on stdout, and no panic. Also: long runs can be bounded or interrupted.

mod common;
use common::bad;
use std::time::{Duration, Instant};

/// The largest single argument Linux passes to a program is 128 KiB; stay just below it.
const LONG: usize = 127 * 1024;

#[test]
fn empty_strings() {
    for game in ["kamisado", "onitama"] {
        bad(&["show", game, "--position", ""], "--position");
        bad(&["perft", game, ""], "DEPTH");
    }
    bad(&["show", "", "--json"], "GAME");
    bad(&["show", "onitama", "--cards", ""], "--cards");
    // An empty --moves is no moves at all: not an error.
    common::ok(&["show", "kamisado", "--moves", ""]);
}

#[test]
fn very_long_strings() {
    let junk = "a".repeat(LONG);
    for game in ["kamisado", "onitama"] {
        let line = bad(&["show", game, "--position", &junk], "--position");
        assert!(
            line.len() < 1000,
            "{game}: the error echoes the whole input"
        );
        let line = bad(&["show", game, "--moves", &junk], "move 1");
        assert!(line.len() < 1000);
    }
    let line = bad(&["show", "onitama", "--cards", &junk], "--cards");
    assert!(line.len() < 1000);
    // Many valid-looking moves: rejected at the first illegal one, quickly.
    let many = "c1a3 ".repeat(LONG / 5);
    bad(&["show", "kamisado", "--moves", &many], "move 2");
    let many = "boar:c5c4 ".repeat(LONG / 10);
    bad(&["show", "onitama", "--moves", &many], "move 2");
}

#[test]
fn non_ascii() {
    bad(
        &[
            "show",
            "kamisado",
            "--position",
            "obpkyrgn/8/8/8/8/8/8/NGRYKPBÖ b - -",
        ],
        "--position",
    );
    bad(&["show", "kamisado", "--moves", "ç1a3"], "move 1");
    bad(&["show", "kamisado", "--moves", "c1a３"], "move 1");
    bad(&["show", "onitama", "--moves", "tigér:c1c3"], "move 1");
    bad(
        &["show", "onitama", "--cards", "horse,éléphant,ox,boar,crab"],
        "--cards",
    );
    bad(
        &[
            "show",
            "onitama",
            "--position",
            "ssmss/5/5/5/SSMSS 象,horse boar,ox crab b",
        ],
        "--position",
    );
    bad(&["perft", "kamisado", "٣"], "DEPTH");
}

#[test]
fn wrong_field_counts() {
    bad(
        &[
            "show",
            "kamisado",
            "--position",
            "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -",
        ],
        "--position",
    );
    bad(
        &[
            "show",
            "kamisado",
            "--position",
            "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - - -",
        ],
        "--position",
    );
    bad(
        &[
            "show",
            "kamisado",
            "--position",
            "obpkyrgn/8/8/8/8/8/NGRYKPBO b - -",
        ],
        "--position",
    );
    bad(
        &[
            "show",
            "kamisado",
            "--position",
            "obpkyrgn/8/8/8/8/8/8/NGRYKPBO  b - -",
        ],
        "--position",
    );
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
            "ssmss/5/5/5/SSMSS elephant,horse,ox boar crab b",
        ],
        "--position",
    );
    bad(
        &[
            "show",
            "onitama",
            "--position",
            "ssmss/5/5/SSMSS elephant,horse boar,ox crab b",
        ],
        "--position",
    );
    bad(
        &["show", "onitama", "--cards", "horse,elephant,ox,boar"],
        "--cards",
    );
    bad(
        &[
            "show",
            "onitama",
            "--cards",
            "horse,elephant,ox,boar,crab,tiger",
        ],
        "--cards",
    );
}

#[test]
fn bad_squares() {
    bad(&["show", "kamisado", "--moves", "i1a3"], "move 1");
    bad(&["show", "kamisado", "--moves", "c9a3"], "move 1");
    bad(&["show", "kamisado", "--moves", "c0a3"], "move 1");
    bad(&["show", "kamisado", "--moves", "c1"], "move 1");
    bad(&["show", "onitama", "--moves", "boar:f5f4"], "move 1");
    bad(&["show", "onitama", "--moves", "boar:c6c5"], "move 1");
    bad(&["show", "onitama", "--moves", "boar:c5"], "move 1");
}

#[test]
fn unknown_cards_or_colours() {
    bad(
        &[
            "show",
            "onitama",
            "--cards",
            "horse,elephant,ox,boar,unicorn",
        ],
        "unicorn",
    );
    bad(&["show", "onitama", "--moves", "unicorn:c5c4"], "move 1");
    bad(
        &[
            "show",
            "onitama",
            "--position",
            "ssmss/5/5/5/SSMSS elephant,horse boar,ox unicorn b",
        ],
        "--position",
    );
    bad(
        &[
            "show",
            "kamisado",
            "--position",
            "obpkyrgn/8/8/8/8/8/8/NGRYKPBX b - -",
        ],
        "--position",
    );
    bad(
        &[
            "show",
            "kamisado",
            "--position",
            "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b x -",
        ],
        "--position",
    );
}

#[test]
fn duplicated_towers_or_cards() {
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
        &[
            "show",
            "kamisado",
            "--position",
            "obpkyrgo/8/8/8/8/8/8/NGRYKPBO b - -",
        ],
        "--position",
    );
    bad(
        &["show", "onitama", "--cards", "horse,horse,ox,boar,crab"],
        "--cards",
    );
    bad(
        &[
            "show",
            "onitama",
            "--position",
            "ssmss/5/5/5/SSMSS horse,horse boar,ox crab b",
        ],
        "--position",
    );
    bad(
        &[
            "show",
            "onitama",
            "--position",
            "ssmss/5/5/5/SSMSS elephant,horse boar,horse crab b",
        ],
        "--position",
    );
}

#[test]
fn positions_that_cannot_arise() {
    // Kamisado: a zero-length chain while any tower may move; a chain inconsistent with the board.
    bad(
        &[
            "show",
            "kamisado",
            "--position",
            "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - n",
        ],
        "--position",
    );
    bad(
        &[
            "show",
            "kamisado",
            "--position",
            "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b n o",
        ],
        "--position",
    );
    // Onitama: both masters missing; too many pieces; two masters of a side; the side to move
    // having won already.
    bad(
        &[
            "show",
            "onitama",
            "--position",
            "sssss/5/5/5/SSSSS elephant,horse boar,ox crab b",
        ],
        "--position",
    );
    bad(
        &[
            "show",
            "onitama",
            "--position",
            "ssmss/s4/5/5/SSMSS elephant,horse boar,ox crab b",
        ],
        "--position",
    );
    bad(
        &[
            "show",
            "onitama",
            "--position",
            "smmss/5/5/5/SSMSS elephant,horse boar,ox crab b",
        ],
        "--position",
    );
    bad(
        &[
            "show",
            "onitama",
            "--position",
            "ss1ss/5/5/5/SSMSS elephant,horse boar,ox crab r",
        ],
        "--position",
    );
}

#[test]
fn illegal_moves_in_moves() {
    bad(
        &["show", "kamisado", "--moves", "c1c1"],
        "move 1 of --moves (\"c1c1\"): illegal move c1c1: ",
    );
    bad(
        &["show", "kamisado", "--moves", "c1a3 c8c7"],
        "move 2 of --moves (\"c8c7\"): illegal move c8c7: ",
    );
    bad(
        &[
            "show",
            "kamisado",
            "--moves",
            "c1a3 b8h2 a3e7 h2h2 e7e7 a1a2",
        ],
        "move 6",
    );
    bad(&["show", "onitama", "--moves", "horse:c1c2"], "move 1");
    bad(&["show", "onitama", "--moves", "boar:pass"], "move 1");
    bad(
        &[
            "show",
            "onitama",
            "--position",
            "MSSSS/5/2m2/5/5 boar,elephant monkey,tiger crab r",
            "--moves",
            "tiger:pass",
        ],
        "move 1",
    );
}

#[test]
fn depths() {
    for game in ["kamisado", "onitama"] {
        bad(&["perft", game, "0"], "depth");
        bad(&["perft", game, "65"], "depth");
        bad(&["perft", game, "4294967296"], "4294967296");
        bad(&["perft", game, "-3"], "-3");
        bad(&["perft", game, "1e3"], "1e3");
    }
}

#[test]
fn huge_depths_with_a_small_budget_stop_at_once() {
    for game in ["kamisado", "onitama"] {
        for extra in [&[][..], &["--json"], &["--divide"], &["--terminal-leaves"]] {
            let start = Instant::now();
            let mut args = vec!["perft", game, "64", "--max-nodes", "1000000"];
            args.extend_from_slice(extra);
            bad(&args, "--max-nodes");
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "{args:?} took too long"
            );
        }
    }
}

#[cfg(unix)]
#[test]
fn help_into_a_closed_pipe_ends_quietly() {
    for args in [
        &["--help"][..],
        &["play", "--help"],
        &["tablebase", "--help"],
        &["--version"],
        &["show", "kamisado"],
    ] {
        let run = common::games_into_closed_stdout(args);
        assert_eq!(run.code, 0, "games {args:?}: {}", run.stderr);
        assert!(run.stderr.is_empty(), "games {args:?}: {}", run.stderr);
    }
}

/// Ctrl-C stops perft (plain, on threads, and --divide) within a moment: exit code 130 and the
/// line `interrupted` on stderr, no panic. (It used to end by the signal, with no exit code.)
/// SIGTERM and SIGHUP stop it the same way.
#[cfg(unix)]
#[test]
fn an_interrupted_run_exits_promptly_without_a_panic() {
    if common::sigint_is_ignored() {
        eprintln!("SIGINT is ignored in this process and its children: test skipped");
        return;
    }
    for (args, signal) in [
        (&["perft", "kamisado", "30"][..], "INT"),
        (&["perft", "kamisado", "30", "--threads", "2"], "INT"),
        (&["perft", "onitama", "20", "--divide"], "INT"),
        (&["perft", "onitama", "30"], "TERM"),
        (&["perft", "kamisado", "30", "--divide"], "HUP"),
    ] {
        let (mut child, reader) = common::spawn_reading_stderr(args);
        std::thread::sleep(Duration::from_millis(300));
        common::send_signal(&child, signal);
        // A run that ignores the interrupt is killed and the test fails, instead of waiting
        // for a perft that would take years.
        let (status, waited) = common::wait_at_most(&mut child, Duration::from_secs(5));
        let stderr = reader.join().expect("stderr is read");
        assert_eq!(
            status.code(),
            Some(130),
            "games {args:?}: {status}, {stderr}"
        );
        assert_eq!(stderr, "interrupted\n", "games {args:?}");
        assert!(
            waited < Duration::from_secs(2),
            "games {args:?}: {waited:?} after SIG{signal}"
        );
    }
}
