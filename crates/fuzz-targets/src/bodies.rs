//! The six fuzz bodies, written once for every [`FuzzGame`]. Their checks are those of the
//! conformance kit ([`abstract_game::testing`]), driven by the fuzzer's bytes.

use core::fmt::{Debug, Display};
use core::str::FromStr;

use abstract_game::Game;
use abstract_game::record::GameRecord;
use abstract_game::testing::{check_hash, check_notation, check_position, check_rejects};

use crate::choices::Choices;
use crate::fuzz_game::{FuzzGame, ReferenceModel};

/// If `text` parses as a `T`, its canonical form must parse back to an equal value and print
/// identically.
///
/// # Panics
/// When a parsed value does not round-trip.
pub fn round_trip<T>(text: &str)
where
    T: FromStr + Display + PartialEq + Debug,
    T::Err: Display,
{
    let Ok(value) = text.parse::<T>() else {
        return;
    };
    let canonical = value.to_string();
    match canonical.parse::<T>() {
        Ok(again) => {
            assert_eq!(
                again, value,
                "{text:?} -> {canonical:?} parses to another value"
            );
            assert_eq!(
                again.to_string(),
                canonical,
                "{canonical:?} is not canonical"
            );
        }
        Err(e) => panic!("{text:?} parsed, but its canonical form {canonical:?} does not: {e}"),
    }
}

/// Plays fuzzer-chosen legal moves from `start` (one choice per move) and calls `visit` on every
/// position met, the start included. Returns the last position.
pub fn drive<G: Game>(start: G, choices: &mut Choices<'_>, mut visit: impl FnMut(&G)) -> G {
    let mut pos = start;
    visit(&pos);
    loop {
        let moves = pos.legal_moves();
        let moves = moves.as_ref();
        if moves.is_empty() {
            return pos;
        }
        let Some(i) = choices.index(moves.len()) else {
            return pos;
        };
        pos.play_unchecked(moves[i]);
        visit(&pos);
    }
}

/// `<game>_notation`: every parser of the game on the input as text (the vocabulary, positions
/// and game records): whatever parses prints back to its canonical form, which parses again to
/// an equal value.
///
/// # Panics
/// When a parsed value does not round-trip.
pub fn notation<G: FuzzGame>(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    G::vocabulary_round_trips(&text);
    if let Ok(pos) = G::parse_position(&text) {
        check_notation(&pos);
    }
    if let Ok(record) = text.parse::<GameRecord<G>>() {
        let canonical = record.to_string();
        let again: GameRecord<G> = canonical
            .parse()
            .unwrap_or_else(|e| panic!("record {canonical:?} does not parse back: {e}"));
        assert_eq!(again.to_string(), canonical, "record text is not canonical");
        assert_eq!(again.position(), record.position());
    }
}

/// `<game>_moves`: along a fuzzer-driven game, every convention of
/// [`check_position`] holds, and an arbitrary move built from the input is accepted exactly when
/// it is listed, a rejected one leaving the position unchanged ([`check_rejects`]).
///
/// # Panics
/// When the move generator and `play` disagree.
pub fn moves<G: FuzzGame>(data: &[u8]) {
    let mut choices = Choices::new(data);
    let mut pos = G::start(&mut choices);
    loop {
        check_position(&pos);
        if let Some(mv) = G::arbitrary_move(&mut choices) {
            check_rejects(&pos, [mv]);
        }
        let moves = pos.legal_moves();
        let Some(i) = choices.index(moves.as_ref().len().max(1)) else {
            break;
        };
        let Some(&mv) = moves.as_ref().get(i) else {
            break;
        };
        pos.play_unchecked(mv);
    }
}

/// `<game>_hash`: the incremental Zobrist hash equals the hash computed from scratch at every
/// position of a fuzzer-driven game, and every move changes it ([`check_hash`]).
///
/// # Panics
/// When the hashes differ.
pub fn hash<G: FuzzGame>(data: &[u8]) {
    let mut choices = Choices::new(data);
    let start = G::start(&mut choices);
    drive(start, &mut choices, |pos| {
        assert_eq!(
            pos.zobrist(),
            pos.zobrist_from_scratch(),
            "incremental hash differs at {pos:?}"
        );
        check_hash(pos);
    });
}

