//! Perft: counting the move tree of a position, the standard test of a move generator.
//!
//! Two conventions exist (see [`Convention`]). Both are computed with bulk counting at the last ply
//! ([`Game::legal_move_count`] and [`Game::legal_move_count_after`]), so a game's speed in perft
//! is the speed of its move counting.
//!
//! ```
//! use abstract_game::perft::{perft, perft_stats, Convention};
//! use abstract_game::tictactoe::TicTacToe;
//!
//! let start = TicTacToe::new();
//! assert_eq!(perft(&start, 3), 504);
//! let stats = perft_stats(&start, 5, Convention::Standard);
//! assert_eq!(stats[4].nodes, 15120);
//! assert_eq!(stats[4].ends_total(), 1440); // X completes a line on the fifth ply
//! ```
//!
//! A long count can be given up: [`perft_until`] (and [`parallel_perft_until`], feature `std`)
//! return [`Stopped`] soon after another thread (a Ctrl-C handler, a timer) sets their stop flag.
//! [`perft`] itself never looks at a flag.

use crate::game::{Game, PassMove};
use crate::outcome::EndReason;
use alloc::vec;
use alloc::vec::Vec;
use core::sync::atomic::{AtomicBool, Ordering};

/// How finished games count at depths beyond the ply on which they ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Convention {
    /// `perft(p, 0) = 1` and `perft(p, d)` sums over the legal moves. A finished game has no legal
    /// moves, so it counts only at the ply where it ended.
    #[default]
    Standard,
    /// A finished game counts as one leaf at every greater depth (the convention of the Onitama
    /// community's published tables).
    TerminalLeaves,
}

/// The number of leaves at `depth` in the standard convention.
///
/// ```
/// # use abstract_game::{perft::perft, tictactoe::TicTacToe};
/// assert_eq!(perft(&TicTacToe::new(), 2), 72);
/// ```
#[must_use]
pub fn perft<G: Game>(pos: &G, depth: u32) -> u64 {
    let mut sum = 0;
    match depth {
        0 => return 1,
        1 => return pos.legal_move_count() as u64,
        2 => pos.for_each_legal_move(|mv| sum += pos.legal_move_count_after(mv) as u64),
        _ => pos.for_each_legal_move(|mv| sum += perft(&pos.after_unchecked(mv), depth - 1)),
    }
    sum
}

/// The number of leaves at `depth` when a finished game counts as one leaf at every greater depth.
///
/// ```
/// # use abstract_game::{perft::perft_terminal_leaves, tictactoe::TicTacToe};
/// // 1440 games end on ply 5 and still count at ply 6.
/// assert_eq!(perft_terminal_leaves(&TicTacToe::new(), 6), 54720 + 1440);
/// ```
#[must_use]
pub fn perft_terminal_leaves<G: Game>(pos: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    // A position that is not over always has a legal move, so a count of 0 means "over".
    let count = pos.legal_move_count() as u64;
    let mut sum = 0;
    match (count, depth) {
        (0, _) => return 1,
        (n, 1) => return n,
        (_, 2) => pos.for_each_legal_move(|mv| {
            sum += (pos.legal_move_count_after(mv) as u64).max(1);
        }),
        _ => pos.for_each_legal_move(|mv| {
            sum += perft_terminal_leaves(&pos.after_unchecked(mv), depth - 1);
        }),
    }
    sum
}

/// Perft in the chosen convention.
#[must_use]
pub fn perft_with<G: Game>(pos: &G, depth: u32, convention: Convention) -> u64 {
    match convention {
        Convention::Standard => perft(pos, depth),
        Convention::TerminalLeaves => perft_terminal_leaves(pos, depth),
    }
}

/// A stoppable perft gave up: its stop flag was set before it finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("perft stopped before it finished")]
pub struct Stopped;

