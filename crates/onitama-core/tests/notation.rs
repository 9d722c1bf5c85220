//! Text forms: round trips, tolerated variants, and a corpus of invalid texts with their errors.

use onitama_core::{
    Card, Deal, DealError, InvalidPositionError, Move, MoveField, ParseDealError, ParseMoveError,
    ParsePositionError, ParseSquareError, Position, Side, Square,
};
use proptest::prelude::*;
use std::fmt::Write as _;

#[test]
fn squares() {
    use ParseSquareError as E;
    for sq in Square::ALL {
        assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
        assert_eq!(sq.to_string().to_uppercase().parse::<Square>(), Ok(sq));
    }
    assert_eq!(Square::C3.to_string(), "c3");
    for (bad, expected) in [
        ("", E::Length { len: 0 }),
        ("a", E::Length { len: 1 }),
        ("a0", E::Rank { ch: '0' }),
        ("f1", E::File { ch: 'f' }),
        ("a6", E::Rank { ch: '6' }),
        ("c33", E::Length { len: 3 }),
        ("3c", E::File { ch: '3' }),
        ("é1", E::File { ch: 'é' }),
    ] {
        assert_eq!(bad.parse::<Square>(), Err(expected), "{bad:?}");
    }
}

#[test]
fn cards() {
    for card in Card::ALL {
        assert_eq!(card.to_string().parse::<Card>(), Ok(card));
        assert_eq!(card.name().to_uppercase().parse::<Card>(), Ok(card));
    }
    assert!("dog".parse::<Card>().is_err());
    assert!("".parse::<Card>().is_err());
}

#[test]
fn win_reasons() {
    use onitama_core::{ParseWinReasonError, WinReason};
    for reason in WinReason::ALL {
        assert_eq!(reason.id().parse::<WinReason>(), Ok(reason));
        assert_eq!(reason.to_string().parse::<WinReason>(), Ok(reason));
        assert_eq!(
            reason.to_string().to_uppercase().parse::<WinReason>(),
            Ok(reason)
        );
    }
    let err: ParseWinReasonError = "water".parse::<WinReason>().expect_err("not a reason");
    assert_eq!(err.text, "water");
}

