//! Alpha-beta in its solver settings on both games, against exhaustive search: every forced win
//! or loss within a few plies is found at its exact distance, including Kamisado wins through
//! zero-length moves and deadlocks and Onitama positions whose side to move must pass.

use abstract_game::rng::SplitMix64;
use abstract_game::{ExactValue, Game, Wdl};
use game_catalog::CatalogGame;
use game_catalog::games::{Kamisado, Onitama};
use game_engines::{AlphaBeta, Engine, Limits, Score};
use onitama_core::{Card, Piece, Side};

/// The exact value for the side to move if the game ends within `d` plies under perfect play:
/// plain minimax over every move, no table, no pruning.
fn naive<G: Game>(pos: &G, d: u32) -> Option<ExactValue> {
    if let Some(outcome) = pos.outcome() {
        return Some(ExactValue {
            wdl: outcome.wdl_for(pos.side_to_move()),
            plies: 0,
        });
    }
    if d == 0 {
        return None;
    }
    // The best child value from the mover's point of view (`ExactValue`'s order: a win as
    // short as possible, a loss as long as possible), and whether some move is unknown (beyond
    // the budget).
    let mut best: Option<ExactValue> = None;
    let mut unknown = false;
    for mv in pos.legal_moves() {
        match naive(&pos.after_unchecked(mv), d - 1) {
            Some(child) => best = best.max(Some(child.back())),
            None => unknown = true,
        }
    }
    match best {
        // A win stands whatever the unknown moves hold; anything else needs every move known.
        Some(value) if value.wdl == Wdl::Win => Some(value),
        _ if unknown => None,
        other => other,
    }
}

/// Checks the solver-settings alpha-beta on every position decided within `budget` plies and
/// returns how many there were.
fn check<G: CatalogGame>(positions: &[G], budget: u32) -> usize {
    let mut decided = 0;
    for pos in positions {
        let Some(value) = naive(pos, budget) else {
            continue;
        };
        if value.plies == 0 {
            continue;
        }
        let mut engine = AlphaBeta::solver();
        let result = Engine::<G>::search(&mut engine, pos, &Limits::depth(budget + 2));
        assert_eq!(result.score, Score::from(value), "{pos:?}");
        let best = result.best.expect("a move");
        // The move keeps the value: its child is worth the same, one ply closer to the end.
        let child = naive(&pos.after_unchecked(best), budget).expect("decided");
        assert_eq!(child.back(), value, "{pos:?}: {best:?}");
        decided += 1;
    }
    decided
}

#[test]
fn kamisado_forced_results_have_their_exact_distance() {
    let mut rng = SplitMix64::new(0xAB5);
    let mut positions = Vec::new();
    for _ in 0..120 {
        let mut line = vec![Kamisado::start()];
        while let Some(mv) = rng.choose(line.last().unwrap().legal_moves().as_ref()) {
            let next = line.last().unwrap().after_unchecked(mv);
            line.push(next);
        }
        let back = 2 + rng.below(5);
        positions.push(line[line.len().saturating_sub(back + 1)]);
    }
    // The deadlock of the rules' checked line: Gold wins on Black's ply, through two
    // zero-length moves.
    let mut deadlock = Kamisado::start();
    for mv in ["c1a3", "b8h2", "a3e7"] {
        deadlock.play(mv.parse().unwrap()).unwrap();
    }
    assert_eq!(naive(&deadlock, 3), Some(ExactValue::win(2)));
    positions.push(deadlock);
    assert!(check(&positions, 5) > 40);
}

/// A sparse Onitama position: both Masters and up to two Students each on random squares,
/// random cards and side to move; `None` if it is not a valid position.
fn sparse_onitama(rng: &mut SplitMix64) -> Option<Onitama> {
    let mut board = [None; 25];
    let mut pieces = vec![(Side::Red, Piece::Master), (Side::Blue, Piece::Master)];
    for side in Side::BOTH {
        for _ in 0..rng.below(3) {
            pieces.push((side, Piece::Student));
        }
    }
    for piece in pieces {
        loop {
            let sq = rng.below(25);
            if board[sq].is_none() {
                board[sq] = Some(piece);
                break;
            }
        }
    }
    let mut cards = Card::ALL;
    for i in 0..5 {
        let j = i + rng.below(16 - i);
        cards.swap(i, j);
    }
    let side = if rng.below(2) == 0 {
        Side::Red
    } else {
        Side::Blue
    };
    Onitama::from_parts(
        &board,
        [cards[0], cards[1]],
        [cards[2], cards[3]],
        cards[4],
        side,
    )
    .ok()
}

/// A position whose side to move (Red) must pass: its five pieces fill Blue's home row (the
/// Master not on Blue's temple) and both its cards (two of boar, crab, elephant) move only
/// forward, off the board, or sideways onto its own pieces; Blue has its Master and up to two
/// Students on the other ranks, and three random other cards.
fn stuck_onitama(rng: &mut SplitMix64) -> Option<Onitama> {
    let mut board = [None; 25];
    let master_file = [0, 1, 3, 4][rng.below(4)];
    for file in 0..5 {
        let piece = if file == master_file {
            Piece::Master
        } else {
            Piece::Student
        };
        board[20 + file] = Some((Side::Red, piece));
    }
    let mut blue = vec![Piece::Master];
    for _ in 0..rng.below(3) {
        blue.push(Piece::Student);
    }
    for piece in blue {
        loop {
            let sq = rng.below(20);
            if board[sq].is_none() {
                board[sq] = Some((Side::Blue, piece));
                break;
            }
        }
    }
    let mut red = [Card::Boar, Card::Crab, Card::Elephant];
    red.swap(rng.below(3), 2);
    let mut others: Vec<Card> = Card::ALL.into_iter().filter(|c| !red.contains(c)).collect();
    for i in 0..3 {
        let j = i + rng.below(others.len() - i);
        others.swap(i, j);
    }
    Onitama::from_parts(
        &board,
        [red[0], red[1]],
        [others[0], others[1]],
        others[2],
        Side::Red,
    )
    .ok()
}

#[test]
fn onitama_forced_results_have_their_exact_distance_forced_passes_included() {
    let mut rng = SplitMix64::new(0x0917);
    let mut positions = Vec::new();
    while positions.len() < 200 {
        if let Some(pos) = sparse_onitama(&mut rng).filter(|p| !p.is_over()) {
            positions.push(pos);
        }
    }
    assert!(check(&positions, 3) > 40);
    // Stuck positions: every value goes through a forced pass.
    let mut stuck = Vec::new();
    while stuck.len() < 40 {
        if let Some(pos) = stuck_onitama(&mut rng).filter(|p| !p.is_over()) {
            assert!(pos.legal_moves().iter().all(|m| m.is_pass()), "{pos}");
            stuck.push(pos);
        }
    }
    // The forced-pass position of the rules: Red is stuck behind its own row.
    stuck.push(
        "MSSSS/5/2m2/5/5 boar,elephant monkey,tiger crab r"
            .parse()
            .unwrap(),
    );
    let decided = check(&stuck, 4);
    assert!(
        decided >= 5,
        "only {decided} stuck positions decided within 4 plies"
    );
}
