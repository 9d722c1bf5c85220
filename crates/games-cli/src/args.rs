//! The command line's arguments (clap). Nothing here runs a command.

use clap::{Arg, ArgMatches, Args, FromArgMatches, Parser, Subcommand, ValueEnum};
use game_catalog::{GameName, Setup};

#[derive(Parser, Debug)]
#[command(
    name = "games",
    version,
    about = "Kamisado and Onitama: perft, positions and play, from the reference rules library",
    after_help = "Exit codes: 0 success, 2 bad input (one line on stderr naming it)."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Count the move tree (perft) to DEPTH, one line per depth.
    Perft(PerftArgs),
    /// Show a position: diagram, side to move, legal moves, outcome.
    Show(ShowArgs),
    /// Play in the terminal: people, the engine, or both.
    Play(PlayArgs),
    /// Search a position with an engine: one line per completed depth, or JSON at the end.
    Analyze(AnalyzeArgs),
    /// Play two engines against each other: each opening twice with the sides swapped.
    Match(MatchArgs),
    /// The exact value of a position under perfect play, its line, and a checkable proof.
    Solve(SolveArgs),
    /// Check a proof file written by `solve --proof` with the game's slow reference rules.
    VerifyProof(VerifyProofArgs),
    /// Build an endgame tablebase (Onitama): every position with few pieces, its value and
    /// distance.
    Tablebase(TablebaseArgs),
    /// Tune the evaluator's weights (Onitama) on self-play games, labelled exactly by
    /// tablebases where they can be, and write them as a weights file.
    Tune(TuneArgs),
    /// Serve the web page, the JSON/WebSocket API and the Litama endpoint (`/litama`).
    Serve(ServeArgs),
    /// Write the page as a static site that plays in the browser with no server, offline too
    /// (the WebAssembly package, a manifest and a service worker beside it).
    Site(SiteArgs),
}

/// A game name from the catalog.
fn game_name(text: &str) -> Result<GameName, String> {
    text.parse()
        .map_err(|e: game_catalog::UnknownGameError| e.to_string())
}

/// Where the position comes from (shared by every subcommand): `--position`, each start option
/// of the catalog's games (`--cards` for Onitama), and `--moves`.
#[derive(Debug, Clone, Default)]
pub struct PositionArgs {
    /// What the catalog sets up.
    pub setup: Setup,
}

impl Args for PositionArgs {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        let mut cmd = cmd.arg(
            Arg::new("position")
                .long("position")
                .value_name("TEXT")
                .help("A position in the text format of the game"),
        );
        for option in GameName::all_start_options() {
            cmd = cmd.arg(
                Arg::new(option.name)
                    .long(option.name)
                    .value_name(option.value_name)
                    .help(option.help)
                    .conflicts_with("position"),
            );
        }
        cmd.arg(
            Arg::new("moves")
                .long("moves")
                .value_name("MOVES")
                .allow_hyphen_values(true)
                .help("Moves played from that position first, separated by whitespace"),
        )
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        Self::augment_args(cmd)
    }
}

impl FromArgMatches for PositionArgs {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let text = |id: &str| matches.get_one::<String>(id).cloned();
        let option = GameName::all_start_options()
            .into_iter()
            .find_map(|o| text(o.name).map(|value| (o.name.to_owned(), value)));
        Ok(PositionArgs {
            setup: Setup {
                position: text("position"),
                option,
                moves: text("moves"),
            },
        })
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

/// `games perft`.
#[derive(Args, Debug)]
pub struct PerftArgs {
    /// The game: kamisado, onitama or tictactoe.
    #[arg(value_parser = game_name)]
    pub game: GameName,
    /// The depth, 1 or more.
    pub depth: u32,
    #[command(flatten)]
    pub position: PositionArgs,
    /// For DEPTH only: the count below each root move, then the total.
    #[arg(long)]
    pub divide: bool,
    /// Count a finished game as one leaf at every greater depth (the Onitama community's tables).
    #[arg(long)]
    pub terminal_leaves: bool,
    /// One JSON object with per-ply statistics instead of text.
    #[arg(long)]
    pub json: bool,
    /// Worker threads over the root moves (1: single-threaded, 0: one per core).
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub threads: usize,
    /// Stop with an error instead of starting a depth whose count could exceed N leaves (estimated
    /// from the previous depth's branching factor).
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,
}

/// `games show`.
#[derive(Args, Debug)]
pub struct ShowArgs {
    /// The game: kamisado, onitama or tictactoe.
    #[arg(value_parser = game_name)]
    pub game: GameName,
    #[command(flatten)]
    pub position: PositionArgs,
    /// One JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Who makes the moves of one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Mover {
    /// A person typing moves.
    Human,
    /// The engine at `--level` (or Monte Carlo search with `--iterations` playouts).
    Engine,
    /// Uniformly random legal moves.
    Random,
}

/// A strength level of the engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum LevelArg {
    /// Looks one ply ahead.
    Easy,
    /// Three plies.
    Medium,
    /// Five plies.
    Hard,
    /// As deep as one second per move allows (Kamisado: perfect play).
    Max,
    /// Kamisado: perfect play (the shortest win, the longest defence); elsewhere max.
    Perfect,
}

