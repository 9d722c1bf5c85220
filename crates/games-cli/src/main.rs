//! `games`: perft, show and play for Kamisado and Onitama, from the command line.
//!
//! The contract (output formats, exit codes) is documented in `docs/cli.md`; run `games --help`.
//! Modules: `main` parses the arguments (`args`) and hands each command to the catalog's dispatch;
//! the `commands` are written once for every game; `error` turns failures into one line;
//! `partial` writes output files whole or not at all; `interrupt` turns Ctrl-C into a stop flag
//! for the commands that check one.
#![forbid(unsafe_code)]

mod args;
mod commands;
mod error;
mod interrupt;
mod partial;

use std::ffi::OsString;
use std::io::Write;
use std::process::ExitCode;

use clap::Parser;

use crate::args::{Cli, Command};
use crate::error::{Failure, one_line, usage};

fn main() -> ExitCode {
    match run(std::env::args_os()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Usage(message)) => {
            eprintln!("error: {}", one_line(&message));
            ExitCode::from(2)
        }
        Err(Failure::Refuted(message)) => {
            eprintln!("{}", one_line(&message));
            ExitCode::from(1)
        }
        Err(Failure::Interrupted) => {
            eprintln!("interrupted");
            ExitCode::from(interrupt::INTERRUPTED)
        }
        Err(Failure::Io(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(Failure::Io(e)) => {
            eprintln!("error: {e}");
            ExitCode::from(1)
        }
    }
}

/// Parses the arguments and runs the command.
fn run(args: impl IntoIterator<Item = OsString>) -> Result<(), Failure> {
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            return match e.kind() {
                ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
                    // Written, not printed: a closed pipe (`games --help | head -1`) is an
                    // error that `main` ends quietly, not a panic.
                    let mut out = std::io::stdout().lock();
                    write!(out, "{}", e.render())?;
                    out.flush()?;
                    Ok(())
                }
                ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => Err(usage(
                    "missing a command: perft, show, play, analyze, match, solve, verify-proof, tablebase, tune, serve or site (see games --help)",
                )),
                _ => Err(usage(clap_first_line(&e))),
            };
        }
    };
    match &cli.command {
        Command::Perft(a) => a.game.visit(commands::perft::Perft(a)),
        Command::Show(a) => a.game.visit(commands::show::Show(a)),
        Command::Play(a) => a.game.visit(commands::play::Play(a)),
        Command::Analyze(a) => a.game.visit(commands::analyze::Analyze(a)),
        Command::Match(a) => a.game.visit(commands::engine_match::Match(a)),
        Command::Solve(a) if a.tablebase.is_some() => commands::tablebase::solve(a),
        Command::Solve(a) => a.game.visit(commands::solve::Solve(a)),
        Command::Tablebase(a) => commands::tablebase::build(a),
        Command::Tune(a) => commands::tune::tune(a),
        Command::VerifyProof(a) => a.game.visit(commands::verify_proof::VerifyProof(a)),
        Command::Serve(a) => commands::serve::serve(a),
        Command::Site(a) => commands::site::site(a),
    }
}

/// A clap error's message on one line: its first paragraph (before the usage and tips), without
/// the `error: ` prefix.
fn clap_first_line(e: &clap::Error) -> String {
    let rendered = e.render().to_string();
    let message: Vec<&str> = rendered
        .lines()
        .take_while(|line| !line.trim().is_empty())
        .map(str::trim)
        .collect();
    let message = message.join(" ");
    message
        .strip_prefix("error: ")
        .unwrap_or(&message)
        .to_owned()
}
