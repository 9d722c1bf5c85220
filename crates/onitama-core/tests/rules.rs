//! The rules, case by case. The tests that compare with the reference implementation need the
//! `reference` feature.

#[cfg(feature = "reference")]
use onitama_core::reference::{self, CARD_TABLE};
use onitama_core::{
    Bitboard, Card, Deal, IllegalMoveReason, InvalidPositionError, MAX_LEGAL_MOVES, Move, Piece,
    Position, Side, Square, WinReason,
};

fn pos(text: &str) -> Position {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn mv(text: &str) -> Move {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[cfg(feature = "reference")]
fn names(bb: Bitboard) -> Vec<String> {
    let mut v: Vec<String> = bb.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

#[cfg(feature = "reference")]
#[test]
fn card_names_stamps_and_offsets_match_the_rules_table() {
    for (i, &(name, stamp, offsets)) in CARD_TABLE.iter().enumerate() {
        let card: Card = name.parse().expect("card name");
        assert_eq!(card, Card::ALL[i], "alphabetical order");
        assert_eq!(card.name(), name);
        let expected = if stamp == 'r' { Side::Red } else { Side::Blue };
        assert_eq!(card.stamp(), expected, "{name}");
        let got: Vec<(i32, i32)> = card
            .offsets()
            .iter()
            .map(|&(x, y)| (i32::from(x), i32::from(y)))
            .collect();
        let mut got_sorted = got.clone();
        got_sorted.sort_unstable();
        let mut want = offsets.to_vec();
        want.sort_unstable();
        assert_eq!(got_sorted, want, "{name}");
    }
}

#[cfg(feature = "reference")]
#[test]
fn destinations_from_every_square_for_both_sides() {
    for &(name, _, _) in &CARD_TABLE {
        let card: Card = name.parse().expect("card");
        for sq in Square::ALL {
            let from = sq.to_string();
            assert_eq!(
                names(card.destinations(Side::Red, sq)),
                reference::destinations(name, true, &from),
                "{name} for red from {from}"
            );
            assert_eq!(
                names(card.destinations(Side::Blue, sq)),
                reference::destinations(name, false, &from),
                "{name} for blue from {from}"
            );
        }
    }
}

#[cfg(feature = "reference")]
#[test]
fn destinations_from_the_centre_as_moves_of_a_lone_piece() {
    // A Red student on c3 with each card; the other pieces far away. The legal moves from c3 must
    // be the table's offsets applied by plain arithmetic (Blue: negated).
    for &(name, _, offsets) in &CARD_TABLE {
        let card: Card = name.parse().expect("card");
        let others: Vec<Card> = Card::ALL
            .into_iter()
            .filter(|&c| c != card)
            .take(4)
            .collect();
        for red in [true, false] {
            let text = if red {
                format!(
                    "m4/5/2S2/5/4M {name},{} {},{} {} r",
                    others[0], others[1], others[2], others[3]
                )
            } else {
                format!(
                    "m4/5/2s2/5/4M {},{} {name},{} {} b",
                    others[0], others[1], others[2], others[3]
                )
            };
            let p = pos(&text);
            let mut got: Vec<String> = p
                .legal_moves()
                .into_iter()
                .filter(|m| m.card() == card && m.from() == Some(Square::C3))
                .map(|m| m.to().expect("step").to_string())
                .collect();
            got.sort();
            let sign = if red { 1 } else { -1 };
            let mut want: Vec<String> = offsets
                .iter()
                .map(|&(dx, dy)| reference::name_of(2 + sign * dx, 2 + sign * dy))
                .collect();
            want.sort();
            assert_eq!(got, want, "{name}, red = {red}");
        }
    }
}

#[test]
fn frog_orientation_example_from_the_rules() {
    // "on an otherwise empty board Red's frog takes a piece on c3 to b4, a3 or d2, and Blue's frog
    // takes a piece on c3 to d2, e3 or b4."
    let red: Bitboard = [Square::B4, Square::A3, Square::D2].into_iter().collect();
    let blue: Bitboard = [Square::D2, Square::E3, Square::B4].into_iter().collect();
    assert_eq!(Card::Frog.destinations(Side::Red, Square::C3), red);
    assert_eq!(Card::Frog.destinations(Side::Blue, Square::C3), blue);
    // The same through the rules: a lone Red student and a lone Blue student on c3.
    let p = pos("m4/5/2S2/5/4M frog,ox boar,crab tiger r");
    let tos: Bitboard = p
        .legal_moves()
        .into_iter()
        .filter(|m| m.card() == Card::Frog && m.from() == Some(Square::C3))
        .filter_map(Move::to)
        .collect();
    assert_eq!(tos, red);
    let p = pos("M4/5/2s2/5/4m boar,crab frog,ox tiger b");
    let tos: Bitboard = p
        .legal_moves()
        .into_iter()
        .filter(|m| m.card() == Card::Frog && m.from() == Some(Square::C3))
        .filter_map(Move::to)
        .collect();
    assert_eq!(tos, blue);
}

#[test]
fn mirror_pairs_are_mirrors_with_opposite_stamps() {
    for card in Card::ALL {
        if let Some(m) = card.mirror() {
            assert_eq!(m.mirror(), Some(card));
            assert_ne!(m.stamp(), card.stamp());
            let mut a: Vec<(i8, i8)> = card.offsets().iter().map(|&(x, y)| (-x, y)).collect();
            let mut b = m.offsets().to_vec();
            a.sort_unstable();
            b.sort_unstable();
            assert_eq!(a, b, "{card} / {m}");
        }
    }
}

#[test]
fn start_position_and_first_player() {
    let p = Position::from_deal(Deal::COMMUNITY_A);
    assert_eq!(
        p.to_string(),
        "ssmss/5/5/5/SSMSS elephant,horse boar,ox crab b"
    );
    assert_eq!(p.side_to_move(), Side::Blue);
    assert_eq!(p.master(Side::Red), Some(Square::C1));
    assert_eq!(p.master(Side::Blue), Some(Square::C5));
    assert_eq!(
        Position::from_deal(Deal::COMMUNITY_B).side_to_move(),
        Side::Red
    );
    for seed in 0..50 {
        let deal = Deal::random(seed);
        let cards = deal.cards();
        for i in 0..5 {
            for j in 0..i {
                assert_ne!(cards[i], cards[j], "seed {seed}");
            }
        }
        let p = Position::from_deal(deal);
        assert_eq!(p.side_to_move(), deal.side_card().stamp());
        assert_eq!(p.side_card(), deal.side_card());
    }
    assert_eq!(Deal::random(1), Deal::random(1));
}

#[test]
fn a_capture_removes_the_piece_and_exchanges_the_card() {
    let mut p = pos("m4/5/1s3/1S3/M4 ox,boar crab,tiger horse r");
    p.play(mv("boar:b2b3")).expect("legal capture");
    assert_eq!(p.piece_at(Square::B3), Some((Side::Red, Piece::Student)));
    assert_eq!(p.pieces(Side::Blue).len(), 1);
    assert!(p.outcome().is_none());
    assert_eq!(p.hand(Side::Red), [Card::Horse, Card::Ox]);
    assert_eq!(p.side_card(), Card::Boar);
    assert_eq!(p.side_to_move(), Side::Blue);
    assert_eq!(p.zobrist(), p.zobrist_from_scratch());
}

#[test]
fn capturing_the_master_wins_by_the_stone_without_exchange() {
    let mut p = pos("5/5/1m3/1S3/M3s ox,boar crab,tiger horse r");
    p.play(mv("boar:b2b3")).expect("legal capture");
    let outcome = p.outcome().expect("over");
    assert_eq!(outcome.winner(), Some(Side::Red));
    assert_eq!(outcome.reason(), WinReason::Stone);
    // No exchange after a winning move; the loser is "to move".
    assert_eq!(p.hand(Side::Red), [Card::Boar, Card::Ox]);
    assert_eq!(p.side_card(), Card::Horse);
    assert_eq!(p.side_to_move(), Side::Blue);
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.legal_move_count(), 0);
    let before = p;
    let err = p.play(mv("crab:e1c1")).expect_err("game over");
    assert_eq!(err.reason, IllegalMoveReason::GameOver { outcome });
    assert_eq!(p, before);
    assert_eq!(p.zobrist(), p.zobrist_from_scratch());
}

#[test]
fn two_masters_of_a_side_are_rejected() {
    let err = "4m/5/1m3/1S3/M4 ox,boar crab,tiger horse r"
        .parse::<Position>()
        .expect_err("two masters");
    assert_eq!(
        err,
        onitama_core::ParsePositionError::Invalid(InvalidPositionError::TooManyMasters {
            side: Side::Blue,
            count: 2
        })
    );
}

#[test]
fn master_on_the_opposing_temple_wins_by_the_stream() {
    // Red master on c4 steps to c5 with the boar.
    let mut p = pos("5/2M2/5/5/m4 boar,ox crab,tiger horse r");
    p.play(mv("boar:c4c5")).expect("legal");
    let outcome = p.outcome().expect("over");
    assert_eq!(outcome.winner(), Some(Side::Red));
    assert_eq!(outcome.reason(), WinReason::Stream);
    assert_eq!(
        p.side_card(),
        Card::Horse,
        "no exchange after the winning move"
    );
    // Blue master reaching c1.
    let mut p = pos("4M/5/5/2m2/5 boar,ox crab,tiger horse b");
    p.play(mv("crab:c2c1")).expect("legal");
    assert_eq!(
        p.outcome().map(|o| (o.winner(), o.reason())),
        Some((Some(Side::Blue), WinReason::Stream))
    );
}

#[test]
fn a_student_on_the_opposing_temple_does_not_win() {
    let mut p = pos("m4/2S2/5/5/M4 boar,ox crab,tiger horse r");
    p.play(mv("boar:c4c5")).expect("legal");
    assert!(p.outcome().is_none());
    assert_eq!(p.side_card(), Card::Boar, "the exchange happens");
    assert_eq!(p.hand(Side::Red), [Card::Horse, Card::Ox]);
}

#[test]
fn master_capturing_master_on_its_temple_reports_the_stone() {
    let mut p = pos("2m2/2M2/5/5/5 boar,ox crab,tiger horse r");
    p.play(mv("boar:c4c5")).expect("legal");
    let outcome = p.outcome().expect("over");
    assert_eq!(outcome.winner(), Some(Side::Red));
    assert_eq!(outcome.reason(), WinReason::Stone);
}

#[test]
fn the_forced_pass_of_the_rules() {
    let mut p = pos("MSSSS/5/2m2/5/5 boar,elephant monkey,tiger crab r");
    let moves: Vec<String> = p.legal_moves().iter().map(ToString::to_string).collect();
    assert_eq!(moves, ["boar:pass", "elephant:pass"]);
    assert_eq!(p.legal_move_count(), 2);
    assert!(p.is_legal(Move::pass(Card::Boar)));
    assert!(!p.is_legal(Move::pass(Card::Tiger)));
    p.play(mv("elephant:pass")).expect("legal pass");
    assert_eq!(
        p.to_string(),
        "MSSSS/5/2m2/5/5 boar,crab monkey,tiger elephant b"
    );
    assert_eq!(p.zobrist(), p.zobrist_from_scratch());
}

#[test]
fn no_pass_while_a_move_exists() {
    let mut p = Position::from_deal(Deal::COMMUNITY_A);
    let before = p;
    let err = p.play(mv("ox:pass")).expect_err("a move exists");
    assert_eq!(
        err.reason,
        IllegalMoveReason::PassWhileMoveExists { side: Side::Blue }
    );
    assert_eq!(p, before);
}

#[test]
fn illegal_moves_say_why_and_change_nothing() {
    let start = Position::from_deal(Deal::COMMUNITY_A);
    let cases = [
        (
            "horse:c5c4",
            IllegalMoveReason::CardNotInHand {
                side: Side::Blue,
                card: Card::Horse,
            },
        ),
        (
            "ox:c3c2",
            IllegalMoveReason::NoOwnPiece {
                side: Side::Blue,
                square: Square::C3,
            },
        ),
        (
            "ox:c1c2",
            IllegalMoveReason::NoOwnPiece {
                side: Side::Blue,
                square: Square::C1,
            },
        ),
        (
            "ox:c5c3",
            IllegalMoveReason::NotOnCard {
                side: Side::Blue,
                card: Card::Ox,
                from: Square::C5,
                to: Square::C3,
            },
        ),
        // The ox (0,1)/(1,0)/(0,-1) for Blue: c5 → b5 (its right) holds a Blue student.
        (
            "ox:c5b5",
            IllegalMoveReason::OwnPieceThere {
                side: Side::Blue,
                square: Square::B5,
            },
        ),
    ];
    for (text, reason) in cases {
        let mut p = start;
        let err = p.play(mv(text)).expect_err(text);
        assert_eq!(err.reason, reason, "{text}");
        assert_eq!(err.mv, mv(text));
        assert_eq!(p, start, "{text} changed the position");
        assert!(!p.is_legal(mv(text)));
    }
}

#[test]
fn two_cards_with_the_same_step_are_two_moves() {
    // Red holds boar and horse: both lead one square forward.
    let p = pos("m4/5/5/2S2/4M boar,horse crab,tiger ox r");
    let forward: Vec<Move> = p
        .legal_moves()
        .into_iter()
        .filter(|m| m.from() == Some(Square::C2) && m.to() == Some(Square::C3))
        .collect();
    assert_eq!(forward.len(), 2);
    assert_ne!(p.after_unchecked(forward[0]), p.after_unchecked(forward[1]));
}

#[test]
fn move_list_capacity_is_the_worst_case_and_is_reached() {
    // Upper bound: 5 pieces, 2 cards, at most 4 destinations per card.
    let max_destinations = Card::ALL
        .iter()
        .map(|c| c.offsets().len())
        .max()
        .expect("cards");
    assert_eq!(MAX_LEGAL_MOVES, 5 * 2 * max_destinations);
    // Reached: elephant and goose (four destinations each) with five spread-out Red pieces, found
    // by searching every placement of five Red pieces for that hand.
    let others = [Card::Boar, Card::Crab, Card::Ox];
    let mut best = 0;
    let squares: Vec<Square> = Square::ALL.to_vec();
    let n = squares.len();
    for a in 0..n {
        for b in a + 1..n {
            for c in b + 1..n {
                for d in c + 1..n {
                    for e in d + 1..n {
                        let mut board = [None; 25];
                        for (k, i) in [a, b, c, d, e].into_iter().enumerate() {
                            let piece = if k == 0 {
                                Piece::Master
                            } else {
                                Piece::Student
                            };
                            board[i] = Some((Side::Red, piece));
                        }
                        // The Blue master off Red's squares and not on c1.
                        let Some(free) = (0..25).rev().find(|&i| board[i].is_none() && i != 2)
                        else {
                            continue;
                        };
                        board[free] = Some((Side::Blue, Piece::Master));
                        let Ok(p) = Position::from_parts(
                            &board,
                            [Card::Elephant, Card::Goose],
                            [others[0], others[1]],
                            others[2],
                            Side::Red,
                        ) else {
                            continue;
                        };
                        let count = p.legal_move_count();
                        assert_eq!(count, p.legal_moves().len());
                        best = best.max(count);
                    }
                }
            }
        }
    }
    assert!(best <= MAX_LEGAL_MOVES);
    assert_eq!(best, MAX_LEGAL_MOVES, "the bound is reached");
    assert_eq!(
        pos("4m/1S3/1S1S1/1M1S1/5 elephant,goose boar,cobra crab r")
            .legal_moves()
            .len(),
        40
    );
}

#[test]
fn sizes_are_small() {
    assert_eq!(size_of::<Square>(), 1);
    assert_eq!(size_of::<Card>(), 1);
    assert_eq!(size_of::<Move>(), 3);
    assert_eq!(size_of::<Position>(), 32);
}

#[test]
fn legal_move_count_after_matches_the_child() {
    let mut p = Position::from_deal(Deal::COMMUNITY_C);
    let mut rng = abstract_game::rng::SplitMix64::new(3);
    for _ in 0..200 {
        let moves = p.legal_moves();
        if moves.is_empty() {
            p = Position::from_deal(Deal::random(rng.next_u64()));
            continue;
        }
        for &m in &moves {
            assert_eq!(
                p.legal_move_count_after(m),
                p.after_unchecked(m).legal_move_count(),
                "{p} {m}"
            );
        }
        p.play_unchecked(moves[rng.below(moves.len())]);
    }
}