type Case = (&'static str, fn(String) -> ParseMoveError);

#[test]
fn moves() {
    let m: Move = "tiger:c1c3".parse().expect("move");
    assert_eq!(m, Move::step(Card::Tiger, Square::C1, Square::C3));
    assert_eq!("TIGER:C1C3".parse::<Move>(), Ok(m));
    assert_eq!("tiger:pass".parse::<Move>(), Ok(Move::pass(Card::Tiger)));
    assert_eq!(Move::pass(Card::Tiger).to_string(), "tiger:pass");
    assert_eq!("TIGER:pass".parse::<Move>(), Ok(Move::pass(Card::Tiger)));
    let cases: [Case; 10] = [
        ("tiger:PASS", |text| ParseMoveError::Squares {
            text,
            squares: "PASS".into(),
        }),
        ("tiger:Pass", |text| ParseMoveError::Squares {
            text,
            squares: "Pass".into(),
        }),
        ("tigerc1c3", |text| ParseMoveError::MissingColon { text }),
        ("tiger:c1", |text| ParseMoveError::Squares {
            text,
            squares: "c1".into(),
        }),
        // Four characters: the bad square and its character are named.
        ("tiger:c1c6", |text| ParseMoveError::Square {
            text,
            field: MoveField::Destination,
            source: ParseSquareError::Rank { ch: '6' },
        }),
        ("tiger:f1c3", |text| ParseMoveError::Square {
            text,
            field: MoveField::Origin,
            source: ParseSquareError::File { ch: 'f' },
        }),
        ("tiger:c1 3", |text| ParseMoveError::Square {
            text,
            field: MoveField::Destination,
            source: ParseSquareError::File { ch: ' ' },
        }),
        ("tiger:c1-c3", |text| ParseMoveError::Squares {
            text,
            squares: "c1-c3".into(),
        }),
        ("tiger:c1c1", |text| ParseMoveError::SameSquare { text }),
        ("tiger:ééé", |text| ParseMoveError::Squares {
            text,
            squares: "ééé".into(),
        }),
    ];
    for (text, err) in cases {
        assert_eq!(text.parse::<Move>(), Err(err(text.to_owned())), "{text}");
    }
    assert!(matches!(
        "dog:c1c3".parse::<Move>(),
        Err(ParseMoveError::Card { .. })
    ));
}

#[test]
fn deals() {
    let deal: Deal = "horse,elephant,ox,boar,crab".parse().expect("deal");
    assert_eq!(deal, Deal::COMMUNITY_A);
    assert_eq!(deal.to_string(), "horse,elephant,ox,boar,crab");
    assert_eq!("Horse,ELEPHANT,ox,boar,crab".parse::<Deal>(), Ok(deal));
    for (set, text) in [
        (Deal::COMMUNITY_B, "rooster,tiger,rabbit,cobra,frog"),
        (Deal::COMMUNITY_C, "mantis,eel,goose,dragon,crane"),
        (Deal::COMMUNITY_D, "crab,dragon,monkey,tiger,mantis"),
    ] {
        assert_eq!(text.parse::<Deal>(), Ok(set));
    }
    assert_eq!(
        "horse,elephant,ox,boar".parse::<Deal>(),
        Err(ParseDealError::CardCount {
            text: "horse,elephant,ox,boar".into(),
            found: 4
        })
    );
    assert_eq!(
        "horse,elephant,ox,boar,horse".parse::<Deal>(),
        Err(ParseDealError::Deal(DealError::DuplicateCard {
            card: Card::Horse
        }))
    );
    assert!(matches!(
        "horse,elephant,ox,dog,crab".parse::<Deal>(),
        Err(ParseDealError::Card { index: 4, .. })
    ));
    assert!(matches!(
        "horse, elephant,ox,boar,crab".parse::<Deal>(),
        Err(ParseDealError::Card { index: 2, .. })
    ));
    for seed in 0..100 {
        let d = Deal::random(seed);
        assert_eq!(d.to_string().parse::<Deal>(), Ok(d));
    }
}

#[test]
fn positions_tolerated_variants_print_canonically() {
    let canonical = "ssmss/5/5/5/SSMSS elephant,horse boar,ox crab b";
    for variant in [
        canonical,
        "ssmss/5/5/5/SSMSS horse,elephant ox,boar crab b",
        "ssmss/5/5/5/SSMSS HORSE,Elephant Ox,boar CRAB b",
    ] {
        let p: Position = variant.parse().expect("valid");
        assert_eq!(p.to_string(), canonical);
        assert_eq!(p, Position::from_deal(Deal::COMMUNITY_A));
    }
}

#[test]
fn invalid_position_corpus() {
    use InvalidPositionError as I;
    use ParsePositionError as P;
    let cases: Vec<(&str, ParsePositionError)> = vec![
        ("", P::FieldCount { found: 1 }),
        (
            "ssmss/5/5/5/SSMSS elephant,horse boar,ox crab",
            P::FieldCount { found: 4 },
        ),
        (
            "ssmss/5/5/5/SSMSS elephant,horse boar,ox crab b x",
            P::FieldCount { found: 6 },
        ),
        (
            "ssmss/5/5/5/SSMSS  elephant,horse boar,ox crab b",
            P::FieldCount { found: 6 },
        ),
        (
            "ssmss/5/5/SSMSS elephant,horse boar,ox crab b",
            P::RankCount { found: 4 },
        ),
        (
            "ssmss/5/5/5/5/SSMSS elephant,horse boar,ox crab b",
            P::RankCount { found: 6 },
        ),
        (
            "ssmsx/5/5/5/SSMSS elephant,horse boar,ox crab b",
            P::BoardChar {
                rank: 5,
                index: 5,
                ch: 'x',
            },
        ),
        (
            "ssmss/5/0/5/SSMSS elephant,horse boar,ox crab b",
            P::BoardChar {
                rank: 3,
                index: 9,
                ch: '0',
            },
        ),
        (
            "ssmss/5/6/5/SSMSS elephant,horse boar,ox crab b",
            P::BoardChar {
                rank: 3,
                index: 9,
                ch: '6',
            },
        ),
        (
            "ssmss/5/14/5/SSMSS elephant,horse boar,ox crab b",
            P::ConsecutiveDigits { rank: 3, index: 10 },
        ),
        (
            "ssms/5/5/5/SSMSS elephant,horse boar,ox crab b",
            P::RankLength {
                rank: 5,
                squares: 4,
            },
        ),
        (
            "ssmss/5/5/5/SSMSSS elephant,horse boar,ox crab b",
            P::RankLength {
                rank: 1,
                squares: 6,
            },
        ),
        (
            "ssmss/4/5/5/SSMSS elephant,horse boar,ox crab b",
            P::RankLength {
                rank: 4,
                squares: 4,
            },
        ),
        (
            "ssmss/5/5/5/SSMSS elephant boar,ox crab b",
            P::Hand {
                side: Side::Red,
                text: "elephant".into(),
            },
        ),
        (
            "ssmss/5/5/5/SSMSS elephant,horse boar,ox,eel crab b",
            P::Hand {
                side: Side::Blue,
                text: "boar,ox,eel".into(),
            },
        ),
        (
            "ssmss/5/5/5/SSMSS elephant,horse boar,ox crab x",
            P::SideToMove { text: "x".into() },
        ),
        (
            "ssmss/5/5/5/SSMSS elephant,horse boar,ox crab R",
            P::SideToMove { text: "R".into() },
        ),
        (
            "ssmss/5/5/5/SSMSS elephant,horse boar,ox horse b",
            P::Invalid(I::DuplicateCard { card: Card::Horse }),
        ),
        (
            "ssmss/5/5/5/SSMSS elephant,elephant boar,ox crab b",
            P::Invalid(I::DuplicateCard {
                card: Card::Elephant,
            }),
        ),
        (
            "ssmss/5/S4/5/SSMSS elephant,horse boar,ox crab b",
            P::Invalid(I::TooManyPieces {
                side: Side::Red,
                count: 6,
            }),
        ),
        (
            "ssmss/5/5/M4/SSMSS elephant,horse boar,ox crab b",
            P::Invalid(I::TooManyPieces {
                side: Side::Red,
                count: 6,
            }),
        ),
        (
            "ssmms/5/5/5/SSMSS elephant,horse boar,ox crab b",
            P::Invalid(I::TooManyMasters {
                side: Side::Blue,
                count: 2,
            }),
        ),
        (
            "ss1ss/5/5/5/SS1SS elephant,horse boar,ox crab b",
            P::Invalid(I::BothMastersMissing),
        ),
        // Five Students: Students never become Masters.
        (
            "sssss/5/5/5/SSMSS horse,elephant ox,boar crab b",
            P::Invalid(I::TooManyStudents {
                side: Side::Blue,
                count: 5,
            }),
        ),
        (
            "SSSSS/5/2m2/5/5 boar,elephant monkey,tiger crab r",
            P::Invalid(I::TooManyStudents {
                side: Side::Red,
                count: 5,
            }),
        ),
        (
            "sssss/5/5/5/SSSSS elephant,horse boar,ox crab b",
            P::Invalid(I::TooManyStudents {
                side: Side::Red,
                count: 5,
            }),
        ),
        (
            "ssMss/5/5/5/SSmSS elephant,horse boar,ox crab b",
            P::Invalid(I::BothWon),
        ),
        // Blue's master captured and Red to move: Red would have won on its own move.
        (
            "ss1ss/5/5/5/SSMSS elephant,horse boar,ox crab r",
            P::Invalid(I::WinnerToMove { winner: Side::Red }),
        ),
        // Red's master on c5 (Blue's master elsewhere) and Red to move.
        (
            "ssMss/m4/5/5/SS1SS elephant,horse boar,ox crab r",
            P::Invalid(I::WinnerToMove { winner: Side::Red }),
        ),
        (
            "ssmss/5/5/5/SS1SS elephant,horse boar,ox crab b",
            P::Invalid(I::WinnerToMove { winner: Side::Blue }),
        ),
    ];
    let mut messages = String::new();
    for (text, expected) in cases {
        let got = text.parse::<Position>();
        assert_eq!(got, Err(expected.clone()), "{text:?}");
        writeln!(messages, "{text:?}\n  {expected}").expect("write to a string");
    }
    // What each error says.
    insta::assert_snapshot!(messages);
    assert!(matches!(
        "ssmss/5/5/5/SSMSS elephant,dog boar,ox crab b".parse::<Position>(),
        Err(ParsePositionError::Card {
            field: "red's cards",
            ..
        })
    ));
    assert!(matches!(
        "ssmss/5/5/5/SSMSS elephant,horse boar,ox dog b".parse::<Position>(),
        Err(ParsePositionError::Card {
            field: "side card",
            ..
        })
    ));
}

#[test]
fn reachable_finished_games_parse() {
    // Red captured Blue's master; Blue to move.
    let p: Position = "ss1ss/5/5/5/SSMSS elephant,horse boar,ox crab b"
        .parse()
        .expect("valid");
    assert_eq!(
        p.outcome().and_then(onitama_core::Outcome::winner),
        Some(Side::Red)
    );
    assert!(p.legal_moves().is_empty());
    // Red's master on c5 having captured Blue's master there: Stone.
    let p: Position = "ssMss/5/5/5/SS1SS elephant,horse boar,ox crab b"
        .parse()
        .expect("valid");
    assert_eq!(
        p.outcome().map(onitama_core::Outcome::reason),
        Some(onitama_core::WinReason::Stone)
    );
}

fn random_position() -> impl Strategy<Value = Position> {
    (any::<u64>(), prop::collection::vec(any::<usize>(), 0..60)).prop_map(|(seed, choices)| {
        let mut pos = Position::from_deal(Deal::random(seed));
        for c in choices {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(moves[c % moves.len()]);
        }
        pos
    })
}

proptest! {
    #[test]
    fn position_text_round_trips(pos in random_position()) {
        let text = pos.to_string();
        let back: Position = text.parse().expect("own text parses");
        prop_assert_eq!(back, pos);
        prop_assert_eq!(back.to_string(), text);
        for mv in pos.legal_moves() {
            prop_assert_eq!(mv.to_string().parse::<Move>(), Ok(mv));
        }
    }

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,60}") {
        let _ = text.parse::<Position>();
        let _ = text.parse::<Move>();
        let _ = text.parse::<Deal>();
        let _ = text.parse::<Square>();
        let _ = text.parse::<onitama_core::GameRecord>();
    }

    #[test]
    fn near_miss_text_never_panics(text in "[sSmM1-6/]{0,30} [a-z,]{0,20} [a-z,]{0,20} [a-z]{0,8} [rbx]") {
        let _ = text.parse::<Position>();
    }
}