/// The counts that [`perft_until`] never stops: those of this many plies or fewer.
///
/// Between two reads of its flag, [`perft_until`] counts at most one subtree of
/// `UNSTOPPABLE_DEPTH + 1` plies: Kamisado's start has 901,006 leaves at 5 plies, about a
/// millisecond with bulk counting. Reading the flag before each 4-ply subtree instead cost 0.1%
/// more instructions per leaf in Kamisado's perft (callgrind), and before each 5-ply subtree
/// 0.01%.
pub const UNSTOPPABLE_DEPTH: u32 = 4;

/// [`perft_with`] that gives up once `stop` is set (by another thread: a Ctrl-C handler, a
/// timer).
///
/// The flag is read (one relaxed load) at the root of each subtree of more than
/// [`UNSTOPPABLE_DEPTH`] plies; the subtrees of `UNSTOPPABLE_DEPTH + 1` plies below it are
/// counted whole by [`perft_with`]'s bulk counting. So the function returns within about a
/// millisecond of the flag being set, and costs what [`perft_with`] costs. A count of
/// [`UNSTOPPABLE_DEPTH`] plies or fewer is never stopped. Uses only `core` atomics: available
/// without the `std` feature.
///
/// ```
/// # use abstract_game::{perft::{perft_until, Convention, Stopped}, tictactoe::TicTacToe};
/// use core::sync::atomic::AtomicBool;
///
/// let go_on = AtomicBool::new(false);
/// assert_eq!(perft_until(&TicTacToe::new(), 5, Convention::Standard, &go_on), Ok(15120));
/// let stop = AtomicBool::new(true);
/// assert_eq!(perft_until(&TicTacToe::new(), 5, Convention::Standard, &stop), Err(Stopped));
/// ```
///
/// # Errors
/// [`Stopped`] if `stop` was seen set before the count was whole (the partial count is lost).
pub fn perft_until<G: Game>(
    pos: &G,
    depth: u32,
    convention: Convention,
    stop: &AtomicBool,
) -> Result<u64, Stopped> {
    if depth <= UNSTOPPABLE_DEPTH {
        return Ok(perft_with(pos, depth, convention));
    }
    if stop.load(Ordering::Relaxed) {
        return Err(Stopped);
    }
    if depth == UNSTOPPABLE_DEPTH + 1 {
        // Its subtrees would be counted whole anyway: perft's own recursion costs less.
        return Ok(perft_with(pos, depth, convention));
    }
    if convention == Convention::TerminalLeaves && pos.is_over() {
        return Ok(1);
    }
    let mut sum = Ok(0u64);
    pos.for_each_legal_move(|mv| {
        if let Ok(before) = sum {
            sum = perft_until(&pos.after_unchecked(mv), depth - 1, convention, stop)
                .map(|n| before + n);
        }
    });
    sum
}

/// The leaves at `depth` below each legal move, in the order of [`Game::legal_moves`].
///
/// `depth` counts the root move: the sum of the counts is `perft_with(pos, depth, convention)`.
/// A depth of 0 gives an empty list.
#[must_use]
pub fn divide<G: Game>(pos: &G, depth: u32, convention: Convention) -> Vec<(G::Move, u64)> {
    let count =
        |pos: &G, depth| Ok::<_, core::convert::Infallible>(perft_with(pos, depth, convention));
    match divide_by(pos, depth, count) {
        Ok(parts) => parts,
        Err(never) => match never {},
    }
}

/// [`divide`] that gives up once `stop` is set, as [`perft_until`] does: each root move's count
/// is a [`perft_until`].
///
/// ```
/// # use abstract_game::{perft::{divide, divide_until, Convention, Stopped}, tictactoe::TicTacToe};
/// use core::sync::atomic::AtomicBool;
///
/// let start = TicTacToe::new();
/// let go_on = AtomicBool::new(false);
/// let parts = divide_until(&start, 7, Convention::Standard, &go_on);
/// assert_eq!(parts, Ok(divide(&start, 7, Convention::Standard)));
/// let stop = AtomicBool::new(true);
/// assert_eq!(divide_until(&start, 7, Convention::Standard, &stop), Err(Stopped));
/// ```
///
/// # Errors
/// [`Stopped`] if `stop` was seen set before every count was whole.
pub fn divide_until<G: Game>(
    pos: &G,
    depth: u32,
    convention: Convention,
    stop: &AtomicBool,
) -> Result<Vec<(G::Move, u64)>, Stopped> {
    divide_by(pos, depth, |pos: &G, depth| {
        perft_until(pos, depth, convention, stop)
    })
}

