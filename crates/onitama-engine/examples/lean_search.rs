//! A lean alpha-beta search written for Onitama alone, with the shipped evaluator: the
//! measure of what a node costs without the generic search's bookkeeping (issue 26's
//! instructions per node). Not an engine of the crate: it has no time control, no proven
//! scores, no repetition rule beyond the path, no singular extensions.
//!
//! ```sh
//! cargo build --release -p onitama-engine --example lean_search
//! valgrind --tool=callgrind target/release/examples/lean_search 12
//! ```
//!
//! The arguments: the depth (12 unless given, at most 40) and a position (`start` unless
//! given), as `fixed_depth` takes them. It prints each depth's score, best move and nodes, and
//! at the end how many nodes were leaves (no plies left), ended at their entry, ended on the
//! table or the futility cut, or expanded their moves.

use abstract_game::Game;
use game_engines::Evaluator;
use game_engines::alphabeta::FUTILITY_DEPTH;
use onitama_core::{Move, Position};
use onitama_engine::{FUTILITY_MARGIN, INTERNAL_REDUCTION_DEPTH, OnitamaEval};

const MATE: i32 = 1_000_000;
const INF: i32 = MATE + 1;
/// Scores beyond this are wins or losses, kept in the table as distances from the node.
const MATE_BOUND: i32 = MATE - 1000;
const MAX_PLY: usize = 128;
/// The deepest search the example accepts (quiescence goes on to `MAX_PLY`).
const MAX_DEPTH: i32 = 40;
const TABLE_BITS: u32 = 20;
/// The classes of the path's keys (by their low bits): a key whose class is empty is not on
/// the path, without a scan.
const KEY_CLASSES: usize = 4096;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy)]
struct Entry {
    key: u64,
    mv: Option<Move>,
    depth: i8,
    bound: Bound,
    score: i32,
}

#[derive(Default)]
struct Census {
    leaves: u64,
    ended: u64,
    cut_early: u64,
    expanded: u64,
    generated: u64,
    searched: u64,
}

struct Lean<'a> {
    eval: &'a OnitamaEval,
    table: Vec<Option<Entry>>,
    killers: [[Option<Move>; 2]; MAX_PLY],
    history: Vec<i32>,
    path: Vec<u64>,
    /// How many of `path` fall in each of [`KEY_CLASSES`].
    filter: Vec<u8>,
    moves: Vec<Vec<(Move, i64)>>,
    reduction: [[u8; 64]; 64],
    nodes: u64,
    census: Census,
}

