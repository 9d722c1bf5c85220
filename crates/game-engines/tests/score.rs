//! The `Score` scale: its order, `back()`, conversions and text, checked exhaustively on small
//! ranges.

mod common;

use abstract_game::tictactoe::TicTacToe;
use abstract_game::{Game, Notation, Wdl};
use common::Pile;
use game_engines::Score;

/// Every score with plies in 0..6 and evaluations in -6..=6, in the documented order from worst
/// to best.
fn ordered() -> Vec<Score> {
    let mut v: Vec<Score> = (0..6).map(|plies| Score::Loss { plies }).collect();
    for e in -6..=6 {
        v.push(Score::Eval(e));
        if e == 0 {
            v.push(Score::Draw);
        }
    }
    v.extend((0..6).rev().map(|plies| Score::Win { plies }));
    v
}

#[test]
fn the_order_is_the_documented_one_on_every_pair() {
    let v = ordered();
    for (i, a) in v.iter().enumerate() {
        for (j, b) in v.iter().enumerate() {
            assert_eq!(a.cmp(b), i.cmp(&j), "{a:?} vs {b:?}");
            assert_eq!(a.partial_cmp(b), Some(i.cmp(&j)));
            assert_eq!(a == b, i == j);
        }
    }
    let mut shuffled = v.clone();
    shuffled.reverse();
    shuffled.sort();
    assert_eq!(shuffled, v);
}

#[test]
fn wins_and_losses_beat_and_trail_every_evaluation() {
    for e in [i32::MIN, -1_000_000, -1, 0, 1, 1_000_000, i32::MAX] {
        assert!(Score::Win { plies: u32::MAX } > Score::Eval(e));
        assert!(Score::Loss { plies: u32::MAX } < Score::Eval(e));
        assert!(Score::Loss { plies: 0 } < Score::Eval(e));
    }
    assert!(Score::Eval(-1) < Score::Draw && Score::Draw < Score::Eval(1));
}

#[test]
fn back_is_one_ply_towards_the_root() {
    for plies in 0..50 {
        assert_eq!(
            Score::Win { plies }.back(),
            Score::Loss { plies: plies + 1 }
        );
        assert_eq!(
            Score::Loss { plies }.back(),
            Score::Win { plies: plies + 1 }
        );
        assert_eq!(
            Score::Win { plies }.back().back(),
            Score::Win { plies: plies + 2 }
        );
    }
    for e in -50..=50 {
        assert_eq!(Score::Eval(e).back(), Score::Eval(-e));
        assert_eq!(Score::Eval(e).back().back(), Score::Eval(e));
    }
    assert_eq!(Score::Draw.back(), Score::Draw);
    // Saturation at the ends of the scales.
    assert_eq!(Score::Eval(i32::MIN).back(), Score::Eval(i32::MAX));
    assert_eq!(Score::Eval(i32::MAX).back(), Score::Eval(-i32::MAX));
    assert_eq!(
        Score::Win { plies: u32::MAX }.back(),
        Score::Loss { plies: u32::MAX }
    );
}

#[test]
fn back_reverses_the_order_except_draw_against_eval_zero() {
    let v = ordered();
    for a in &v {
        for b in &v {
            let exempt = matches!(
                (a, b),
                (Score::Draw, Score::Eval(0)) | (Score::Eval(0), Score::Draw)
            );
            if !exempt {
                assert_eq!(a.cmp(b), b.back().cmp(&a.back()), "{a:?} vs {b:?}");
            }
        }
    }
}

#[test]
fn negamax_over_children_picks_the_fastest_win_and_the_longest_defence() {
    // The parent's score is the best of its children's scores one ply back.
    let best = |children: &[Score]| children.iter().map(|s| s.back()).max().unwrap();
    let children = [
        Score::Loss { plies: 4 },
        Score::Loss { plies: 2 },
        Score::Eval(300),
    ];
    assert_eq!(best(&children), Score::Win { plies: 3 });
    let children = [Score::Win { plies: 2 }, Score::Win { plies: 6 }];
    assert_eq!(best(&children), Score::Loss { plies: 7 });
    let children = [Score::Win { plies: 2 }, Score::Draw, Score::Eval(5)];
    assert_eq!(best(&children), Score::Draw);
}

#[test]
fn conversions_accessors_and_text() {
    assert_eq!(Score::from(Wdl::Win), Score::Win { plies: 0 });
    assert_eq!(Score::from(Wdl::Loss), Score::Loss { plies: 0 });
    assert_eq!(Score::from(Wdl::Draw), Score::Draw);
    for wdl in [Wdl::Win, Wdl::Draw, Wdl::Loss] {
        assert_eq!(Score::from(wdl).wdl(), Some(wdl));
        assert!(Score::from(wdl).is_proven());
        assert_eq!(Score::from(wdl).id(), wdl.id());
    }
    assert_eq!(Score::Eval(3).wdl(), None);
    assert!(!Score::Eval(0).is_proven());
    assert_eq!(Score::Eval(-4).eval(), Some(-4));
    assert_eq!(Score::Draw.eval(), None);
    assert_eq!(Score::Loss { plies: 4 }.plies(), Some(4));
    assert_eq!(Score::Eval(4).plies(), None);
    assert_eq!(Score::Eval(4).id(), "eval");

    let text: Vec<String> = [
        Score::Win { plies: 7 },
        Score::Loss { plies: 4 },
        Score::Draw,
        Score::Eval(35),
        Score::Eval(-12),
        Score::Eval(0),
    ]
    .iter()
    .map(ToString::to_string)
    .collect();
    assert_eq!(text, ["win in 7", "loss in 4", "draw", "+35", "-12", "0"]);
}

#[test]
fn terminal_scores_follow_the_outcome_not_the_turn() {
    // Tic-tac-toe: the side to move at the end has lost (or drawn).
    let lost = TicTacToe::parse_position("xxx/oo./... o").unwrap();
    assert_eq!(Score::terminal(&lost), Some(Score::Loss { plies: 0 }));
    let drawn = TicTacToe::parse_position("xox/xoo/oxx o").unwrap();
    assert!(drawn.is_over());
    assert_eq!(Score::terminal(&drawn), Some(Score::Draw));
    assert_eq!(Score::terminal(&TicTacToe::new()), None);
    // Misère: the side to move at the end has won.
    let mut pile = Pile::misere(1, 3);
    pile.play(1).unwrap();
    assert_eq!(Score::terminal(&pile), Some(Score::Win { plies: 0 }));
    let mut pile = Pile::normal(1, 3);
    pile.play(1).unwrap();
    assert_eq!(Score::terminal(&pile), Some(Score::Loss { plies: 0 }));
}
