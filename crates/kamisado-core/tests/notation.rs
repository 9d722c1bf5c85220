//! Text notation: squares, moves, positions (documented examples, round trips, and a corpus
//! of invalid texts with the error each must give).

mod common;

use std::fmt::Write as _;

use abstract_game::rng::SplitMix64;
use common::after_line;
use kamisado_core::{
    Colour, InvalidPositionError as I, Move, MoveField, ParseMoveError, ParsePositionError as E,
    ParseSquareError, Position, Side, Square, Tower,
};
use proptest::prelude::*;

const START: &str = "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - -";

#[test]
fn documented_examples() {
    assert_eq!(Position::start().to_string(), START);
    assert_eq!(START.parse::<Position>().unwrap(), Position::start());
    let p4 = "o1pkyrgn/4R3/8/8/8/8/7b/NG1YKPBO b r b";
    assert_eq!(after_line("c1a3 b8h2 a3e7 h2h2").to_string(), p4);
    assert_eq!(
        p4.parse::<Position>().unwrap(),
        after_line("c1a3 b8h2 a3e7 h2h2")
    );
    let p5 = "o1pkyrgn/4R3/8/8/8/8/7b/NG1YKPBO g b br";
    let parsed: Position = p5.parse().unwrap();
    assert_eq!(parsed, after_line("c1a3 b8h2 a3e7 h2h2 e7e7"));
    let outcome = parsed.outcome().unwrap();
    assert_eq!(
        (outcome.winner(), outcome.reason().id()),
        (Some(Side::Gold), "deadlock")
    );
    // A home-row win parses as a finished game.
    let won: Position = "obpkGrgn/3y4/8/8/8/8/8/N1RYKPBO g y -".parse().unwrap();
    assert_eq!(won.outcome().unwrap().winner(), Some(Side::Black));
    assert!(won.legal_moves().is_empty());
}

#[test]
fn squares() {
    for s in Square::ALL {
        assert_eq!(s.to_string().parse::<Square>().unwrap(), s);
        assert_eq!(s.to_string().to_uppercase().parse::<Square>().unwrap(), s);
    }
    assert_eq!(Square::C1.to_string(), "c1");
    assert_eq!(
        "i1".parse::<Square>(),
        Err(ParseSquareError::File { ch: 'i' })
    );
    assert_eq!(
        "a9".parse::<Square>(),
        Err(ParseSquareError::Rank { ch: '9' })
    );
    assert_eq!(
        "a0".parse::<Square>(),
        Err(ParseSquareError::Rank { ch: '0' })
    );
    assert_eq!(
        "a10".parse::<Square>(),
        Err(ParseSquareError::Length { len: 3 })
    );
    assert_eq!(
        "".parse::<Square>(),
        Err(ParseSquareError::Length { len: 0 })
    );
    assert_eq!(
        "é1".parse::<Square>(),
        Err(ParseSquareError::File { ch: 'é' })
    );
}

#[test]
fn moves() {
    let c1a3 = Move::new(Square::C1, Square::A3);
    for text in ["c1a3", "C1A3", "c1-a3", "C1-a3"] {
        assert_eq!(text.parse::<Move>().unwrap(), c1a3, "{text}");
    }
    assert_eq!(c1a3.to_string(), "c1a3");
    assert_eq!(
        "h2h2".parse::<Move>().unwrap(),
        Move::zero_length(Square::H2)
    );
    assert!(matches!(
        "c1a".parse::<Move>(),
        Err(ParseMoveError::Length { len: 3, .. })
    ));
    // Four characters of a move and one more: the length is wrong, not the separator.
    for text in ["c1a3x", "c1a3 "] {
        assert!(
            matches!(
                text.parse::<Move>(),
                Err(ParseMoveError::Length { len: 5, .. })
            ),
            "{text}"
        );
    }
    assert!(matches!(
        "c1+a3".parse::<Move>(),
        Err(ParseMoveError::Separator { ch: '+', .. })
    ));
    assert!(matches!(
        "c1 a3".parse::<Move>(),
        Err(ParseMoveError::Separator { ch: ' ', .. })
    ));
    assert!(matches!(
        "c1a3a4".parse::<Move>(),
        Err(ParseMoveError::Length { len: 6, .. })
    ));
    assert!(matches!(
        "c1z3".parse::<Move>(),
        Err(ParseMoveError::Square {
            field: MoveField::Destination,
            source: ParseSquareError::File { ch: 'z' },
            ..
        })
    ));
    assert!(matches!(
        "c9a3".parse::<Move>(),
        Err(ParseMoveError::Square {
            field: MoveField::Origin,
            source: ParseSquareError::Rank { ch: '9' },
            ..
        })
    ));
    let msg = "c9a3".parse::<Move>().unwrap_err().to_string();
    assert!(msg.contains("origin") && msg.contains('9'), "{msg}");
}

