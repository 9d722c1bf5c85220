//! A board diagram for people: the board with coordinates, the cards as small grids.

use core::fmt::Write;

use crate::card::Card;
use crate::position::Position;
use crate::side::Side;
use crate::square::Square;

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

fn push_cards(out: &mut String, title: &str, cards: &[Card]) {
    let _ = writeln!(out, "{title}");
    let mut line = String::new();
    for card in cards {
        let _ = write!(line, "  {:<12}", card.name());
    }
    out.push_str(line.trim_end());
    out.push('\n');
    let grids: Vec<[String; 5]> = cards.iter().map(|&c| card_grid(c)).collect();
    for row in 0..5 {
        let mut line = String::new();
        for grid in &grids {
            let _ = write!(line, "  {:<12}", grid[row]);
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
}

impl Position {
    /// A plain-text diagram for people: Blue's cards, the board (rank 5 at the top, coordinates
    /// on all four edges; `M`/`S` Red, `m`/`s` Blue, `.` empty), Red's cards, the side card, and
    /// either the side to move or the outcome.
    ///
    /// Each card is drawn as a 5×5 grid from its holder's seat, forward up: `o` is the moving
    /// piece, `x` a destination. The side card is drawn from the seat of the side to move, who
    /// receives it after moving.
    #[must_use]
    pub fn diagram(&self) -> String {
        let mut out = String::new();
        push_cards(
            &mut out,
            "Blue's cards (from Blue's seat, forward up):",
            &self.hand(Side::Blue),
        );
        out.push('\n');
        out.push_str("    a b c d e\n  +-----------+\n");
        for rank in (0..5u8).rev() {
            let _ = write!(out, "{} |", rank + 1);
            for file in 0..5u8 {
                let sq = Square::ALL[usize::from(rank * 5 + file)];
                let c = match self.piece_at(sq) {
                    Some((side, piece)) => piece.letter(side),
                    None => '.',
                };
                let _ = write!(out, " {c}");
            }
            let _ = writeln!(out, " | {}", rank + 1);
        }
        out.push_str("  +-----------+\n    a b c d e\n\n");
        push_cards(
            &mut out,
            "Red's cards (from Red's seat, forward up):",
            &self.hand(Side::Red),
        );
        out.push('\n');
        let title = format!(
            "Side card (from {}'s seat):",
            capitalised(self.side_to_move())
        );
        push_cards(&mut out, &title, &[self.side_card()]);
        out.push('\n');
        match self.outcome() {
            Some(outcome) => {
                let _ = writeln!(out, "Game over: {outcome}");
            }
            None => {
                let _ = writeln!(out, "{} to move", capitalised(self.side_to_move()));
            }
        }
        out
    }
}

fn capitalised(side: Side) -> &'static str {
    match side {
        Side::Red => "Red",
        Side::Blue => "Blue",
    }
}
