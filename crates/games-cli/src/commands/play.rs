//! `games play`: a game in the terminal between people, the engine and a random mover.

use std::io::{BufRead, Write};

use abstract_game::record::GameRecord;
use abstract_game::{Game, Player};
use game_catalog::views::legal_move_texts;
use game_catalog::{CatalogGame, GameVisitor};
use game_engines::{Engine, Limits, Mcts, MctsConfig, RandomMover};

use super::show::show_text;
use crate::args::{Mover, PlayArgs};
use crate::error::{Failure, one_line, quote, usage};

/// `games play` for the game `G`.
pub struct Play<'a>(pub &'a PlayArgs);

impl GameVisitor for Play<'_> {
    type Output = Result<(), Failure>;

    fn visit<G: CatalogGame>(self) -> Result<(), Failure> {
        let mut session = Session::<G>::new(self.0)?;
        let stdin = std::io::stdin();
        session.run(&mut stdin.lock(), &mut std::io::stdout().lock())
    }
}

/// What one turn of the loop decided.
enum Turn<M> {
    /// Play this (legal) move.
    Move(M),
    /// Nothing to play yet: ask again.
    Again,
    /// Stop the game without a result.
    Quit,
}

/// A game in progress: the record and who plays each side.
struct Session<G: Game> {
    record: GameRecord<G>,
    /// Who moves for `Player::BOTH[i]`.
    movers: [Mover; 2],
    engine: Mcts,
    random: RandomMover,
    max_plies: usize,
}

impl<G: CatalogGame> Session<G> {
    fn new(args: &PlayArgs) -> Result<Self, Failure> {
        if args.iterations == 0 {
            return Err(usage(
                "bad --iterations 0: the engine needs at least 1 playout",
            ));
        }
        let &[first, second] = args.players.as_slice() else {
            return Err(usage(format!(
                "bad --players: {} kinds given, expected two (one per side, in the game's side order), e.g. human,engine",
                args.players.len()
            )));
        };
        Ok(Session {
            record: super::record(&args.position)?,
            movers: [first, second],
            engine: Mcts::new(MctsConfig {
                playouts: u64::from(args.iterations),
                seed: args.seed,
                ..MctsConfig::default()
            }),
            random: RandomMover::new(args.seed),
            max_plies: args.max_plies,
        })
    }

    fn mover(&self, pos: &G) -> Mover {
        self.movers[pos.side_to_move().index()]
    }

    /// Plays to the end (or to `quit`, the end of the input, or the ply limit), then prints the
    /// result and the record.
    fn run(&mut self, input: &mut impl BufRead, out: &mut impl Write) -> Result<(), Failure> {
        write!(out, "{}", show_text(self.record.position()))?;
        let finished = loop {
            let pos = self.record.position().clone();
            if pos.is_over() {
                break true;
            }
            if self.record.ply() >= self.max_plies {
                writeln!(out, "stopped after {} plies (--max-plies)", self.max_plies)?;
                break false;
            }
            let turn = match self.mover(&pos) {
                Mover::Engine => self.engine_turn(&pos, out)?,
                Mover::Random => self.random_turn(&pos, out)?,
                Mover::Human => self.human_turn(&pos, input, out)?,
            };
            match turn {
                Turn::Move(mv) => {
                    if let Err(e) = self.record.play(mv) {
                        writeln!(out, "illegal: {}", one_line(&e.to_string()))?;
                        continue;
                    }
                    write!(out, "{}", show_text(self.record.position()))?;
                }
                Turn::Again => {}
                Turn::Quit => break false,
            }
        };
        self.print_end(finished, out)
    }

    fn engine_turn(&mut self, pos: &G, out: &mut impl Write) -> Result<Turn<G::Move>, Failure> {
        let result = self.engine.search(pos, &Limits::none());
        let Some(mv) = result.best else {
            return Ok(Turn::Quit);
        };
        writeln!(
            out,
            "{} (engine) plays {}  [score {}]",
            pos.side_to_move().id(),
            pos.move_text(mv),
            result.score
        )?;
        Ok(Turn::Move(mv))
    }

    fn random_turn(&mut self, pos: &G, out: &mut impl Write) -> Result<Turn<G::Move>, Failure> {
        let Some(mv) = self.random.search(pos, &Limits::none()).best else {
            return Ok(Turn::Quit);
        };
        writeln!(
            out,
            "{} (random) plays {}",
            pos.side_to_move().id(),
            pos.move_text(mv)
        )?;
        Ok(Turn::Move(mv))
    }

    fn human_turn(
        &mut self,
        pos: &G,
        input: &mut impl BufRead,
        out: &mut impl Write,
    ) -> Result<Turn<G::Move>, Failure> {
        write!(out, "{}> ", pos.side_to_move().id())?;
        out.flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            writeln!(out)?;
            return Ok(Turn::Quit);
        }
        match line.trim() {
            "" => {}
            "quit" | "exit" => return Ok(Turn::Quit),
            "help" | "?" => writeln!(out, "type a move, or: moves, undo, quit")?,
            "moves" => writeln!(out, "{}", legal_move_texts(pos).join(" "))?,
            "undo" => {
                if self.undo_to_human() {
                    write!(out, "{}", show_text(self.record.position()))?;
                } else {
                    writeln!(out, "nothing to undo")?;
                }
            }
            text => match pos.parse_move(text) {
                Ok(mv) => return Ok(Turn::Move(mv)),
                Err(e) => {
                    let why = one_line(&e.to_string());
                    writeln!(out, "cannot read {}: {why}", quote(text))?;
                }
            },
        }
        Ok(Turn::Again)
    }

    /// Takes back plies until it is a person's turn again (at least one ply). Returns false if
    /// there is nothing to take back.
    fn undo_to_human(&mut self) -> bool {
        if self.record.undo().is_none() {
            return false;
        }
        while self.record.ply() > 0 && self.mover(self.record.position()) != Mover::Human {
            self.record.undo();
        }
        true
    }

    fn print_end(&self, finished: bool, out: &mut impl Write) -> Result<(), Failure> {
        match self.record.outcome() {
            Some(outcome) if finished => writeln!(out, "result: {outcome}")?,
            _ => writeln!(out, "result: unfinished")?,
        }
        writeln!(out, "start: {}", self.record.start().position_text())?;
        writeln!(out, "moves: {}", self.record.move_texts().join(" "))?;
        Ok(())
    }
}
