//! The generic algorithms proved on tic-tac-toe, whose tree is known exactly. The conformance
//! kit's own tests are in `conformance.rs` (feature `testing`); where a test here also runs a
//! check of the kit, that line needs the feature too.

#[cfg(feature = "std")]
use abstract_game::perft::parallel_perft;
use abstract_game::perft::{
    Convention, divide, perft, perft_stats, perft_terminal_leaves, perft_with,
};
use abstract_game::playout::{random_playout, random_result};
use abstract_game::rng::SplitMix64;
#[cfg(feature = "testing")]
use abstract_game::testing::{check_notation, check_position, check_rejects};
use abstract_game::tictactoe::{Mark, TicTacToe, TicTacToeEnd};
use abstract_game::{EndReason, Game, Notation, Outcome, Player, Wdl, ZobristHash};

/// Leaves per ply of the full tic-tac-toe tree (standard convention): the well-known numbers.
const STANDARD: [u64; 9] = [9, 72, 504, 3024, 15120, 54720, 148_176, 200_448, 127_872];

/// Games that end at each ply (wins for X on odd plies, for O on even; draws at ply 9).
const WINS_AT: [u64; 9] = [0, 0, 0, 0, 1440, 5328, 47952, 72576, 81792];
const DRAWS: u64 = 46080;

#[test]
fn standard_perft_matches_the_known_tree() {
    let start = TicTacToe::new();
    for (depth, &nodes) in (1..).zip(STANDARD.iter()) {
        assert_eq!(perft(&start, depth), nodes, "depth {depth}");
    }
    assert_eq!(perft(&start, 0), 1);
    assert_eq!(perft(&start, 10), 0, "every game is over by ply 9");
}

#[test]
fn terminal_leaves_carry_finished_games_forward() {
    let start = TicTacToe::new();
    let mut finished = 0;
    for depth in 1..=9u32 {
        let i = depth as usize - 1;
        assert_eq!(
            perft_terminal_leaves(&start, depth),
            STANDARD[i] + finished,
            "depth {depth}"
        );
        finished += WINS_AT[i];
    }
    // Beyond the last ply every game is a terminal leaf.
    let all_games: u64 = WINS_AT.iter().sum::<u64>() + DRAWS;
    assert_eq!(all_games, 255_168, "the number of tic-tac-toe games");
    assert_eq!(perft_terminal_leaves(&start, 12), all_games);
}

#[test]
fn per_ply_statistics_count_nodes_and_endings() {
    let start = TicTacToe::new();
    for convention in [Convention::Standard, Convention::TerminalLeaves] {
        let stats = perft_stats(&start, 9, convention);
        assert_eq!(stats.len(), 9);
        for (i, s) in stats.iter().enumerate() {
            assert_eq!(s.ply as usize, i + 1);
            assert_eq!(s.nodes, perft_with(&start, s.ply, convention));
            assert_eq!(s.passes, 0);
            assert_eq!(s.ends_by(TicTacToeEnd::Line), WINS_AT[i], "ply {}", i + 1);
            let draws = if i == 8 { DRAWS } else { 0 };
            assert_eq!(s.ends_by(TicTacToeEnd::Full), draws);
            assert_eq!(s.ends.len(), TicTacToeEnd::ALL.len());
        }
    }
}

#[test]
fn per_ply_statistics_of_depth_zero_are_empty() {
    for convention in [Convention::Standard, Convention::TerminalLeaves] {
        assert_eq!(perft_stats(&TicTacToe::new(), 0, convention), []);
        let finished = TicTacToe::parse_position("xxx/oo./... o").unwrap();
        assert_eq!(perft_stats(&finished, 0, convention), []);
    }
}

#[test]
fn divide_sums_to_perft_in_both_conventions() {
    let start = TicTacToe::new();
    for convention in [Convention::Standard, Convention::TerminalLeaves] {
        for depth in 1..=7 {
            let parts = divide(&start, depth, convention);
            assert_eq!(parts.len(), 9);
            let total: u64 = parts.iter().map(|&(_, n)| n).sum();
            assert_eq!(total, perft_with(&start, depth, convention));
        }
    }
    // By symmetry the four corners give equal counts, as do the four edges.
    let parts = divide(&start, 7, Convention::Standard);
    let n = |sq: u8| parts.iter().find(|&&(m, _)| m == sq).unwrap().1;
    assert!([2, 6, 8].iter().all(|&c| n(c) == n(0)));
    assert!([3, 5, 7].iter().all(|&e| n(e) == n(1)));
    assert_ne!(n(0), n(4));
    assert!(divide(&start, 0, Convention::Standard).is_empty());
}