#[test]
fn sides_and_towers() {
    for side in Side::BOTH {
        assert_eq!(side.to_string().parse::<Side>().unwrap(), side);
        assert_eq!(side.id().parse::<Side>().unwrap(), side);
    }
    for side in Side::BOTH {
        for c in Colour::ALL {
            let t = Tower::new(side, c);
            assert_eq!(t.to_string().parse::<Tower>().unwrap(), t);
        }
    }
    assert_eq!(
        "N".parse::<Tower>().unwrap(),
        Tower::new(Side::Black, Colour::Brown)
    );
    assert!("x".parse::<Tower>().is_err());
}

/// Each invalid text and the error it must give.
#[test]
fn invalid_position_corpus() {
    let cases: Vec<(&str, E)> = vec![
        ("", E::FieldCount { found: 1 }),
        (
            "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -",
            E::FieldCount { found: 3 },
        ),
        (
            "obpkyrgn/8/8/8/8/8/8/NGRYKPBO  b - -",
            E::FieldCount { found: 5 },
        ),
        (
            "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - - x",
            E::FieldCount { found: 5 },
        ),
        (
            "obpkyrgn/8/8/8/8/8/NGRYKPBO b - -",
            E::RankCount { found: 7 },
        ),
        (
            "obpkyrgn/8/8/8/8/8/8/8/NGRYKPBO b - -",
            E::RankCount { found: 9 },
        ),
        (
            "obpkyrgx/8/8/8/8/8/8/NGRYKPBO b - -",
            E::BoardChar {
                rank: 8,
                index: 8,
                ch: 'x',
            },
        ),
        (
            "obpkyrgn/8/8/8/0/8/8/NGRYKPBO b - -",
            E::BoardChar {
                rank: 4,
                index: 16,
                ch: '0',
            },
        ),
        (
            "obpkyrgn/8/8/8/9/8/8/NGRYKPBO b - -",
            E::BoardChar {
                rank: 4,
                index: 16,
                ch: '9',
            },
        ),
        (
            "obpkyrgn/44/8/8/8/8/8/NGRYKPBO b - -",
            E::ConsecutiveDigits { rank: 7, index: 11 },
        ),
        (
            "obpkyrgn/7/8/8/8/8/8/NGRYKPBO b - -",
            E::RankLength {
                rank: 7,
                squares: 7,
            },
        ),
        (
            "obpkyrgn1/8/8/8/8/8/8/NGRYKPBO b - -",
            E::RankLength {
                rank: 8,
                squares: 9,
            },
        ),
        (
            "obpkyrgn/8/8/8/8/8/8/NGRYKPBON b - -",
            E::RankLength {
                rank: 1,
                squares: 9,
            },
        ),
        (
            "obpkyrgo/8/8/8/8/8/8/NGRYKPBO b - -",
            E::Invalid(I::DuplicateTower {
                tower: Tower::new(Side::Gold, Colour::Orange),
                first: Square::A8,
                second: Square::H8,
            }),
        ),
        (
            "obpkyrg1/8/8/8/8/8/8/NGRYKPBO b - -",
            E::Invalid(I::TowerCount {
                side: Side::Gold,
                count: 7,
            }),
        ),
        (
            "obpkyrgn/8/8/8/8/8/8/NGRYKPB1 b - -",
            E::Invalid(I::TowerCount {
                side: Side::Black,
                count: 7,
            }),
        ),
        (
            "obpkyrgn/8/8/8/8/8/8/NGRYKPBO x - -",
            E::SideToMove { text: "x".into() },
        ),
        (
            "obpkyrgn/8/8/8/8/8/8/NGRYKPBO B - -",
            E::SideToMove { text: "B".into() },
        ),
        (
            "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b q -",
            E::Required { text: "q".into() },
        ),
        (
            "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b nn -",
            E::Required { text: "nn".into() },
        ),
        (
            "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - x",
            E::ChainChar { index: 1, ch: 'x' },
        ),
        (
            "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - --",
            E::ChainChar { index: 2, ch: '-' },
        ),
        (
            "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - n",
            E::Invalid(I::ChainWithoutRequired),
        ),
        ("obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - ", E::ChainEmpty),
        (
            "obpkyrgn/8/8/8/8/8/8/NGRYKPBO g - -",
            E::Invalid(I::FreeChoiceNotAtStart),
        ),
        (
            "o1pkyrgn/4R3/8/8/8/8/7b/NG1YKPBO b - -",
            E::Invalid(I::FreeChoiceNotAtStart),
        ),
        (
            "obpkGrgn/3y4/8/8/8/8/8/N1RYKPBO b y -",
            E::Invalid(I::HomeRowSide {
                winner: Side::Black,
            }),
        ),
        (
            "obpkGrgn/3y4/8/8/8/8/8/N1RYKPBO g r -",
            E::Invalid(I::HomeRowRequired {
                square: Square::E8,
                expected: Colour::Yellow,
            }),
        ),
        (
            "obpkGrgn/3y4/8/8/8/8/8/N1RYKPBO g y y",
            E::Invalid(I::HomeRowChain),
        ),
        (
            "obpkGrgn/8/8/8/8/8/8/NyRYKPBO g y -",
            E::Invalid(I::SeveralWinners),
        ),
        // The chain is "blue" (Gold's blue tower on h2 is stuck) - a green chain state would need
        // Gold's green tower on g8, which can move.
        (
            "o1pkyrgn/4R3/8/8/8/8/7b/NG1YKPBO b r g",
            E::Invalid(I::ChainNotBlocked {
                index: 1,
                side: Side::Gold,
                colour: Colour::Green,
                square: Square::G8,
            }),
        ),
        // Gold's blue tower is stuck on h2 (red), so the next state must be red, not purple.
        (
            "o1pkyrgn/4R3/8/8/8/8/7b/NG1YKPBO b p b",
            E::Invalid(I::ChainColour {
                index: 1,
                side: Side::Gold,
                colour: Colour::Blue,
                square: Square::H2,
                found: Colour::Red,
                expected: Colour::Purple,
            }),
        ),
        // Three earlier states "brb": Gold/blue, Black/red, Gold/blue again.
        (
            "o1pkyrgn/4R3/8/8/8/8/7b/NG1YKPBO b r brb",
            E::Invalid(I::ChainRepeat {
                index: 3,
                side: Side::Gold,
                colour: Colour::Blue,
            }),
        ),
    ];
    let mut messages = String::new();
    for (text, expected) in cases {
        assert_eq!(text.parse::<Position>(), Err(expected.clone()), "{text:?}");
        writeln!(messages, "{text:?}\n    {expected}").unwrap();
    }
    insta::assert_snapshot!(messages);
}

