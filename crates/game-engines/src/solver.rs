//! [`Solver`]: exact values of positions of games that always end, with the distance to the end
//! in plies under perfect play, a principal line, the value of every move, and the winner's
//! strategy as a checkable list of (position, move) pairs.
//!
//! # Method
//!
//! Two questions, asked for growing budgets `d` (iterative deepening), answer everything:
//!
//! - `wins_within(p, d)`: can the side to move force a win within `d` plies? (an OR node: some
//!   move wins at once, or leaves the opponent losing within `d − 1`);
//! - `loses_within(p, d)`: must the side to move lose within `d` plies? (an AND node: every move
//!   loses at once or leaves the opponent winning within `d − 1`).
//!
//! The first `d` for which one of them holds is the exact distance: the winner plays for the
//! shortest win, the loser for the longest resistance, and every smaller budget was refuted,
//! which proves that no shorter win exists. A finished position is decided by its outcome, which
//! names the winner whoever is to move (in Kamisado a deadlock can make the side to move the
//! winner), so a win can come on the opponent's ply.
//!
//! A transposition table keyed by the Zobrist hash remembers, per position, the smallest budget
//! known to win (or lose) and the largest known not to; answers are path-independent because
//! the solver is meant for games whose positions decide their own future (no repetition rule),
//! such as Kamisado, whose chain of zero-length moves is part of the position. Moves are tried
//! in the order of a [`MoveOrder`]: the table's move first, then the game's heuristic.
//!
//! Why not proof-number search: with fast move generation and a forced reply chain that keeps
//! the tree narrow, the depth-first boolean search needs little memory, gives the exact distance
//! directly (df-pn proves a win but not its length), and its refutations of the shorter budgets
//! are the minimality proof itself.
//!
//! ```
//! use abstract_game::tictactoe::TicTacToe;
//! use abstract_game::{ExactValue, Wdl};
//! use abstract_game::Notation;
//! use game_engines::solver::{Solver, SolverConfig};
//!
//! // X to move completes a line at once; O would need two more moves.
//! let pos = TicTacToe::parse_position("xx./oo./... x")?;
//! let mut solver = Solver::new(SolverConfig::default());
//! let solution = solver.solve(&pos).expect("a win within the budget");
//! assert_eq!(solution.value, ExactValue::win(1));
//! assert_eq!(solution.value.wdl, Wdl::Win);
//! assert_eq!(solution.line, [2]);
//! # Ok::<(), abstract_game::tictactoe::TicTacToeError>(())
//! ```

use std::collections::HashSet;

use abstract_game::{ExactValue, Game, Player, Wdl, ZobristHash};

use crate::limits::{Clock, Limits};
use crate::tt::TableMemoryError;

/// A move ordering for the solver: moves with a higher key are tried first.
pub trait MoveOrder<G: Game> {
    /// The key of `mv` in `pos` (higher first).
    fn key(&self, pos: &G, mv: G::Move) -> i32;
}

/// No ordering: the moves in the order of the rules crate.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoOrder;

impl<G: Game> MoveOrder<G> for NoOrder {
    fn key(&self, _pos: &G, _mv: G::Move) -> i32 {
        0
    }
}

impl<G: Game, F: Fn(&G, G::Move) -> i32> MoveOrder<G> for F {
    fn key(&self, pos: &G, mv: G::Move) -> i32 {
        self(pos, mv)
    }
}

/// Settings of a [`Solver`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolverConfig {
    /// The size of the transposition table in MiB (rounded down to a power of two of entries).
    pub table_mib: usize,
    /// The largest distance to look for, in plies (at most 254).
    pub max_plies: u32,
}

impl Default for SolverConfig {
    fn default() -> Self {
        SolverConfig {
            table_mib: 64,
            max_plies: 200,
        }
    }
}

/// A solved position: its exact value for the side to move and a principal line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution<M> {
    /// The result for the side to move under perfect play and the plies to the end (the winner
    /// as fast as possible, the loser as slowly as possible).
    pub value: ExactValue,
    /// A principal line to the end of the game.
    pub line: Vec<M>,
}