/// The counts of `count` (called with each root move's child and `depth - 1`) below each legal
/// move of `pos`, in the order of [`Game::legal_moves`]; empty at depth 0. The first error ends
/// it.
fn divide_by<G: Game, E>(
    pos: &G,
    depth: u32,
    count: impl Fn(&G, u32) -> Result<u64, E>,
) -> Result<Vec<(G::Move, u64)>, E> {
    if depth == 0 {
        return Ok(Vec::new());
    }
    pos.legal_moves()
        .into_iter()
        .map(|mv| Ok((mv, count(&pos.after_unchecked(mv), depth - 1)?)))
        .collect()
}

/// Perft over the root moves on several threads (std scoped threads, no extra dependency;
/// feature `std`).
///
/// `threads == 0` uses [`std::thread::available_parallelism`]. One thread (asked for, or the
/// only one available) runs on the calling thread and starts none. The calling thread is one of
/// the workers, and a thread that cannot be started is left out, so the function also works
/// where threads cannot be started (`wasm32-unknown-unknown`) or run out. The result equals
/// [`perft_with`]; only the time differs.
#[cfg(feature = "std")]
#[cfg_attr(docsrs, doc(cfg(feature = "std")))]
#[must_use]
pub fn parallel_perft<G: Game>(pos: &G, depth: u32, convention: Convention, threads: usize) -> u64 {
    let count =
        |pos: &G, depth| Ok::<_, core::convert::Infallible>(perft_with(pos, depth, convention));
    match split_root_moves(pos, depth, convention, threads, count) {
        Ok(n) => n,
        Err(never) => match never {},
    }
}

/// [`parallel_perft`] that gives up once `stop` is set, as [`perft_until`] does (feature `std`):
/// every worker counts its root moves' subtrees with [`perft_until`], so all of them end within
/// milliseconds of the flag being set.
///
/// ```
/// # use abstract_game::{perft::{parallel_perft_until, Convention, Stopped}, tictactoe::TicTacToe};
/// use std::sync::atomic::AtomicBool;
///
/// let go_on = AtomicBool::new(false);
/// let count = parallel_perft_until(&TicTacToe::new(), 5, Convention::Standard, 2, &go_on);
/// assert_eq!(count, Ok(15120));
/// let stop = AtomicBool::new(true);
/// let count = parallel_perft_until(&TicTacToe::new(), 5, Convention::Standard, 2, &stop);
/// assert_eq!(count, Err(Stopped));
/// ```
///
/// # Errors
/// [`Stopped`] if `stop` was seen set before the count was whole.
#[cfg(feature = "std")]
#[cfg_attr(docsrs, doc(cfg(feature = "std")))]
pub fn parallel_perft_until<G: Game>(
    pos: &G,
    depth: u32,
    convention: Convention,
    threads: usize,
    stop: &AtomicBool,
) -> Result<u64, Stopped> {
    // As `perft_until`: a flag set before the call stops any count of more than
    // `UNSTOPPABLE_DEPTH` plies, even where the root moves' subtrees are not that deep.
    if depth > UNSTOPPABLE_DEPTH && stop.load(Ordering::Relaxed) {
        return Err(Stopped);
    }
    let count = |pos: &G, depth| perft_until(pos, depth, convention, stop);
    split_root_moves(pos, depth, convention, threads, count)
}

