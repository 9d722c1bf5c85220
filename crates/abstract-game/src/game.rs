//! The core traits: [`Game`] and the optional capabilities ([`ZobristHash`], [`Notation`],
//! [`PassMove`]). The players are in [`crate::player`], how games end in [`crate::outcome`].

use alloc::string::String;
use core::fmt::Debug;
use core::hash::Hash;

use crate::outcome::{EndReason, Outcome};
use crate::player::Player;

/// A position of a two-player, perfect-information, turn-based game: the whole state that decides
/// the rest of the game, and the rules that act on it.
///
/// Implementations follow a few conventions that every generic algorithm of this crate relies on,
/// and that the conformance kit (`testing` feature) checks:
///
/// - **A game that is not over has at least one legal move.** A turn in which a player cannot act
///   (a blocked tower, a forced pass) is an ordinary move that appears in the legal list.
/// - **A finished game has no legal moves**, and [`Game::outcome`] is `Some` exactly then.
/// - Positions are values: `play` changes `self` in place (copy-make: clone first to keep the old
///   one). History that does not decide the future belongs to a game record, not to the position.
///
/// The required methods are few on purpose; hashing, notation and passes are separate traits.
pub trait Game: Clone + Eq + Debug + Send + Sync {
    /// A move. Small and `Copy`.
    type Move: Copy + Eq + Hash + Debug + Send + Sync;
    /// The players.
    type Player: Player;
    /// Why a game ends.
    type Reason: EndReason;
    /// The legal moves of a position: a list that needs no heap allocation and iterates.
    type Moves: AsRef<[Self::Move]> + IntoIterator<Item = Self::Move>;
    /// Why [`Game::play`] rejected a move.
    type IllegalMove: core::error::Error + Clone + Eq + Send + Sync + 'static;

    /// The player whose turn it is. In a finished game this is the player who would move next
    /// (the opponent of the one who made the last move).
    fn side_to_move(&self) -> Self::Player;

    /// The legal moves, each exactly once; empty exactly when the game is over.
    fn legal_moves(&self) -> Self::Moves;

    /// Calls `f` on each legal move, in the order of [`Game::legal_moves`].
    ///
    /// The default walks [`Game::legal_moves`]; implementations may override it with a path that
    /// builds no list. Perft and search use it for their inner loops.
    #[inline]
    fn for_each_legal_move(&self, mut f: impl FnMut(Self::Move)) {
        for mv in self.legal_moves() {
            f(mv);
        }
    }

    /// The number of legal moves. The default counts [`Game::legal_moves`]; implementations
    /// override it with something faster (perft relies on it at the last ply).
    fn legal_move_count(&self) -> usize {
        self.legal_moves().as_ref().len()
    }

    /// The number of legal moves after playing `mv` (which must be legal here): the same as
    /// `self.after_unchecked(mv).legal_move_count()`, and `0` when `mv` ends the game.
    ///
    /// Perft calls this at the last two plies; implementations may override it with a path that
    /// skips work the count does not need (hash updates, bookkeeping for a record).
    fn legal_move_count_after(&self, mv: Self::Move) -> usize {
        self.after_unchecked(mv).legal_move_count()
    }

    /// Whether `mv` is legal here. The default searches [`Game::legal_moves`].
    fn is_legal(&self, mv: Self::Move) -> bool {
        self.legal_moves().as_ref().contains(&mv)
    }

    /// Plays `mv` if it is legal.
    ///
    /// # Errors
    /// Returns why the move is illegal; the position is then left exactly as it was.
    fn play(&mut self, mv: Self::Move) -> Result<(), Self::IllegalMove>;

    /// Plays `mv`, which the caller guarantees to be legal (for instance, taken from
    /// [`Game::legal_moves`] of this position). The fast path for search.
    ///
    /// Playing an illegal move this way never causes undefined behaviour, but leaves the position
    /// in an unspecified (possibly unreachable) state, and may panic in debug builds.
    fn play_unchecked(&mut self, mv: Self::Move);

    /// The outcome if the game is over, `None` while it goes on.
    fn outcome(&self) -> Option<Outcome<Self::Player, Self::Reason>>;

    /// Whether the game is over. Same as `self.outcome().is_some()`; implementations may override
    /// it with something cheaper.
    fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// The position after `mv`, which must be legal (see [`Game::play_unchecked`]).
    #[must_use]
    fn after_unchecked(&self, mv: Self::Move) -> Self {
        let mut next = self.clone();
        next.play_unchecked(mv);
        next
    }

