//! Kamisado's board as JSON for a graphical front end: the colours of the squares, the towers
//! and the required colour.

use kamisado_core::{Colour, Move, Square};
use serde_json::{Value, json};

use super::super::Kamisado;

/// `{"squares": [8 strings of 8 colour letters, rank 8 first], "towers": [{"square", "colour",
/// "player"}], "required": letter | null, "last": {"from", "to"} | null}`.
pub(crate) fn board_json(pos: &Kamisado, last: Option<Move>) -> Value {
    let squares: Vec<String> = (0..8u8)
        .rev()
        .map(|rank| {
            (0..8u8)
                .filter_map(|file| Square::new(file, rank))
                .map(|sq| Colour::of_square(sq).letter())
                .collect()
        })
        .collect();
    let mut towers: Vec<(Square, Value)> = pos
        .towers()
        .map(|(tower, sq)| {
            (
                sq,
                json!({
                    "square": sq.to_string(),
                    "colour": tower.colour.letter().to_string(),
                    "player": tower.side.id(),
                }),
            )
        })
        .collect();
    towers.sort_by_key(|(sq, _)| sq.index());
    json!({
        "squares": squares,
        "towers": towers.into_iter().map(|(_, v)| v).collect::<Vec<_>>(),
        "required": pos.required().map(|c| c.letter().to_string()),
        "last": last.map(|mv| json!({"from": mv.from.to_string(), "to": mv.to.to_string()})),
    })
}
