//! `games show`, and the text of a position that `play` prints too.

use std::fmt::Write as _;
use std::io::Write as _;

use game_catalog::views::{ShowView, legal_move_texts};
use game_catalog::{CatalogGame, GameVisitor};

use crate::args::ShowArgs;
use crate::error::Failure;

/// `games show` for the game `G`.
pub struct Show<'a>(pub &'a ShowArgs);

impl GameVisitor for Show<'_> {
    type Output = Result<(), Failure>;

    fn visit<G: CatalogGame>(self) -> Result<(), Failure> {
        let pos: G = super::position(&self.0.position)?;
        let text = if self.0.json {
            let view = ShowView::of(&pos);
            format!(
                "{}\n",
                serde_json::to_string(&view).map_err(std::io::Error::other)?
            )
        } else {
            show_text(&pos)
        };
        std::io::stdout().lock().write_all(text.as_bytes())?;
        Ok(())
    }
}

/// A diagram, the position text, whose turn it is and the legal moves, or the outcome.
pub fn show_text<G: CatalogGame>(pos: &G) -> String {
    let mut text = pos.diagram();
    if !text.ends_with('\n') {
        text.push('\n');
    }
    // Writing to a String cannot fail.
    let _ = writeln!(text, "position: {}", pos.position_text());
    if let Some(outcome) = pos.outcome() {
        let _ = writeln!(text, "game over: {outcome}");
    } else {
        let moves = legal_move_texts(pos);
        let _ = writeln!(text, "{}", pos.turn_summary());
        let _ = writeln!(text, "legal moves ({}): {}", moves.len(), moves.join(" "));
    }
    text
}