    /// Plays `mv` (which must be legal) for a search: the position becomes equal to what
    /// [`Game::play_unchecked`] makes of it, with the same moves, outcome and hash, but
    /// implementations may skip bookkeeping that only makes move counting fast
    /// ([`Game::legal_move_count`], [`Game::legal_move_count_after`], which then do the work
    /// themselves). A search plays far more moves than it counts; perft counts at the last ply
    /// and uses [`Game::after_unchecked`]. A search makes each child in place on a copy of its
    /// parent (no second copy of the result). The default is [`Game::play_unchecked`].
    fn play_unchecked_for_search(&mut self, mv: Self::Move) {
        self.play_unchecked(mv);
    }

    /// Whether every move hands the turn to the other player: `true` promises that after any
    /// legal move the side to move is not the player who moved (the conformance kit checks it,
    /// `testing::check_position`). A search then takes each child's value from the other side
    /// without comparing the players. The default, `false`, promises nothing (a game may let a
    /// player move twice).
    const TURNS_ALTERNATE: bool = false;

    /// How many move indices [`Game::move_index`] gives: every index is below this. 0 (the
    /// default) when the game numbers no moves.
    ///
    /// A search keeps tables by move (its history of cut-offs) and compares many moves with a
    /// few remembered ones (the table's move, the killers): with move indices, both are plain
    /// array lookups and integer comparisons instead of hashing and comparing moves.
    const MOVE_INDEX_BOUND: usize = 0;

    /// The index of `mv` among all values of the move type, legal anywhere or not: below
    /// [`Game::MOVE_INDEX_BOUND`], and different for different moves (equal indices mean equal
    /// moves). It depends on the move only, not on a position. Only meaningful when
    /// [`Game::MOVE_INDEX_BOUND`] is not 0; the default returns 0. The conformance kit checks it
    /// (`testing::check_move_indices`).
    #[must_use]
    fn move_index(mv: Self::Move) -> usize {
        let _ = mv;
        0
    }
}

/// Optional capability: the 64-bit Zobrist hash of the position, for transposition tables and repetition
/// detection.
///
/// Equal positions (by `Eq`) must have equal hashes; different positions should have different hashes
/// with overwhelming probability (Zobrist hashing does this).
pub trait ZobristHash: Game {
    /// The Zobrist hash of this position.
    fn zobrist(&self) -> u64;
}

/// Optional capability: whether a move is a pass (a turn in which nothing moves on the board, such
/// as Kamisado's zero-length move or Onitama's forced pass). Used for statistics.
pub trait PassMove: Game {
    /// Whether `mv` is a pass.
    fn is_pass(&self, mv: Self::Move) -> bool;
}

/// Optional capability: text notation for positions and moves.
///
/// Formatting then parsing must give back an equal value.
pub trait Notation: Game {
    /// Why a position text was rejected.
    type ParsePositionError: core::error::Error + Send + Sync + 'static;
    /// Why a move text was rejected.
    type ParseMoveError: core::error::Error + Send + Sync + 'static;

    /// The number of space-separated fields of a position text (Kamisado 4, Onitama 5): a game
    /// record reads that many tokens for its start.
    const POSITION_FIELDS: usize;

    /// Parses a position.
    ///
    /// # Errors
    /// Returns what is wrong with the text and where.
    fn parse_position(text: &str) -> Result<Self, Self::ParsePositionError>;

    /// The canonical text of this position.
    fn position_text(&self) -> String;

    /// Parses a move in the context of this position. The move need not be legal here.
    ///
    /// # Errors
    /// Returns what is wrong with the text and where.
    fn parse_move(&self, text: &str) -> Result<Self::Move, Self::ParseMoveError>;

    /// The canonical text of a move of this position.
    fn move_text(&self, mv: Self::Move) -> String;

    /// How a game record writes this start position: its position text unless the game has a
    /// shorter form (Onitama writes the deal of a start position).
    fn start_text(&self) -> String {
        self.position_text()
    }

    /// Reads a game record's start from its first tokens and says how many it used. The default
    /// reads [`Notation::POSITION_FIELDS`] tokens as a position; a game with another start form
    /// ([`Notation::start_text`]) reads it here too.
    ///
    /// # Errors
    /// What is wrong with the start.
    fn parse_start(tokens: &[&str]) -> Result<(Self, usize), Self::ParsePositionError> {
        let n = tokens.len().min(Self::POSITION_FIELDS);
        Ok((Self::parse_position(&tokens[..n].join(" "))?, n))
    }
}
