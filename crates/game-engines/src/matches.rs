//! Matches between two engines: [`play_match`] plays each opening twice with the sides swapped,
//! and [`MatchReport`] counts the results for the first engine, with its Elo difference and a 95%
//! error margin.
//!
//! ```
//! use abstract_game::record::GameRecord;
//! use abstract_game::tictactoe::TicTacToe;
//! use game_engines::matches::{MatchConfig, play_match};
//! use game_engines::{Limits, Mcts, MctsConfig, RandomMover};
//!
//! let openings = vec![GameRecord::new(TicTacToe::new())];
//! let mut mcts = Mcts::new(MctsConfig { playouts: 2000, ..MctsConfig::default() });
//! let mut random = RandomMover::new(1);
//! let config = MatchConfig { games: 4, limits: Limits::none(), max_plies: 20, repetitions: 0 };
//! let report = play_match(&mut mcts, &mut random, &openings, &config, &mut |_| {})?;
//! assert_eq!(report.games(), 4);
//! assert_eq!(report.losses, 0); // MCTS does not lose tic-tac-toe to a random mover
//! assert!(report.score() >= 0.5);
//! # Ok::<(), game_engines::matches::MatchError>(())
//! ```

use abstract_game::record::GameRecord;
use abstract_game::{Game, Player, Wdl, ZobristHash};

use crate::engine::Engine;
use crate::limits::Limits;

/// How a match is played.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// The number of games. Openings are used in order, each for two games (the first engine
    /// plays the first side, then the second side), and from the start again when they run out.
    pub games: usize,
    /// The limits of every move (a time or a depth per move, for instance).
    pub limits: Limits,
    /// A game still running after this many plies (opening included) is adjudicated a draw.
    pub max_plies: usize,
    /// A game in which a position occurs for this many times (the same board, cards and side
    /// to move: [`GameRecord::repetition_count`]) is adjudicated a draw; 0 never (games whose rules end every game
    /// need none). Onitama matches use 3: the third occurrence is a draw.
    pub repetitions: usize,
}

/// One finished game of a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchGame<G: Game> {
    /// Its number in the match, from 0.
    pub index: usize,
    /// The opening it started from, by index.
    pub opening: usize,
    /// The side the first engine played.
    pub first_engine_side: G::Player,
    /// The whole game: the opening's start and moves, then the engines' moves.
    pub record: GameRecord<G>,
    /// The result for the first engine.
    pub result: Wdl,
    /// Whether the ply limit or the repetition rule stopped the game (then `result` is a
    /// draw).
    pub adjudicated: bool,
}

/// The results of a match, counted for the first engine.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchReport {
    /// Games the first engine won.
    pub wins: usize,
    /// Games drawn (adjudicated ones included).
    pub draws: usize,
    /// Games the first engine lost.
    pub losses: usize,
    /// Games stopped at the ply limit or by the repetition rule and counted as draws.
    pub adjudicated: usize,
    /// Plies of all games together (openings included).
    pub plies: usize,
}

impl MatchReport {
    /// Adds one game.
    pub fn add<G: Game>(&mut self, game: &MatchGame<G>) {
        match game.result {
            Wdl::Win => self.wins += 1,
            Wdl::Draw => self.draws += 1,
            Wdl::Loss => self.losses += 1,
        }
        self.adjudicated += usize::from(game.adjudicated);
        self.plies += game.record.ply();
    }

    /// The number of games.
    #[must_use]
    pub fn games(&self) -> usize {
        self.wins + self.draws + self.losses
    }

    /// The first engine's score: (wins + draws / 2) / games, 0.5 with no games.
    #[must_use]
    pub fn score(&self) -> f64 {
        match self.games() {
            0 => 0.5,
            n => (self.wins as f64 + self.draws as f64 / 2.0) / n as f64,
        }
    }

    /// The mean game length in plies.
    #[must_use]
    pub fn mean_plies(&self) -> f64 {
        match self.games() {
            0 => 0.0,
            n => self.plies as f64 / n as f64,
        }
    }

    /// The Elo difference that the score implies: `-400 · log10(1/score − 1)`.
    ///
    /// A perfect or a zero score implies an infinite difference; it is reported as the
    /// difference of the nearest score that the match could still be consistent with, half a
    /// game away (`(games − ½) / games`), a lower bound on the true difference.
    #[must_use]
    pub fn elo(&self) -> f64 {
        elo_of(self.bounded_score())
    }

