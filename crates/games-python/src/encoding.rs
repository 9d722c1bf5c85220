//! [`Encoding`]: what the Python package adds to a game's rules: a fixed action space with its
//! legal-action mask, and the observation planes. Both are seen from one player's seat (the
//! side to move for actions), so a network sees every position as its mover sees it.
//!
//! The encodings themselves are in `kamisado_encoding` and `onitama_encoding`; the pytest
//! suite checks them against the rules crates (every legal move has an action, every action of
//! the mask names a legal move, the round trip is exact).

use abstract_game::rng::SplitMix64;
use abstract_game::{Notation, ZobristHash};
use game_catalog::CatalogGame;

/// One cell of an observation array: the planes are 0/1, written as `u8` (the batch API's
/// default) or `f32` (the one-game API and the adapters).
pub(crate) trait Cell: Copy + Send + Sync {
    /// The empty cell.
    const ZERO: Self;
    /// The set cell.
    const ONE: Self;
}

impl Cell for u8 {
    const ZERO: u8 = 0;
    const ONE: u8 = 1;
}

impl Cell for f32 {
    const ZERO: f32 = 0.0;
    const ONE: f32 = 1.0;
}

/// A game of the package: the rules, and the encodings of its actions and observations.
pub(crate) trait Encoding: CatalogGame + Notation + ZobristHash + Copy + 'static {
    /// The number of actions, `0..NUM_ACTIONS`.
    const NUM_ACTIONS: usize;

    /// The observation's shape: planes, rows, columns.
    const OBSERVATION_SHAPE: [usize; 3];

    /// The number of cells of one observation.
    const OBSERVATION_LEN: usize =
        Self::OBSERVATION_SHAPE[0] * Self::OBSERVATION_SHAPE[1] * Self::OBSERVATION_SHAPE[2];

    /// The action of `mv`, a legal move of this position (for any other move the result is
    /// unspecified but below `NUM_ACTIONS`).
    fn action_of(&self, mv: Self::Move) -> usize;

    /// The move that `action` names in this position, if it names one the rules would consider
    /// (a tower or piece of the side to move, a square on the board); legality is checked by the
    /// caller. `None` for an action out of range or one that names nothing here.
    fn move_of(&self, action: usize) -> Option<Self::Move>;

    /// Writes the observation of this position from `viewer`'s seat into `out`
    /// (`OBSERVATION_LEN` cells, every one written).
    fn write_observation<T: Cell>(&self, viewer: Self::Player, out: &mut [T]);

    /// Writes the legal-action mask into `out` (`NUM_ACTIONS` cells, every one written).
    fn write_mask(&self, out: &mut [bool]) {
        out.fill(false);
        self.for_each_legal_move(|mv| out[self.action_of(mv)] = true);
    }

    /// A uniformly random legal action drawn with one number from `rng` (`below(count)`), or
    /// `None` when the game is over. The default takes the k-th move of the rules' order without
    /// building the list; a game may find it faster, with the same result.
    fn random_legal_action(&self, rng: &mut SplitMix64) -> Option<usize> {
        let k = rng.below(self.legal_move_count());
        let (mut i, mut chosen) = (0, None);
        self.for_each_legal_move(|mv| {
            if i == k {
                chosen = Some(mv);
            }
            i += 1;
        });
        chosen.map(|mv| self.action_of(mv))
    }

    /// The legal move of `action`, if the action names one.
    fn legal_move_of(&self, action: usize) -> Option<Self::Move> {
        self.move_of(action).filter(|&mv| self.is_legal(mv))
    }
}