#[cfg(feature = "serde")]
#[test]
fn serde_uses_the_text_forms() {
    let pos = Position::from_deal(Deal::COMMUNITY_A);
    let json = serde_json::to_string(&pos).expect("serialize");
    assert_eq!(json, "\"ssmss/5/5/5/SSMSS elephant,horse boar,ox crab b\"");
    assert_eq!(
        serde_json::from_str::<Position>(&json).expect("deserialize"),
        pos
    );
    let mv = Move::step(Card::Tiger, Square::C1, Square::C3);
    assert_eq!(
        serde_json::to_string(&mv).expect("serialize"),
        "\"tiger:c1c3\""
    );
    assert_eq!(
        serde_json::from_str::<Move>("\"tiger:pass\"").expect("de"),
        Move::pass(Card::Tiger)
    );
    assert_eq!(
        serde_json::to_string(&Deal::COMMUNITY_A).expect("ser"),
        "\"horse,elephant,ox,boar,crab\""
    );
    assert_eq!(serde_json::to_string(&Side::Blue).expect("ser"), "\"blue\"");
    assert_eq!(serde_json::to_string(&Square::E5).expect("ser"), "\"e5\"");
    assert_eq!(serde_json::to_string(&Card::Ox).expect("ser"), "\"ox\"");
    let err =
        serde_json::from_str::<Position>("\"ssmss/5/5/5/SSMSS elephant,horse boar,ox crab x\"")
            .expect_err("bad side");
    assert!(err.to_string().contains("side to move"), "{err}");
    assert!(serde_json::from_str::<Move>("42").is_err());
    assert_eq!(
        serde_json::to_string(&onitama_core::WinReason::Stream).expect("ser"),
        "\"stream\""
    );
    assert_eq!(
        serde_json::from_str::<onitama_core::WinReason>("\"stone\"").expect("de"),
        onitama_core::WinReason::Stone
    );
    assert!(serde_json::from_str::<onitama_core::WinReason>("\"water\"").is_err());
}
