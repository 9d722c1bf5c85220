//! Running the built `games` binary.
#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Stdio};

/// What a run of `games` printed.
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

/// Runs `games` with these arguments and optional standard input.
pub fn games_with_input(args: &[&str], input: &str) -> Run {
    games_with_bytes(args, input.as_bytes())
}

/// Runs `games` with these arguments and this standard input, which need not be UTF-8.
pub fn games_with_bytes(args: &[&str], input: &[u8]) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_games"))
        .args(args)
        .env("RUST_BACKTRACE", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the games binary runs");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    // The child may exit before reading everything (bad arguments): ignore a broken pipe.
    let _ = stdin.write_all(input);
    drop(stdin);
    let out = child.wait_with_output().expect("the games binary finishes");
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// Runs `games` with these arguments and no input.
pub fn games(args: &[&str]) -> Run {
    games_with_input(args, "")
}

/// Asserts a successful run and returns its stdout.
pub fn ok(args: &[&str]) -> String {
    let run = games(args);
    assert_eq!(run.code, 0, "games {args:?} failed: {}", run.stderr);
    assert!(
        run.stderr.is_empty(),
        "games {args:?} wrote to stderr: {}",
        run.stderr
    );
    run.stdout
}

/// Asserts the bad-input contract: exit code 2, nothing on stdout, exactly one line on stderr that
/// contains `needle`, no panic. Returns the line.
pub fn bad(args: &[&str], needle: &str) -> String {
    let run = games(args);
    assert_eq!(
        run.code, 2,
        "games {args:?} should fail with 2; stderr: {}",
        run.stderr
    );
    assert!(
        run.stdout.is_empty(),
        "games {args:?} printed to stdout: {}",
        run.stdout
    );
    assert_eq!(
        run.stderr.lines().count(),
        1,
        "games {args:?}: not one line: {:?}",
        run.stderr
    );
    assert!(!run.stderr.contains("panicked"), "games {args:?} panicked");
    assert!(
        run.stderr.contains(needle),
        "games {args:?}: {:?} does not mention {needle:?}",
        run.stderr
    );
    run.stderr
}

/// Parses stdout as exactly one JSON object.
pub fn json(args: &[&str]) -> serde_json::Value {
    let out = ok(args);
    assert_eq!(out.lines().count(), 1, "more than one line of JSON: {out}");
    serde_json::from_str(&out).expect("valid JSON")
}

/// Runs `games` with these arguments and a standard output whose reader is already gone (as in
/// `games ... | head -0`): every write to it fails with a broken pipe. Returns the exit code and
/// stderr (stdout is empty).
#[cfg(unix)]
pub fn games_into_closed_stdout(args: &[&str]) -> Run {
    use std::os::fd::OwnedFd;
    use std::os::unix::net::UnixStream;
    // A connected pair of sockets: with one end closed before `games` starts, a write to the
    // other fails with EPIPE, the same as a pipe whose reader exited, without a race.
    let (ours, theirs) = UnixStream::pair().expect("a socket pair");
    drop(ours);
    let out = Command::new(env!("CARGO_BIN_EXE_games"))
        .args(args)
        .env("RUST_BACKTRACE", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::from(OwnedFd::from(theirs)))
        .stderr(Stdio::piped())
        .output()
        .expect("the games binary runs");
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::new(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// Whether this process ignores SIGINT (Linux: the `SigIgn` mask of `/proc/self/status`, in
/// which SIGINT, signal 2, is the bit of value 2); `false` where that cannot be read. A child
/// inherits an ignored signal (a shell's background job ignores SIGINT), so such a process
/// cannot interrupt `games` by it.
pub fn sigint_is_ignored() -> bool {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            let mask = status.lines().find_map(|l| l.strip_prefix("SigIgn:"))?;
            u64::from_str_radix(mask.trim(), 16).ok()
        })
        .is_some_and(|mask| mask & 2 != 0)
}

/// Sends `signal` (`INT`, `TERM`, `HUP`, `KILL`) to `child` with kill(1).
#[cfg(unix)]
pub fn send_signal(child: &std::process::Child, signal: &str) {
    let status = Command::new("kill")
        .args([&format!("-{signal}"), &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success(), "kill -{signal} failed");
}

/// Waits at most `limit` for `child` to end and returns its status and how long it took; a
/// child still running then is killed and the test fails (instead of waiting for work that
/// would take years).
pub fn wait_at_most(
    child: &mut std::process::Child,
    limit: std::time::Duration,
) -> (std::process::ExitStatus, std::time::Duration) {
    let start = std::time::Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("games is waited for") {
            return (status, start.elapsed());
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("games still ran {limit:?} after the signal");
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
}

/// Waits at most `limit` until `path` exists (a run has got that far), failing the test
/// otherwise.
pub fn wait_for_path(path: &str, limit: std::time::Duration) {
    let start = std::time::Instant::now();
    while !std::path::Path::new(path).exists() {
        assert!(
            start.elapsed() < limit,
            "{path} did not appear within {limit:?}"
        );
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}

/// Starts `games` with these arguments, no input and its output thrown away (a run that a test
/// stops or kills part-way).
pub fn spawn_quietly(args: &[&str]) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_games"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the games binary runs")
}

/// Starts `games` with these arguments, no input and its stdout thrown away; its stderr is read
/// to the end on a thread, whose result is the text (join it once the child has ended).
pub fn spawn_reading_stderr(
    args: &[&str],
) -> (std::process::Child, std::thread::JoinHandle<String>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_games"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the games binary runs");
    let mut stderr = child.stderr.take().expect("stderr is piped");
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = std::io::Read::read_to_string(&mut stderr, &mut text);
        text
    });
    (child, reader)
}