/// What a search cost.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SolverStats {
    /// Positions visited.
    pub nodes: u64,
    /// Transposition-table entries in use.
    pub table_used: usize,
    /// The table's capacity in entries.
    pub table_capacity: usize,
}

/// Unknown bound.
const NONE: u8 = u8::MAX;

#[derive(Clone, Copy, Debug)]
struct Entry {
    key: u64,
    /// Wins within this many plies (`NONE`: not known to win).
    win_within: u8,
    /// Does not win within this many plies (0 when nothing is known).
    no_win_within: u8,
    /// Loses within this many plies (`NONE`: not known to lose).
    loss_within: u8,
    /// Does not lose within this many plies.
    no_loss_within: u8,
    /// The index (in legal-move order) of the move that proved the last answer, `NONE` if none.
    best: u8,
}

const EMPTY: Entry = Entry {
    key: 0,
    win_within: NONE,
    no_win_within: 0,
    loss_within: NONE,
    no_loss_within: 0,
    best: NONE,
};

/// The solver: see the [module docs](self).
pub struct Solver<G: Game, O: MoveOrder<G> = NoOrder> {
    config: SolverConfig,
    order: O,
    table: Vec<Entry>,
    mask: usize,
    used: usize,
    nodes: u64,
    /// The limits of [`Solver::solve_within`] while it runs, with the node count at its start.
    clock: Option<(Clock, u64)>,
    /// Whether the limits stopped the search: every answer since is unfounded and not stored.
    aborted: bool,
    _game: core::marker::PhantomData<fn(&G)>,
}

impl<G: Game, O: MoveOrder<G>> core::fmt::Debug for Solver<G, O> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Solver")
            .field("config", &self.config)
            .field("nodes", &self.nodes)
            .field("used", &self.used)
            .finish_non_exhaustive()
    }
}

impl<G: ZobristHash> Solver<G, NoOrder> {
    /// A solver without move ordering.
    #[must_use]
    pub fn new(config: SolverConfig) -> Self {
        Solver::with_order(config, NoOrder)
    }

    /// [`Solver::new`], or an error when the table's memory cannot be allocated.
    ///
    /// # Errors
    ///
    /// [`TableMemoryError`] with the size asked for.
    pub fn try_new(config: SolverConfig) -> Result<Self, TableMemoryError> {
        Solver::try_with_order(config, NoOrder)
    }
}

impl<G: ZobristHash, O: MoveOrder<G>> Solver<G, O> {
    /// A solver that tries moves in the order of `order` (like any allocation, its table
    /// aborts the process when the memory cannot be had: [`Solver::try_with_order`] returns an
    /// error instead).
    #[must_use]
    pub fn with_order(config: SolverConfig, order: O) -> Self {
        let table = vec![EMPTY; Self::table_entries(&config)];
        Self::with_table(config, order, table)
    }

    /// [`Solver::with_order`], or an error when the table's memory cannot be allocated (a size
    /// beyond the address space or a memory limit of the process).
    ///
    /// ```
    /// use abstract_game::tictactoe::TicTacToe;
    /// use game_engines::solver::{Solver, SolverConfig};
    ///
    /// let config = SolverConfig { table_mib: usize::MAX >> 20, ..SolverConfig::default() };
    /// let err = Solver::<TicTacToe, _>::try_new(config).unwrap_err();
    /// assert_eq!(err.mib, usize::MAX >> 20);
    /// ```
    ///
    /// # Errors
    ///
    /// [`TableMemoryError`] with the size asked for.
    pub fn try_with_order(config: SolverConfig, order: O) -> Result<Self, TableMemoryError> {
        let entries = Self::table_entries(&config);
        let mut table = Vec::new();
        table
            .try_reserve_exact(entries)
            .map_err(|_| TableMemoryError {
                mib: config.table_mib,
            })?;
        table.resize(entries, EMPTY);
        Ok(Self::with_table(config, order, table))
    }

    /// The entries of the table: the largest power of two that fits in `table_mib` (at least
    /// one entry).
    fn table_entries(config: &SolverConfig) -> usize {
        let entries =
            config.table_mib.max(1).saturating_mul(1 << 20) / core::mem::size_of::<Entry>();
        ((entries + 1).next_power_of_two() / 2).max(1)
    }

