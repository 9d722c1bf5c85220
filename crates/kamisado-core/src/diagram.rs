//! A plain-ASCII board diagram for terminals: [`Diagram`].

use core::fmt;

use crate::position::Position;
use crate::side::Tower;
use crate::square::Square;

/// A board diagram of a position, for people: see [`Position::diagram`].
///
/// Every square is shown as its colour letter followed by the tower on it in brackets
/// (`o[o]` is Gold's orange tower on an orange square, `r[ ]` an empty red square); uppercase
/// towers are Black's. Rank 8 is at the top, with coordinates on all four edges, a legend, and a
/// line saying whose turn it is and what must move (or how the game ended).
#[derive(Clone, Copy, Debug)]
pub struct Diagram<'a> {
    pos: &'a Position,
}

impl Position {
    /// A board diagram for people (ASCII, coordinates on the edges); see [`Diagram`].
    ///
    /// ```
    /// let pos = kamisado_core::Position::start();
    /// let text = pos.diagram().to_string();
    /// assert!(text.contains("8  o[o] b[b] p[p] k[k] y[y] r[r] g[g] n[n]  8"));
    /// ```
    #[must_use]
    pub fn diagram(&self) -> Diagram<'_> {
        Diagram { pos: self }
    }
}

impl fmt::Display for Diagram<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let files = "     a    b    c    d    e    f    g    h";
        writeln!(f, "{files}")?;
        for rank in (0..8u8).rev() {
            write!(f, "{} ", rank + 1)?;
            for file in 0..8u8 {
                let sq = Square::new(file, rank).unwrap_or(Square::A1);
                let tower = self.pos.tower_at(sq).map_or(' ', Tower::letter);
                write!(f, " {}[{tower}]", sq.colour().letter())?;
            }
            writeln!(f, "  {}", rank + 1)?;
        }
        writeln!(f, "{files}")?;
        writeln!(
            f,
            "squares: n brown, g green, r red, y yellow, k pink, p purple, b blue, o orange\n\
             towers [X]: uppercase Black, lowercase Gold"
        )?;
        let pos = self.pos;
        if let Some(outcome) = pos.outcome() {
            write!(f, "game over: {outcome}")
        } else if let Some(tower) = pos.required_tower() {
            let sq = pos.square_of(tower);
            let blocked = pos.destinations(sq) == sq.bitboard();
            write!(
                f,
                "{} to move: the {} tower on {sq}{}",
                pos.side_to_move(),
                tower.colour,
                if blocked {
                    " (blocked: zero-length move)"
                } else {
                    ""
                }
            )
        } else {
            write!(f, "{} to move: any tower", pos.side_to_move())
        }
    }
}