impl<'a> Lean<'a> {
    fn new(eval: &'a OnitamaEval) -> Self {
        let ln: [f64; 64] = core::array::from_fn(|n| (n.max(1) as f64).ln());
        Lean {
            eval,
            table: vec![None; 1 << TABLE_BITS],
            killers: [[None; 2]; MAX_PLY],
            history: vec![0; 2 * Position::MOVE_INDEX_BOUND],
            path: Vec::with_capacity(MAX_PLY),
            filter: vec![0; KEY_CLASSES],
            moves: (0..MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            reduction: core::array::from_fn(|d| core::array::from_fn(|i| (ln[d] * ln[i]) as u8)),
            nodes: 0,
            census: Census::default(),
        }
    }

    fn slot(key: u64) -> usize {
        (key >> (64 - TABLE_BITS)) as usize
    }

    fn quiesce(&mut self, pos: &Position, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        let eval = self.eval;
        let mut list = core::mem::take(&mut self.moves[ply]);
        list.clear();
        let stand = eval.evaluate_with_noisy_moves(
            pos,
            |value| value < beta && ply + 1 < MAX_PLY,
            |mv, order| list.push((mv, i64::from(order))),
        );
        if list.is_empty() {
            self.moves[ply] = list;
            return stand;
        }
        for k in 1..list.len() {
            let mut j = k;
            while j > 0 && list[j - 1].1 < list[j].1 {
                list.swap(j - 1, j);
                j -= 1;
            }
        }
        alpha = alpha.max(stand);
        let mut best = stand;
        for &(mv, _) in &list {
            let mut child = *pos;
            child.play_unchecked_for_search(mv);
            let v = -self.search(&child, 0, ply + 1, -beta, -alpha);
            best = best.max(v);
            if v >= beta {
                break;
            }
            alpha = alpha.max(v);
        }
        self.moves[ply] = list;
        best
    }

    /// Whether the position with `key` is on the path from the root (a repetition).
    fn on_path(&self, key: u64) -> bool {
        self.filter[key as usize % KEY_CLASSES] != 0 && self.path.contains(&key)
    }

    /// Puts `key` on the path, as its node's moves are searched.
    fn push_key(&mut self, key: u64) {
        self.path.push(key);
        self.filter[key as usize % KEY_CLASSES] += 1;
    }

    /// Takes the last key off the path.
    fn pop_key(&mut self) {
        if let Some(key) = self.path.pop() {
            self.filter[key as usize % KEY_CLASSES] -= 1;
        }
    }

    fn search(&mut self, pos: &Position, depth: i32, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if pos.is_over() {
            self.census.ended += 1;
            return -MATE + ply as i32;
        }
        let key = pos.zobrist();
        if ply > 0 && self.on_path(key) {
            self.census.ended += 1;
            return 0;
        }
        if depth <= 0 {
            self.census.leaves += 1;
            return self.quiesce(pos, ply, alpha, beta);
        }
        let pv_node = beta - alpha > 1;
        let slot = Self::slot(key);
        let mut tt_move = None;
        if let Some(e) = self.table[slot].filter(|e| e.key == key) {
            tt_move = e.mv;
            if !pv_node && i32::from(e.depth) >= depth {
                let v = from_table(e.score, ply);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => v >= beta,
                    Bound::Upper => v <= alpha,
                };
                if cut {
                    self.census.cut_early += 1;
                    return v;
                }
            }
        }
        if !pv_node && ply > 0 && depth <= FUTILITY_DEPTH && beta.abs() < MATE_BOUND {
            let cut = self.eval.evaluate(pos) - FUTILITY_MARGIN * depth;
            if cut >= beta {
                self.census.cut_early += 1;
                return cut;
            }
        }
        self.census.expanded += 1;
        let tt_move = tt_move.filter(|&mv| pos.is_legal(mv));
        let depth = if depth >= INTERNAL_REDUCTION_DEPTH as i32 && tt_move.is_none() {
            depth - 1
        } else {
            depth
        };
        let side = pos.side_to_move().index() * Position::MOVE_INDEX_BOUND;
        let index = |mv: Option<Move>| mv.map_or(usize::MAX, Position::move_index);
        let (tt_index, killers) = (index(tt_move), self.killers[ply].map(index));
        let mut list = core::mem::take(&mut self.moves[ply]);
        list.clear();
        list.extend(tt_move.map(|mv| (mv, i64::MAX)));
        let mut stage = 0;
        self.push_key(key);
        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_move = None;
        let mut i = 0;
        loop {
            if i == list.len() {
                let before = list.len();
                let eval = self.eval;
                let history = &self.history[side..side + Position::MOVE_INDEX_BOUND];
                let mut push = |mv: Move, order: i32| {
                    let m = Position::move_index(mv);
                    if m == tt_index {
                        return;
                    }
                    let secondary = if m == killers[0] || m == killers[1] {
                        1 << 31
                    } else {
                        i64::from(history[m])
                    };
                    list.push((mv, (i64::from(order) << 32) + secondary));
                };
                match stage {
                    0 => eval.for_each_noisy_move(pos, &mut push),
                    1 => eval.for_each_quiet_move(pos, &mut push),
                    _ => break,
                }
                stage += 1;
                self.census.generated += (list.len() - before) as u64;
                continue;
            }
            let mut j = i;
            let mut top = list[i].1;
            for (k, &(_, order)) in list.iter().enumerate().skip(i + 1) {
                if order > top {
                    j = k;
                    top = order;
                }
            }
            list.swap(i, j);
            self.census.searched += 1;
            let (mv, order) = list[i];
            let mut child = *pos;
            child.play_unchecked_for_search(mv);
            let v = if i == 0 {
                -self.search(&child, depth - 1, ply + 1, -beta, -alpha)
            } else {
                // The evaluator's order is in the high half of the key: below 1, a quiet move
                // that brings no Master nearer the temple.
                let quiet = order < 1 << 32;
                let r = if depth >= 3 && i >= 3 && !pv_node && quiet && order < 1 << 31 {
                    1 + i32::from(self.reduction[depth.min(63) as usize][i.min(63)]).min(depth - 2)
                } else {
                    0
                };
                let mut v = -self.search(&child, depth - 1 - r, ply + 1, -alpha - 1, -alpha);
                if r > 0 && v > alpha {
                    v = -self.search(&child, depth - 1, ply + 1, -alpha - 1, -alpha);
                }
                if v > alpha && v < beta {
                    v = -self.search(&child, depth - 1, ply + 1, -beta, -alpha);
                }
                v
            };
            if v > best {
                best = v;
                best_move = Some(mv);
            }
            if v >= beta {
                // A quiet move (as above) that cuts off becomes a killer and gains history.
                if order < 1 << 32 {
                    let k = &mut self.killers[ply];
                    if k[0] != Some(mv) {
                        k[1] = k[0];
                        k[0] = Some(mv);
                    }
                    let h = &mut self.history[side + Position::move_index(mv)];
                    *h = (*h + depth * depth).min(1 << 24);
                }
                break;
            }
            alpha = alpha.max(v);
            i += 1;
        }
        self.pop_key();
        self.moves[ply] = list;
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let replace = self.table[slot].is_none_or(|e| e.key == key || i32::from(e.depth) <= depth);
        if replace {
            self.table[slot] = Some(Entry {
                key,
                mv: if bound == Bound::Upper {
                    None
                } else {
                    best_move
                },
                depth: depth as i8,
                bound,
                score: to_table(best, ply),
            });
        }
        best
    }
}

/// A score from the node at `ply` as the table keeps it: a win or loss counted from the node.
fn to_table(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// [`to_table`] undone: the table's score as seen from the node at `ply`.
fn from_table(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let depth: i32 = args.next().map_or(Ok(12), |d| d.parse())?;
    if !(1..=MAX_DEPTH).contains(&depth) {
        return Err(format!("bad depth {depth}: 1..={MAX_DEPTH}").into());
    }
    let pos: Position = match args.next() {
        Some(text) if text != "start" => text.parse()?,
        _ => Position::start(),
    };
    let eval = OnitamaEval::default();
    let mut lean = Lean::new(&eval);
    for d in 1..=depth {
        let v = lean.search(&pos, d, 0, -INF, INF);
        let best = lean.table[Lean::slot(pos.zobrist())]
            .and_then(|e| e.mv)
            .map(|mv| mv.to_string())
            .unwrap_or_default();
        println!("depth {d}  score {v}  best {best}  nodes {}", lean.nodes);
    }
    let c = &lean.census;
    println!(
        "nodes {}: leaves {}, ended at entry {}, cut by the table or futility {}, expanded {} \
         (moves generated {}, searched {})",
        lean.nodes, c.leaves, c.ended, c.cut_early, c.expanded, c.generated, c.searched
    );
    Ok(())
}
