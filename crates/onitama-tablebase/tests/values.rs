//! The tables against independent computations: a value iteration over the slow reference rules
//! (2 pieces, every entry; 4 pieces in release with `--ignored`, over the fast rules of
//! `onitama-core` but none of the table's code), and exhaustive search on random positions.

use std::collections::HashMap;

use abstract_game::rng::SplitMix64;
use abstract_game::{ExactValue, Wdl};
use onitama_core::reference::RefPos;
use onitama_core::{Card, Deal, Piece, Position, Side};
use onitama_tablebase::{Generator, Tablebase, TablebaseFile};

mod common;
use common::random_position;

/// Every position of `cards` with the two Masters and at most `students` Students per side,
/// both sides to move, every card lie; finished games left out.
fn all_positions(cards: [Card; 5], students: usize) -> Vec<Position> {
    let mut out = Vec::new();
    let lies: Vec<([Card; 2], [Card; 2], Card)> = (0..5)
        .flat_map(|s| {
            let rest: Vec<Card> = (0..5).filter(|&i| i != s).map(|i| cards[i]).collect();
            let pairs = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)];
            pairs.into_iter().map(move |(x, y)| {
                let other: Vec<Card> = (0..4)
                    .filter(|&i| i != x && i != y)
                    .map(|i| rest[i])
                    .collect();
                ([rest[x], rest[y]], [other[0], other[1]], cards[s])
            })
        })
        .collect();
    assert_eq!(lies.len(), 30);
    for rm in 0..25 {
        for bm in 0..25 {
            if rm == bm {
                continue;
            }
            let mut boards = Vec::new();
            let mut board = [None; 25];
            board[rm] = Some((Side::Red, Piece::Master));
            board[bm] = Some((Side::Blue, Piece::Master));
            place(&mut board, Side::Red, students, 0, &mut |b| {
                place(&mut b.clone(), Side::Blue, students, 0, &mut |b2| {
                    boards.push(*b2);
                });
            });
            for b in &boards {
                for &(red, blue, side) in &lies {
                    for to_move in Side::BOTH {
                        if let Ok(pos) = Position::from_parts(b, red, blue, side, to_move) {
                            if !pos.is_over() {
                                out.push(pos);
                            }
                        }
                    }
                }
            }
        }
    }
    out
}

/// Calls `f` with `board` plus every set of at most `left` Students of `side` on empty squares
/// from `from` on.
type Board = [Option<(Side, Piece)>; 25];
fn place(board: &mut Board, side: Side, left: usize, from: usize, f: &mut dyn FnMut(&Board)) {
    f(board);
    if left == 0 {
        return;
    }
    for sq in from..25 {
        if board[sq].is_none() {
            board[sq] = Some((side, Piece::Student));
            place(board, side, left - 1, sq + 1, f);
            board[sq] = None;
        }
    }
}

/// Value iteration: the code of each position (0 draw, else plies + 1), given each position's
/// children as `Err(())` for a move that ends the game and `Ok(id)` otherwise.
fn value_iteration(children: &[Vec<Result<usize, ()>>]) -> Vec<u32> {
    let n = children.len();
    let mut val = vec![0u32; n];
    let mut d = 1;
    loop {
        let mut changed = false;
        let old = val.clone();
        for i in 0..n {
            if old[i] != 0 {
                continue;
            }
            let kids = &children[i];
            let win = kids.iter().any(|c| match *c {
                Err(()) => d == 1,
                Ok(j) => old[j] != 0 && (old[j] - 1) % 2 == 0 && old[j] - 1 == d - 1,
            });
            let loss = d % 2 == 0
                && kids.iter().all(|c| match *c {
                    Err(()) => false,
                    Ok(j) => old[j] != 0 && (old[j] - 1) % 2 == 1,
                });
            if (d % 2 == 1 && win) || loss {
                val[i] = d + 1;
                changed = true;
            }
        }
        if !changed && d > 2 {
            break;
        }
        d += 1;
    }
    val
}

