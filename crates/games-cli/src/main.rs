//! `games`: perft, show and play for Kamisado and Onitama, from the command line.
//!
//! The contract (output formats, exit codes) is documented in `docs/cli.md`; run `games --help`.
#![forbid(unsafe_code)]

mod adapters;
mod cli;
mod commands;
mod play;

use std::process::ExitCode;

fn main() -> ExitCode {
    match cli::run(std::env::args_os()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(cli::Failure::Usage(message)) => {
            eprintln!("error: {}", commands::one_line(&message));
            ExitCode::from(2)
        }
        Err(cli::Failure::Io(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(cli::Failure::Io(e)) => {
            eprintln!("error: {e}");
            ExitCode::from(1)
        }
    }
}
