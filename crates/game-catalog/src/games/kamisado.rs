//! Kamisado in the catalog.

use super::Kamisado;
use crate::game::CatalogGame;

impl CatalogGame for Kamisado {
    const OPENING_PLIES: usize = 2;

    const NAME: &'static str = "kamisado";

    fn default_start() -> Self {
        Kamisado::start()
    }

    fn diagram(&self) -> String {
        let mut text = Kamisado::diagram(self).to_string();
        text.push('\n');
        text
    }

    /// `black to move: the red tower on e7 (blocked: a zero-length move)`.
    fn turn_summary(&self) -> String {
        let side = self.side_to_move();
        match self.required_tower() {
            None => format!("{side} to move: any tower (the first move of the game)"),
            Some(tower) => {
                let from = self.square_of(tower);
                let blocked = self.destinations(from) == from.bitboard();
                let how = if blocked {
                    " (blocked: a zero-length move)"
                } else {
                    ""
                };
                format!("{side} to move: the {} tower on {from}{how}", tower.colour)
            }
        }
    }
}
