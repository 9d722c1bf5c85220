//! `games tablebase onitama` (in memory and through files) and `games solve onitama
//! --tablebase FILE`: the same file both ways, answers from it, and clear refusals.

mod common;

use common::{bad, json, ok};

/// A path in the temporary directory, unique to this process and `name`.
fn scratch(name: &str) -> String {
    std::env::temp_dir()
        .join(format!("games-cli-tb-{}-{name}", std::process::id()))
        .display()
        .to_string()
}

const SET_A: &str = "horse,elephant,ox,boar,crab";

#[test]
fn both_ways_of_building_write_the_same_file_and_solve_answers_from_it() {
    let (memory, files) = (scratch("a2-memory.tb"), scratch("a2-files.tb"));
    let build = |out: &str, extra: &[&str]| {
        let mut args = vec!["tablebase", "onitama", "--cards", SET_A, "--pieces", "2"];
        args.extend(["--out", out]);
        args.extend(extra);
        ok(&args)
    };
    let in_memory = build(&memory, &[]);
    let through_files = build(&files, &["--low-memory", "--threads", "1"]);
    for text in [&in_memory, &through_files] {
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 2, "{text}");
        assert!(lines[0].starts_with("18000 entries") && lines[0].contains("memory needed"));
        assert!(lines[1].starts_with("positions 16590 "), "{text}");
        assert!(lines[1].contains("longest win 25 plies"), "{text}");
    }
    assert!(through_files.contains("built through files"));
    assert!(!in_memory.contains("built through files"));
    assert!(std::fs::read(&memory).unwrap() == std::fs::read(&files).unwrap());
    // A win in 1: the horse's step takes the Master.
    let position = "2m2/2M2/5/5/5 elephant,horse boar,ox crab r";
    let v = json(&[
        "solve",
        "onitama",
        "--position",
        position,
        "--tablebase",
        &files,
        "--all-moves",
        "--json",
    ]);
    assert_eq!(
        (v["value"].as_str(), v["plies"].as_u64()),
        (Some("win"), Some(1))
    );
    assert_eq!(v["winner"], "red");
    assert_eq!(v["line"].as_array().unwrap().len(), 1);
    let moves = v["moves"].as_array().unwrap();
    assert!(moves.iter().any(|m| m["value"] == "win" && m["plies"] == 1));
    // Other cards: not in the table.
    bad(
        &[
            "solve",
            "onitama",
            "--position",
            "2m2/2M2/5/5/5 tiger,horse boar,ox crab r",
            "--tablebase",
            &files,
        ],
        "not in the tablebase",
    );
    // A cut file is refused, whole.
    let bytes = std::fs::read(&files).unwrap();
    std::fs::write(&files, &bytes[..bytes.len() - 1]).unwrap();
    bad(
        &[
            "solve",
            "onitama",
            "--position",
            position,
            "--tablebase",
            &files,
        ],
        "bad --tablebase",
    );
    std::fs::remove_file(&memory).unwrap();
    std::fs::remove_file(&files).unwrap();
}

#[test]
fn the_variant_is_built_in_memory_only() {
    let out = scratch("variant.tb");
    bad(
        &[
            "tablebase",
            "onitama",
            "--cards",
            SET_A,
            "--pieces",
            "2",
            "--out",
            &out,
            "--low-memory",
            "--compare-stuck-loses",
        ],
        "--compare-stuck-loses",
    );
    assert!(!std::path::Path::new(&out).exists());
}

