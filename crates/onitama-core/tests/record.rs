//! Game records: undo/redo, repetitions, draws by agreement, text import and export.

use abstract_game::Outcome;
use abstract_game::record::{Ending, GameResult, PlayError};
use onitama_core::{
    Deal, GameRecord, IllegalMoveReason, Move, ParseRecordError, Position, Side, WinReason,
};

fn from_deal(deal: Deal) -> GameRecord {
    GameRecord::new(Position::from_deal(deal))
}

fn mv(text: &str) -> Move {
    text.parse().expect("move text")
}

#[test]
fn undo_and_redo() {
    let mut r = from_deal(Deal::COMMUNITY_A);
    let start = *r.position();
    r.play(mv("ox:c5c4")).expect("legal");
    r.play(mv("horse:c1c2")).expect("legal");
    let after_two = *r.position();
    assert_eq!(r.undo(), Some(mv("horse:c1c2")));
    assert_eq!(r.redo_moves(), [mv("horse:c1c2")]);
    assert_eq!(r.undo(), Some(mv("ox:c5c4")));
    assert_eq!(*r.position(), start);
    assert_eq!(r.undo(), None);
    assert_eq!(r.redo(), Some(mv("ox:c5c4")));
    assert_eq!(r.redo(), Some(mv("horse:c1c2")));
    assert_eq!(r.redo(), None);
    assert_eq!(*r.position(), after_two);
    // A new move after an undo drops the undone tail.
    r.undo();
    r.play(mv("elephant:b1a2")).expect("legal");
    assert!(r.redo_moves().is_empty());
    assert_eq!(r.moves(), [mv("ox:c5c4"), mv("elephant:b1a2")]);
}

#[test]
fn an_illegal_move_leaves_the_record_unchanged() {
    let mut r = from_deal(Deal::COMMUNITY_A);
    let before = r.clone();
    let Err(PlayError::Illegal(err)) = r.play(mv("horse:c1c2")) else {
        panic!("Blue to move");
    };
    assert!(matches!(
        err.reason,
        IllegalMoveReason::CardNotInHand {
            side: Side::Blue,
            ..
        }
    ));
    assert_eq!(r, before);
}

/// Breadth-first search over moves of the Masters only (no captures, no wins) for the shortest
/// path from `start` to a position satisfying `goal` (other than `start` itself).
fn master_path(start: Position, goal: impl Fn(&Position) -> bool) -> Option<Vec<Move>> {
    use std::collections::{HashMap, VecDeque};
    let mut parent: HashMap<Position, (Position, Move)> = HashMap::new();
    let mut queue = VecDeque::from([start]);
    while let Some(pos) = queue.pop_front() {
        for m in pos.legal_moves() {
            if m.from() != pos.master(pos.side_to_move()) || m.is_pass() {
                continue;
            }
            let next = pos.after_unchecked(m);
            if next.is_over() || next.occupied().len() != start.occupied().len() {
                continue;
            }
            if next == start || parent.contains_key(&next) {
                if goal(&next) && next == start {
                    let mut path = vec![m];
                    let mut at = pos;
                    while at != start {
                        let (prev, pm) = parent[&at];
                        path.push(pm);
                        at = prev;
                    }
                    path.reverse();
                    return Some(path);
                }
                continue;
            }
            parent.insert(next, (pos, m));
            if goal(&next) {
                let mut path = vec![];
                let mut at = next;
                while at != start {
                    let (prev, pm) = parent[&at];
                    path.push(pm);
                    at = prev;
                }
                path.reverse();
                return Some(path);
            }
            queue.push_back(next);
        }
    }
    None
}

#[test]
fn repetitions_need_the_same_cards_not_only_the_same_board() {
    // Find a deal in which the Masters alone can bring back the board with other cards, and then
    // the exact start position.
    let mut found = None;
    for seed in 0..200 {
        let deal = Deal::random(seed);
        let start = Position::from_deal(deal);
        let same_board = move |p: &Position| {
            p.pieces(Side::Red) == start.pieces(Side::Red)
                && p.pieces(Side::Blue) == start.pieces(Side::Blue)
                && p.masters() == start.masters()
                && p.side_to_move() == start.side_to_move()
                && *p != start
        };
        let Some(first) = master_path(start, same_board) else {
            continue;
        };
        let middle = first.iter().fold(start, |p, &m| p.after_unchecked(m));
        let Some(second) = master_path(middle, |p| *p == start) else {
            continue;
        };
        found = Some((deal, first, second, same_board));
        break;
    }
    let (deal, first, second, same_board) = found.expect("some deal allows a cycle");
    let start = Position::from_deal(deal);
    let mut r = from_deal(deal);
    assert_eq!(r.repetition_count(), 1);
    for m in first {
        r.play(m).expect("legal");
    }
    assert!(same_board(r.position()));
    assert_eq!(
        r.repetition_count(),
        1,
        "same board, other cards: no repetition"
    );
    for m in second {
        r.play(m).expect("legal");
    }
    assert_eq!(*r.position(), start);
    assert_eq!(r.repetition_count(), 2);
    assert!(r.result().is_none(), "no automatic draw");
    assert!(r.agree_draw());
    assert_eq!(r.result(), Some(GameResult::DrawAgreed));
    let err = r
        .play(mv("ox:c5c4"))
        .expect_err("agreed draw ends the game");
    assert_eq!(
        err,
        PlayError::Ended {
            ending: Ending::DrawAgreed
        }
    );
    let text = r.to_string();
    assert!(text.ends_with(" draw"), "{text}");
    let back: GameRecord = text.parse().expect("own text parses");
    assert_eq!(back, r);
    // Undo cancels the agreement.
    let mut r2 = back;
    assert_eq!(r2.undo(), None, "undo takes back the agreement first");
    assert_eq!(r2.ending(), None);
    assert!(r2.undo().is_some());
}

