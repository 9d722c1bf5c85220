//! `games play`: a game in the terminal between people, the engine and a random mover.

use crate::adapters::CliGame;
use crate::cli::{Failure, GameName, PositionArgs, usage};
use crate::commands::{self, quote};
use abstract_game::{Game, Player};
use clap::{Args, ValueEnum};
use game_engines::{Engine, Limits, Mcts, MctsConfig, RandomMover};
use std::io::{BufRead, Write};

/// Who makes the moves of one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Mover {
    /// A person typing moves.
    Human,
    /// The Monte Carlo tree search engine.
    Engine,
    /// Uniformly random legal moves.
    Random,
}

#[derive(Args, Debug)]
#[command(after_help = "\
While playing, type a move in the game's notation (kamisado `c1a3`, onitama `tiger:c1c3` or \
`tiger:pass`), or one of: `moves` (list the legal moves), `undo` (take back to your previous \
turn), `help`, `quit`. At the end the result and the whole record are printed.

Examples:
  games play kamisado                          you (black) against the engine
  games play onitama --players engine,human    the engine plays red
  games play kamisado --players engine,engine --iterations 2000")]
pub struct PlayArgs {
    /// The game.
    pub game: GameName,
    #[command(flatten)]
    pub position: PositionArgs,
    /// Who plays each side, the first mover's side first (black,gold or red,blue).
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "human,engine",
        value_name = "KIND,KIND"
    )]
    pub players: Vec<Mover>,
    /// Engine playouts per move: more is stronger and slower.
    #[arg(long, default_value_t = 100_000, value_name = "N")]
    pub iterations: u32,
    /// Seed of the engine and the random mover.
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub seed: u64,
    /// Stop the game without a result after this many plies.
    #[arg(long, default_value_t = 1000, value_name = "N")]
    pub max_plies: usize,
}

/// Runs a game to its end (or to `quit`, end of input, or the ply limit).
pub fn play<G: CliGame>(args: &PlayArgs) -> Result<(), Failure> {
    if args.iterations == 0 {
        return Err(usage(
            "bad --iterations 0: the engine needs at least 1 playout",
        ));
    }
    let &[first, second] = args.players.as_slice() else {
        return Err(usage(format!(
            "bad --players: {} kinds given, expected two (first mover's side first), e.g. human,engine",
            args.players.len()
        )));
    };
    let movers = [first, second];
    let start: G = commands::position(&args.position)?;
    let mover_of = |pos: &G| movers[pos.side_to_move().index()];
    let mut engine = Mcts::new(MctsConfig {
        playouts: u64::from(args.iterations),
        seed: args.seed,
        ..MctsConfig::default()
    });
    let mut random = RandomMover::new(args.seed);
    let mut history: Vec<G> = vec![start.clone()];
    let mut moves: Vec<G::Move> = Vec::new();
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut out = std::io::stdout().lock();
    write!(out, "{}", commands::show_text(&start))?;
    let finished = loop {
        let pos = history.last().cloned().unwrap_or_else(|| start.clone());
        if pos.is_over() {
            break true;
        }
        if moves.len() >= args.max_plies {
            writeln!(out, "stopped after {} plies (--max-plies)", args.max_plies)?;
            break false;
        }
        let who = pos.side_to_move().id();
        let mv = match mover_of(&pos) {
            Mover::Engine => {
                let result = engine.search(&pos, &Limits::none());
                let Some(mv) = result.best else { break true };
                writeln!(
                    out,
                    "{who} (engine) plays {}  [score {}]",
                    pos.move_text(mv),
                    result.score
                )?;
                mv
            }
            Mover::Random => {
                let Some(mv) = random.search(&pos, &Limits::none()).best else {
                    break true;
                };
                writeln!(out, "{who} (random) plays {}", pos.move_text(mv))?;
                mv
            }
            Mover::Human => {
                write!(out, "{who}> ")?;
                out.flush()?;
                let mut line = String::new();
                if input.read_line(&mut line)? == 0 {
                    writeln!(out)?;
                    break false;
                }
                match line.trim() {
                    "" => continue,
                    "quit" | "exit" => break false,
                    "help" | "?" => {
                        writeln!(out, "type a move, or: moves, undo, quit")?;
                        continue;
                    }
                    "moves" => {
                        writeln!(out, "{}", commands::legal_move_texts(&pos).join(" "))?;
                        continue;
                    }
                    "undo" => {
                        if undo(&mut history, &mut moves, |p| mover_of(p) == Mover::Human) {
                            let now = history.last().unwrap_or(&start);
                            write!(out, "{}", commands::show_text(now))?;
                        } else {
                            writeln!(out, "nothing to undo")?;
                        }
                        continue;
                    }
                    text => match pos.parse_move(text) {
                        Err(e) => {
                            let why = commands::one_line(&e.to_string());
                            writeln!(out, "cannot read {}: {why}", quote(text))?;
                            continue;
                        }
                        Ok(mv) => {
                            if let Err(e) = pos.clone().play(mv) {
                                writeln!(out, "illegal: {}", commands::one_line(&e.to_string()))?;
                                continue;
                            }
                            mv
                        }
                    },
                }
            }
        };
        let mut next = pos.clone();
        next.play_unchecked(mv);
        moves.push(mv);
        history.push(next);
        write!(
            out,
            "{}",
            commands::show_text(history.last().unwrap_or(&start))
        )?;
    };
    let end = history.last().unwrap_or(&start);
    match end.outcome() {
        Some(outcome) if finished => writeln!(out, "result: {outcome}")?,
        _ => writeln!(out, "result: unfinished")?,
    }
    writeln!(out, "start: {}", start.position_text())?;
    let mut replay = start.clone();
    let mut texts = Vec::with_capacity(moves.len());
    for &mv in &moves {
        texts.push(replay.move_text(mv));
        replay.play_unchecked(mv);
    }
    writeln!(out, "moves: {}", texts.join(" "))?;
    Ok(())
}

/// Takes back plies until it is a human's turn again (at least one ply). Returns false if there
/// is nothing to take back.
fn undo<G: Game>(
    history: &mut Vec<G>,
    moves: &mut Vec<G::Move>,
    human_to_move: impl Fn(&G) -> bool,
) -> bool {
    if moves.is_empty() {
        return false;
    }
    loop {
        history.pop();
        moves.pop();
        match history.last() {
            Some(pos) if !moves.is_empty() && !human_to_move(pos) => {}
            _ => return true,
        }
    }
}
