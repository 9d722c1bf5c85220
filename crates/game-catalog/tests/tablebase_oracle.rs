//! The alpha-beta engine probing an Onitama endgame tablebase (`alphabeta:tablebase=FILE`):
//! one ply over the table's exact values gives the table's own value of the root, on every
//! two-piece position of a sample, and the best move achieves it.

use abstract_game::Notation;
use game_catalog::engines::{EngineSpecError, build};
use game_catalog::games::Onitama;
use game_engines::{Limits, Score};
use onitama_core::{Card, Deal, Piece, Position, Side};
use onitama_tablebase::Generator;

#[test]
fn one_ply_over_the_table_gives_the_tables_value() {
    let cards = Deal::COMMUNITY_A.cards();
    let table = Generator::new(cards, 2).unwrap().generate(&|_| {}).unwrap();
    let dir = std::env::temp_dir().join(format!("catalog-oracle-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("a2.tb");
    table.save(&file).unwrap();
    let spec = format!("alphabeta:depth=1:tablebase={}", file.display())
        .parse()
        .unwrap();
    let mut engine = build::<Onitama>(&spec, 1).unwrap();
    let mut plain = build::<Onitama>(&"alphabeta:depth=1".parse().unwrap(), 1).unwrap();

    let [a, b, c, d, e]: [Card; 5] = cards;
    let lies = [
        ([a, b], [c, d], e),
        ([c, e], [a, d], b),
        ([b, d], [c, e], a),
    ];
    let (mut checked, mut decided, mut plain_unsure) = (0, 0, 0);
    for red in (0..25).step_by(3) {
        for blue in (1..25).step_by(4) {
            if red == blue {
                continue;
            }
            let mut board = [None; 25];
            board[red] = Some((Side::Red, Piece::Master));
            board[blue] = Some((Side::Blue, Piece::Master));
            for &(r, bl, side) in &lies {
                for to_move in Side::BOTH {
                    let Ok(pos) = Position::from_parts(&board, r, bl, side, to_move) else {
                        continue;
                    };
                    if pos.is_over() {
                        continue;
                    }
                    let expected = table.probe(&pos).map(Score::from).expect("in range");
                    let result = engine.search(&pos, &Limits::none());
                    assert_eq!(result.score, expected, "{}", pos.position_text());
                    let best = result.best.expect("a move");
                    let after = pos.after_unchecked(best);
                    let achieved = if after.is_over() {
                        Score::Win { plies: 1 }
                    } else {
                        Score::from(table.probe(&after).expect("in range").back())
                    };
                    assert_eq!(achieved, expected, "{}", pos.position_text());
                    checked += 1;
                    if expected != Score::Draw {
                        decided += 1;
                    }
                    if matches!(plain.search(&pos, &Limits::none()).score, Score::Eval(_)) {
                        plain_unsure += 1;
                    }
                }
            }
        }
    }
    assert!(checked > 300, "{checked}");
    assert!(decided > 50, "wins and losses are among them: {decided}");
    assert!(
        plain_unsure > 50,
        "without the table one ply proves little: {plain_unsure}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_bad_tablebase_option_is_an_error() {
    let missing = "alphabeta:tablebase=/nonexistent/a6.tb".parse().unwrap();
    assert!(matches!(
        build::<Onitama>(&missing, 1),
        Err(EngineSpecError::Tablebase { .. })
    ));
    let kamisado = "alphabeta:tablebase=x.tb".parse().unwrap();
    let Err(e) = build::<game_catalog::games::Kamisado>(&kamisado, 1) else {
        panic!("kamisado has no tablebases");
    };
    assert!(e.to_string().contains("no endgame tablebases"), "{e}");
}

#[test]
fn the_tablebase_pieces_option_builds_deal_tables_with_a_larger_one_after() {
    // Onitama: deal tables, the larger one named; the engine's name is the spec.
    let spec = "max:tablebase-pieces=6".parse().unwrap();
    let engine = build::<Onitama>(&spec, 1).unwrap();
    assert_eq!(engine.name(), "max:tablebase-pieces=6");
    // Only table sizes that exist: 4 (no larger table), 6, 8, 10.
    for good in ["4", "6", "8", "10"] {
        let spec = format!("alphabeta:tablebase-pieces={good}")
            .parse()
            .unwrap();
        assert!(build::<Onitama>(&spec, 1).is_ok(), "{good}");
    }
    for bad in ["2", "5", "12", "six"] {
        let spec = format!("alphabeta:tablebase-pieces={bad}").parse().unwrap();
        assert!(
            matches!(
                build::<Onitama>(&spec, 1),
                Err(EngineSpecError::OptionValue { .. })
            ),
            "{bad}"
        );
    }
    // Kamisado has no tablebases.
    let Err(e) = build::<game_catalog::games::Kamisado>(&spec, 1) else {
        panic!("kamisado has no tablebases");
    };
    assert!(e.to_string().contains("no endgame tablebases"), "{e}");
}