impl LevelArg {
    /// The level's engine name in the catalog.
    pub fn name(self) -> &'static str {
        match self {
            LevelArg::Easy => "easy",
            LevelArg::Medium => "medium",
            LevelArg::Hard => "hard",
            LevelArg::Max => "max",
            LevelArg::Perfect => "perfect",
        }
    }
}

/// `games play`.
#[derive(Args, Debug)]
#[command(after_help = "\
While playing, type a move in the game's notation (kamisado `c1a3`, onitama `tiger:c1c3` or \
`tiger:pass`), or a command: `moves` (the legal moves), `hint` (the engine's suggestion), `auto` \
(let the engine play your move), `dest [SQUARE]` (Kamisado: where a tower can go), `board`, \
`undo` (take back to your previous turn), `redo`, `draw` (offer a draw), `resign`, `save FILE`, \
`load FILE`, `help`, `quit`. In the coaching round a move is a candidate: the answer shows what it \
allows the opponent, and `commit` plays it. At the end the result, its reason and the record are \
printed (a mirror match also prints its score table).

When standard input is not a terminal, commands are read line by line and the output is plain; \
NO_COLOR turns colours off on a terminal too.

Examples:
  games play kamisado                          you (black) against the engine (medium)
  games play onitama --side blue --level hard  you play blue against the hard engine
  games play kamisado --players human,human    two people at one terminal
  games play onitama --players engine,random   red is the engine, blue moves at random
  games play onitama --clock 3m+2s             a clock duel: 3 minutes each, 2 s a move
  games play onitama --mirror-match            two games, the same cards, seats swapped
  games play onitama --coach                   the open coaching round")]
pub struct PlayArgs {
    /// The game: kamisado, onitama or tictactoe.
    #[arg(value_parser = game_name)]
    pub game: GameName,
    #[command(flatten)]
    pub position: PositionArgs,
    /// Who plays each side, in the game's side order whoever starts: black,gold (Kamisado),
    /// red,blue (Onitama: the deal's side card decides who moves first), x,o (tic-tac-toe).
    /// The default is you against the engine (asked at the start on a terminal).
    #[arg(
        long,
        value_delimiter = ',',
        value_name = "KIND,KIND",
        conflicts_with = "side"
    )]
    pub players: Option<Vec<Mover>>,
    /// Against the engine: the side you play (black or gold, red or blue, x or o).
    #[arg(long, value_name = "SIDE")]
    pub side: Option<String>,
    /// The engine's strength.
    #[arg(long, value_enum, value_name = "LEVEL")]
    pub level: Option<LevelArg>,
    /// Instead of a level: Monte Carlo search with N playouts per move.
    #[arg(long, value_name = "N")]
    pub iterations: Option<u32>,
    /// Seed of the engine and the random mover.
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub seed: u64,
    /// Stop a game without a result after this many plies.
    #[arg(long, default_value_t = 1000, value_name = "N")]
    pub max_plies: usize,
    /// A clock duel: each player's time, and an increment per move after a `+` (5m, 3m+2s).
    #[arg(long, value_name = "TIME")]
    pub clock: Option<String>,
    /// Two games from the same start, seats swapped; a win is 1 point, an agreed draw ½.
    #[arg(long)]
    pub mirror_match: bool,
    /// The open coaching round: a typed move is a candidate until `commit`; no clock.
    #[arg(long, conflicts_with_all = ["clock", "mirror_match"])]
    pub coach: bool,
    /// For tests: the clock advances only with the command `wait DURATION`.
    #[arg(long, hide = true)]
    pub test_clock: bool,
}