/// `<game>_reference`: the fast rules agree with the slow reference implementation along a
/// fuzzer-driven game.
///
/// # Panics
/// When they disagree.
pub fn reference<G: FuzzGame>(data: &[u8]) {
    let mut choices = Choices::new(data);
    let mut pos = G::start(&mut choices);
    let mut slow = G::Reference::start(&pos);
    loop {
        slow.check(&pos);
        let moves = pos.legal_moves();
        let Some(i) = choices.index(moves.as_ref().len().max(1)) else {
            break;
        };
        let Some(&mv) = moves.as_ref().get(i) else {
            break;
        };
        slow.play(&pos.move_text(mv));
        pos.play_unchecked(mv);
    }
}

/// JSON round trip of a serde value: serialize, deserialize, compare.
///
/// # Panics
/// When the value does not come back equal.
pub fn json_round_trip<T>(value: &T)
where
    T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + Debug,
{
    let text = serde_json::to_string(value)
        .unwrap_or_else(|e| panic!("{value:?} does not serialize: {e}"));
    let back: T =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{text} does not deserialize: {e}"));
    assert_eq!(&back, value, "JSON {text} comes back different");
}

/// `<game>_serde`: JSON round trips of every position and legal move along a fuzzer-driven game,
/// then of the whole record.
///
/// # Panics
/// When a value does not come back equal.
pub fn serde<G: FuzzGame>(data: &[u8]) {
    let mut choices = Choices::new(data);
    let mut record = GameRecord::new(G::start(&mut choices));
    loop {
        let pos = record.position().clone();
        json_round_trip(&pos);
        let moves = pos.legal_moves();
        for &mv in moves.as_ref() {
            json_round_trip(&mv);
        }
        let Some(i) = choices.index(moves.as_ref().len()) else {
            break;
        };
        let Some(&mv) = moves.as_ref().get(i) else {
            break;
        };
        record
            .play(mv)
            .unwrap_or_else(|e| panic!("record rejects {mv:?}: {e}"));
    }
    json_round_trip(&record);
}

/// `<game>_record`: undo and redo in a game record return exactly to earlier positions: the
/// input plays moves, undoes and redoes, checking each position against the history (a pass is
/// one turn, undone as one), and the record's text reads back to the same game.
///
/// # Panics
/// When undo or redo reaches a position other than the one played there.
pub fn record<G: FuzzGame>(data: &[u8]) {
    let mut choices = Choices::new(data);
    let start = G::start(&mut choices);
    let mut history = vec![start.clone()];
    let mut record = GameRecord::new(start.clone());
    let mut ply = 0usize;
    while let Some(action) = choices.byte() {
        match action % 4 {
            0 => {
                if record.undo().is_some() {
                    ply -= 1;
                } else {
                    assert_eq!(ply, 0, "undo refused with moves to undo");
                }
            }
            1 => {
                if record.redo().is_some() {
                    ply += 1;
                }
            }
            _ => {
                let pos = record.position().clone();
                let moves = pos.legal_moves();
                let Some(i) = choices.index(moves.as_ref().len().max(1)) else {
                    break;
                };
                let Some(&mv) = moves.as_ref().get(i) else {
                    continue;
                };
                record
                    .play(mv)
                    .unwrap_or_else(|e| panic!("record rejects {mv:?}: {e}"));
                history.truncate(ply + 1);
                history.push(pos.after_unchecked(mv));
                ply += 1;
            }
        }
        assert_eq!(
            record.position(),
            &history[ply],
            "record is off its history at ply {ply}"
        );
        assert_eq!(record.ply(), ply);
        assert_eq!(record.start(), &start);
    }
    let text = record.to_string();
    let back: GameRecord<G> = text
        .parse()
        .unwrap_or_else(|e| panic!("record text {text:?} does not read back: {e}"));
    assert_eq!(back.moves(), record.moves(), "{text}");
    assert_eq!(back.position(), record.position(), "{text}");
}
