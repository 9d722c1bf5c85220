//! The Onitama board for a person, from the viewer's seat: the board, both hands and the side
//! card as small grids as the viewer sees them on the table, the last move and the card just
//! used.

use core::fmt::Write as _;

use onitama_core::{Card, Move, Piece, Side, Square};

use super::super::Onitama;
use crate::board_style::{BoardStyle, ansi};

/// The five rows of `card` as `viewer` sees it when `holder` uses it: `o` the pawn, `x` a
/// destination (the holder's forward is up when the holder is the viewer, down otherwise).
fn grid(card: Card, holder: Side, viewer: Side) -> [String; 5] {
    let sign: i8 = if holder == viewer { 1 } else { -1 };
    core::array::from_fn(|row| {
        let dy = 2 - row as i8;
        (-2..=2i8)
            .map(|dx| {
                if dx == 0 && dy == 0 {
                    "o"
                } else if card.offsets().contains(&(sign * dx, sign * dy)) {
                    "x"
                } else {
                    "."
                }
            })
            .collect::<Vec<_>>()
            .join(" ")
    })
}

fn cards(out: &mut String, title: &str, cards: &[(Card, Side, String)], viewer: Side) {
    let _ = writeln!(out, "{title}");
    let mut line = String::new();
    for (card, _, note) in cards {
        let _ = write!(line, "  {:<18}", format!("{}{note}", card.name()));
    }
    let _ = writeln!(out, "{}", line.trim_end());
    let grids: Vec<[String; 5]> = cards.iter().map(|(c, h, _)| grid(*c, *h, viewer)).collect();
    for row in 0..5 {
        let mut line = String::new();
        for g in &grids {
            let _ = write!(line, "  {:<18}", g[row]);
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
}

fn capital(side: Side) -> &'static str {
    match side {
        Side::Red => "Red",
        Side::Blue => "Blue",
    }
}

pub(super) fn board(pos: &Onitama, style: &BoardStyle<Onitama>) -> String {
    let viewer = style.viewer.unwrap_or(Side::Red);
    let opponent = viewer.other();
    let used = style.last.map(Move::card);
    let note = |card: Card| {
        if Some(card) == used {
            " (just used)".to_owned()
        } else {
            String::new()
        }
    };
    let mut out = String::new();
    let theirs: Vec<(Card, Side, String)> = pos
        .hand(opponent)
        .into_iter()
        .map(|c| (c, opponent, note(c)))
        .collect();
    cards(
        &mut out,
        &format!(
            "{}'s cards (as you see them across the table):",
            capital(opponent)
        ),
        &theirs,
        viewer,
    );
    let files: Vec<u8> = if viewer == Side::Blue {
        (0..5).rev().collect()
    } else {
        (0..5).collect()
    };
    let ranks: Vec<u8> = if viewer == Side::Blue {
        (0..5).collect()
    } else {
        (0..5).rev().collect()
    };
    let mut letters = String::new();
    for &f in &files {
        let _ = write!(letters, " {} ", (b'a' + f) as char);
    }
    let _ = writeln!(out, "\n   {letters}\n  +{}+", "-".repeat(15));
    let (from, to) = match style.last {
        Some(Move::Step { from, to, .. }) => (Some(from), Some(to)),
        _ => (None, None),
    };
    for &r in &ranks {
        let _ = write!(out, "{} |", r + 1);
        for &f in &files {
            let sq = Square::ALL[usize::from(r * 5 + f)];
            let piece = pos.piece_at(sq);
            let c = piece.map_or('.', |(side, p)| p.letter(side));
            let marked = Some(sq) == from || Some(sq) == to;
            let (open, close) = if marked { ('[', ']') } else { (' ', ' ') };
            if style.colour {
                let text = format!("{open}{c}{close}");
                let painted = match piece {
                    Some((side, p)) => {
                        let fg = if side == Side::Red { 196 } else { 39 };
                        let bg = if marked { 238 } else { 235 };
                        ansi::paint(&text, fg, bg, p == Piece::Master)
                    }
                    None => ansi::paint(&text, 244, if marked { 238 } else { 235 }, false),
                };
                out.push_str(&painted);
            } else {
                let _ = write!(out, "{open}{c}{close}");
            }
        }
        let _ = writeln!(out, "| {}", r + 1);
    }
    let _ = writeln!(out, "  +{}+\n   {letters}\n", "-".repeat(15));
    let mine: Vec<(Card, Side, String)> = pos
        .hand(viewer)
        .into_iter()
        .map(|c| (c, viewer, note(c)))
        .collect();
    cards(
        &mut out,
        &format!("{}'s cards (from your seat, forward up):", capital(viewer)),
        &mine,
        viewer,
    );
    let next = pos.side_to_move();
    let side = pos.side_card();
    let _ = writeln!(out);
    cards(
        &mut out,
        &format!(
            "Side card ({} receives it after their move; drawn as {} would use it):",
            capital(next),
            capital(next)
        ),
        &[(side, next, note(side))],
        viewer,
    );
    let _ = writeln!(
        out,
        "pieces: M/S Red Master/Students, m/s Blue; [x] the last move; o a pawn, x where a card takes it"
    );
    out
}
