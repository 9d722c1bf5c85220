//! [`BoardStyle`]: how a front end wants a board drawn, and the ANSI helpers of the boards.

use abstract_game::Game;

/// How to draw a board for a person: see [`Presentation::board`](crate::Presentation::board).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardStyle<G: Game> {
    /// ANSI colours (a terminal that shows them, `NO_COLOR` unset); plain letters otherwise.
    pub colour: bool,
    /// The last move, to mark it.
    pub last: Option<G::Move>,
    /// Whose seat the board is seen from (`None`: the game's usual orientation).
    pub viewer: Option<G::Player>,
    /// A square (in the game's notation) whose destinations are to be shown (Kamisado: a
    /// tower's reach), or `*` for the one piece that must move.
    pub selected: Option<String>,
}

impl<G: Game> Default for BoardStyle<G> {
    fn default() -> Self {
        BoardStyle {
            colour: false,
            last: None,
            viewer: None,
            selected: None,
        }
    }
}

/// ANSI escape helpers for the boards (used only when [`BoardStyle::colour`] is set).
pub(crate) mod ansi {
    /// Text on a 256-colour background with a 256-colour foreground.
    pub fn paint(text: &str, fg: u8, bg: u8, bold: bool) -> String {
        let b = if bold { "1;" } else { "" };
        format!("\x1b[{b}38;5;{fg};48;5;{bg}m{text}\x1b[0m")
    }
}