/// `games analyze`.
#[derive(Args, Debug)]
#[command(group = clap::ArgGroup::new("limit").args(["depth", "time", "nodes"]))]
pub struct AnalyzeArgs {
    /// The game: kamisado, onitama or tictactoe.
    #[arg(value_parser = game_name)]
    pub game: GameName,
    #[command(flatten)]
    pub position: PositionArgs,
    /// Search this many plies deep.
    #[arg(long, value_name = "N")]
    pub depth: Option<u32>,
    /// Search for this many seconds (the default is 1 when no limit is given).
    // Read by the command, so that a bad value is reported in the user's own words.
    #[arg(long, value_name = "SECONDS", allow_negative_numbers = true)]
    pub time: Option<String>,
    /// Search this many nodes (playouts for mcts).
    #[arg(long, value_name = "N")]
    pub nodes: Option<u64>,
    /// The engine: a name and options after colons, e.g. mcts:playouts=20000.
    #[arg(long, default_value = "alphabeta", value_name = "SPEC")]
    pub engine: String,
    /// Search threads, for engines that take a `threads` option.
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub threads: usize,
    /// Seed of engines that draw random numbers.
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub seed: u64,
    /// One JSON object at the end instead of text.
    #[arg(long)]
    pub json: bool,
}

/// `games match`.
#[derive(Args, Debug)]
#[command(group = clap::ArgGroup::new("limit").args(["time_per_move", "depth"]))]
pub struct MatchArgs {
    /// The game: kamisado, onitama or tictactoe.
    #[arg(value_parser = game_name)]
    pub game: GameName,
    /// The two engines, comma-separated (each a name with options after colons).
    #[arg(long, value_name = "SPEC,SPEC")]
    pub engines: String,
    /// Games to play (each opening is played twice, the sides swapped).
    #[arg(long, default_value_t = 100, value_name = "N")]
    pub games: usize,
    /// Milliseconds per move (the default is 100 when no limit is given).
    #[arg(long, value_name = "MS")]
    pub time_per_move: Option<u64>,
    /// Search depth per move instead of a time.
    #[arg(long, value_name = "N")]
    pub depth: Option<u32>,
    /// Seed of the openings and the engines' random numbers.
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub seed: u64,
    /// Write every game's record to this file, one per line.
    #[arg(long, value_name = "FILE")]
    pub records: Option<std::path::PathBuf>,
    /// A game still running after this many plies is adjudicated a draw.
    #[arg(long, default_value_t = 400, value_name = "N")]
    pub max_plies: usize,
    /// A position occurring for the Nth time ends the game in a draw (0: never).
    #[arg(long, default_value_t = 3, value_name = "N")]
    pub repetitions: usize,
    /// One JSON object instead of the table.
    #[arg(long)]
    pub json: bool,
}

/// `games solve`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    /// The game: kamisado (or tictactoe; onitama with --tablebase).
    #[arg(value_parser = game_name)]
    pub game: GameName,
    #[command(flatten)]
    pub position: PositionArgs,
    /// Also the exact value and distance of every legal move.
    #[arg(long)]
    pub all_moves: bool,
    /// Write the winner's strategy to FILE, a certificate that `verify-proof` checks.
    #[arg(long, value_name = "FILE")]
    pub proof: Option<std::path::PathBuf>,
    /// An endgame tablebase to solve from (Onitama).
    #[arg(long, value_name = "FILE")]
    pub tablebase: Option<std::path::PathBuf>,
    /// The transposition table's size in MiB.
    #[arg(long, default_value_t = 256, value_name = "MIB")]
    pub table_mib: usize,
    /// Give up beyond this distance in plies (at most 254).
    #[arg(long, default_value_t = 200, value_name = "N")]
    pub max_plies: u32,
    /// One JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// `games verify-proof`.
#[derive(Args, Debug)]
pub struct VerifyProofArgs {
    /// The game of the proof.
    #[arg(value_parser = game_name)]
    pub game: GameName,
    /// The proof file.
    pub file: std::path::PathBuf,
}