#[test]
fn text_round_trip_from_a_deal_and_from_a_position() {
    let mut r = from_deal(Deal::COMMUNITY_B);
    let mut rng = abstract_game::rng::SplitMix64::new(5);
    for _ in 0..30 {
        let moves = r.position().legal_moves();
        if moves.is_empty() {
            break;
        }
        r.play(moves[rng.below(moves.len())]).expect("legal");
    }
    let text = r.to_string();
    // A deal's start is written as the deal, each hand in alphabetical order.
    assert!(
        text.starts_with("rooster,tiger,cobra,rabbit,frog "),
        "{text}"
    );
    let back: GameRecord = text.parse().expect("parses");
    assert_eq!(back, r);
    assert_eq!(back.to_string(), text);

    let start: Position = "MSSSS/5/2m2/5/5 boar,elephant monkey,tiger crab r"
        .parse()
        .expect("valid");
    let mut r = GameRecord::new(start);
    r.play(mv("boar:pass")).expect("legal");
    r.play(mv("tiger:c3c4")).expect("legal");
    let text = r.to_string();
    assert_eq!(
        text,
        "MSSSS/5/2m2/5/5 boar,elephant monkey,tiger crab r boar:pass tiger:c3c4"
    );
    let back: GameRecord = text.parse().expect("parses");
    assert_eq!(back, r);
}

#[test]
fn reading_reports_the_first_illegal_move() {
    let err = "horse,elephant,ox,boar,crab ox:c5c4 horse:c1c2 horse:c4c3 elephant:b1a2"
        .parse::<GameRecord>()
        .expect_err("third move uses Red's card");
    match err {
        ParseRecordError::IllegalMove {
            index,
            text,
            source,
        } => {
            assert_eq!(index, 3);
            assert_eq!(text, "horse:c4c3");
            assert!(matches!(
                source.reason,
                IllegalMoveReason::CardNotInHand {
                    side: Side::Blue,
                    ..
                }
            ));
        }
        other => panic!("unexpected {other:?}"),
    }
    let err = "horse,elephant,ox,boar,crab ox:c5c4 bogus"
        .parse::<GameRecord>()
        .expect_err("bad token");
    assert!(
        matches!(err, ParseRecordError::MoveText { index: 2, .. }),
        "{err:?}"
    );
    assert!(err.to_string().contains("bogus"));
    assert_eq!("".parse::<GameRecord>(), Err(ParseRecordError::Empty));
    assert!(matches!(
        "horse,ox".parse::<GameRecord>(),
        Err(ParseRecordError::Start(
            onitama_core::ParsePositionError::Deal(_)
        ))
    ));
    assert!(matches!(
        "ssmss/5/5/5/SSMSS".parse::<GameRecord>(),
        Err(ParseRecordError::Start(_))
    ));
    assert!(matches!(
        "horse,elephant,ox,boar,crab draw ox:c5c4".parse::<GameRecord>(),
        Err(ParseRecordError::AfterEnding { .. })
    ));
}

#[test]
fn a_won_game_reports_its_result_and_refuses_a_draw() {
    let r: GameRecord =
        "horse,elephant,ox,boar,crab ox:c5c4 horse:c1c2 boar:c4c3 elephant:b1a2 horse:c3c2"
            .parse()
            .expect("a short game");
    assert_eq!(
        r.result(),
        Some(GameResult::Outcome(Outcome::Win {
            winner: Side::Blue,
            reason: WinReason::Stone
        }))
    );
    let mut r2 = r.clone();
    assert!(!r2.agree_draw());
    assert!(matches!(
        format!("{r} draw").parse::<GameRecord>(),
        Err(ParseRecordError::EndingAfterEnd { after: 5, .. })
    ));
}

#[cfg(feature = "serde")]
#[test]
fn serde_as_text() {
    let r: GameRecord = "horse,elephant,ox,boar,crab ox:c5c4"
        .parse()
        .expect("record");
    let json = serde_json::to_string(&r).expect("ser");
    assert_eq!(json, "\"elephant,horse,boar,ox,crab ox:c5c4\"");
    assert_eq!(serde_json::from_str::<GameRecord>(&json).expect("de"), r);
}
