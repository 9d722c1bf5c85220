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
    let r = &UP_RAYS[sq as usize];
    up(r[0], occ) | up(r[1], occ) | up(r[2], occ)
}

/// Black's rays (towards higher indices) again, indexed by a `u8` square: 256 entries, only the
/// first 64 used, so that no bounds check or mask is needed on the hot path.
static UP_RAYS: [[u64; 3]; 256] = {
    let mut table = [[0u64; 3]; 256];
    let mut sq = 0;
    while sq < 64 {
        table[sq] = RAYS[0][sq];
        sq += 1;
    }
    table
};

/// For counting, per square of a side's own frame, on the board shifted down by one rank (index
/// − 8) whose top byte is a virtual, always occupied "rank 9":
/// `[mask0, mask1, mask2, stops, 3 * rank, 0, 0, 0]` (64 bytes).
///
/// Each ray gets a *stop*, a square past its end that it treats as occupied: the virtual rank-9
/// square when the ray runs to the top, otherwise (a diagonal that leaves the board sideways) a
/// real square of the next rank that lies on none of the tower's three rays. `mask_d` is ray `d`
/// plus its stop; `stops` holds the real stop squares, which are added to the occupancy once
/// (they are on no other ray, so they change nothing else).
///
/// Indexed by a `u8` square, 256 entries (only the first 64 are used) so that no bounds check or
/// mask is needed.
static COUNT_RAYS: [[u64; 8]; 256] = {
    let mut table = [[0u64; 8]; 256];
    let mut sq = 0;
    while sq < 64 {
        let dfs = [0i32, -1, 1];
        // Every square of the three rays (unshifted own frame), to keep stops off them.
        let all = RAYS[0][sq][0] | RAYS[0][sq][1] | RAYS[0][sq][2];
        let mut stops = 0u64;
        let mut d = 0;
        while d < 3 {
            let mut f = (sq % 8) as i32 + dfs[d];
            let mut r = (sq / 8) as i32 + 1;
            let mut mask = 0u64;
            while f >= 0 && f < 8 && r < 8 {
                mask |= 1 << ((r - 1) * 8 + f);
                f += dfs[d];
                r += 1;
            }
            // (f, r) is the first square past the ray.
            if r >= 8 {
                // Rank 9: virtual and always occupied (clamp a file that is off the board).
                let file = if f < 0 {
                    0
                } else if f > 7 {
                    7
                } else {
                    f
                };
                mask |= 1 << (56 + file);
            } else {
                // Off the side on rank r: any square of rank r on none of the rays.
                let mut file = 0;
                while all & (1 << (r * 8 + file)) != 0 {
                    file += 1;
                }
                let stop = 1u64 << ((r - 1) * 8 + file);
                mask |= stop;
                stops |= stop;
            }
            table[sq][d] = mask;
            d += 1;
        }
        table[sq][3] = stops;
        table[sq][4] = 3 * (sq as u64 / 8);
        sq += 1;
    }
    table
};

/// The number of destinations of a tower on square `sq` of its owner's frame, given the occupied
/// squares of that frame shifted down one rank with a full virtual rank 9 on top (as
/// `Position` stores them): for each ray, the rank of the first blocker (or of the stop past
/// its end) minus the tower's rank, found with one bit scan; no population count.
#[inline(always)]
pub(crate) fn forward_count(sq: u8, shifted: u64) -> u32 {
    let e = &COUNT_RAYS[sq as usize];
    let occ = shifted | e[3];
    let first = |d: usize| u64::from(((occ & e[d]) | (1 << 63)).trailing_zeros() >> 3);
    (first(0) + first(1) + first(2) - e[4]) as u32
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
