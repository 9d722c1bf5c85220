//! Proof files: a winner's strategy written as (position, move) lines, and a verifier that knows
//! nothing but the rules of a slow reference implementation ([`TextRules`]).
//!
//! # The format
//!
//! A text file, one item per line; `#` starts a comment line, blank lines are ignored:
//!
//! ```text
//! proof 1
//! game kamisado
//! start obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - -
//! winner black
//! plies 17
//! obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - -;a1a5
//! <position text>;<move>
//! ...
//! ```
//!
//! The header gives the format version, the game, the start position, the winner (a player id)
//! and the claimed distance in plies. Every other line is a position in which the winner is to
//! move and the move the winner plays there, separated by `;` (position texts never contain one).
//! The claim: from the start, when the winner plays the listed move in each of its positions and
//! the opponent plays any legal move, every game ends in the winner's victory within `plies`
//! plies. [`verify`] checks exactly that by walking every such game with the reference rules.

use std::collections::HashMap;

use abstract_game::Notation;

/// A game whose proof files can be checked: [`Provable::verify_proof`] walks a proof with the
/// game's slow reference rules, which share no code with the fast ones.
pub trait Provable {
    /// Checks a proof file with the game's slow reference rules, or `None` if the game has no
    /// reference verifier (the default).
    #[must_use]
    fn verify_proof(proof: &Proof) -> Option<Result<ProofSummary, ProofError>> {
        let _ = proof;
        None
    }
}

/// The rules of a game as text, from a slow reference implementation that shares no code with
/// the fast one: what [`verify`] trusts.
pub trait TextRules: Sized {
    /// The position of a position text, `None` if it does not read.
    fn from_text(text: &str) -> Option<Self>;
    /// The position text.
    fn text(&self) -> String;
    /// The side to move, 0 or 1 (the index of `Player::BOTH`).
    fn side_to_move(&self) -> usize;
    /// The legal moves as texts; empty exactly when the game is over.
    fn legal_moves(&self) -> Vec<String>;
    /// The position after a legal move.
    #[must_use]
    fn after(&self, mv: &str) -> Self;
    /// The winner's index once the game is over, `None` while it goes on (or for a draw).
    fn winner(&self) -> Option<usize>;
}

/// A parsed proof file: see the [module docs](self).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proof {
    /// The game's name.
    pub game: String,
    /// The start position text.
    pub start: String,
    /// The winner's id.
    pub winner: String,
    /// The claimed distance in plies.
    pub plies: u32,
    /// The winner's move (text) in each of its positions (text).
    pub strategy: Vec<(String, String)>,
}

/// What a successful verification established.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProofSummary {
    /// The winner's id.
    pub winner: String,
    /// The longest game under the strategy, in plies (at most the claim).
    pub plies: u32,
    /// Distinct positions walked.
    pub positions: usize,
    /// Strategy lines used.
    pub strategy_used: usize,
}

/// Why a proof file was rejected: the first problem found.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ProofError {
    /// A line that is not part of the format.
    #[error("line {line}: {what}")]
    Syntax {
        /// The line number, from 1.
        line: usize,
        /// What is wrong.
        what: String,
    },
    /// The proof is for another game.
    #[error("the proof is for {found:?}, not {expected}")]
    WrongGame {
        /// The game of the file.
        found: String,
        /// The game asked for.
        expected: &'static str,
    },
    /// The start position does not read.
    #[error("the start position {0:?} does not read")]
    BadStart(String),
    /// The winner is not a player of the game.
    #[error("the winner {0:?} is not a player of the game")]
    BadWinner(String),
    /// A position of the winner that the strategy does not cover.
    #[error("the strategy has no move for the winner in {0}")]
    Missing(String),
    /// The strategy's move is not legal in its position.
    #[error("the strategy's move {mv} is illegal in {position}")]
    IllegalMove {
        /// The position.
        position: String,
        /// The move.
        mv: String,
    },
    /// A game under the strategy ends without the winner's victory.
    #[error("the game ends without a win for the winner in {0}")]
    NotWon(String),
    /// A game under the strategy is longer than the claim.
    #[error(
        "a game under the strategy lasts {found} plies, more than the {claimed} claimed (from the start)"
    )]
    TooLong {
        /// The longest game found, at least.
        found: u32,
        /// The claim.
        claimed: u32,
    },
}