fn expect(code: u32) -> ExactValue {
    match code {
        0 => ExactValue::DRAW,
        c if (c - 1) % 2 == 1 => ExactValue::win(c - 1),
        c => ExactValue::loss(c - 1),
    }
}

#[test]
fn two_pieces_every_entry_against_the_reference_rules() {
    let cards = Deal::COMMUNITY_A.cards();
    let table = Generator::new(cards, 2).unwrap().generate(&|_| {}).unwrap();
    let positions = all_positions(cards, 0);
    let refs: Vec<RefPos> = positions.iter().map(RefPos::from_position).collect();
    let key = |r: &RefPos| format!("{r:?}");
    let ids: HashMap<String, usize> = refs.iter().enumerate().map(|(i, r)| (key(r), i)).collect();
    let children: Vec<Vec<Result<usize, ()>>> = refs
        .iter()
        .map(|r| {
            r.moves()
                .iter()
                .map(|mv| {
                    let c = r.play(mv);
                    if c.outcome().is_some() {
                        Err(())
                    } else {
                        Ok(ids[&key(&c)])
                    }
                })
                .collect()
        })
        .collect();
    let val = value_iteration(&children);
    for (pos, &v) in positions.iter().zip(&val) {
        assert_eq!(table.probe(pos), Some(expect(v)), "{pos}");
    }
    let s = table.stats();
    assert_eq!(s.positions * 2, positions.len() as u64);
    assert_eq!(
        s.wins * 2,
        val.iter().filter(|&&c| c != 0 && (c - 1) % 2 == 1).count() as u64
    );
}

/// Exhaustive search with a memo: whether the side to move wins within `d` plies.
struct Search {
    memo: HashMap<(u64, u32, bool), bool>,
}

impl Search {
    fn wins_within(&mut self, p: &Position, d: u32) -> bool {
        if d == 0 {
            return false;
        }
        if let Some(&v) = self.memo.get(&(p.zobrist(), d, true)) {
            return v;
        }
        let v = p.legal_moves().iter().any(|&mv| {
            let c = p.after_unchecked(mv);
            c.is_over() || self.loses_within(&c, d - 1)
        });
        self.memo.insert((p.zobrist(), d, true), v);
        v
    }

    fn loses_within(&mut self, p: &Position, d: u32) -> bool {
        if d < 2 {
            return false;
        }
        if let Some(&v) = self.memo.get(&(p.zobrist(), d, false)) {
            return v;
        }
        let v = p.legal_moves().iter().all(|&mv| {
            let c = p.after_unchecked(mv);
            !c.is_over() && self.wins_within(&c, d - 1)
        });
        self.memo.insert((p.zobrist(), d, false), v);
        v
    }

    /// Checks the table's value against the search, up to `horizon` plies.
    fn check(&mut self, p: &Position, value: ExactValue, horizon: u32) {
        match (value.wdl, value.plies) {
            (Wdl::Win, d) if d <= horizon => {
                assert!(self.wins_within(p, d), "{p}: no win in {d}");
                assert!(d < 2 || !self.wins_within(p, d - 2), "{p}: win before {d}");
            }
            (Wdl::Loss, d) if d <= horizon => {
                assert!(self.loses_within(p, d), "{p}: no loss in {d}");
                assert!(!self.loses_within(p, d - 2), "{p}: loss before {d}");
            }
            _ => {
                assert!(
                    !self.wins_within(p, horizon),
                    "{p}: {value:?}, won within {horizon}"
                );
                assert!(
                    !self.loses_within(p, horizon),
                    "{p}: {value:?}, lost within {horizon}"
                );
            }
        }
    }
}

