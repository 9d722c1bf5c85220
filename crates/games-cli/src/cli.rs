//! Argument parsing and dispatch to the generic commands.

use crate::adapters::{CliGame, Kamisado, Onitama, TicTacToe};
use crate::{commands, play};
use clap::{Args, Parser, Subcommand, ValueEnum};
use std::ffi::OsString;

/// Why the program stops with an error.
#[derive(Debug)]
pub enum Failure {
    /// Bad input: exit code 2 with one line on stderr.
    Usage(String),
    /// Writing the output failed.
    Io(std::io::Error),
}

impl From<std::io::Error> for Failure {
    fn from(e: std::io::Error) -> Self {
        Failure::Io(e)
    }
}

/// Shorthand for a bad-input failure.
pub fn usage(message: impl Into<String>) -> Failure {
    Failure::Usage(message.into())
}

#[derive(Parser, Debug)]
#[command(
    name = "games",
    version,
    about = "Kamisado and Onitama: perft, positions and play, from the reference rules library",
    after_help = "Exit codes: 0 success, 2 bad input (one line on stderr naming it)."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The games the program knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum GameName {
    /// Kamisado, Single Round.
    Kamisado,
    /// Onitama, base game.
    Onitama,
    /// Tic-tac-toe, the test game of abstract-game (squares 0..8).
    Tictactoe,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Count the move tree (perft) to DEPTH, one line per depth.
    Perft(PerftArgs),
    /// Show a position: diagram, side to move, legal moves, outcome.
    Show(ShowArgs),
    /// Play in the terminal: people, the engine, or both.
    Play(play::PlayArgs),
}

/// Where the position comes from (shared by every subcommand).
#[derive(Args, Debug, Clone, Default)]
pub struct PositionArgs {
    /// A position in the text format of the game.
    #[arg(long, value_name = "TEXT")]
    pub position: Option<String>,
    /// Onitama only: the start position of a deal, five card names (Red's two, Blue's two, side card).
    #[arg(long, value_name = "DEAL", conflicts_with = "position")]
    pub cards: Option<String>,
    /// Moves played from that position first, separated by whitespace.
    #[arg(long, value_name = "MOVES", allow_hyphen_values = true)]
    pub moves: Option<String>,
}

#[derive(Args, Debug)]
struct PerftArgs {
    /// The game.
    game: GameName,
    /// The depth, 1 or more.
    depth: u32,
    #[command(flatten)]
    position: PositionArgs,
    /// For DEPTH only: the count below each root move, then the total.
    #[arg(long)]
    divide: bool,
    /// Count a finished game as one leaf at every greater depth (the Onitama community's tables).
    #[arg(long)]
    terminal_leaves: bool,
    /// One JSON object with per-ply statistics instead of text.
    #[arg(long)]
    json: bool,
    /// Worker threads over the root moves (1: single-threaded, 0: one per core).
    #[arg(long, default_value_t = 1, value_name = "N")]
    threads: usize,
    /// Stop with an error instead of starting a depth whose count could exceed N leaves (estimated
    /// from the previous depth's branching factor).
    #[arg(long, value_name = "N")]
    max_nodes: Option<u64>,
}

#[derive(Args, Debug)]
struct ShowArgs {
    /// The game.
    game: GameName,
    #[command(flatten)]
    position: PositionArgs,
    /// One JSON object instead of text.
    #[arg(long)]
    json: bool,
}

/// Parses the arguments and runs the command.
pub fn run(args: impl IntoIterator<Item = OsString>) -> Result<(), Failure> {
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            return match e.kind() {
                ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
                    print!("{}", e.render());
                    Ok(())
                }
                ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => Err(usage(
                    "missing a command: perft, show or play (see games --help)",
                )),
                _ => Err(usage(clap_first_line(&e))),
            };
        }
    };
    match cli.command {
        Command::Perft(a) => dispatch(a.game, Perft(&a)),
        Command::Show(a) => dispatch(a.game, Show(&a)),
        Command::Play(a) => dispatch(a.game, PlayCmd(&a)),
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

/// A command that runs for any game: the generic body behind each subcommand.
trait GenericCommand {
    fn run<G: CliGame>(self) -> Result<(), Failure>;
}

fn dispatch(game: GameName, command: impl GenericCommand) -> Result<(), Failure> {
    match game {
        GameName::Kamisado => command.run::<Kamisado>(),
        GameName::Onitama => command.run::<Onitama>(),
        GameName::Tictactoe => command.run::<TicTacToe>(),
    }
}

struct Perft<'a>(&'a PerftArgs);
struct Show<'a>(&'a ShowArgs);
struct PlayCmd<'a>(&'a play::PlayArgs);

impl GenericCommand for Perft<'_> {
    fn run<G: CliGame>(self) -> Result<(), Failure> {
        let a = self.0;
        let pos = commands::position::<G>(&a.position)?;
        commands::perft(
            &pos,
            &commands::PerftOptions {
                depth: a.depth,
                divide: a.divide,
                terminal_leaves: a.terminal_leaves,
                json: a.json,
                threads: a.threads,
                max_nodes: a.max_nodes,
            },
        )
    }
}

impl GenericCommand for Show<'_> {
    fn run<G: CliGame>(self) -> Result<(), Failure> {
        let pos = commands::position::<G>(&self.0.position)?;
        commands::show(&pos, self.0.json)
    }
}

impl GenericCommand for PlayCmd<'_> {
    fn run<G: CliGame>(self) -> Result<(), Failure> {
        play::play::<G>(self.0)
    }
}
