//! The conformance kit of `abstract-game` on random games from random deals and from the
//! forced-pass position.

use abstract_game::testing::{Candidates, check_random_games, check_transposition};
use onitama_core::{Card, Deal, Move, Position, Square};

/// Moves to try on a position: every legal move, every pass, and steps with each card of the
/// game from every square to a few others (most of them illegal).
fn candidates(pos: &Position) -> Vec<Move> {
    let mut out: Vec<Move> = pos.legal_moves().to_vec();
    let mut cards = vec![pos.side_card()];
    cards.extend(pos.hand(onitama_core::Side::Red));
    cards.extend(pos.hand(onitama_core::Side::Blue));
    cards.push(Card::ALL[(pos.side_card().index() + 7) % 16]);
    for &card in &cards {
        out.push(Move::pass(card));
        for from in Square::ALL {
            for (dx, dy) in [(0, 1), (0, -1), (1, 1), (-2, 0), (0, 2), (2, 1)] {
                if let Some(to) = from.offset(dx, dy) {
                    out.push(Move::step(card, from, to));
                }
            }
        }
    }
    out
}

#[test]
fn random_games_pass_the_conformance_kit() {
    let candidates: Candidates<'_, Position> = &candidates;
    let mut total = 0;
    for seed in 0..8 {
        let start = Position::from_deal(Deal::random(seed));
        let report = check_random_games(&start, seed, 10, 80, candidates);
        total += report.positions;
    }
    let pass: Position = "MSSSS/5/2m2/5/5 boar,elephant monkey,tiger crab r"
        .parse()
        .expect("valid");
    let report = check_random_games(&pass, 99, 10, 40, candidates);
    assert!(report.positions > 10);
    assert!(total > 1000);
}

#[test]
fn transposition_gives_equal_positions_and_keys() {
    // Each side moves a student and back with cards that cycle through the exchange, reaching the
    // start position's board with the cards swapped around; a different order reaches the same.
    let start = Position::from_deal(Deal::COMMUNITY_A);
    let mv = |s: &str| s.parse::<Move>().expect("move");
    let first = [
        mv("ox:a5a4"),
        mv("horse:a1a2"),
        mv("boar:e5e4"),
        mv("elephant:e1d2"),
    ];
    let second = [
        mv("ox:e5e4"),
        mv("horse:a1a2"),
        mv("boar:a5a4"),
        mv("elephant:e1d2"),
    ];
    check_transposition(&start, &first, &second);
}