/// Checks `samples` random positions of `table` (and `passes` with a forced pass) against
/// exhaustive search up to `horizon` plies.
fn random_check(table: &Tablebase, per_side: usize, samples: usize, passes: usize, horizon: u32) {
    random_check_probed(
        table.cards(),
        &|p| table.probe(p),
        per_side,
        samples,
        passes,
        horizon,
    );
}

/// [`random_check`] for a table of `cards` answering through `probe`.
fn random_check_probed(
    cards: [Card; 5],
    probe: &dyn Fn(&Position) -> Option<ExactValue>,
    per_side: usize,
    samples: usize,
    passes: usize,
    horizon: u32,
) {
    let mut rng = SplitMix64::new(7);
    let mut search = Search {
        memo: HashMap::new(),
    };
    let (mut plain, mut stuck) = (0, 0);
    for _ in 0..5_000_000 {
        if plain >= samples && stuck >= passes {
            break;
        }
        let Some(pos) = random_position(&mut rng, cards, per_side) else {
            continue;
        };
        let pass = pos.legal_moves()[0].is_pass();
        if (pass && stuck >= passes) || (!pass && plain >= samples) {
            continue;
        }
        let value = probe(&pos).expect("in range");
        search.check(&pos, value, horizon);
        if search.memo.len() > 2_000_000 {
            search.memo.clear();
        }
        if pass {
            stuck += 1;
        } else {
            plain += 1;
        }
    }
    assert!(stuck >= passes, "only {stuck} forced passes found");
}

#[test]
fn four_pieces_random_positions_against_exhaustive_search() {
    let table = Generator::new(Deal::COMMUNITY_A.cards(), 4)
        .unwrap()
        .generate(&|_| {})
        .unwrap();
    // With at most four pieces a side nobody is ever stuck: the forced passes need five.
    random_check(&table, 2, 300, 0, 9);
}

/// Ten thousand random positions of the 4-piece table of set A against exhaustive search (the
/// default test above checks 300). Run with `cargo test --release -p onitama-tablebase --
/// --ignored four_pieces_ten`.
#[test]
#[ignore = "ten thousand exhaustive searches: run in release"]
fn four_pieces_ten_thousand_random_positions_against_exhaustive_search() {
    let table = Generator::new(Deal::COMMUNITY_A.cards(), 4)
        .unwrap()
        .generate(&|_| {})
        .unwrap();
    random_check(&table, 2, 10_000, 0, 9);
}

/// Random positions of the 6-piece table of set A against exhaustive search (no position of at
/// most four pieces a side has a forced pass: see the unit test
/// `nobody_with_four_pieces_or_fewer_is_ever_stuck`; the passes are checked by the un-move tests
/// on 10-piece positions). Run with `cargo test --release -p onitama-tablebase -- --ignored
/// six_pieces`; with the
/// environment variable `ONITAMA_TABLEBASE_A6` naming a file written by
/// `games tablebase onitama --cards horse,elephant,ox,boar,crab --pieces 6`, the table is read
/// from it instead of being built (which takes minutes).
#[test]
#[ignore = "builds the 6-piece table: minutes in release"]
fn six_pieces_random_positions_against_exhaustive_search() {
    let table = match std::env::var_os("ONITAMA_TABLEBASE_A6") {
        Some(path) => Tablebase::open(path).unwrap(),
        None => Generator::new(Deal::COMMUNITY_A.cards(), 6)
            .unwrap()
            .generate(&|_| {})
            .unwrap(),
    };
    assert_eq!(table.cards(), {
        let mut c = Deal::COMMUNITY_A.cards();
        c.sort();
        c
    });
    assert_eq!(table.pieces(), 6);
    assert!(!table.stuck_loses());
    random_check(&table, 3, 500, 0, 9);
}