/// A path that cannot be written is reported before anything is printed or built; a finished
/// build replaces an earlier file whole and leaves no partial file beside it; too many threads
/// are refused before any starts.
#[test]
fn the_out_file_and_the_threads_are_checked_first() {
    fn build<'a>(out: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
        let mut args = vec!["tablebase", "onitama", "--cards", SET_A, "--pieces", "2"];
        args.extend(["--out", out]);
        args.extend(extra);
        args
    }
    let missing = std::env::temp_dir()
        .join(format!("games-cli-tb-{}-no-such-dir", std::process::id()))
        .join("a.tb")
        .display()
        .to_string();
    // `bad` also checks that nothing reached stdout.
    bad(&build(&missing, &[]), "cannot write --out");
    let out = scratch("replaced.tb");
    std::fs::write(&out, "an earlier file").unwrap();
    bad(
        &build(&out, &["--threads", "100000"]),
        "expected 1..=64 threads",
    );
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "an earlier file");
    ok(&build(&out, &[]));
    assert_eq!(std::fs::read(&out).unwrap().len(), 18064);
    assert!(!std::path::Path::new(&format!("{out}.partial")).exists());
    std::fs::remove_file(&out).unwrap();
}

/// An `--out` that names a directory (an existing one, or any path ending in `/`) is refused
/// before the table is built or its memory line printed, in memory and through files; nothing
/// is left in the directory or beside it.
#[test]
fn an_out_that_names_a_directory_is_refused_first() {
    let dir = scratch("a-directory");
    std::fs::create_dir_all(&dir).unwrap();
    let missing = scratch("no-such-directory");
    let with_slash = format!("{dir}/");
    let missing_with_slash = format!("{missing}/");
    for extra in [&[][..], &["--low-memory"]] {
        for (out, why) in [
            (dir.as_str(), "an existing directory"),
            (with_slash.as_str(), "ends in a separator"),
            (missing_with_slash.as_str(), "ends in a separator"),
        ] {
            let mut args = vec!["tablebase", "onitama", "--cards", SET_A, "--pieces", "2"];
            args.extend(["--out", out]);
            args.extend(extra);
            // `bad` also checks that nothing reached stdout.
            let line = bad(&args, "bad --out");
            assert!(line.contains(why), "{args:?}: {line}");
        }
    }
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
    assert!(!std::path::Path::new(&format!("{dir}.partial")).exists());
    assert!(!std::path::Path::new(&format!("{dir}.levels")).exists());
    assert!(!std::path::Path::new(&missing).exists());
    std::fs::remove_dir(&dir).unwrap();
}

/// Through files (`--low-memory`) too, the table is written beside `--out` and renamed at the
/// end: a path that cannot be written is refused before the memory line, and a failed build
/// (here: the level lists' directory left by an interrupted one) leaves an earlier file whole.
#[test]
fn through_files_an_earlier_file_survives_a_failed_build() {
    fn build(out: &str) -> Vec<&str> {
        let mut args = vec!["tablebase", "onitama", "--cards", SET_A, "--pieces", "2"];
        args.extend(["--out", out, "--low-memory"]);
        args
    }
    let missing = std::env::temp_dir()
        .join(format!(
            "games-cli-tb-{}-no-such-dir-lm",
            std::process::id()
        ))
        .join("a.tb")
        .display()
        .to_string();
    bad(&build(&missing), "cannot write --out");
    let out = scratch("earlier-lm.tb");
    std::fs::write(&out, "an earlier file").unwrap();
    let levels = format!("{out}.partial.levels");
    std::fs::create_dir_all(&levels).unwrap();
    bad(&build(&out), "remove it first");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "an earlier file");
    std::fs::remove_dir(&levels).unwrap();
    ok(&build(&out));
    assert_eq!(std::fs::read(&out).unwrap().len(), 18064);
    assert!(!std::path::Path::new(&format!("{out}.partial")).exists());
    assert!(!std::path::Path::new(&levels).exists());
    std::fs::remove_file(&out).unwrap();
}

