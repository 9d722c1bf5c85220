//! Perft from the start position (standard convention: zero-length moves count like any move, and
//! a finished game counts only at the ply where it ended), with the generic perft of
//! `abstract-game` (bulk counting at the last ply) and a plain recursive one.

use abstract_game::perft::perft;
use kamisado_core::Position;

/// Perft without bulk counting: plays every move of the last ply too.
fn plain_perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    pos.legal_moves()
        .iter()
        .map(|&mv| plain_perft(&pos.after_unchecked(mv), depth - 1))
        .sum()
}

const EXPECTED: [u64; 6] = [102, 1_150, 11_182, 105_024, 901_006, 7_399_924];

#[test]
fn perft_start_depths_1_to_5() {
    let start = Position::start();
    for depth in 1..=5 {
        assert_eq!(
            perft(&start, depth),
            EXPECTED[depth as usize - 1],
            "depth {depth}"
        );
    }
}

#[test]
fn plain_perft_agrees_with_bulk_counting() {
    let start = Position::start();
    for depth in 1..=4 {
        assert_eq!(
            plain_perft(&start, depth),
            EXPECTED[depth as usize - 1],
            "depth {depth}"
        );
    }
}

/// Slow in debug builds; run it with
/// `cargo test --release -p kamisado-core -- --ignored`.
#[test]
#[ignore = "slow in debug builds: cargo test --release -p kamisado-core -- --ignored"]
fn perft_start_depth_6() {
    assert_eq!(perft(&Position::start(), 6), EXPECTED[5]);
}