/// Random positions of the 8-piece table of set A against exhaustive search, probed in the file
/// (51 GB: built with `games tablebase onitama --cards horse,elephant,ox,boar,crab --pieces 8
/// --out a8.tb`, about two hours), after a check of its checksum and counts (one read of the
/// whole file). Run with `ONITAMA_TABLEBASE_A8=a8.tb cargo test --release -p onitama-tablebase
/// -- --ignored eight_pieces`; it fails without the variable.
#[test]
#[ignore = "needs the 8-piece table of set A (51 GB), named by ONITAMA_TABLEBASE_A8"]
fn eight_pieces_random_positions_against_exhaustive_search() {
    let path = std::env::var_os("ONITAMA_TABLEBASE_A8")
        .expect("ONITAMA_TABLEBASE_A8 must name the 8-piece table of set A");
    let table = TablebaseFile::open(path).unwrap();
    assert_eq!(table.cards(), {
        let mut c = Deal::COMMUNITY_A.cards();
        c.sort();
        c
    });
    assert_eq!(table.pieces(), 8);
    table.verify(&|_| {}).unwrap();
    random_check_probed(table.cards(), &|p| table.probe(p).unwrap(), 4, 500, 0, 9);
}

#[test]
fn below_five_pieces_a_side_the_pass_rule_changes_nothing() {
    let cards = Deal::COMMUNITY_B.cards();
    let real = Generator::new(cards, 4).unwrap().generate(&|_| {}).unwrap();
    let variant = Generator::new(cards, 4)
        .unwrap()
        .stuck_loses(true)
        .generate(&|_| {})
        .unwrap();
    assert!(variant.stuck_loses());
    assert_eq!(real.wdl_differences(&variant), Some(0));
    assert_eq!(real.stats(), variant.stats());
}

#[test]
fn the_file_round_trips_and_corruption_is_an_error() {
    let table = Generator::new(Deal::COMMUNITY_B.cards(), 2)
        .unwrap()
        .generate(&|_| {})
        .unwrap();
    let mut bytes = Vec::new();
    table.write_to(&mut bytes).unwrap();
    let read = Tablebase::read_from(&bytes[..]).unwrap();
    assert_eq!(read.stats(), table.stats());
    assert_eq!(read.cards(), table.cards());
    for cut in [0, 10, 63, 64, bytes.len() - 1] {
        assert!(Tablebase::read_from(&bytes[..cut]).is_err(), "cut at {cut}");
    }
    let mut longer = bytes.clone();
    longer.push(0);
    assert!(Tablebase::read_from(&longer[..]).is_err());
    for i in [0, 8, 12, 13, 16, 24, 32, 40, 200] {
        let mut bad = bytes.clone();
        bad[i] ^= 0x41;
        assert!(Tablebase::read_from(&bad[..]).is_err(), "byte {i}");
    }
}

/// Every entry of the 4-piece table of set A against a value iteration over positions built
/// and moved with `onitama-core` alone. Slow in debug: run with
/// `cargo test --release -p onitama-tablebase -- --ignored four_pieces_every`.
#[test]
#[ignore = "about a minute in release"]
fn four_pieces_every_entry_against_value_iteration() {
    let cards = Deal::COMMUNITY_A.cards();
    let table = Generator::new(cards, 4).unwrap().generate(&|_| {}).unwrap();
    let positions = all_positions(cards, 1);
    let ids: HashMap<Position, usize> =
        positions.iter().enumerate().map(|(i, p)| (*p, i)).collect();
    let children: Vec<Vec<Result<usize, ()>>> = positions
        .iter()
        .map(|p| {
            p.legal_moves()
                .iter()
                .map(|&mv| {
                    let c = p.after_unchecked(mv);
                    if c.is_over() { Err(()) } else { Ok(ids[&c]) }
                })
                .collect()
        })
        .collect();
    drop(ids);
    let val = value_iteration(&children);
    for (pos, &v) in positions.iter().zip(&val) {
        assert_eq!(table.probe(pos), Some(expect(v)), "{pos}");
    }
    assert_eq!(table.stats().positions * 2, positions.len() as u64);
}