/// `games serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The address to listen on: an IP address or a host name, and a port (0 picks a free one).
    #[arg(long, value_name = "HOST:PORT", default_value = "127.0.0.1:8080")]
    pub addr: String,
    /// The `SQLite` database that keeps the games across restarts.
    #[arg(long, value_name = "PATH", default_value = games_server::ServerConfig::DEFAULT_DB)]
    pub db: std::path::PathBuf,
    /// A reverse proxy whose `X-Forwarded-For` names the client (repeatable); without it
    /// every client is the address it connects from, and per-client limits count the proxy.
    #[arg(long, value_name = "IP")]
    pub trust_proxy: Vec<std::net::IpAddr>,
    /// Another origin whose pages may use the JSON API, such as `https://example.org`
    /// (repeatable; `*` any page). By default only the server's own page may.
    #[arg(long, value_name = "ORIGIN")]
    pub allow_origin: Vec<String>,
    /// An origin whose pages may connect to `/litama` (repeatable; `*` any page, which
    /// Litama's web clients served elsewhere need). By default only the server's own pages may;
    /// bots and other non-browser clients send no origin and are always let in.
    #[arg(long, value_name = "ORIGIN")]
    pub litama_origin: Vec<String>,
    /// Turn the per-client limits off (requests a second, games and sockets per address): for
    /// tests and benchmarks on one machine, or behind a proxy that limits clients itself. The
    /// server's own limits and every timeout stay.
    #[arg(long)]
    pub no_client_limits: bool,
}

/// `games site`.
#[derive(Args, Debug)]
pub struct SiteArgs {
    /// The folder to write the site to (created if missing; its files are replaced).
    #[arg(long, value_name = "DIR")]
    pub out: std::path::PathBuf,
    /// The folder of the WebAssembly package, as `crates/games-wasm/build.sh` writes it.
    #[arg(long, value_name = "DIR", default_value = "target/npm/games")]
    pub package: std::path::PathBuf,
}

/// `games tune`.
#[derive(Args, Debug)]
pub struct TuneArgs {
    /// The game: onitama.
    #[arg(value_parser = game_name)]
    pub game: GameName,
    /// Random deals to play (each gets its 4-piece tablebase for exact labels).
    #[arg(long, default_value_t = 200, value_name = "N")]
    pub deals: usize,
    /// Self-play games per deal.
    #[arg(long, default_value_t = 20, value_name = "N")]
    pub games_per_deal: usize,
    /// The search depth of the self-play games.
    #[arg(long, default_value_t = 4, value_name = "N")]
    pub depth: u32,
    /// Random moves at the start of each game.
    #[arg(long, default_value_t = 6, value_name = "N")]
    pub random_plies: usize,
    /// Full passes of the fit over the positions.
    #[arg(long, default_value_t = 1000, value_name = "N")]
    pub epochs: usize,
    /// The seed of the deals and the random moves: the same seed gives the same weights.
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub seed: u64,
    /// Threads for the self-play games (the data do not depend on them).
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub threads: usize,
    /// Start from this weights file instead of the hand-set weights.
    #[arg(long, value_name = "FILE")]
    pub from: Option<std::path::PathBuf>,
    /// Where to write the weights.
    #[arg(long, value_name = "FILE")]
    pub out: std::path::PathBuf,
}

/// `games tablebase`.
#[derive(Args, Debug)]
pub struct TablebaseArgs {
    /// The game: onitama.
    #[arg(value_parser = game_name)]
    pub game: GameName,
    /// The card set: five comma-separated card names (a deal).
    #[arg(long, value_name = "DEAL")]
    pub cards: String,
    /// The piece limit: at most N/2 pieces per side, Masters included (even, 2 to 10).
    #[arg(long, value_name = "N")]
    pub pieces: u8,
    /// Where to write the table.
    #[arg(long, value_name = "FILE")]
    pub out: std::path::PathBuf,
    /// The number of threads (default: the machine's parallelism).
    #[arg(long, value_name = "N")]
    pub threads: Option<usize>,
    /// Build the variant where a stuck player loses instead of passing, and report how many
    /// positions change value against the real rule (builds both tables).
    #[arg(long)]
    pub compare_stuck_loses: bool,
    /// Build through files: 2 bits per state in memory and the distances on disk until the
    /// table is written (for tables too large for memory, such as 8 pieces; chosen by itself
    /// when the in-memory build does not fit).
    #[arg(long)]
    pub low_memory: bool,
}
