//! Perft: the community's tables for the four reference deals (terminal-leaves convention), set
//! A in the standard convention, and a position with forced passes.
//!
//! Deeper depths are `#[ignore]`d; run them with
//! `cargo test --release -p onitama-core -- --ignored`.

use abstract_game::perft::{perft, perft_terminal_leaves};
use onitama_core::{Deal, Position};

const PASS_POSITION: &str = "MSSSS/5/2m2/5/5 boar,elephant monkey,tiger crab r";

/// A plain recursive perft over the position's own API (no bulk counting, no trait), to cross-check
/// the generic one and the fast counting paths.
fn simple_perft(pos: &Position, depth: u32, terminal_leaves: bool) -> u64 {
    if depth == 0 {
        return 1;
    }
    if pos.is_over() {
        return u64::from(terminal_leaves);
    }
    pos.legal_moves()
        .into_iter()
        .map(|mv| {
            simple_perft(
                &pos.after(mv).expect("generated moves are legal"),
                depth - 1,
                terminal_leaves,
            )
        })
        .sum()
}

fn table(deal: Deal) -> (Position, &'static [u64]) {
    let counts: &[u64] = match deal {
        d if d == Deal::COMMUNITY_A => {
            &[10, 130, 1989, 28509, 487780, 7748422, 137281607, 2353802670]
        }
        d if d == Deal::COMMUNITY_B => &[9, 72, 880, 10374, 138879, 1781181, 24489752, 324013378],
        d if d == Deal::COMMUNITY_C => {
            &[10, 120, 1272, 16445, 211643, 2793554, 39359208, 537916817]
        }
        _ => &[11, 143, 1807, 23949, 325011, 4619275, 64873385, 949933361],
    };
    (Position::from_deal(deal), counts)
}

const SETS: [Deal; 4] = [
    Deal::COMMUNITY_A,
    Deal::COMMUNITY_B,
    Deal::COMMUNITY_C,
    Deal::COMMUNITY_D,
];

fn check_terminal_leaves(depths: core::ops::RangeInclusive<u32>) {
    for deal in SETS {
        let (pos, counts) = table(deal);
        for depth in depths.clone() {
            assert_eq!(
                perft_terminal_leaves(&pos, depth),
                counts[depth as usize - 1],
                "deal {deal}, depth {depth}"
            );
        }
    }
}

#[test]
fn community_tables_terminal_leaves_up_to_5() {
    check_terminal_leaves(1..=5);
}

/// Depths 6 to 8 (about 4.6 billion leaves over the four sets): about 3 s in release.
#[test]
#[ignore = "expensive; cargo test --release -p onitama-core -- --ignored"]
fn community_tables_terminal_leaves_6_to_8() {
    // cargo test --release -p onitama-core -- --ignored
    check_terminal_leaves(6..=8);
}

#[test]
fn set_a_standard() {
    let pos = Position::from_deal(Deal::COMMUNITY_A);
    let expected = [10, 130, 1989, 28509, 487752];
    for (depth, &n) in (1..).zip(&expected) {
        assert_eq!(perft(&pos, depth), n, "depth {depth}");
    }
}

#[test]
fn simple_perft_agrees_with_bulk_counting() {
    for deal in SETS {
        let pos = Position::from_deal(deal);
        for depth in 1..=4 {
            assert_eq!(
                simple_perft(&pos, depth, false),
                perft(&pos, depth),
                "{deal} {depth}"
            );
            assert_eq!(
                simple_perft(&pos, depth, true),
                perft_terminal_leaves(&pos, depth),
                "{deal} {depth}"
            );
        }
    }
}

#[test]
fn forced_pass_position() {
    let pos: Position = PASS_POSITION.parse().expect("valid position");
    let standard = [2, 12, 20, 110, 758];
    let terminal = [2, 12, 22, 112, 764];
    for depth in 1..=5u32 {
        let i = depth as usize - 1;
        assert_eq!(perft(&pos, depth), standard[i], "standard, depth {depth}");
        assert_eq!(
            perft_terminal_leaves(&pos, depth),
            terminal[i],
            "terminal leaves, depth {depth}"
        );
        assert_eq!(
            simple_perft(&pos, depth, false),
            standard[i],
            "simple standard, depth {depth}"
        );
        assert_eq!(
            simple_perft(&pos, depth, true),
            terminal[i],
            "simple terminal, depth {depth}"
        );
    }
}

/// Per-ply counts by plain recursion: nodes (standard), passes, and wins by reason.
fn simple_stats(pos: &Position, ply: usize, out: &mut [[u64; 4]]) {
    if ply == out.len() {
        return;
    }
    for mv in pos.legal_moves() {
        let child = pos.after(mv).expect("legal");
        out[ply][0] += 1;
        out[ply][1] += u64::from(mv.is_pass());
        match child.outcome().map(onitama_core::Outcome::reason) {
            Some(onitama_core::WinReason::Stone) => out[ply][2] += 1,
            Some(onitama_core::WinReason::Stream) => out[ply][3] += 1,
            _ => {}
        }
        simple_stats(&child, ply + 1, out);
    }
}

#[test]
fn generic_statistics_count_passes_and_wins_by_reason() {
    use abstract_game::perft::{Convention, perft_stats};
    use onitama_core::WinReason;
    let positions = [
        PASS_POSITION.parse::<Position>().expect("valid"),
        Position::from_deal(Deal::COMMUNITY_D),
    ];
    for pos in positions {
        let depth = 4;
        let mut expected = vec![[0u64; 4]; depth];
        simple_stats(&pos, 0, &mut expected);
        let stats = perft_stats(&pos, depth as u32, Convention::Standard);
        for (s, e) in stats.iter().zip(&expected) {
            assert_eq!(
                [
                    s.nodes,
                    s.passes,
                    s.ends_by(WinReason::Stone),
                    s.ends_by(WinReason::Stream)
                ],
                *e,
                "{pos} ply {}",
                s.ply
            );
        }
    }
    // The pass position: its two root moves are the passes, and wins do happen below.
    let stats = perft_stats(&positions[0], 4, Convention::Standard);
    assert_eq!(stats[0].passes, 2);
    assert!(
        stats
            .iter()
            .map(abstract_game::perft::PlyStats::ends_total)
            .sum::<u64>()
            > 0
    );
}
