//! The `abstract-game` conformance kit on Kamisado, and a few checks through the generic traits.

mod common;

use abstract_game::testing::{
    Candidates, check_notation, check_position, check_random_games, check_rejects,
};
use abstract_game::{EndReason, Game, PassMove, Player};
use kamisado_core::{Move, Position, Side, Square, WinReason};

/// Moves to try on a position: every move from the legal sources to any square (most illegal),
/// zero-length moves from every tower, and a few from empty squares.
fn candidates(pos: &Position) -> Vec<Move> {
    let mut out = Vec::new();
    for from in pos.legal_sources() {
        out.extend(Square::ALL.iter().map(|&to| Move::new(from, to)));
    }
    for (_, sq) in pos.towers() {
        out.push(Move::zero_length(sq));
        out.push(Move::new(sq, Square::D4));
    }
    out.extend([
        Move::new(Square::D4, Square::D5),
        Move::new(Square::E5, Square::E4),
    ]);
    out
}

#[test]
fn conformance_kit_on_random_games() {
    let c: Candidates<'_, Position> = &candidates;
    let report = check_random_games(&Position::start(), 11, 60, 200, c);
    assert!(report.finished > 0, "{report:?}");
    assert!(report.positions > 500, "{report:?}");
}

#[test]
fn conformance_kit_on_special_positions() {
    for line in [
        "",
        "d1d7 g8b3",
        "c1a3 b8h2 a3e7 h2h2",
        "c1a3 b8h2 a3e7 h2h2 e7e7",
        "b1g6 e8d7 g6e8",
    ] {
        let pos = common::after_line(line);
        check_position(&pos);
        check_rejects(&pos, candidates(&pos));
        check_notation(&pos);
    }
}

#[test]
fn trait_vocabulary() {
    assert_eq!(<Side as Player>::BOTH, [Side::Black, Side::Gold]);
    assert_eq!(Player::id(Side::Black), "black");
    assert_eq!(Player::id(Side::Gold), "gold");
    assert_eq!(Player::index(Side::Gold), 1);
    assert_eq!(
        <WinReason as EndReason>::ALL,
        &[WinReason::HomeRow, WinReason::Deadlock]
    );
    for (i, r) in <WinReason as EndReason>::ALL.iter().enumerate() {
        assert_eq!(EndReason::index(*r), i);
    }
    assert_eq!(EndReason::id(WinReason::HomeRow), "home_row");
    assert_eq!(EndReason::id(WinReason::Deadlock), "deadlock");
    let pos = common::after_line("d1d7 g8b3");
    let moves = Game::legal_moves(&pos);
    assert!(pos.is_pass(moves[0]));
    let end = common::after_line("c1a3 b8h2 a3e7 h2h2 e7e7");
    let outcome = Game::outcome(&end).unwrap();
    assert_eq!(outcome.winner(), Some(Side::Gold));
    assert_eq!(outcome.reason().id(), "deadlock");
}
