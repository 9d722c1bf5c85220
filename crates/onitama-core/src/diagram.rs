//! A board diagram for people: the board with coordinates, the cards as small grids.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::{self, Write};

use crate::card::Card;
use crate::position::Position;
use crate::side::Side;
use crate::square::Square;

/// A plain-text diagram of a position for people, returned by [`Position::diagram`]; it is
/// written by its `Display` implementation (`to_string()` or `{}`).
///
/// The diagram shows Blue's cards, the board (rank 5 at the top, coordinates on all four edges;
/// `M`/`S` Red, `m`/`s` Blue, `.` empty), Red's cards, the side card, and either the side to move
/// or the outcome.
///
/// Each card is drawn as a 5×5 grid from its holder's seat, forward up: `o` is the moving piece,
/// `x` a destination. The side card is drawn from the seat of the side to move, who receives it
/// after moving.
///
/// ```
/// use onitama_core::Position;
/// let text = Position::start().diagram().to_string();
/// assert!(text.contains("5 | s s m s s | 5"));
/// assert!(text.ends_with("Blue to move\n"));
/// ```
#[derive(Clone, Copy, Debug)]
#[must_use]
pub struct Diagram<'a> {
    pos: &'a Position,
}

impl Position {
    /// A plain-text diagram of the position for people (see [`Diagram`]).
    pub fn diagram(&self) -> Diagram<'_> {
        Diagram { pos: self }
    }
}

/// The five lines of a card's 5×5 grid, seen from its holder's seat (forward is up): `o` is the
/// piece, `x` a destination, `.` anything else.
fn card_grid(card: Card) -> [String; 5] {
    core::array::from_fn(|row| {
        let dy = 2 - row as i8;
        let cells: Vec<&str> = (-2..=2i8)
            .map(|dx| {
                if dx == 0 && dy == 0 {
                    "o"
                } else if card.offsets().contains(&(dx, dy)) {
                    "x"
                } else {
                    "."
                }
            })
            .collect();
        cells.join(" ")
    })
}

fn write_cards(out: &mut fmt::Formatter<'_>, title: &str, cards: &[Card]) -> fmt::Result {
    writeln!(out, "{title}")?;
    let mut line = String::new();
    for card in cards {
        write!(line, "  {:<12}", card.name())?;
    }
    writeln!(out, "{}", line.trim_end())?;
    let grids: Vec<[String; 5]> = cards.iter().map(|&c| card_grid(c)).collect();
    for row in 0..5 {
        let mut line = String::new();
        for grid in &grids {
            write!(line, "  {:<12}", grid[row])?;
        }
        writeln!(out, "{}", line.trim_end())?;
    }
    Ok(())
}

impl fmt::Display for Diagram<'_> {
    fn fmt(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pos = self.pos;
        write_cards(
            out,
            "Blue's cards (from Blue's seat, forward up):",
            &pos.hand(Side::Blue),
        )?;
        out.write_str("\n    a b c d e\n  +-----------+\n")?;
        for rank in (0..5u8).rev() {
            write!(out, "{} |", rank + 1)?;
            for file in 0..5u8 {
                let sq = Square::ALL[usize::from(rank * 5 + file)];
                let c = match pos.piece_at(sq) {
                    Some((side, piece)) => piece.letter(side),
                    None => '.',
                };
                write!(out, " {c}")?;
            }
            writeln!(out, " | {}", rank + 1)?;
        }
        out.write_str("  +-----------+\n    a b c d e\n\n")?;
        write_cards(
            out,
            "Red's cards (from Red's seat, forward up):",
            &pos.hand(Side::Red),
        )?;
        out.write_char('\n')?;
        let title = format!(
            "Side card (from {}'s seat):",
            capitalised(pos.side_to_move())
        );
        write_cards(out, &title, &[pos.side_card()])?;
        out.write_char('\n')?;
        match pos.outcome() {
            Some(outcome) => writeln!(out, "Game over: {outcome}"),
            None => writeln!(out, "{} to move", capitalised(pos.side_to_move())),
        }
    }
}

fn capitalised(side: Side) -> &'static str {
    match side {
        Side::Red => "Red",
        Side::Blue => "Blue",
    }
}