    fn with_table(config: SolverConfig, order: O, table: Vec<Entry>) -> Self {
        let size = table.len();
        Solver {
            config: SolverConfig {
                max_plies: config.max_plies.min(u32::from(NONE) - 1),
                ..config
            },
            order,
            table,
            mask: size - 1,
            used: 0,
            nodes: 0,
            clock: None,
            aborted: false,
            _game: core::marker::PhantomData,
        }
    }

    /// What the searches so far cost.
    #[must_use]
    pub fn stats(&self) -> SolverStats {
        SolverStats {
            nodes: self.nodes,
            table_used: self.used,
            table_capacity: self.table.len(),
        }
    }

    fn entry(&self, key: u64) -> Entry {
        let e = self.table[key as usize & self.mask];
        if e.key == key { e } else { EMPTY }
    }

    fn store(&mut self, key: u64, update: impl FnOnce(&mut Entry)) {
        let slot = &mut self.table[key as usize & self.mask];
        if slot.key != key {
            if slot.key == 0 && slot.win_within == NONE && slot.no_win_within == 0 {
                self.used += 1;
            }
            *slot = Entry { key, ..EMPTY };
        }
        update(slot);
    }

    /// The legal moves of `pos` with their indices, ordered: the table's move, then by the
    /// ordering key, highest first (stable otherwise).
    fn ordered(&self, pos: &G, best: u8) -> Vec<(u8, G::Move)> {
        let mut moves: Vec<(i64, u8, G::Move)> = Vec::new();
        let mut i = 0u8;
        pos.for_each_legal_move(|mv| {
            let key = if i == best {
                i64::MAX
            } else {
                i64::from(self.order.key(pos, mv))
            };
            moves.push((key, i, mv));
            i = i.wrapping_add(1);
        });
        moves.sort_by_key(|&(key, i, _)| (core::cmp::Reverse(key), i));
        moves.into_iter().map(|(_, i, mv)| (i, mv)).collect()
    }

    /// Whether the limits of [`Solver::solve_within`] say stop (then [`Solver::aborted`] is
    /// set and stays set until it returns).
    fn stop(&mut self) -> bool {
        if let Some((clock, start)) = &mut self.clock {
            if !self.aborted && clock.should_stop(self.nodes - *start) {
                self.aborted = true;
            }
        }
        self.aborted
    }

    /// Whether the side to move can force a win within `plies` plies.
    pub fn wins_within(&mut self, pos: &G, plies: u32) -> bool {
        self.nodes += 1;
        if self.stop() {
            return false;
        }
        if let Some(outcome) = pos.outcome() {
            return outcome.winner() == Some(pos.side_to_move());
        }
        if plies == 0 {
            return false;
        }
        let d = plies.min(u32::from(NONE) - 1) as u8;
        let key = pos.zobrist();
        let e = self.entry(key);
        if e.win_within <= d {
            return true;
        }
        if e.no_win_within >= d {
            return false;
        }
        let me = pos.side_to_move();
        let moves = self.ordered(pos, e.best);
        // An immediate win first: it needs no search below.
        for &(i, mv) in &moves {
            let child = pos.after_unchecked(mv);
            if child.outcome().is_some_and(|o| o.winner() == Some(me)) {
                self.store(key, |e| {
                    e.win_within = 1;
                    e.best = i;
                });
                return true;
            }
        }
        if d > 1 {
            for &(i, mv) in &moves {
                let child = pos.after_unchecked(mv);
                if child.is_over() {
                    continue;
                }
                if self.loses_within(&child, u32::from(d) - 1) {
                    self.store(key, |e| {
                        e.win_within = e.win_within.min(d);
                        e.best = i;
                    });
                    return true;
                }
                if self.aborted {
                    return false;
                }
            }
        }
        self.store(key, |e| e.no_win_within = e.no_win_within.max(d));
        false
    }