#[test]
fn error_messages_name_field_and_character() {
    let e = "obpkyrgx/8/8/8/8/8/8/NGRYKPBO b - -"
        .parse::<Position>()
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("board") && e.contains("'x'") && e.contains("rank 8"),
        "{e}"
    );
    let e = "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - x"
        .parse::<Position>()
        .unwrap_err()
        .to_string();
    assert!(e.contains("chain") && e.contains("'x'"), "{e}");
    let e = "obpkyrgn/8/8/8/8/8/8/NGRYKPBO z - -"
        .parse::<Position>()
        .unwrap_err()
        .to_string();
    assert!(e.contains("side-to-move") && e.contains('z'), "{e}");
}

/// The position text has no variants: surrounding whitespace is an error too.
#[test]
fn surrounding_whitespace_is_rejected() {
    assert_eq!(
        format!("{START}\n").parse::<Position>(),
        Err(E::ChainChar { index: 2, ch: '\n' })
    );
    assert_eq!(
        format!(" {START}").parse::<Position>(),
        Err(E::FieldCount { found: 5 })
    );
}

/// Positions of a seeded random game: text, parse, print.
fn game_positions(seed: u64, plies: usize) -> Vec<Position> {
    let mut rng = SplitMix64::new(seed);
    let mut pos = Position::start();
    let mut out = vec![pos];
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.play_unchecked(moves[rng.below(moves.len())]);
        out.push(pos);
    }
    out
}

proptest! {
    #[test]
    fn position_text_round_trips(seed in any::<u64>(), plies in 0usize..80) {
        for pos in game_positions(seed, plies) {
            let text = pos.to_string();
            let back: Position = text.parse().unwrap();
            prop_assert_eq!(back, pos);
            prop_assert_eq!(back.to_string(), text);
            for mv in pos.legal_moves() {
                prop_assert_eq!(mv.to_string().parse::<Move>().unwrap(), mv);
            }
        }
    }

    #[test]
    fn move_text_round_trips(a in 0usize..64, b in 0usize..64) {
        let mv = Move::new(Square::from_index(a).unwrap(), Square::from_index(b).unwrap());
        prop_assert_eq!(mv.to_string().parse::<Move>().unwrap(), mv);
        let hyphen = format!("{}-{}", mv.from, mv.to).to_uppercase();
        prop_assert_eq!(hyphen.parse::<Move>().unwrap(), mv);
    }

    #[test]
    fn parsers_never_panic(text in "\\PC{0,60}") {
        let _ = text.parse::<Position>();
        let _ = text.parse::<Move>();
        let _ = text.parse::<Square>();
        let _ = text.parse::<kamisado_core::GameRecord>();
    }

    #[test]
    fn mutated_positions_never_panic(seed in any::<u64>(), plies in 0usize..40, at in any::<usize>(), ch in proptest::char::any()) {
        let pos = *game_positions(seed, plies).last().unwrap();
        let mut chars: Vec<char> = pos.to_string().chars().collect();
        let i = at % chars.len();
        chars[i] = ch;
        let text: String = chars.into_iter().collect();
        if let Ok(p) = text.parse::<Position>() {
            // Whatever parses prints canonically and parses back equal.
            prop_assert_eq!(p.to_string().parse::<Position>().unwrap(), p);
        }
    }
}
