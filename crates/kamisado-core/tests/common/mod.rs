//! Shared test helpers: position builders. The reference implementation of the rules is
//! `kamisado_core::reference` (feature `reference`).

#![allow(dead_code, clippy::needless_range_loop)]

use kamisado_core::Position;

/// Builds a position text from towers placed on squares (`("d4", 'Y')`), the side to move and
/// the required colour letter, with an empty chain.
pub fn position_text(towers: &[(&str, char)], side: char, required: char) -> String {
    let mut board = [[None; 8]; 8];
    for &(sq, t) in towers {
        let b = sq.as_bytes();
        board[(b[1] - b'1') as usize][(b[0] - b'a') as usize] = Some(t);
    }
    let mut s = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match board[rank][file] {
                None => empty += 1,
                Some(t) => {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push(t);
                }
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        if rank > 0 {
            s.push('/');
        }
    }
    format!("{s} {side} {required} -")
}

/// Parses a position built by [`position_text`].
pub fn position(towers: &[(&str, char)], side: char, required: char) -> Position {
    let text = position_text(towers, side, required);
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Plays a line of moves from the start, with the checked `play`.
pub fn after_line(line: &str) -> Position {
    let mut pos = Position::start();
    for mv in line.split_whitespace() {
        pos.play(mv.parse().unwrap())
            .unwrap_or_else(|e| panic!("{e}"));
    }
    pos
}