impl Proof {
    /// The proof file's text.
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut out = format!(
            "# the winner's strategy: every position the winner can face, and its move\nproof 1\ngame {}\nstart {}\nwinner {}\nplies {}\n",
            self.game, self.start, self.winner, self.plies
        );
        for (position, mv) in &self.strategy {
            out.push_str(position);
            out.push(';');
            out.push_str(mv);
            out.push('\n');
        }
        out
    }

    /// Reads a proof file.
    ///
    /// # Errors
    /// [`ProofError::Syntax`] naming the first bad line.
    pub fn parse(text: &str) -> Result<Proof, ProofError> {
        let mut header: HashMap<&str, &str> = HashMap::new();
        let mut strategy = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let line = line.trim_end_matches('\r');
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            let bad = |what: &str| ProofError::Syntax {
                line: i + 1,
                what: what.to_owned(),
            };
            if let Some((position, mv)) = line.split_once(';') {
                if position.is_empty() || mv.is_empty() || mv.contains(';') {
                    return Err(bad("expected <position>;<move>"));
                }
                strategy.push((position.to_owned(), mv.to_owned()));
                continue;
            }
            let (key, value) = line
                .split_once(' ')
                .ok_or_else(|| bad("expected a header line (key value) or <position>;<move>"))?;
            if !matches!(key, "proof" | "game" | "start" | "winner" | "plies") {
                return Err(bad(&format!("unknown header {key:?}")));
            }
            if header.insert(key, value).is_some() {
                return Err(bad(&format!("header {key:?} given twice")));
            }
        }
        let field = |key: &str| {
            header.get(key).copied().ok_or_else(|| ProofError::Syntax {
                line: 0,
                what: format!("the header has no {key:?} line"),
            })
        };
        let version = field("proof")?;
        if version != "1" {
            return Err(ProofError::Syntax {
                line: 0,
                what: format!("unknown proof format version {version:?}"),
            });
        }
        let plies_text = field("plies")?;
        let plies = plies_text.parse().map_err(|_| ProofError::Syntax {
            line: 0,
            what: format!("plies {plies_text:?} is not a number"),
        })?;
        Ok(Proof {
            game: field("game")?.to_owned(),
            start: field("start")?.to_owned(),
            winner: field("winner")?.to_owned(),
            plies,
            strategy,
        })
    }

    /// The proof of a strategy found by the solver for the game named `game`: the winner to
    /// move at `start` wins within `plies` playing `strategy`.
    #[must_use]
    pub fn from_strategy<G: Notation>(
        game: &str,
        start: &G,
        plies: u32,
        strategy: &[(G, G::Move)],
    ) -> Proof {
        Proof {
            game: game.to_owned(),
            start: start.position_text(),
            winner: abstract_game::Player::id(start.side_to_move()).to_owned(),
            plies,
            strategy: strategy
                .iter()
                .map(|(pos, mv)| (pos.position_text(), pos.move_text(*mv)))
                .collect(),
        }
    }
}

/// Checks `proof` for the game `game` (whose players' ids are `players`, in index order) with
/// the reference rules `R` only: from the start, the winner's listed move in each of its
/// positions, every legal move of the opponent, every game won by the winner within the claim.
///
/// # Errors
/// The first [`ProofError`] met.
pub fn verify<R: TextRules>(
    proof: &Proof,
    game: &'static str,
    players: [&str; 2],
) -> Result<ProofSummary, ProofError> {
    if proof.game != game {
        return Err(ProofError::WrongGame {
            found: proof.game.clone(),
            expected: game,
        });
    }
    let winner = players
        .iter()
        .position(|&p| p == proof.winner)
        .ok_or_else(|| ProofError::BadWinner(proof.winner.clone()))?;
    let start =
        R::from_text(&proof.start).ok_or_else(|| ProofError::BadStart(proof.start.clone()))?;
    let strategy: HashMap<&str, &str> = proof
        .strategy
        .iter()
        .map(|(p, m)| (p.as_str(), m.as_str()))
        .collect();
    let mut walk = Walk {
        winner,
        claimed: proof.plies,
        strategy: &strategy,
        lengths: HashMap::new(),
        used: std::collections::HashSet::new(),
    };
    let plies = walk.longest(&start, 0)?;
    Ok(ProofSummary {
        winner: proof.winner.clone(),
        plies,
        positions: walk.lengths.len(),
        strategy_used: walk.used.len(),
    })
}

struct Walk<'a> {
    winner: usize,
    claimed: u32,
    strategy: &'a HashMap<&'a str, &'a str>,
    /// The longest game under the strategy from each position walked.
    lengths: HashMap<String, u32>,
    used: std::collections::HashSet<String>,
}

impl Walk<'_> {
    /// The longest game from `pos` under the strategy; `ply` is its distance from the start.
    fn longest<R: TextRules>(&mut self, pos: &R, ply: u32) -> Result<u32, ProofError> {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return match pos.winner() {
                Some(w) if w == self.winner => Ok(0),
                _ => Err(ProofError::NotWon(pos.text())),
            };
        }
        if ply >= self.claimed {
            return Err(ProofError::TooLong {
                found: ply + 1,
                claimed: self.claimed,
            });
        }
        let text = pos.text();
        if let Some(&known) = self.lengths.get(&text) {
            if ply + known <= self.claimed {
                return Ok(known);
            }
            return Err(ProofError::TooLong {
                found: ply + known,
                claimed: self.claimed,
            });
        }
        let length = if pos.side_to_move() == self.winner {
            let mv = *self
                .strategy
                .get(text.as_str())
                .ok_or_else(|| ProofError::Missing(text.clone()))?;
            if !moves.iter().any(|m| m == mv) {
                return Err(ProofError::IllegalMove {
                    position: text.clone(),
                    mv: mv.to_owned(),
                });
            }
            self.used.insert(text.clone());
            1 + self.longest(&pos.after(mv), ply + 1)?
        } else {
            let mut longest = 0;
            for mv in &moves {
                longest = longest.max(1 + self.longest(&pos.after(mv), ply + 1)?);
            }
            longest
        };
        self.lengths.insert(text, length);
        Ok(length)
    }
}
