//! Move generation and move counting on bitboards.
//!
//! A side's steps are, for each of its two cards and each of its pieces, the card's destination
//! mask from that square (a constant table indexed by card, side and square) minus the side's own
//! pieces. Counting them is a sum of population counts; no list is built.

use crate::card::{Card, DESTINATIONS};
use crate::moves::{Move, MoveList};
use crate::side::Side;
use crate::square::Square;

/// The two cards of a hand stored as a 16-bit set (bit `i` = card `i`), lowest first.
#[inline(always)]
pub(crate) const fn hand_cards(hand: u16) -> (usize, usize) {
    (
        hand.trailing_zeros() as usize,
        15 - hand.leading_zeros() as usize,
    )
}

const M1: u64 = 0x5555_5555_5555_5555;
const M2: u64 = 0x3333_3333_3333_3333;
const M4: u64 = 0x0F0F_0F0F_0F0F_0F0F;
const H01: u64 = 0x0101_0101_0101_0101;

/// The number of steps of `side` with the pieces `own` and the cards of `hand`.
///
/// Both cards' masks of a piece are packed into one `u64` (first card in the low half, second in
/// the high half) and counted together. The population count is split: the three SWAR stages that
/// leave a count per byte run per piece, the byte counts of all pieces are added (at most 40 per
/// byte), and a single multiply adds the bytes at the end. Without a `popcnt` instruction (no
/// `target-cpu` flag) this is much less work than one `count_ones` per mask.
#[inline(always)]
pub(crate) fn count_steps(side: Side, own: u32, hand: u16) -> u32 {
    let (c1, c2) = hand_cards(hand);
    let t1 = &DESTINATIONS[c1 & 15][side as usize];
    let t2 = &DESTINATIONS[c2 & 15][side as usize];
    let free = !own as u64;
    let free2 = free | free << 32;
    let mut bits = own;
    let mut bytes = 0u64;
    while bits != 0 {
        let sq = bits.trailing_zeros() as usize & 31;
        bits &= bits - 1;
        let x = (t1[sq] as u64 | (t2[sq] as u64) << 32) & free2;
        let x = x - ((x >> 1) & M1);
        let x = (x & M2) + ((x >> 2) & M2);
        bytes += (x + (x >> 4)) & M4;
    }
    (bytes.wrapping_mul(H01) >> 56) as u32
}

/// Calls `f` on each step of `side` (pieces `own`, cards of `hand`): card by card (in
/// [`Card::ALL`] order), then origin, then destination, by square index.
#[inline(always)]
pub(crate) fn visit_steps(side: Side, own: u32, hand: u16, mut f: impl FnMut(Move)) {
    let (c1, c2) = hand_cards(hand);
    for c in [c1, c2] {
        let card = Card::ALL[c & 15];
        let table = &DESTINATIONS[c & 15][side as usize];
        let mut bits = own;
        while bits != 0 {
            let from = bits.trailing_zeros();
            bits &= bits - 1;
            let mut dest = table[from as usize & 31] & !own;
            let from = Square::from_mask_index(from);
            while dest != 0 {
                let to = Square::from_mask_index(dest.trailing_zeros());
                dest &= dest - 1;
                f(Move::Step { card, from, to });
            }
        }
    }
}

/// Calls `f` on the steps of `side` (pieces `own`, cards of `hand`) whose destination is in
/// `targets`, or in `master_targets` for the piece on a square of `masters`: the steps of
/// [`visit_steps`] with those destinations only, in the same order.
///
/// `BACKWARD` finds, for each card, first the pieces that reach a square of
/// `targets | master_targets` (a card's steps for the other side lead back) and visits only
/// those: cheaper when the destinations are few (a search's captures), dearer when they are
/// many. Otherwise every piece is visited.
#[inline(always)]
pub(crate) fn visit_steps_onto<const BACKWARD: bool>(
    side: Side,
    own: u32,
    hand: u16,
    masters: u32,
    targets: u32,
    master_targets: u32,
    mut f: impl FnMut(Move),
) {
    let (c1, c2) = hand_cards(hand);
    for c in [c1, c2] {
        let card = Card::ALL[c & 15];
        let table = &DESTINATIONS[c & 15][side as usize];
        let mut bits = own;
        if BACKWARD {
            let back = &DESTINATIONS[c & 15][side.other() as usize];
            let mut origins = 0;
            let mut dest = (targets | master_targets) & !own;
            while dest != 0 {
                origins |= back[dest.trailing_zeros() as usize & 31];
                dest &= dest - 1;
            }
            bits &= origins;
        }
        while bits != 0 {
            let from = bits.trailing_zeros();
            bits &= bits - 1;
            let allowed = if masters & (1 << from) != 0 {
                master_targets
            } else {
                targets
            };
            let mut dest = table[from as usize & 31] & !own & allowed;
            let from = Square::from_mask_index(from);
            while dest != 0 {
                let to = Square::from_mask_index(dest.trailing_zeros());
                dest &= dest - 1;
                f(Move::Step { card, from, to });
            }
        }
    }
}

/// Pushes the steps of `side` (pieces `own`, cards of `hand`) onto `list`, in the order of
/// [`visit_steps`].
#[inline]
pub(crate) fn push_steps(side: Side, own: u32, hand: u16, list: &mut MoveList) {
    // At most 4 destinations × 5 pieces × 2 cards: never more than the capacity.
    visit_steps(side, own, hand, |mv| list.push(mv));
}
