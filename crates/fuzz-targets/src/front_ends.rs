//! The bodies of the targets for what users hand to the front ends and the library beyond the
//! rules: saved games, engine specs, weights files, proof files and position set-ups. Each reads
//! the bytes as (lossy) UTF-8 text; none may panic on any text, and what reads must write a text
//! that reads back as the same thing.

use abstract_game::Notation;
use game_catalog::engines::{EngineKind, EngineSpec, build};
use game_catalog::proof::{Proof, Provable};
use game_catalog::{CatalogGame, Setup, setup};
use game_sessions::{Play, Session};
use kamisado_core::Position as Kamisado;
use onitama_core::Position as Onitama;
use onitama_engine::OnitamaEval;

/// A saved game (a session, a mirror match or either, as `games play` and the server write them)
/// of each game: if it loads, what it saves loads as an equal one.
///
/// # Panics
/// When a loaded game does not save and load back equal.
pub fn saved_game(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    saved_game_of::<Kamisado>(&text);
    saved_game_of::<Onitama>(&text);
}

fn saved_game_of<G: CatalogGame + Notation>(text: &str) {
    if let Ok(play) = Play::<G>::from_json(text, G::NAME) {
        let again = Play::<G>::from_json(&play.to_json(), G::NAME)
            .unwrap_or_else(|e| panic!("{text:?} loaded, but what it saves does not: {e}"));
        assert_eq!(again, play, "{text:?} does not save and load back equal");
    }
    if let Ok(session) = Session::<G>::from_json(text) {
        let again = Session::<G>::from_json(&session.to_json())
            .unwrap_or_else(|e| panic!("{text:?} loaded, but what it saves does not: {e}"));
        assert_eq!(again, session, "{text:?} does not save and load back equal");
    }
}

/// An engine spec (`alphabeta:depth=4`, `hard`, `mcts:playouts=100`): if it parses, its text
/// parses back equal, and building it for each game (without a table, nothing read or run: the
/// specs that name a file or a program are left out) answers an engine or an error.
///
/// # Panics
/// When a parsed spec does not round-trip, or building one panics.
pub fn engine_spec(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let Ok(spec) = text.parse::<EngineSpec>() else {
        return;
    };
    let canonical = spec.to_string();
    match canonical.parse::<EngineSpec>() {
        Ok(again) => assert_eq!(
            again, spec,
            "{text:?} -> {canonical:?} parses to another spec"
        ),
        Err(e) => panic!("{text:?} parsed, but its text {canonical:?} does not: {e}"),
    }
    if spec.kind == EngineKind::External || !spec.named_paths().is_empty() {
        return;
    }
    let spec = spec.clone().with_option("tt", "0").unwrap_or(spec);
    let _ = build::<Kamisado>(&spec, 1);
    let _ = build::<Onitama>(&spec, 1);
}

/// An Onitama weights file (what `games tune` writes): if it reads, the file written from its
/// weights reads as the same evaluator.
///
/// # Panics
/// When a weights file that reads does not round-trip.
pub fn weights_file(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    if let Ok(eval) = OnitamaEval::from_weights_text(&text) {
        let written = eval.to_weights_text("# fuzz\n");
        let again = OnitamaEval::from_weights_text(&written).unwrap_or_else(|e| {
            panic!("{text:?} read, but the file written from it does not: {e}")
        });
        assert_eq!(again, eval, "{text:?} does not round-trip");
    }
}

/// A proof file (`games solve --proof`): if it parses, its text parses back equal, and checking
/// it with Kamisado's reference rules answers a summary or an error.
///
/// # Panics
/// When a parsed proof does not round-trip, or the check panics.
pub fn proof_file(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let Ok(proof) = Proof::parse(&text) else {
        return;
    };
    let written = proof.to_text();
    match Proof::parse(&written) {
        Ok(again) => assert_eq!(again, proof, "{text:?} does not round-trip"),
        Err(e) => panic!("{text:?} parsed, but its text {written:?} does not: {e}"),
    }
    let _ = Kamisado::verify_proof(&proof);
}

/// A position set-up of each game, as the server and `games show` take it: the first line a
/// position (or nothing), the second a start option `name=value` (or nothing), the rest moves.
/// If it is taken, the moves it played are legal in the record.
///
/// # Panics
/// When a set-up panics, or its record's moves do not replay from its start.
pub fn position_setup(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let mut lines = text.splitn(3, '\n');
    let position = lines.next().filter(|l| !l.is_empty()).map(str::to_owned);
    let option = lines
        .next()
        .and_then(|l| l.split_once('='))
        .map(|(k, v)| (k.to_owned(), v.to_owned()));
    let moves = lines.next().map(str::to_owned);
    let request = Setup {
        position,
        option,
        moves,
    };
    setup_of::<Kamisado>(&request);
    setup_of::<Onitama>(&request);
}

fn setup_of<G: CatalogGame + Notation>(request: &Setup) {
    let Ok(record) = setup::<G>(request) else {
        return;
    };
    let mut pos = record.start().clone();
    for &mv in record.moves() {
        assert!(
            pos.is_legal(mv),
            "{request:?}: an illegal move in the record"
        );
        pos.play_unchecked(mv);
    }
    assert_eq!(
        &pos,
        record.position(),
        "{request:?}: the moves do not replay"
    );
}