    /// Whether the side to move must lose within `plies` plies, whatever it plays.
    pub fn loses_within(&mut self, pos: &G, plies: u32) -> bool {
        self.nodes += 1;
        if self.stop() {
            return false;
        }
        let me = pos.side_to_move();
        if let Some(outcome) = pos.outcome() {
            return outcome.winner() == Some(me.other());
        }
        if plies == 0 {
            return false;
        }
        let d = plies.min(u32::from(NONE) - 1) as u8;
        let key = pos.zobrist();
        let e = self.entry(key);
        if e.loss_within <= d {
            return true;
        }
        if e.no_loss_within >= d {
            return false;
        }
        let moves = self.ordered(pos, e.best);
        for &(i, mv) in &moves {
            let child = pos.after_unchecked(mv);
            let escapes = match child.outcome() {
                Some(outcome) => outcome.winner() != Some(me.other()),
                None => !self.wins_within(&child, u32::from(d) - 1),
            };
            if self.aborted {
                return false;
            }
            if escapes {
                self.store(key, |e| {
                    e.no_loss_within = e.no_loss_within.max(d);
                    e.best = i;
                });
                return false;
            }
        }
        self.store(key, |e| e.loss_within = e.loss_within.min(d));
        true
    }

    /// The exact value of `pos` for the side to move: the smallest budget that wins or loses, or
    /// `None` if neither happens within [`SolverConfig::max_plies`] (a draw, or a longer game).
    /// `progress` is called with each budget refuted.
    pub fn solve_with_progress(
        &mut self,
        pos: &G,
        progress: &mut dyn FnMut(u32, &SolverStats),
    ) -> Option<Solution<G::Move>> {
        let value = self.value(pos, 0, progress)?;
        let line = self.line(pos, value);
        Some(Solution { value, line })
    }

    /// [`Solver::solve_with_progress`] without progress reports.
    pub fn solve(&mut self, pos: &G) -> Option<Solution<G::Move>> {
        self.solve_with_progress(pos, &mut |_, _| {})
    }

    /// [`Solver::solve`] within `limits`: their time, nodes (counted from this call) and stop
    /// flag (their depth is ignored). `None` when the limits stop the search first, or when
    /// [`Solver::solve`] would give `None`. What the table learnt before the stop stays (every
    /// stored answer was proven), so a later call goes on from there.
    ///
    /// ```
    /// use abstract_game::tictactoe::TicTacToe;
    /// use abstract_game::{ExactValue, Notation};
    /// use game_engines::Limits;
    /// use game_engines::solver::{Solver, SolverConfig};
    ///
    /// let mut solver = Solver::new(SolverConfig::default());
    /// // Ten nodes cannot settle the empty board; the solver stops and says so.
    /// assert_eq!(solver.solve_within(&TicTacToe::new(), &Limits::nodes(10)), None);
    /// assert!(!solver.aborted());
    /// // Without a limit it settles a won position.
    /// let pos = TicTacToe::parse_position("xx./oo./... x")?;
    /// let solution = solver.solve_within(&pos, &Limits::none()).expect("solved");
    /// assert_eq!(solution.value, ExactValue::win(1));
    /// # Ok::<(), abstract_game::tictactoe::TicTacToeError>(())
    /// ```
    pub fn solve_within(&mut self, pos: &G, limits: &Limits) -> Option<Solution<G::Move>> {
        let limits = Limits {
            depth: None,
            ..limits.clone()
        };
        self.clock = Some((Clock::start(&limits).with_interval(1024), self.nodes));
        self.aborted = false;
        let solution = self.solve(pos);
        let aborted = self.aborted;
        self.clock = None;
        self.aborted = false;
        if aborted { None } else { solution }
    }

    /// Whether a search is being stopped by the limits of [`Solver::solve_within`] (only ever
    /// `true` inside it: it is cleared when it returns).
    #[must_use]
    pub fn aborted(&self) -> bool {
        self.aborted
    }

    /// The smallest budget from `from` upwards at which `pos` is won or lost for its side to
    /// move.
    fn value(
        &mut self,
        pos: &G,
        from: u32,
        progress: &mut dyn FnMut(u32, &SolverStats),
    ) -> Option<ExactValue> {
        if let Some(outcome) = pos.outcome() {
            return Some(ExactValue {
                wdl: outcome.wdl_for(pos.side_to_move()),
                plies: 0,
            });
        }
        for d in from.max(1)..=self.config.max_plies {
            if self.wins_within(pos, d) {
                return Some(ExactValue::win(d));
            }
            if self.loses_within(pos, d) {
                return Some(ExactValue::loss(d));
            }
            if self.aborted {
                return None;
            }
            progress(d, &self.stats());
        }
        None
    }

