//! The exact solver under limits: a search stopped by its node budget answers nothing and
//! leaves only proven facts in its table, so that later searches, limited or not, give the
//! same exact values as a fresh solver.

use abstract_game::playout::random_positions;
use abstract_game::rng::SplitMix64;
use abstract_game::tictactoe::TicTacToe;
use game_engines::Limits;
use game_engines::solver::{Solver, SolverConfig};

/// Positions of seeded random tic-tac-toe games, finished ones left out.
fn positions() -> Vec<TicTacToe> {
    let mut out = vec![TicTacToe::new()];
    for seed in 0..40 {
        out.extend(random_positions(
            &TicTacToe::new(),
            &mut SplitMix64::new(seed),
            usize::MAX,
        ));
    }
    out
}

#[test]
fn stopped_searches_leave_only_proven_facts() {
    let config = SolverConfig {
        table_mib: 1,
        max_plies: 9,
    };
    let mut limited = Solver::new(config);
    let mut stopped = 0;
    for pos in positions() {
        let exact = Solver::new(config).solve(&pos);
        // Growing budgets: each stop leaves the table as it found it, but for proven facts.
        for budget in [1, 3, 10, 30, 100, 300] {
            match limited.solve_within(&pos, &Limits::nodes(budget)) {
                Some(solution) => assert_eq!(Some(solution.value), exact.as_ref().map(|s| s.value)),
                None => stopped += 1,
            }
            assert!(!limited.aborted());
        }
        let full = limited.solve_within(&pos, &Limits::none());
        assert_eq!(full.map(|s| s.value), exact.map(|s| s.value), "{pos:?}");
    }
    assert!(stopped > 100, "only {stopped} searches were stopped");
}