    /// The half-width of the 95% confidence interval of [`MatchReport::elo`], from the standard
    /// error of the per-game score (normal approximation, 1.96 standard errors, converted to
    /// Elo at the ends of the interval and halved). When every game had the same result the
    /// sample variance is 0, which would claim certainty; the variance of a win-or-loss game at
    /// the bounded score is used instead.
    #[must_use]
    pub fn elo_margin(&self) -> f64 {
        let n = self.games();
        if n < 2 {
            return f64::INFINITY;
        }
        let n_f = n as f64;
        let mean = self.score();
        let var = (self.wins as f64 * (1.0 - mean).powi(2)
            + self.draws as f64 * (0.5 - mean).powi(2)
            + self.losses as f64 * mean.powi(2))
            / (n_f - 1.0);
        let var = if var > 0.0 {
            var
        } else {
            let p = self.bounded_score();
            p * (1.0 - p)
        };
        let se = (var / n_f).sqrt();
        let (lo, hi) = (
            self.clamp(self.bounded_score() - 1.96 * se),
            self.clamp(self.bounded_score() + 1.96 * se),
        );
        (elo_of(hi) - elo_of(lo)) / 2.0
    }

    fn clamp(&self, score: f64) -> f64 {
        let half_game = 0.5 / self.games().max(1) as f64;
        score.clamp(half_game, 1.0 - half_game)
    }

    fn bounded_score(&self) -> f64 {
        self.clamp(self.score())
    }
}

/// The Elo difference of a score strictly between 0 and 1 (an even score is 0, not -0).
fn elo_of(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10() + 0.0
}

/// Plays `config.games` games between `first` and `second` from `openings` (each opening twice,
/// the first engine playing the first side of [`Player::BOTH`] and then the second), calling
/// `on_game` after each game. Returns the results for `first`.
///
/// Before each move the engine to move is told the game's earlier positions
/// ([`Engine::set_earlier_positions`]), so engines can score repetitions. An opening that is
/// already over gives a game of no moves, scored by its outcome.
///
/// # Errors
/// [`MatchError`] when an engine gives no move, or an illegal one, in a game that goes on (a
/// broken engine, or another program behind one that fails): the match stops there. The games
/// finished before it have been handed to `on_game`.
pub fn play_match<G: ZobristHash>(
    first: &mut dyn Engine<G>,
    second: &mut dyn Engine<G>,
    openings: &[GameRecord<G>],
    config: &MatchConfig,
    on_game: &mut dyn FnMut(&MatchGame<G>),
) -> Result<MatchReport, MatchError> {
    let mut report = MatchReport::default();
    if openings.is_empty() {
        return Ok(report);
    }
    for index in 0..config.games {
        let opening = (index / 2) % openings.len();
        let first_engine_side = <G::Player as Player>::BOTH[index % 2];
        let mut record = openings[opening].clone();
        let mut adjudicated = false;
        while !record.position().is_over() {
            if record.ply() >= config.max_plies {
                adjudicated = true;
                break;
            }
            let pos = record.position().clone();
            if config.repetitions > 0 && record.repetition_count() >= config.repetitions {
                adjudicated = true;
                break;
            }
            let earlier = record.earlier_zobrists();
            let engine: &mut dyn Engine<G> = if pos.side_to_move() == first_engine_side {
                &mut *first
            } else {
                &mut *second
            };
            engine.set_earlier_positions(&earlier);
            let result = engine.search(&pos, &config.limits);
            let Some(mv) = result.best else {
                return Err(MatchError::NoMove {
                    engine: engine.name(),
                    game: index,
                    position: format!("{pos:?}"),
                });
            };
            if let Err(e) = record.play(mv) {
                return Err(MatchError::IllegalMove {
                    engine: engine.name(),
                    game: index,
                    position: format!("{pos:?}"),
                    why: e.to_string(),
                });
            }
        }
        let result = match record.outcome() {
            Some(outcome) if !adjudicated => outcome.wdl_for(first_engine_side),
            _ => Wdl::Draw,
        };
        let game = MatchGame {
            index,
            opening,
            first_engine_side,
            record,
            result,
            adjudicated,
        };
        report.add(&game);
        on_game(&game);
    }
    Ok(report)
}

/// Why a match stopped before its last game: an engine gave no move, or an illegal one, in a
/// game that goes on.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MatchError {
    /// The engine gave no move.
    NoMove {
        /// The engine's name ([`Engine::name`]).
        engine: String,
        /// The game, by index from 0.
        game: usize,
        /// The position (its `Debug` form).
        position: String,
    },
    /// The engine's move is not legal in the position.
    IllegalMove {
        /// The engine's name ([`Engine::name`]).
        engine: String,
        /// The game, by index from 0.
        game: usize,
        /// The position (its `Debug` form).
        position: String,
        /// Why the move is illegal.
        why: String,
    },
}

impl core::fmt::Display for MatchError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            MatchError::NoMove {
                engine,
                game,
                position,
            } => write!(
                f,
                "engine {engine} gave no move in game {} at {position}",
                game + 1
            ),
            MatchError::IllegalMove {
                engine,
                game,
                position,
                why,
            } => write!(
                f,
                "engine {engine} played an illegal move in game {} at {position}: {why}",
                game + 1
            ),
        }
    }
}

impl std::error::Error for MatchError {}
