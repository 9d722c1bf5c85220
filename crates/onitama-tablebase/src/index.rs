//! The index of a table: card lie × both Masters' squares × the Students of each side.
//!
//! Every state is stored from the point of view of the side to move, turned so that it plays
//! "up" like Red (the board rotated by 180° and the colours swapped when Blue is to move). Onitama
//! is symmetric under that turn (a card is read from its holder's seat), so one index space holds
//! both sides to move.
//!
//! `index = lie · (600 · P) + masters · P + students`, where
//! - `lie` (0..30) says which of the set's five cards is the side card (5 ways) and which two of
//!   the other four the mover holds (6 ways);
//! - `masters` (0..600) is the mover's Master square `m` (0..25) times 24 plus the opponent's
//!   Master square among the 24 others;
//! - `students` (0..P) ranks the mover's Students `S` (at most `k - 1` of the 23 other squares)
//!   and then the opponent's Students (at most `k - 1` of the `23 - |S|` squares left), each set
//!   by size and then by its rank in the combinatorial number system (colex order).
//!
//! A Master on the opposing temple is a finished game, not a state: those slots are "broken"
//! (never reached, stored as draws).

use onitama_core::{Card, Position, Side, Square};

/// Binomial coefficients `C(n, k)` for `n, k ≤ 25`.
pub(crate) const BINOM: [[u64; 26]; 26] = {
    let mut t = [[0u64; 26]; 26];
    let mut n = 0;
    while n < 26 {
        t[n][0] = 1;
        let mut k = 1;
        while k <= n {
            t[n][k] = t[n - 1][k - 1] + if k < n { t[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    t
};

/// `BINOM` transposed for the ranks of [`Layout::students_rank`]: `RANK_BINOM[k][n]` is
/// `C(n, k)` for `n < 24`, and zero for `n` in `24..=32` (the square 32 stands for "no more
/// squares").
const RANK_BINOM: [[u64; 33]; 6] = {
    let mut t = [[0u64; 33]; 6];
    let mut n = 0;
    while n < 24 {
        let mut k = 0;
        while k < 6 {
            t[k][n] = BINOM[n][k];
            k += 1;
        }
        n += 1;
    }
    t
};

/// The temple the mover aims at (`c5`, in the mover's frame).
pub(crate) const THEIR_TEMPLE: u32 = 22;
/// The mover's own temple (`c1`, in the mover's frame).
pub(crate) const OUR_TEMPLE: u32 = 2;

/// The 180° turn of a set of squares.
#[inline]
pub(crate) const fn rotate(mask: u32) -> u32 {
    mask.reverse_bits() >> 7
}

/// Deposits the low bits of `compact` into the set bits of `free` (a software `pdep`).
#[inline]
pub(crate) fn deposit(mut compact: u32, free: u32) -> u32 {
    let mut out = 0;
    let mut f = free;
    while compact != 0 && f != 0 {
        let low = f & f.wrapping_neg();
        if compact & 1 != 0 {
            out |= low;
        }
        compact >>= 1;
        f &= f - 1;
    }
    out
}

/// The set `mask` (without the square `sq`) written in the squares other than `sq`: the bits
/// above `sq` move down by one.
#[cfg(test)]
#[inline]
pub(crate) const fn remove_square(mask: u32, sq: u32) -> u32 {
    (mask & ((1 << sq) - 1)) | ((mask >> (sq + 1)) << sq)
}

/// Two sets of at most 31 squares (one in the low 32 bits of `pair`, one in the high 32), both
/// without the square `sq`, written in the squares other than `sq`: in each half the bits above
/// `sq` move down by one.
#[inline]
pub(crate) const fn remove_square_from_both(pair: u64, sq: u32) -> u64 {
    let low = ((1u64 << sq) - 1) * 0x1_0000_0001;
    (pair & low) | ((pair >> 1) & !low & 0x7FFF_FFFF_7FFF_FFFF)
}

/// The set `mask` of squares other than `x` and `y` (two different squares) written in the 23
/// squares left: the bits at `x` and `y` are taken out and the bits above them move down.
#[cfg(test)]
#[inline]
pub(crate) const fn compress(mask: u32, x: u32, y: u32) -> u32 {
    let (lo, hi) = if x < y { (x, y) } else { (y, x) };
    remove_square(remove_square(mask, hi), lo)
}

/// The inverse of taking the squares `x` and `y` out of a set ([`remove_square_from_both`]): the
/// 23-square set `compact` spread over the squares other than `x` and `y`.
#[inline]
pub(crate) const fn expand(compact: u32, x: u32, y: u32) -> u32 {
    let (lo, hi) = if x < y { (x, y) } else { (y, x) };
    let m = (compact & ((1 << lo) - 1)) | ((compact >> lo) << (lo + 1));
    (m & ((1 << hi) - 1)) | ((m >> hi) << (hi + 1))
}

/// The colex rank of the squares `set` (a subset of `free`) among the squares of `free`.
#[inline]
fn colex_rank(set: u32, free: u32) -> u64 {
    let mut rank = 0;
    let mut bits = set;
    let mut i = 1;
    while bits != 0 {
        let sq = bits.trailing_zeros();
        bits &= bits - 1;
        let c = (free & ((1u32 << sq) - 1)).count_ones() as usize;
        rank += BINOM[c][i];
        i += 1;
    }
    rank
}

/// The subset of `size` squares of `free` with colex rank `rank`.
#[cfg(test)]
#[inline]
fn colex_unrank(mut rank: u64, size: usize, free: u32) -> u32 {
    let n = free.count_ones() as usize;
    let mut compact = 0u32;
    let mut top = n;
    for i in (1..=size).rev() {
        let mut c = top - 1;
        while BINOM[c][i] > rank {
            c -= 1;
        }
        rank -= BINOM[c][i];
        compact |= 1 << c;
        top = c;
    }
    deposit(compact, free)
}

/// A state in the mover's frame: the mover plays up (towards `c5`) like Red.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct State {
    /// The card lie, 0..30.
    pub lie: u8,
    /// The mover's pieces (its Master included).
    pub us: u32,
    /// The mover's Master square.
    pub um: u32,
    /// The opponent's pieces (its Master included).
    pub them: u32,
    /// The opponent's Master square.
    pub tm: u32,
}

/// The layout of one table: its card set, piece limit and the sizes that the index uses.
#[derive(Clone, Debug)]
pub(crate) struct Layout {
    /// The five cards, in card order.
    pub cards: [Card; 5],
    /// The largest number of Students per side (`pieces / 2 - 1`).
    pub students: usize,
    /// `T(n)`: the number of Student sets of the opponent among `n` free squares.
    t: [u64; 24],
    /// The start of the block of mover Student sets of each size.
    base: [u64; 6],
    /// `off[n][b]`: the number of opponent Student sets of fewer than `b` squares among `n`.
    off: [[u64; 6]; 24],
    /// `P`: the placements of Students for one pair of Master squares.
    pub per_masters: u64,
    /// For each lie: the mover's two cards, the opponent's two, the side card (positions 0..5
    /// in `cards`).
    pub lies: [[u8; 5]; 30],
    /// The lie of (mover's cards as a 5-bit mask of positions, side card position).
    lie_of: [[u8; 5]; 32],
    /// For each lie, the lies of its predecessors: the previous mover (the opponent now) used
    /// the side card and received its first card, or its second (see [`Layout::lies`]).
    pub parent_lies: [[u8; 2]; 30],
    /// `dest[p][sq]`: the squares the card at position `p` reaches from `sq` for the mover.
    pub fwd: [[u32; 25]; 5],
    /// `back[p][sq]`: the squares from which the card at position `p` reaches `sq`.
    pub back: [[u32; 25]; 5],
}

impl Layout {
    /// The layout of the table of `cards` (five different cards, in any order) with at most
    /// `pieces / 2` pieces per side. `pieces` must be even and in `2..=10`.
    pub fn new(mut cards: [Card; 5], pieces: u8) -> Layout {
        const PAIRS: [(usize, usize); 6] = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)];
        cards.sort();
        let students = usize::from(pieces / 2).saturating_sub(1).min(4);
        let mut t = [0u64; 24];
        for (n, slot) in t.iter_mut().enumerate() {
            *slot = (0..=students.min(n)).map(|b| BINOM[n][b]).sum();
        }
        let mut base = [0u64; 6];
        for a in 0..=students {
            base[a + 1] = base[a] + BINOM[23][a] * t[23 - a];
        }
        let per_masters = base[students + 1];
        let mut off = [[0u64; 6]; 24];
        for (n, row) in off.iter_mut().enumerate() {
            for b in 0..5 {
                row[b + 1] = row[b] + BINOM[n][b];
            }
        }
        let mut lies = [[0u8; 5]; 30];
        let mut lie_of = [[u8::MAX; 5]; 32];
        for side in 0..5u8 {
            let rest: Vec<u8> = (0..5u8).filter(|&p| p != side).collect();
            for (j, &(x, y)) in PAIRS.iter().enumerate() {
                let theirs: Vec<u8> = (0..4)
                    .filter(|&i| i != x && i != y)
                    .map(|i| rest[i])
                    .collect();
                let lie = usize::from(side) * 6 + j;
                lies[lie] = [rest[x], rest[y], theirs[0], theirs[1], side];
                let mask = (1usize << rest[x]) | (1usize << rest[y]);
                lie_of[mask][usize::from(side)] = lie as u8;
            }
        }
        let mut parent_lies = [[0u8; 2]; 30];
        for (lie, parents) in parent_lies.iter_mut().enumerate() {
            let [_, _, h0, h1, p] = lies[lie];
            let lie_of =
                |a: u8, b: u8, s: u8| lie_of[(1usize << a) | (1usize << b)][usize::from(s)];
            *parents = [lie_of(h1, p, h0), lie_of(h0, p, h1)];
        }
        let mut fwd = [[0u32; 25]; 5];
        let mut back = [[0u32; 25]; 5];
        for (p, card) in cards.iter().enumerate() {
            for sq in Square::ALL {
                fwd[p][sq.index()] = card.destinations(Side::Red, sq).bits();
                back[p][sq.index()] = card.destinations(Side::Blue, sq).bits();
            }
        }
        Layout {
            cards,
            students,
            t,
            base,
            off,
            per_masters,
            lies,
            lie_of,
            parent_lies,
            fwd,
            back,
        }
    }

    /// The number of indices (broken slots included).
    pub fn len(&self) -> u64 {
        30 * 600 * self.per_masters
    }

    /// The lie with the mover holding the cards at positions `a`, `b` and the side card at `s`.
    #[inline]
    pub fn lie(&self, a: u8, b: u8, s: u8) -> u8 {
        self.lie_of[(1usize << a) | (1usize << b)][usize::from(s)]
    }

    /// The index of `st`, which must respect the piece limit.
    #[inline]
    pub fn index(&self, st: &State) -> u64 {
        let (um, tm) = (st.um, st.tm);
        let free1 = 0x1FF_FFFF & !(1 << um) & !(1 << tm);
        let s1 = st.us & !(1 << um);
        let s2 = st.them & !(1 << tm);
        let a = s1.count_ones() as usize;
        let b = s2.count_ones() as usize;
        let free2 = free1 & !s1;
        let n2 = 23 - a;
        let r1 = colex_rank(s1, free1);
        let r2 = self.off[n2][b] + colex_rank(s2, free2);
        let students = self.base[a] + r1 * self.t[n2] + r2;
        self.block_start(st.lie, um, tm) + students
    }

    /// The Student part of an index (`0..P`) from the two Student sets written in the 23
    /// squares the Masters leave (both squares taken out with [`remove_square_from_both`]): the mover's
    /// `s1` and the opponent's `s2` (disjoint). Equal to `index(st) % P` for the state with
    /// those Students.
    #[inline]
    pub fn students_rank(&self, s1: u32, s2: u32) -> u64 {
        self.mover_rank(s1) + self.opponent_rank(s1, s2)
    }

    /// The part of [`Layout::students_rank`] that depends on the mover's Students alone.
    #[inline]
    pub fn mover_rank(&self, s1: u32) -> u64 {
        let a = s1.count_ones() as usize;
        // The colex rank: among the 23 squares the count of free squares below `sq` is `sq`.
        // Without branches: always `students` rounds, an exhausted set giving square 32, whose
        // entries in `RANK_BINOM` are zero.
        let mut r1 = 0;
        let mut bits = s1;
        for column in &RANK_BINOM[1..=self.students] {
            r1 += column[bits.trailing_zeros() as usize];
            bits &= bits.wrapping_sub(1);
        }
        self.base[a] + r1 * self.t[23 - a]
    }

    /// The rest of [`Layout::students_rank`]: the opponent's Students `s2` among the squares
    /// the mover's `s1` leave.
    #[inline]
    pub fn opponent_rank(&self, s1: u32, s2: u32) -> u64 {
        let a = s1.count_ones() as usize;
        let b = s2.count_ones() as usize;
        // The colex rank: the count of free squares below `sq` is `sq` minus the mover's
        // Students below it. An exhausted set gives square 32, and `32 - a` is at least 24,
        // where `RANK_BINOM` is zero.
        let mut r2 = self.off[23 - a][b];
        let mut bits = s2;
        for column in &RANK_BINOM[1..=self.students] {
            let sq = bits.trailing_zeros();
            bits &= bits.wrapping_sub(1);
            let below = (u64::from(s1) & ((1u64 << sq) - 1)).count_ones();
            r2 += column[(sq - below) as usize];
        }
        r2
    }

    /// The Student sets of every Student part `0..P` of an index, in the 23 squares the Masters
    /// leave (see [`Layout::students_rank`]): the mover's set in the low 32 bits, the
    /// opponent's in the high 32. The inverse of [`Layout::students_rank`], for unranking without divisions or searches.
    pub fn student_sets(&self) -> Vec<u64> {
        const FREE: u32 = (1 << 23) - 1;
        let mut sets = Vec::with_capacity(self.per_masters as usize);
        for a in 0..=self.students {
            Layout::for_each_set(a, FREE, |s1| {
                for b in 0..=self.students {
                    Layout::for_each_set(b, FREE & !s1, |s2| {
                        sets.push(u64::from(s1) | u64::from(s2) << 32);
                    });
                }
            });
        }
        sets
    }

    /// The number of the block (one lie and one pair of Master squares) of lie `lie` and Master
    /// squares `um`, `tm`: its first index is this times `P`.
    #[inline]
    pub fn block(lie: u8, um: u32, tm: u32) -> u64 {
        let masters = u64::from(um) * 24 + u64::from(if tm > um { tm - 1 } else { tm });
        u64::from(lie) * 600 + masters
    }

    /// The state of `index` (`index < self.len()`), or `None` for a broken slot. (The generator
    /// unranks with [`Layout::student_sets`] instead; this is the reference.)
    #[cfg(test)]
    pub fn state(&self, index: u64) -> Option<State> {
        let students = index % self.per_masters;
        let rest = index / self.per_masters;
        let masters = (rest % 600) as u32;
        let lie = (rest / 600) as u8;
        let um = masters / 24;
        let mut tm = masters % 24;
        if tm >= um {
            tm += 1;
        }
        if um == THEIR_TEMPLE || tm == OUR_TEMPLE {
            return None;
        }
        let mut a = 0;
        while students >= self.base[a + 1] {
            a += 1;
        }
        let within = students - self.base[a];
        let n2 = 23 - a;
        let (r1, mut r2) = (within / self.t[n2], within % self.t[n2]);
        let mut b = 0;
        while r2 >= BINOM[n2][b] {
            r2 -= BINOM[n2][b];
            b += 1;
        }
        let free1 = 0x1FF_FFFF & !(1 << um) & !(1 << tm);
        let s1 = colex_unrank(r1, a, free1);
        let s2 = colex_unrank(r2, b, free1 & !s1);
        Some(State {
            lie,
            us: s1 | 1 << um,
            um,
            them: s2 | 1 << tm,
            tm,
        })
    }

    /// The Student sets of one side of each size, in index order, for the enumeration of a block
    /// (one lie and one pair of Master squares): the sets of `size` squares of `free` in colex
    /// order, calling `f` on each.
    pub fn for_each_set(size: usize, free: u32, mut f: impl FnMut(u32)) {
        let n = free.count_ones();
        if size == 0 {
            f(0);
            return;
        }
        let mut c: u32 = (1 << size) - 1;
        while c < (1 << n) {
            f(deposit(c, free));
            // Gosper's hack: the next integer with the same number of bits (colex order).
            let low = c & c.wrapping_neg();
            let r = c + low;
            c = (((r ^ c) >> 2) / low) | r;
        }
    }

    /// The state of `pos` in this layout, or `None` if it is out of range: other cards, more
    /// pieces on a side than the limit, or a finished game.
    pub fn state_of(&self, pos: &Position) -> Option<State> {
        if pos.is_over() {
            return None;
        }
        let me = pos.side_to_move();
        let limit = (self.students + 1) as u32;
        let mut us = pos.pieces(me).bits();
        let mut them = pos.pieces(me.other()).bits();
        if us.count_ones() > limit || them.count_ones() > limit {
            return None;
        }
        let mut um = pos.master(me)?.index() as u32;
        let mut tm = pos.master(me.other())?.index() as u32;
        if me == Side::Blue {
            us = rotate(us);
            them = rotate(them);
            um = 24 - um;
            tm = 24 - tm;
        }
        if um == THEIR_TEMPLE || tm == OUR_TEMPLE {
            return None;
        }
        let at = |card: Card| self.cards.iter().position(|&c| c == card);
        let [a, b] = pos.hand(me).map(at);
        let s = at(pos.side_card())?;
        // The index holds the mover's hand and the side card; the opponent holds the other two
        // of the table's five, so a position whose opponent holds another card is not in it.
        if pos
            .hand(me.other())
            .into_iter()
            .any(|card| at(card).is_none())
        {
            return None;
        }
        let lie = self.lie(a? as u8, b? as u8, s as u8);
        Some(State {
            lie,
            us,
            um,
            them,
            tm,
        })
    }

    /// The first index of the block of lie `lie` and Master squares `um`, `tm`.
    pub fn block_start(&self, lie: u8, um: u32, tm: u32) -> u64 {
        Layout::block(lie, um, tm) * self.per_masters
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_and_state_are_inverse_and_blocks_enumerate_in_order() {
        for pieces in [2, 4, 6] {
            let layout = Layout::new(onitama_core::Deal::COMMUNITY_A.cards(), pieces);
            for lie in [0u8, 17, 29] {
                for (um, tm) in [(0u32, 1u32), (12, 3), (24, 23), (7, 22)] {
                    let start = layout.block_start(lie, um, tm);
                    let mut i = start;
                    let free1 = 0x1FF_FFFF & !(1 << um) & !(1 << tm);
                    for a in 0..=layout.students {
                        Layout::for_each_set(a, free1, |s1| {
                            for b in 0..=layout.students {
                                Layout::for_each_set(b, free1 & !s1, |s2| {
                                    let st = State {
                                        lie,
                                        us: s1 | 1 << um,
                                        um,
                                        them: s2 | 1 << tm,
                                        tm,
                                    };
                                    assert_eq!(layout.index(&st), i);
                                    assert_eq!(layout.state(i), Some(st));
                                    i += 1;
                                });
                            }
                        });
                    }
                    assert_eq!(i - start, layout.per_masters);
                }
            }
        }
    }

    #[test]
    fn compress_and_expand_are_inverse() {
        let mut rng = abstract_game::rng::SplitMix64::new(11);
        for _ in 0..10_000 {
            let x = rng.below(25) as u32;
            let y = (x + 1 + rng.below(24) as u32) % 25;
            let mask = rng.next_u64() as u32 & 0x1FF_FFFF & !(1 << x) & !(1 << y);
            let c = compress(mask, x, y);
            assert!(c < 1 << 23);
            assert_eq!(c.count_ones(), mask.count_ones());
            assert_eq!(expand(c, x, y), mask);
            assert_eq!(expand(c, y, x), mask);
            assert_eq!(compress(mask, y, x), c);
            // Removing the higher square first, or the lower one first (the higher one then
            // one lower), gives the same.
            let (lo, hi) = (x.min(y), x.max(y));
            assert_eq!(remove_square(remove_square(mask, lo), hi - 1), c);
            let other = rng.next_u64() as u32 & 0x1FF_FFFF & !(1 << x);
            let both = remove_square_from_both(u64::from(mask) | u64::from(other) << 32, x);
            assert_eq!(both as u32, remove_square(mask, x));
            assert_eq!((both >> 32) as u32, remove_square(other, x));
        }
    }

    #[test]
    fn the_fast_students_rank_and_the_set_table_agree_with_the_index() {
        let mut rng = abstract_game::rng::SplitMix64::new(5);
        for pieces in [2, 4, 6, 8] {
            let layout = Layout::new(onitama_core::Deal::COMMUNITY_B.cards(), pieces);
            let sets = layout.student_sets();
            assert_eq!(sets.len() as u64, layout.per_masters);
            for _ in 0..3000 {
                let i = rng.next_u64() % layout.len();
                let Some(st) = layout.state(i) else {
                    continue;
                };
                let s1 = compress(st.us & !(1 << st.um), st.um, st.tm);
                let s2 = compress(st.them & !(1 << st.tm), st.um, st.tm);
                let students = layout.students_rank(s1, s2);
                assert_eq!(students, i % layout.per_masters);
                assert_eq!(
                    Layout::block(st.lie, st.um, st.tm) * layout.per_masters + students,
                    i
                );
                assert_eq!(sets[students as usize], u64::from(s1) | u64::from(s2) << 32);
            }
        }
    }

    #[test]
    fn sizes() {
        let a = onitama_core::Deal::COMMUNITY_A.cards();
        assert_eq!(Layout::new(a, 2).len(), 30 * 600);
        assert_eq!(Layout::new(a, 4).per_masters, 553);
        assert_eq!(Layout::new(a, 6).per_masters, 64815);
    }
}