/// The perft of `pos` to `depth` in `convention`, the subtree of each root move counted by
/// `count` (called with the child and `depth - 1`; with the root itself when a single thread or
/// 2 plies or fewer need no split) on up to `threads` threads (see [`parallel_perft`]). The
/// first error of a worker ends it; the others end when their own `count` fails.
#[cfg(feature = "std")]
fn split_root_moves<G: Game, E: Send>(
    pos: &G,
    depth: u32,
    convention: Convention,
    threads: usize,
    count: impl Fn(&G, u32) -> Result<u64, E> + Sync,
) -> Result<u64, E> {
    if depth <= 2 {
        return count(pos, depth);
    }
    if convention == Convention::TerminalLeaves && pos.is_over() {
        return Ok(1);
    }
    let moves = pos.legal_moves();
    let moves = moves.as_ref();
    let threads = match threads {
        0 => std::thread::available_parallelism().map_or(1, usize::from),
        n => n,
    }
    .min(moves.len().max(1));
    if threads == 1 {
        return count(pos, depth);
    }
    let next = core::sync::atomic::AtomicUsize::new(0);
    // Each worker takes the next root move until none is left; the calling thread is one of
    // them, so a thread that cannot be started (none can on `wasm32-unknown-unknown`) only
    // leaves more moves to the others.
    let work = || {
        let mut sum = 0;
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(&mv) = moves.get(i) else {
                break Ok(sum);
            };
            sum += count(&pos.after_unchecked(mv), depth - 1)?;
        }
    };
    std::thread::scope(|scope| {
        let workers: Vec<_> = (1..threads)
            .map_while(|_| std::thread::Builder::new().spawn_scoped(scope, work).ok())
            .collect();
        let own = work();
        let mut total = own;
        for w in workers {
            let theirs = w.join().unwrap_or_else(|e| std::panic::resume_unwind(e));
            total = match (total, theirs) {
                (Ok(a), Ok(b)) => Ok(a + b),
                (Err(e), _) | (_, Err(e)) => Err(e),
            };
        }
        total
    })
}

/// What happened at one ply of the move tree: see [`perft_stats`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PlyStats {
    /// The ply, counted from 1 (the root's moves).
    pub ply: u32,
    /// Positions reached at this ply, in the chosen convention.
    pub nodes: u64,
    /// Passes among the moves played at this ply.
    pub passes: u64,
    /// Moves played at this ply that ended the game, indexed by [`EndReason::index`].
    pub ends: Vec<u64>,
}

impl PlyStats {
    /// All game-ending moves of this ply, whatever the reason.
    #[must_use]
    pub fn ends_total(&self) -> u64 {
        self.ends.iter().sum()
    }

    /// The game-ending moves of this ply for one reason.
    #[must_use]
    pub fn ends_by<R: EndReason>(&self, reason: R) -> u64 {
        self.ends.get(reason.index()).copied().unwrap_or(0)
    }
}

/// Per-ply statistics of the move tree to `depth`: one [`PlyStats`] per ply from 1 to `depth`
/// (so none for depth 0).
///
/// Every move is played (no bulk counting), so this is slower than [`perft`]. The `nodes` of the
/// last entry equals `perft_with(pos, depth, convention)`.
#[must_use]
pub fn perft_stats<G: PassMove>(pos: &G, depth: u32, convention: Convention) -> Vec<PlyStats> {
    if depth == 0 {
        return Vec::new();
    }
    let mut stats: Vec<PlyStats> = (1..=depth)
        .map(|ply| PlyStats {
            ply,
            nodes: 0,
            passes: 0,
            ends: vec![0; G::Reason::ALL.len()],
        })
        .collect();
    if convention == Convention::TerminalLeaves && pos.is_over() {
        for s in &mut stats {
            s.nodes = 1;
        }
    }
    stats_walk(pos, &mut stats, 0, convention);
    stats
}

fn stats_walk<G: PassMove>(pos: &G, stats: &mut [PlyStats], ply: usize, convention: Convention) {
    for mv in pos.legal_moves() {
        let child = pos.after_unchecked(mv);
        let here = &mut stats[ply];
        here.nodes += 1;
        if pos.is_pass(mv) {
            here.passes += 1;
        }
        if let Some(outcome) = child.outcome() {
            here.ends[outcome.reason().index()] += 1;
            if convention == Convention::TerminalLeaves {
                for later in &mut stats[ply + 1..] {
                    later.nodes += 1;
                }
            }
        } else if ply + 1 < stats.len() {
            stats_walk(&child, stats, ply + 1, convention);
        }
    }
}
