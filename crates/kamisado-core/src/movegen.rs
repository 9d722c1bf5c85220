//! Move generation on bitboards: the forward rays of every square and the blocker arithmetic.
//!
//! A tower's destinations along one ray are the ray's squares before the first occupied one.
//! Black's rays run towards higher indices, so the first blocker is the lowest set bit of
//! `ray & occupied`; Gold's run towards lower indices, so it is the highest set bit.

use crate::side::Side;

/// The three forward rays (straight, towards file a, towards file h) of every square, per side.
/// Each ray excludes its own square.
pub(crate) static RAYS: [[[u64; 3]; 64]; 2] = {
    let mut rays = [[[0u64; 3]; 64]; 2];
    let mut side = 0;
    while side < 2 {
        let dr: i32 = if side == 0 { 1 } else { -1 };
        let mut sq = 0;
        while sq < 64 {
            let dfs = [0i32, -1, 1];
            let mut d = 0;
            while d < 3 {
                let mut f = (sq % 8) as i32 + dfs[d];
                let mut r = (sq / 8) as i32 + dr;
                let mut bits = 0u64;
                while f >= 0 && f < 8 && r >= 0 && r < 8 {
                    bits |= 1 << (r * 8 + f);
                    f += dfs[d];
                    r += dr;
                }
                rays[side][sq][d] = bits;
                d += 1;
            }
            sq += 1;
        }
        side += 1;
    }
    rays
};

/// The squares of `ray` (running towards higher indices) before its first blocker in `occ`.
#[inline(always)]
const fn up(ray: u64, occ: u64) -> u64 {
    let b = ray & occ;
    // `b & -b` is the lowest blocker; minus one gives every square below it (all when b == 0).
    ray & (b & b.wrapping_neg()).wrapping_sub(1)
}

/// The squares of `ray` (running towards lower indices) before its first blocker in `occ`.
#[inline(always)]
const fn down(ray: u64, occ: u64) -> u64 {
    let b = ray & occ;
    // A downward ray never holds square 63, so `lz` is in 1..=64 and the shift is in range.
    // `u64::MAX >> lz` is every square up to and including the highest blocker (none if b == 0).
    let lz = b.leading_zeros();
    ray & !((u64::MAX >> 1) >> (lz - 1))
}

/// The destinations (positive length) of a tower of `side` on square index `sq`, given the
/// occupied squares `occ`.
#[inline(always)]
pub(crate) fn destinations(side: Side, sq: usize, occ: u64) -> u64 {
    let r = &RAYS[side.index()][sq];
    match side {
        Side::Black => up(r[0], occ) | up(r[1], occ) | up(r[2], occ),
        Side::Gold => down(r[0], occ) | down(r[1], occ) | down(r[2], occ),
    }
}

/// The destinations of a tower on square `sq` of its owner's own frame (Gold's squares turned by
/// 180 degrees, so that every tower moves towards higher indices), given the occupied squares
/// `occ` in the same frame. The hot path of move generation: three rays, no branch on the side.
#[inline(always)]
pub(crate) fn forward_destinations(sq: u8, occ: u64) -> u64 {
    let r = &RAYS[0][(sq & 63) as usize];
    up(r[0], occ) | up(r[1], occ) | up(r[2], occ)
}

/// The index of `sq` (absolute) in the frame of side index `side` (0 Black, 1 Gold).
#[inline(always)]
pub(crate) const fn to_frame(side: usize, sq: usize) -> usize {
    // 63 - sq == sq ^ 63 for sq in 0..64.
    sq ^ (63 * side)
}

/// The forward rays of a tower of `side` on `sq`, ignoring every other tower.
#[inline]
pub(crate) fn all_rays(side: Side, sq: usize) -> u64 {
    let r = &RAYS[side.index()][sq];
    r[0] | r[1] | r[2]
}