    /// The exact value of each legal move of `pos`, from the point of view of the side to move
    /// in `pos`, with the plies counted from `pos` (the move included); `None` for a move whose
    /// value lies beyond the budget.
    pub fn move_values(&mut self, pos: &G) -> Vec<(G::Move, Option<ExactValue>)> {
        let moves: Vec<G::Move> = pos.legal_moves().into_iter().collect();
        moves
            .into_iter()
            .map(|mv| {
                let child = pos.after_unchecked(mv);
                // The child's value is for the opponent, who moves there.
                let value = self.value(&child, 0, &mut |_, _| {}).map(ExactValue::back);
                (mv, value)
            })
            .collect()
    }

    /// A principal line from `pos`, whose value for its side to move is `value`: the winner's
    /// moves keep the distance shortest, the loser's the longest.
    fn line(&mut self, pos: &G, value: ExactValue) -> Vec<G::Move> {
        let mut line = Vec::new();
        let mut at = pos.clone();
        let ExactValue { mut wdl, mut plies } = value;
        while !at.is_over() && plies > 0 && wdl != Wdl::Draw {
            let mut chosen = None;
            for mv in at.legal_moves() {
                let child = at.after_unchecked(mv);
                let fits = match wdl {
                    // The winner: a move after which the opponent loses within plies − 1.
                    Wdl::Win => match child.outcome() {
                        Some(o) => o.winner() == Some(at.side_to_move()) && plies == 1,
                        None => {
                            self.loses_within(&child, plies - 1)
                                && !self.loses_within(&child, plies.saturating_sub(2))
                        }
                    },
                    // The loser: a move after which the winner still needs plies − 1.
                    _ => match child.outcome() {
                        Some(_) => plies == 1,
                        None => {
                            self.wins_within(&child, plies - 1)
                                && !self.wins_within(&child, plies.saturating_sub(2))
                        }
                    },
                };
                if fits {
                    chosen = Some(mv);
                    break;
                }
            }
            let Some(mv) = chosen else { break };
            line.push(mv);
            at.play_unchecked(mv);
            wdl = -wdl;
            plies -= 1;
        }
        line
    }

    /// The winner's strategy from `pos`, which the side to move wins in `plies`: for every
    /// position the winner can face when the loser plays any legal move, the move it plays
    /// (one that keeps the distance shortest). Positions come in the order they are first met.
    ///
    /// Returns `None` if `pos` is not won within `plies` for its side to move.
    pub fn strategy(&mut self, pos: &G, plies: u32) -> Option<Vec<(G, G::Move)>> {
        if !self.wins_within(pos, plies) {
            return None;
        }
        let mut expanded: HashSet<u64> = HashSet::new();
        let mut out: Vec<(G, G::Move)> = Vec::new();
        let winner = pos.side_to_move();
        let mut stack = vec![pos.clone()];
        while let Some(at) = stack.pop() {
            if at.is_over() || !expanded.insert(at.zobrist()) {
                continue;
            }
            if at.side_to_move() == winner {
                // The shortest win from here: its exact distance, then a move that keeps it.
                let dist = self.value(&at, 1, &mut |_, _| {})?.plies;
                let mv = self.winning_move(&at, dist)?;
                out.push((at.clone(), mv));
                stack.push(at.after_unchecked(mv));
            } else {
                for mv in at.legal_moves() {
                    stack.push(at.after_unchecked(mv));
                }
            }
        }
        Some(out)
    }

    /// A move of the side to move that wins within `plies` (the table's, if it still fits).
    fn winning_move(&mut self, pos: &G, plies: u32) -> Option<G::Move> {
        let me = pos.side_to_move();
        for mv in pos.legal_moves() {
            let child = pos.after_unchecked(mv);
            let wins = match child.outcome() {
                Some(o) => o.winner() == Some(me),
                None => plies > 1 && self.loses_within(&child, plies - 1),
            };
            if wins {
                return Some(mv);
            }
        }
        None
    }
}