#[cfg(feature = "std")]
#[test]
fn parallel_perft_equals_sequential() {
    let start = TicTacToe::new();
    for convention in [Convention::Standard, Convention::TerminalLeaves] {
        for threads in [0, 1, 2, 3, 16] {
            for depth in [0, 1, 2, 3, 6, 9, 11] {
                assert_eq!(
                    parallel_perft(&start, depth, convention, threads),
                    perft_with(&start, depth, convention),
                    "{convention:?} threads {threads} depth {depth}"
                );
            }
        }
    }
    // A finished root is one leaf at any depth under the terminal-leaves convention.
    let won = TicTacToe::parse_position("xxx/oo./... o").unwrap();
    assert_eq!(parallel_perft(&won, 4, Convention::TerminalLeaves, 2), 1);
    assert_eq!(parallel_perft(&won, 4, Convention::Standard, 2), 0);
}

#[test]
fn outcome_reports_winner_and_reason() {
    let won = TicTacToe::parse_position("xxx/oo./... o").unwrap();
    let outcome = won.outcome().unwrap();
    assert_eq!(
        outcome,
        Outcome::Win {
            winner: Mark::X,
            reason: TicTacToeEnd::Line
        }
    );
    assert_eq!(outcome.wdl_for(Mark::X), Wdl::Win);
    assert_eq!(outcome.wdl_for(Mark::O), Wdl::Loss);
    assert_eq!(outcome.to_string(), "x wins by three in a row");
    let drawn = TicTacToe::parse_position("xox/xoo/oxx o").unwrap();
    let outcome = drawn.outcome().unwrap();
    assert_eq!(outcome.winner(), None);
    assert_eq!(outcome.wdl_for(Mark::O), Wdl::Draw);
    assert_eq!(outcome.reason().id(), "full");
    assert_eq!(Mark::X.other(), Mark::O);
    assert_eq!((Mark::X.index(), Mark::O.index()), (0, 1));
}

#[test]
fn illegal_moves_leave_the_position_unchanged() {
    let mut pos = TicTacToe::new();
    pos.play(4).unwrap();
    let before = pos;
    assert!(pos.play(4).is_err());
    assert!(pos.play(9).is_err());
    assert!(pos.play(255).is_err());
    assert_eq!(pos, before);
    #[cfg(feature = "testing")]
    check_rejects(&pos, 0..=255);
}

#[test]
fn notation_round_trips_and_rejects_junk() {
    let pos = TicTacToe::parse_position("x.o/.x./..o x").unwrap();
    #[cfg(feature = "testing")]
    {
        check_notation(&pos);
        check_position(&pos);
    }
    for bad in [
        "",
        "x",
        "xxx/xxx/xxx x",
        "x.o/.x./..o",
        "x.o/.x./..o z",
        "q../.../... x",
        "x.o/.x./..o o",
    ] {
        assert!(
            TicTacToe::parse_position(bad).is_err(),
            "{bad:?} must be rejected"
        );
    }
    assert!(pos.parse_move("9").is_err());
    assert!(pos.parse_move("").is_err());
    assert!(pos.parse_move("é").is_err());
}

#[test]
fn seeded_playouts_are_reproducible() {
    let start = TicTacToe::new();
    let a = random_playout(&start, &mut SplitMix64::new(9), 100);
    let b = random_playout(&start, &mut SplitMix64::new(9), 100);
    assert_eq!(a, b);
    assert!(a.outcome.is_some());
    let mut replay = start;
    for &mv in &a.moves {
        replay.play(mv).unwrap();
    }
    assert_eq!(replay, a.end);
    assert_eq!(
        random_result(&start, &mut SplitMix64::new(9), 100),
        a.outcome
    );
    let cut = random_playout(&start, &mut SplitMix64::new(9), 3);
    assert_eq!(cut.plies(), 3);
    assert_eq!(cut.outcome, None);
    // Different seeds give different games (over many seeds, certainly).
    let distinct: std::collections::HashSet<Vec<u8>> = (0..50)
        .map(|s| random_playout(&start, &mut SplitMix64::new(s), 9).moves)
        .collect();
    assert!(distinct.len() > 40);
}

#[test]
fn splitmix_is_uniform_enough() {
    let mut rng = SplitMix64::new(0);
    let mut counts = [0u32; 6];
    for _ in 0..60_000 {
        counts[rng.below(6)] += 1;
    }
    assert!(
        counts.iter().all(|&c| (9_000..11_000).contains(&c)),
        "{counts:?}"
    );
    assert_eq!(rng.below(0), 0);
    assert_eq!(rng.choose::<u8>(&[]), None);
}

#[test]
fn hash_is_exact_for_tic_tac_toe() {
    let a = TicTacToe::parse_position("x../.o./..x o").unwrap();
    let b = TicTacToe::parse_position("..x/.o./x.. o").unwrap();
    assert_ne!(a.zobrist(), b.zobrist());
}