/// Ctrl-C stops a build (the 6-piece table, minutes of work) within a moment, in memory and
/// through files: exit code 130 and the line `interrupted` on stderr, the earlier `--out` as it
/// was, and neither `FILE.partial` nor its level lists left behind. (It used to end by the
/// signal and leave `FILE.partial`.) SIGTERM (what a service manager or `kill` sends) and
/// SIGHUP (a closed terminal) stop it the same way (they used to end it on the spot and leave
/// `FILE.partial`, gigabytes for the larger tables).
#[cfg(unix)]
#[test]
fn ctrl_c_stops_a_build_and_leaves_the_earlier_file() {
    use std::time::Duration;
    if common::sigint_is_ignored() {
        eprintln!("SIGINT is ignored in this process and its children: test skipped");
        return;
    }
    for (name, extra, signal) in [
        ("memory", &[][..], "INT"),
        ("files", &["--low-memory"][..], "INT"),
        ("memory-term", &[][..], "TERM"),
        ("files-hup", &["--low-memory"][..], "HUP"),
    ] {
        let out = scratch(&format!("interrupted-{name}.tb"));
        let partial = format!("{out}.partial");
        std::fs::write(&out, "an earlier file").unwrap();
        let mut args = vec!["tablebase", "onitama", "--cards", SET_A, "--pieces", "6"];
        args.extend(["--out", &out, "--threads", "2"]);
        args.extend(extra);
        let (mut child, reader) = common::spawn_reading_stderr(&args);
        common::wait_for_path(&partial, Duration::from_secs(60));
        std::thread::sleep(Duration::from_millis(500));
        common::send_signal(&child, signal);
        let (status, waited) = common::wait_at_most(&mut child, Duration::from_secs(10));
        let stderr = reader.join().expect("stderr is read");
        if status.code() == Some(2) && stderr.contains("not enough memory") {
            eprintln!("{name}: {stderr}: skipped");
            std::fs::remove_file(&out).unwrap();
            continue;
        }
        assert_eq!(status.code(), Some(130), "{name}: {status}, {stderr}");
        assert!(stderr.ends_with("interrupted\n"), "{name}: {stderr}");
        assert!(!stderr.contains("panicked"), "{name}: {stderr}");
        assert!(
            waited < Duration::from_secs(3),
            "{name}: {waited:?} after SIG{signal}"
        );
        assert_eq!(std::fs::read_to_string(&out).unwrap(), "an earlier file");
        assert!(!std::path::Path::new(&partial).exists(), "{name}");
        assert!(
            !std::path::Path::new(&format!("{partial}.levels")).exists(),
            "{name}"
        );
        std::fs::remove_file(&out).unwrap();
    }
}

/// A build killed outright (SIGKILL: no clean-up is possible) leaves `FILE.partial` behind; the
/// next build simply writes over it (the partial file is created afresh, truncated) and leaves
/// none.
#[cfg(unix)]
#[test]
fn a_partial_file_left_by_a_killed_build_is_overwritten_by_the_next() {
    use std::time::Duration;
    let out = scratch("killed.tb");
    let partial = format!("{out}.partial");
    let mut child = common::spawn_quietly(&[
        "tablebase",
        "onitama",
        "--cards",
        SET_A,
        "--pieces",
        "6",
        "--out",
        &out,
    ]);
    common::wait_for_path(&partial, Duration::from_secs(60));
    common::send_signal(&child, "KILL");
    let _ = child.wait();
    assert!(
        std::path::Path::new(&partial).exists(),
        "SIGKILL leaves the partial file"
    );
    // Longer than the next table, so that a partial file not truncated would show.
    std::fs::write(&partial, vec![b'x'; 50_000]).unwrap();
    for extra in [&[][..], &["--low-memory"][..]] {
        let mut args = vec!["tablebase", "onitama", "--cards", SET_A, "--pieces", "2"];
        args.extend(["--out", &out]);
        args.extend(extra);
        ok(&args);
        assert_eq!(std::fs::read(&out).unwrap().len(), 18064, "{extra:?}");
        assert!(!std::path::Path::new(&partial).exists(), "{extra:?}");
        // Left again for the next round, as a killed build would.
        std::fs::write(&partial, vec![b'x'; 50_000]).unwrap();
    }
    std::fs::remove_file(&partial).unwrap();
    let answer = ok(&[
        "solve",
        "onitama",
        "--position",
        "2m2/2M2/5/5/5 elephant,horse boar,ox crab r",
        "--tablebase",
        &out,
    ]);
    assert!(answer.starts_with("red wins in 1 plies"), "{answer}");
    std::fs::remove_file(&out).unwrap();
}
