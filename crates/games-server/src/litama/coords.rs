//! Litama's view of the board: its squares, its move texts and its 25-digit board string.
//!
//! Litama puts Blue's home row on rank 1, we put Red's there. The two boards differ by a half
//! turn: Litama's file `f` and rank `r` (both counted from 0) are our file `4 - f` and rank
//! `4 - r`. The colours keep their names and the cards need no change, because a card is read
//! from its holder's seat on both boards.

use onitama_core::{Card, Move, Piece, Position, Side, Square};

/// Our square for a Litama square text such as `a1` (lowercase only, as Litama clients send).
pub(crate) fn square_from_litama(text: &[u8]) -> Option<Square> {
    let [file, rank] = text else { return None };
    if !(b'a'..=b'e').contains(file) || !(b'1'..=b'5').contains(rank) {
        return None;
    }
    Square::new(4 - (file - b'a'), 4 - (rank - b'1'))
}

/// The Litama text of one of our squares.
pub(crate) fn square_to_litama(square: Square) -> String {
    let file = char::from(b'a' + (4 - square.file()));
    let rank = char::from(b'1' + (4 - square.rank()));
    format!("{file}{rank}")
}

/// A card given by its exact lowercase name (Litama accepts no other spelling).
pub(crate) fn card_from_name(name: &str) -> Option<Card> {
    Card::ALL.into_iter().find(|card| card.name() == name)
}

/// The Litama text of a move: `boar:a1a2`, or `boar:pass` for a forced pass.
pub(crate) fn move_to_litama(mv: Move) -> String {
    match mv {
        Move::Step { card, from, to } => {
            format!("{card}:{}{}", square_to_litama(from), square_to_litama(to))
        }
        Move::Pass { card } => format!("{card}:pass"),
    }
}

/// What the squares part of a `move` command asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum MoveSquares {
    /// A step from the first square to the second (our squares).
    Step(Square, Square),
    /// Our extension: the forced pass.
    Pass,
}

/// Reads the last field of a `move` command: four characters `a1a2`, or `pass`.
pub(crate) fn parse_move_squares(text: &str) -> Option<MoveSquares> {
    if text == "pass" {
        return Some(MoveSquares::Pass);
    }
    let bytes = text.as_bytes();
    if bytes.len() != 4 {
        return None;
    }
    let from = square_from_litama(&bytes[..2])?;
    let to = square_from_litama(&bytes[2..])?;
    Some(MoveSquares::Step(from, to))
}

/// The board as Litama writes it: 25 digits, Litama's `a1`, `b1`, .. `e1`, `a2`, .. `e5`;
/// `0` empty, `1`/`2` a Blue student/master, `3`/`4` a Red student/master.
pub(crate) fn board_string(position: &Position) -> String {
    (0u8..25)
        .map(|i| {
            let ours = Square::new(4 - i % 5, 4 - i / 5);
            match ours.and_then(|sq| position.piece_at(sq)) {
                None => '0',
                Some((Side::Blue, Piece::Student)) => '1',
                Some((Side::Blue, Piece::Master)) => '2',
                Some((Side::Red, Piece::Student)) => '3',
                Some((Side::Red, Piece::Master)) => '4',
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use onitama_core::Deal;

    #[test]
    fn squares_turn_half_round() {
        // Blue's master starts on Litama c1, which is our c5.
        assert_eq!(square_from_litama(b"c1"), Some(Square::C5));
        assert_eq!(square_from_litama(b"a1"), Some(Square::E5));
        assert_eq!(square_from_litama(b"e5"), Some(Square::A1));
        assert_eq!(square_from_litama(b"b4"), Some(Square::D2));
        for sq in Square::ALL {
            let text = square_to_litama(sq);
            assert_eq!(square_from_litama(text.as_bytes()), Some(sq), "{text}");
        }
        for bad in [&b"f1"[..], b"a0", b"a6", b"A1", b"a", b"a1a"] {
            assert_eq!(square_from_litama(bad), None);
        }
    }

    #[test]
    fn move_texts() {
        assert_eq!(
            parse_move_squares("a1a2"),
            Some(MoveSquares::Step(Square::E5, Square::E4))
        );
        assert_eq!(parse_move_squares("pass"), Some(MoveSquares::Pass));
        for bad in ["", "a1", "a1a6", "a1a2a3", "PASS", "é1a2"] {
            assert_eq!(parse_move_squares(bad), None, "{bad}");
        }
        let mv = Move::step(Card::Boar, Square::E5, Square::E4);
        assert_eq!(move_to_litama(mv), "boar:a1a2");
        assert_eq!(move_to_litama(Move::pass(Card::Tiger)), "tiger:pass");
    }

    #[test]
    fn cards_by_exact_name() {
        assert_eq!(card_from_name("boar"), Some(Card::Boar));
        assert_eq!(card_from_name("Boar"), None);
        assert_eq!(card_from_name("none"), None);
    }

    #[test]
    fn start_board() {
        let start = Position::from_deal(Deal::COMMUNITY_B);
        assert_eq!(board_string(&start), "1121100000000000000033433");
    }
}
