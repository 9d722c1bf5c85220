//! The crate against the slow reference of `onitama_core::reference` (feature `reference`), over
//! random deals and random games:
//! legal moves, outcomes, move counts (also after each move), and Zobrist keys (incremental
//! against from scratch).

use abstract_game::Player;
use onitama_core::reference::RefPos;
use onitama_core::{Bitboard, Card, Deal, Move, Position, Side};
use proptest::prelude::*;

fn compare(pos: &Position, reference: &RefPos) {
    assert_eq!(
        &RefPos::from_position(pos),
        reference,
        "state differs at {pos}"
    );
    let mut moves: Vec<String> = pos.legal_moves().iter().map(ToString::to_string).collect();
    moves.sort();
    assert_eq!(moves, reference.moves(), "legal moves differ at {pos}");
    let mut visited = Vec::new();
    pos.for_each_legal_move(|mv| visited.push(mv));
    assert_eq!(
        visited,
        pos.legal_moves().to_vec(),
        "visited moves differ at {pos}"
    );
    for card in pos.hand(pos.side_to_move()) {
        let pass = Move::pass(card);
        assert_eq!(
            pos.is_legal(pass),
            moves.contains(&pass.to_string()),
            "legality of {pass} differs at {pos}"
        );
    }
    assert_eq!(
        pos.legal_move_count(),
        moves.len(),
        "count differs at {pos}"
    );
    let outcome = pos
        .outcome()
        .map(|o| (o.winner().map(Player::index), o.reason().to_string()));
    let expected = reference
        .outcome()
        .map(|(w, r)| (Some(w), format!("way of the {r}")));
    assert_eq!(outcome, expected, "outcome differs at {pos}");
    assert_eq!(pos.is_over(), outcome.is_some());
    assert_eq!(
        pos.zobrist(),
        pos.zobrist_from_scratch(),
        "incremental key differs at {pos}"
    );
    compare_steps_onto(pos);
    for side in [Side::Red, Side::Blue] {
        assert_eq!(
            pos.hand_indices(side),
            pos.hand(side).map(Card::index),
            "hand indices differ at {pos}"
        );
    }
    for mv in pos.legal_moves() {
        assert_eq!(
            pos.legal_move_count_after(mv),
            reference.play(&mv.to_string()).moves().len(),
            "count after {mv} differs at {pos}"
        );
    }
}

/// `for_each_step_onto` and `for_each_step_reaching` against the legal moves filtered by
/// destination, for several target sets: the opposing pieces (and the temple for the Master),
/// each opposing piece alone, the empty squares, every square.
fn compare_steps_onto(pos: &Position) {
    let me = pos.side_to_move();
    let them = pos.pieces(me.other());
    let temple = me.other().temple().bitboard();
    let master = pos.pieces(me) & pos.masters();
    let mut sets = vec![
        (them, them | temple),
        (!pos.occupied(), !pos.occupied() & !temple),
        (Bitboard::FULL, Bitboard::FULL),
    ];
    sets.extend(them.into_iter().map(|sq| (sq.bitboard(), sq.bitboard())));
    sets.push((Bitboard::EMPTY, temple));
    for (targets, master_targets) in sets {
        let expected: Vec<Move> = pos
            .legal_moves()
            .iter()
            .copied()
            .filter(|mv| match *mv {
                Move::Step { from, to, .. } => {
                    let allowed = if master.contains(from) {
                        master_targets
                    } else {
                        targets
                    };
                    allowed.contains(to)
                }
                Move::Pass { .. } => false,
            })
            .collect();
        let mut onto = Vec::new();
        pos.for_each_step_onto(targets, master_targets, |mv| onto.push(mv));
        assert_eq!(
            onto, expected,
            "steps onto {targets:?}/{master_targets:?} at {pos}"
        );
        let mut reaching = Vec::new();
        pos.for_each_step_reaching(targets, master_targets, |mv| reaching.push(mv));
        assert_eq!(
            reaching, expected,
            "steps reaching {targets:?}/{master_targets:?} at {pos}"
        );
    }
}

fn run_game(seed: u64, choices: &[usize]) {
    run_game_counting(seed, choices, &[]);
}

/// A random game whose `k`th move is played without counting the mover's steps again
/// ([`Position::after_unchecked_uncounted`], the search's path) when `uncounted[k]` says so.
fn run_game_counting(seed: u64, choices: &[usize], uncounted: &[bool]) {
    let deal = Deal::random(seed);
    let mut pos = Position::from_deal(deal);
    let mut reference = RefPos::from_position(&pos);
    assert_eq!(reference.to_move, deal.side_card().stamp().index());
    for (k, &choice) in choices.iter().enumerate() {
        compare(&pos, &reference);
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return;
        }
        let mv: Move = moves[choice % moves.len()];
        if uncounted.get(k).copied().unwrap_or(false) {
            let next = pos.after_unchecked_uncounted(mv);
            assert_eq!(next, pos.after(mv).expect("generated moves are legal"));
            pos = next;
        } else {
            pos.play(mv).expect("generated moves are legal");
        }
        reference = reference.play(&mv.to_string());
    }
    compare(&pos, &reference);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_games_agree_with_the_reference(seed in any::<u64>(), choices in prop::collection::vec(any::<usize>(), 0..120)) {
        run_game(seed, &choices);
    }

    /// Moves played without counting the mover's steps (as a search plays them), mixed with
    /// moves that count: the same positions, moves, passes and counts.
    #[test]
    fn random_games_played_without_counting_agree_with_the_reference(
        seed in any::<u64>(),
        choices in prop::collection::vec(any::<usize>(), 0..120),
        uncounted in prop::collection::vec(any::<bool>(), 120),
    ) {
        run_game_counting(seed, &choices, &uncounted);
    }

    /// Random placements (not only game positions): every valid position agrees with the
    /// reference, and so does every move from it.
    #[test]
    fn random_placements_agree_with_the_reference(
        seed in any::<u64>(),
        red in prop::collection::btree_set(0usize..25, 1..=5),
        blue in prop::collection::btree_set(0usize..25, 1..=5),
        red_to_move in any::<bool>(),
    ) {
        use onitama_core::Piece;
        let deal = Deal::random(seed);
        let mut board = [None; 25];
        for (k, &i) in red.iter().enumerate() {
            board[i] = Some((Side::Red, if k == 0 { Piece::Master } else { Piece::Student }));
        }
        for (k, &i) in blue.iter().rev().enumerate() {
            if board[i].is_none() {
                board[i] = Some((Side::Blue, if k == 0 { Piece::Master } else { Piece::Student }));
            }
        }
        let to_move = if red_to_move { Side::Red } else { Side::Blue };
        if let Ok(pos) = Position::from_parts(&board, deal.hand(Side::Red), deal.hand(Side::Blue), deal.side_card(), to_move) {
            let reference = RefPos::from_position(&pos);
            compare(&pos, &reference);
            for mv in pos.legal_moves() {
                compare(&pos.after_unchecked(mv), &reference.play(&mv.to_string()));
                compare(&pos.after_unchecked_uncounted(mv), &reference.play(&mv.to_string()));
            }
        }
    }
}

#[test]
fn long_fixed_games_agree_with_the_reference() {
    for seed in 0..40 {
        let choices: Vec<usize> = (0..200)
            .map(|i| (i * 7 + seed as usize * 13) % 97)
            .collect();
        run_game(seed, &choices);
        let uncounted: Vec<bool> = (0..200).map(|i| (i * 5 + seed as usize) % 3 != 0).collect();
        run_game_counting(seed, &choices, &uncounted);
    }
}
