//! The Kamisado board for a person: square colours, every tower with its colour and a
//! geometric mark, the towers that may move, the last move and a tower's destinations.

use core::fmt::Write as _;

use kamisado_core::{Bitboard, Colour, Move, Side, Square};

use super::super::Kamisado;
use crate::board_style::{BoardStyle, ansi};

/// A geometric mark per colour, so that no one has to tell the colours apart.
pub(super) fn mark(colour: Colour) -> char {
    match colour {
        Colour::Brown => '■',
        Colour::Green => '▲',
        Colour::Red => '●',
        Colour::Yellow => '◆',
        Colour::Pink => '▼',
        Colour::Purple => '□',
        Colour::Blue => '○',
        Colour::Orange => '△',
    }
}

/// The colour's 256-colour terminal code.
fn code(colour: Colour) -> u8 {
    match colour {
        Colour::Brown => 130,
        Colour::Green => 34,
        Colour::Red => 196,
        Colour::Yellow => 226,
        Colour::Pink => 213,
        Colour::Purple => 129,
        Colour::Blue => 33,
        Colour::Orange => 208,
    }
}

/// The squares of the required tower's (or the selected tower's) destinations to show.
fn shown_destinations(pos: &Kamisado, style: &BoardStyle<Kamisado>) -> Bitboard {
    let Some(text) = &style.selected else {
        return Bitboard::EMPTY;
    };
    let sources = pos.legal_sources();
    let sq = if text == "*" {
        match (sources.len(), sources.first()) {
            (1, Some(sq)) => sq,
            _ => return Bitboard::EMPTY,
        }
    } else {
        let Ok(sq) = text.parse::<Square>() else {
            return Bitboard::EMPTY;
        };
        sq
    };
    if sources.contains(sq) {
        pos.destinations(sq).without(sq)
    } else {
        pos.reach(sq)
    }
}

pub(super) fn board(pos: &Kamisado, style: &BoardStyle<Kamisado>) -> String {
    let flipped = style.viewer == Some(Side::Gold);
    let sources = if pos.is_over() {
        Bitboard::EMPTY
    } else {
        pos.legal_sources()
    };
    let dests = shown_destinations(pos, style);
    let last: Option<Move> = style.last;
    let files: Vec<u8> = if flipped {
        (0..8).rev().collect()
    } else {
        (0..8).collect()
    };
    let ranks: Vec<u8> = if flipped {
        (0..8).collect()
    } else {
        (0..8).rev().collect()
    };
    let width = if style.colour { 4 } else { 5 };
    let mut header = String::from("  ");
    for &f in &files {
        let _ = write!(header, "{:^width$}", (b'a' + f) as char);
    }
    let mut out = format!("{}\n", header.trim_end());
    for &r in &ranks {
        let _ = write!(out, "{}", r + 1);
        if !style.colour {
            out.push(' ');
        }
        for &f in &files {
            let sq = Square::new(f, r).unwrap_or(Square::A1);
            let tower = pos.tower_at(sq);
            let is_last = last.is_some_and(|m| m.to == sq || m.from == sq);
            let (open, close) = if sources.contains(sq) {
                ('>', '<')
            } else if is_last {
                ('(', ')')
            } else if style.colour {
                (' ', ' ')
            } else {
                ('[', ']')
            };
            let square = sq.colour();
            if style.colour {
                let bg = code(square);
                let edge = |c: char| ansi::paint(&c.to_string(), 231, bg, true);
                let core = match tower {
                    Some(t) => {
                        let fg = if t.side == Side::Black { 16 } else { 231 };
                        let text = format!("{}{}", mark(t.colour), t.letter());
                        ansi::paint(&text, fg, code(t.colour), true)
                    }
                    None if dests.contains(sq) => ansi::paint("**", 231, bg, true),
                    None => ansi::paint("  ", 231, bg, false),
                };
                let _ = write!(out, "{}{core}{}", edge(open), edge(close));
            } else {
                let inside = match tower {
                    Some(t) => t.letter(),
                    None if dests.contains(sq) => '*',
                    None => ' ',
                };
                let _ = write!(out, " {}{open}{inside}{close}", square.letter());
            }
        }
        let _ = writeln!(out, "  {}", r + 1);
    }
    let _ = writeln!(out, "{}", header.trim_end());
    if style.colour {
        let marks: Vec<String> = Colour::ALL
            .iter()
            .map(|&c| format!("{} {c}", mark(c)))
            .collect();
        let _ = writeln!(out, "marks: {}", marks.join(", "));
        let _ = writeln!(
            out,
            "towers: uppercase Black (dark letters), lowercase Gold (light letters); >X< may move, (X) last move, ** a destination"
        );
    } else {
        let _ = writeln!(
            out,
            "squares: n brown, g green, r red, y yellow, k pink, p purple, b blue, o orange\n\
             towers: uppercase Black, lowercase Gold; >X< may move, (X) last move, * a destination"
        );
    }
    out
}
