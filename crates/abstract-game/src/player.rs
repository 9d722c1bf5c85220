//! The players: the [`Player`] trait that each game's side type implements, and [`BySide`], a
//! pair of values indexed by player.

use core::fmt::{Debug, Display};
use core::hash::Hash;

/// One of the two players of a game.
///
/// Each game names its players in its own words (Black and Gold, Red and Blue); this trait gives
/// generic code what it needs: the two values, the opponent and a stable lowercase name.
pub trait Player: Copy + Eq + Hash + Debug + Display + Send + Sync + 'static {
    /// Both players in index order: `BOTH[0]` has index 0. This is not always the order of play:
    /// in Onitama the side card of the deal decides who starts.
    const BOTH: [Self; 2];

    /// The opponent.
    #[must_use]
    fn other(self) -> Self;

    /// A stable lowercase identifier (`"black"`, `"red"`), used in JSON and other machine output.
    fn id(self) -> &'static str;

    /// `0` for `BOTH[0]`, `1` for `BOTH[1]`: an index for two-element tables.
    #[must_use]
    fn index(self) -> usize {
        usize::from(self != Self::BOTH[0])
    }
}

/// A pair of values, one per player, indexed by any [`Player`] type (`by_side[Side::Gold]`).
///
/// ```
/// use abstract_game::BySide;
/// use abstract_game::tictactoe::Mark;
///
/// let mut captured = BySide([0u32; 2]);
/// captured[Mark::O] += 1;
/// assert_eq!(captured.0, [0, 1]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct BySide<T>(pub [T; 2]);

impl<T, P: Player> core::ops::Index<P> for BySide<T> {
    type Output = T;
    fn index(&self, player: P) -> &T {
        &self.0[player.index()]
    }
}

impl<T, P: Player> core::ops::IndexMut<P> for BySide<T> {
    fn index_mut(&mut self, player: P) -> &mut T {
        &mut self.0[player.index()]
    }
}
