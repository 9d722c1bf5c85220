//! The alpha-beta engine: exact results against brute-force minimax, the transposition table
//! changing speed and not results, repetitions, limits, threads and reproducibility.

mod common;

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use abstract_game::tictactoe::{Mark, TicTacToe};
use abstract_game::{Game, Notation, ZobristHash};
use common::{Graph, GraphGame, Pile, brute_force};
use game_engines::tt::{Bound, TranspositionTable};
use game_engines::{
    AlphaBeta, AlphaBetaConfig, Engine, Evaluator, Limits, Score, SearchResult, StandPat,
    WithOracle, ZeroEvaluator,
};

const SLACK: Duration = Duration::from_millis(500);

fn untimed<M: Clone>(result: &SearchResult<M>) -> SearchResult<M> {
    SearchResult {
        elapsed: Duration::ZERO,
        ..result.clone()
    }
}

fn assert_pv_is_legal<G: Game>(pos: &G, result: &SearchResult<G::Move>) {
    assert_eq!(result.pv.first().copied(), result.best);
    let mut p = pos.clone();
    for &mv in &result.pv {
        p.play(mv).expect("the principal variation is legal");
    }
}

/// Every position reachable from `start`, each once.
fn reachable<G: Game + core::hash::Hash>(start: &G) -> Vec<G> {
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![start.clone()];
    let mut out = Vec::new();
    while let Some(p) = stack.pop() {
        if !seen.insert(p.clone()) {
            continue;
        }
        for mv in p.legal_moves() {
            stack.push(p.after_unchecked(mv));
        }
        out.push(p);
    }
    out
}

/// Every `every`-th unfinished tic-tac-toe position of [`reachable`]: a sample that differs
/// from test to test with `every`.
fn unfinished_tictactoe_positions(every: usize) -> Vec<TicTacToe> {
    reachable(&TicTacToe::new())
        .into_iter()
        .filter(|p| !p.is_over())
        .step_by(every)
        .collect()
}

/// A tic-tac-toe heuristic: lines still open for the side to move minus the opponent's; a move
/// that completes a line is noisy and ordered first.
struct OpenLines;

const LINES: [[u8; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

fn marks(pos: TicTacToe) -> [Option<Mark>; 9] {
    let text = pos.position_text();
    let mut out = [None; 9];
    for (i, c) in text.chars().filter(|c| *c != '/').take(9).enumerate() {
        out[i] = match c {
            'x' => Some(Mark::X),
            'o' => Some(Mark::O),
            _ => None,
        };
    }
    out
}

impl Evaluator<TicTacToe> for OpenLines {
    fn evaluate(&self, pos: &TicTacToe) -> i32 {
        let m = marks(*pos);
        let me = pos.side_to_move();
        let open = |p: Mark| {
            LINES
                .iter()
                .filter(|l| l.iter().all(|&s| m[s as usize] != Some(p.other_mark())))
                .count() as i32
        };
        open(me) - open(me.other_mark())
    }

    fn name(&self) -> String {
        "lines".to_owned()
    }

    fn move_order(&self, pos: &TicTacToe, mv: u8) -> i32 {
        i32::from(self.is_noisy(pos, mv)) * 100 + i32::from(mv == 4)
    }

    fn is_noisy(&self, pos: &TicTacToe, mv: u8) -> bool {
        pos.after_unchecked(mv).is_over()
    }
}

/// [`OpenLines`], whose order puts the noisy moves (those that end the game) first, searched in
/// stages: the noisy moves, then the quiet ones (it counts the quiet stages). Its stand-pat
/// says when a position has no noisy move (it counts those answers).
#[derive(Default)]
struct StagedLines {
    quiet_stages: std::sync::atomic::AtomicUsize,
    without_noisy: std::sync::atomic::AtomicUsize,
}

impl Evaluator<TicTacToe> for StagedLines {
    fn evaluate(&self, pos: &TicTacToe) -> i32 {
        OpenLines.evaluate(pos)
    }

    fn evaluate_for_quiescence(&self, pos: &TicTacToe) -> StandPat {
        let mut any_noisy = false;
        self.for_each_noisy_move(pos, |_, _| any_noisy = true);
        if !any_noisy {
            self.without_noisy.fetch_add(1, Ordering::Relaxed);
        }
        StandPat {
            value: self.evaluate(pos),
            any_noisy,
        }
    }

    fn move_order(&self, pos: &TicTacToe, mv: u8) -> i32 {
        OpenLines.move_order(pos, mv)
    }

    fn is_noisy(&self, pos: &TicTacToe, mv: u8) -> bool {
        OpenLines.is_noisy(pos, mv)
    }

    fn noisy_moves_first(&self) -> bool {
        true
    }

    fn for_each_quiet_move(&self, pos: &TicTacToe, mut f: impl FnMut(u8, i32)) {
        self.quiet_stages.fetch_add(1, Ordering::Relaxed);
        pos.for_each_legal_move(|mv| {
            if !self.is_noisy(pos, mv) {
                f(mv, self.move_order(pos, mv));
            }
        });
    }
}

trait OtherMark {
    fn other_mark(self) -> Mark;
}

impl OtherMark for Mark {
    fn other_mark(self) -> Mark {
        abstract_game::Player::other(self)
    }
}

fn solver_with(tt: TranspositionTable<u8>) -> AlphaBeta<TicTacToe, ZeroEvaluator> {
    AlphaBeta::solver().with_table(tt)
}

#[test]
fn tic_tac_toe_is_a_draw() {
    let mut seen = Vec::new();
    let result = AlphaBeta::solver().search_with_progress(
        &TicTacToe::new(),
        &Limits::none(),
        &mut |r: &SearchResult<u8>| seen.push(untimed(r)),
    );
    assert_eq!(result.score, Score::Draw);
    assert_pv_is_legal(&TicTacToe::new(), &result);
    // One report per completed depth, the last one the result; the search stops when proven.
    let depths: Vec<u32> = seen.iter().map(|r| r.depth).collect();
    assert_eq!(depths, (1..=result.depth).collect::<Vec<_>>());
    assert_eq!(seen.last().unwrap().score, result.score);
    assert!(result.depth <= 9, "{result:?}");
    // An evaluator changes nothing once the whole tree is searched (full width: reductions
    // would leave reduced lines short of the end).
    let full_width = AlphaBetaConfig {
        reductions: false,
        ..AlphaBetaConfig::default()
    };
    let mut engine = AlphaBeta::new(full_width, OpenLines);
    let result = engine.search(&TicTacToe::new(), &Limits::depth(9));
    assert_eq!(result.score, Score::Draw);
    // A shallow search is not a proof.
    let result = engine.search(&TicTacToe::new(), &Limits::depth(2));
    assert!(matches!(result.score, Score::Eval(_)), "{}", result.score);
}

#[test]
fn the_solver_agrees_with_brute_force_on_every_tic_tac_toe_position() {
    let positions = reachable(&TicTacToe::new());
    assert_eq!(positions.len(), 5478);
    let mut memo = HashMap::new();
    let mut engine = AlphaBeta::solver();
    for (i, pos) in positions.iter().enumerate() {
        if i % 7 != 0 {
            continue; // a sample keeps the debug test fast; the ignored test does all
        }
        let expected = brute_force(pos, &mut memo);
        let result = engine.search(pos, &Limits::none());
        assert_eq!(result.score, expected, "{}", pos.position_text());
        if !pos.is_over() {
            assert_pv_is_legal(pos, &result);
            // The best move really achieves the score.
            let child = pos.after_unchecked(result.best.unwrap());
            assert_eq!(brute_force(&child, &mut memo).back(), expected);
        }
    }
}

#[test]
#[ignore = "every position; run with cargo test --release -p game-engines -- --ignored"]
fn the_solver_agrees_with_brute_force_on_all_tic_tac_toe_positions_with_tiny_tables() {
    let mut memo = HashMap::new();
    for pos in reachable(&TicTacToe::new()) {
        let expected = brute_force(&pos, &mut memo);
        for tt in [0, 1, 3, 1 << 12] {
            let result =
                solver_with(TranspositionTable::with_buckets(tt)).search(&pos, &Limits::none());
            assert_eq!(result.score, expected, "{} tt {tt}", pos.position_text());
        }
    }
}

#[test]
fn forced_wins_are_found_at_the_exact_distance() {
    // Take 1..=3, the last stone wins. 5 stones: take 1, then answer k with 4 - k: a win in 3,
    // and no win in 1 exists (5 > 3).
    let mut solver = AlphaBeta::solver();
    let result = solver.search(&Pile::normal(5, 3), &Limits::none());
    assert_eq!(result.score, Score::Win { plies: 3 });
    assert_eq!(result.best, Some(1));
    assert_eq!(result.pv.len(), 3);
    // 8 stones: lost, and the loser makes the game last: every reply is answered, 4 plies.
    let result = solver.search(&Pile::normal(8, 3), &Limits::none());
    assert_eq!(result.score, Score::Loss { plies: 4 });
    assert_eq!(result.best, Some(1), "the longest defence takes one stone");
    // Every pile, normal and misère, against brute force.
    let mut memo = HashMap::new();
    for stones in 0..40 {
        for max_take in 1..=4 {
            for pos in [
                Pile::normal(stones, max_take),
                Pile::misere(stones, max_take),
            ] {
                let expected = brute_force(&pos, &mut memo);
                let result = solver.search(&pos, &Limits::none());
                assert_eq!(result.score, expected, "{pos:?}");
                if let Some(plies) = expected.plies() {
                    assert_eq!(result.pv.len(), plies as usize, "{pos:?}: {result:?}");
                }
            }
        }
    }
}

#[test]
fn the_winner_need_not_be_the_player_who_moved_last() {
    // Misère: whoever takes the last stone loses (the side to move at the end wins).
    let mut solver = AlphaBeta::solver();
    let result = solver.search(&Pile::misere(2, 2), &Limits::none());
    assert_eq!(result.best, Some(1));
    assert_eq!(result.score, Score::Win { plies: 2 });
    // The only move ends the game and loses for the one who makes it.
    let result = solver.search(&Pile::misere(1, 2), &Limits::none());
    assert_eq!(result.score, Score::Loss { plies: 1 });
    // A graph where moving into node 1 wins for the opponent of the mover... and into node 2
    // for the mover: X must choose 2 although both end the game at once.
    let g = Graph::leak(
        vec![vec![1, 2], vec![], vec![]],
        vec![None, Some(Mark::O), Some(Mark::X)],
    );
    let mut solver = AlphaBeta::solver();
    let result = solver.search(&GraphGame::new(g, 0, Mark::X), &Limits::none());
    assert_eq!(
        (result.best, result.score),
        (Some(2), Score::Win { plies: 1 })
    );
    let result = solver.search(&GraphGame::new(g, 0, Mark::O), &Limits::none());
    assert_eq!(
        (result.best, result.score),
        (Some(1), Score::Win { plies: 1 })
    );
}

#[test]
fn the_solver_agrees_with_brute_force_on_random_game_graphs() {
    for seed in 0..40 {
        // Keys depend on the node only: one engine (and table) per graph.
        let mut solver = AlphaBeta::solver();
        let g = Graph::random(60, 4, 15, false, seed);
        let mut memo = HashMap::new();
        for node in 0..60 {
            for side in [Mark::X, Mark::O] {
                let pos = GraphGame::new(g, node, side);
                let expected = brute_force(&pos, &mut memo);
                let result = solver.search(&pos, &Limits::none());
                assert_eq!(result.score, expected, "seed {seed} node {node} {side}");
                if let Some(plies) = expected.plies() {
                    assert_eq!(result.pv.len(), plies as usize);
                    assert_pv_is_legal(&pos, &result);
                }
            }
        }
    }
}

/// [`OpenLines`] with the search's hooks set: a margin of reverse futility pruning (its values
/// move by a few units a ply, so a margin of 1 prunes far more than is safe), the depth of the
/// internal reduction, the history's malus and the singular extensions.
#[derive(Clone, Copy)]
struct Hooked {
    futility_margin: i32,
    internal_reduction_depth: u32,
    history_malus: bool,
    singular_extension_depth: u32,
    singular_margin: i32,
}

impl Hooked {
    /// Reverse futility pruning with `margin`, the other hooks at their defaults.
    const fn margined(margin: i32) -> Self {
        Hooked {
            futility_margin: margin,
            internal_reduction_depth: 0,
            history_malus: false,
            singular_extension_depth: 0,
            singular_margin: 0,
        }
    }
}

/// The internal reduction from 2 plies left and the history's malus, no futility pruning.
const REDUCING: Hooked = Hooked {
    futility_margin: 0,
    internal_reduction_depth: 2,
    history_malus: true,
    singular_extension_depth: 0,
    singular_margin: 0,
};

/// Singular extensions from 2 plies left with a margin of 1 a ply, nothing else.
const EXTENDING: Hooked = Hooked {
    singular_extension_depth: 2,
    singular_margin: 1,
    ..Hooked::margined(0)
};

impl Evaluator<TicTacToe> for Hooked {
    fn evaluate(&self, pos: &TicTacToe) -> i32 {
        OpenLines.evaluate(pos)
    }

    fn name(&self) -> String {
        OpenLines.name()
    }

    fn move_order(&self, pos: &TicTacToe, mv: u8) -> i32 {
        OpenLines.move_order(pos, mv)
    }

    fn is_noisy(&self, pos: &TicTacToe, mv: u8) -> bool {
        OpenLines.is_noisy(pos, mv)
    }

    fn futility_margin(&self) -> i32 {
        self.futility_margin
    }

    fn internal_reduction_depth(&self) -> u32 {
        self.internal_reduction_depth
    }

    fn history_malus(&self) -> bool {
        self.history_malus
    }

    fn singular_extension_depth(&self) -> u32 {
        self.singular_extension_depth
    }

    fn singular_margin(&self) -> i32 {
        self.singular_margin
    }
}

#[test]
fn reverse_futility_pruning_cuts_nodes_and_never_a_proof() {
    // A search to depth 9 without pruning reaches the end of every line: its value is proven.
    // With the evaluator's margin the nodes cut on the evaluation depend on it, so a proven
    // result may become an evaluation, but never a wrong proof.
    let positions = unfinished_tictactoe_positions(7);
    let config = AlphaBetaConfig {
        tt_mib: 0,
        reductions: false,
        ..AlphaBetaConfig::default()
    };
    let mut memo = HashMap::new();
    let (mut nodes, mut proven) = ([0u64; 3], [0usize; 3]);
    for pos in &positions {
        let expected = brute_force(pos, &mut memo);
        let engines = [
            AlphaBeta::new(config, Hooked::margined(0)),
            AlphaBeta::new(config, Hooked::margined(1)),
            AlphaBeta::new(
                AlphaBetaConfig {
                    futility_margin: Some(0),
                    ..config
                },
                Hooked::margined(1),
            ),
        ];
        for (k, mut engine) in engines.into_iter().enumerate() {
            // The work to a depth that seldom reaches the end (a search that is not proven at
            // a depth goes on to the next, so the total to depth 9 can grow).
            nodes[k] += engine.search(pos, &Limits::depth(4)).nodes;
            let result = engine.search(pos, &Limits::depth(9));
            assert_pv_is_legal(pos, &result);
            let at = || format!("{} engine {k}", pos.position_text());
            proven[k] += usize::from(check_proof(result.score, expected, &at));
        }
    }
    // An oracle that knows nothing changes nothing: the wrapper hands on the evaluator's
    // margin (and every other hook), so the search is the same, node for node.
    for pos in positions.iter().step_by(5) {
        let mut plain = AlphaBeta::new(config, Hooked::margined(1));
        let mut wrapped = AlphaBeta::new(
            config,
            WithOracle::new(Hooked::margined(1), "none", |_| None),
        );
        let (a, b) = (
            plain.search(pos, &Limits::depth(4)),
            wrapped.search(pos, &Limits::depth(4)),
        );
        assert_eq!(
            (a.score, a.best, a.nodes),
            (b.score, b.best, b.nodes),
            "{}",
            pos.position_text()
        );
    }
    // Without the margin (or with it switched off in the settings) every result is proven.
    assert_eq!(proven[0], positions.len());
    assert_eq!((nodes[2], proven[2]), (nodes[0], proven[0]));
    // With it, the search to depth 4 is smaller, and some results are no longer proven.
    assert!(nodes[1] < nodes[0], "{nodes:?}");
    assert!(proven[1] < proven[0], "{proven:?}");
}

#[test]
fn internal_reduction_and_history_malus_change_the_work_never_a_proof() {
    // Searched to depth 9, every line reaches the end: whatever the reductions and the order,
    // a proven value must be the exact one. The evaluator's choices apply unless the settings
    // override them; switched off there, the search is the plain one, node for node.
    let positions = unfinished_tictactoe_positions(29);
    // Late-move reductions on (the internal reduction goes off with them), of one ply each.
    let config = AlphaBetaConfig {
        reduction_scale: 0,
        ..AlphaBetaConfig::default()
    };
    let off = AlphaBetaConfig {
        internal_reduction: Some(0),
        history_malus: Some(false),
        ..config
    };
    let mut memo = HashMap::new();
    let mut differs = 0;
    for pos in &positions {
        let expected = brute_force(pos, &mut memo);
        let mut tuned = AlphaBeta::new(config, REDUCING);
        let mut switched_off = AlphaBeta::new(off, REDUCING);
        let mut plain = AlphaBeta::new(config, OpenLines);
        let (a, b, c) = (
            tuned.search(pos, &Limits::depth(5)),
            switched_off.search(pos, &Limits::depth(5)),
            plain.search(pos, &Limits::depth(5)),
        );
        assert_eq!((b.score, b.best, b.nodes), (c.score, c.best, c.nodes));
        differs += usize::from(a.nodes != c.nodes);
        for engine in [&mut tuned, &mut switched_off] {
            engine.clear_table();
            let result = engine.search(pos, &Limits::depth(9));
            assert_pv_is_legal(pos, &result);
            check_proof(result.score, expected, &|| pos.position_text());
        }
    }
    assert!(
        differs > 0,
        "the reduction and the malus never changed the work"
    );
    // Without late-move reductions (as in the solver settings) there is no internal one either.
    let no_reductions = AlphaBetaConfig {
        reductions: false,
        history_malus: Some(false),
        ..config
    };
    for pos in positions.iter().step_by(3) {
        let (a, b) = (
            AlphaBeta::new(no_reductions, REDUCING).search(pos, &Limits::depth(5)),
            AlphaBeta::new(no_reductions, OpenLines).search(pos, &Limits::depth(5)),
        );
        assert_eq!((a.score, a.best, a.nodes), (b.score, b.best, b.nodes));
    }
}

/// Checks a proven `score` against the `exact` value of brute force (`at` names the case in
/// the failure's message); an unproven one (`Score::Eval`) is not checked. Returns whether it
/// is proven.
fn check_proof(score: Score, exact: Score, at: &dyn Fn() -> String) -> bool {
    let proven = !matches!(score, Score::Eval(_));
    if proven {
        assert_eq!(score, exact, "{}", at());
    }
    proven
}

/// Checks a proven `score` against the `exact` value of brute force when the search may extend
/// lines: the side that wins is right and the distance is never shorter than the true one, but
/// it may be longer (a ply more down one line can find a win there before the depth that sees
/// a quicker one elsewhere, as with late-move reductions). Returns whether it is longer.
fn check_extended_proof(score: Score, exact: Score, at: &dyn Fn() -> String) -> bool {
    match (score, exact) {
        (Score::Eval(_), _) | (Score::Draw, Score::Draw) => false,
        (Score::Win { plies }, Score::Win { plies: shortest })
        | (Score::Loss { plies }, Score::Loss { plies: shortest }) => {
            assert!(plies >= shortest, "{score:?}, exactly {exact:?}: {}", at());
            plies > shortest
        }
        _ => panic!("{score:?}, exactly {exact:?}: {}", at()),
    }
}

#[test]
fn singular_extensions_change_the_work_never_the_winner() {
    // Searched to depth 9 every tic-tac-toe line reaches the end: a proven value must name the
    // right winner. Off in the settings, the search is the plain one, node for node; behind an
    // oracle that knows nothing, the evaluator's depth and margin still apply.
    let positions = unfinished_tictactoe_positions(29);
    let config = AlphaBetaConfig::default();
    let off = AlphaBetaConfig {
        singular_extension: Some(0),
        ..config
    };
    let mut memo = HashMap::new();
    let (mut differs, mut deeper) = (0, 0);
    for pos in &positions {
        let expected = brute_force(pos, &mut memo);
        let mut extending = AlphaBeta::new(config, EXTENDING);
        let mut switched_off = AlphaBeta::new(off, EXTENDING);
        let mut plain = AlphaBeta::new(config, Hooked::margined(0));
        let mut wrapped = AlphaBeta::new(config, WithOracle::new(EXTENDING, "none", |_| None));
        let (a, b, c, d) = (
            extending.search(pos, &Limits::depth(5)),
            switched_off.search(pos, &Limits::depth(5)),
            plain.search(pos, &Limits::depth(5)),
            wrapped.search(pos, &Limits::depth(5)),
        );
        assert_eq!((b.score, b.best, b.nodes), (c.score, c.best, c.nodes));
        assert_eq!((d.score, d.best, d.nodes), (a.score, a.best, a.nodes));
        differs += usize::from(a.nodes != c.nodes);
        deeper += usize::from(a.seldepth > c.seldepth);
        extending.clear_table();
        let result = extending.search(pos, &Limits::depth(9));
        assert_pv_is_legal(pos, &result);
        check_extended_proof(result.score, expected, &|| pos.position_text());
    }
    assert!(
        differs > 0,
        "the singular extensions never changed the work"
    );
    assert!(deeper > 0, "no singular move was ever searched deeper");
}

/// A made-up evaluation of a [`GraphGame`] (a value from its key, in `-20..20`) with singular
/// extensions from 2 plies left, by a margin of 1 a ply.
struct NoisyGraphEval;

impl Evaluator<GraphGame> for NoisyGraphEval {
    fn evaluate(&self, pos: &GraphGame) -> i32 {
        (common::mix(pos.zobrist()) % 40) as i32 - 20
    }

    fn singular_extension_depth(&self) -> u32 {
        2
    }

    fn singular_margin(&self) -> i32 {
        1
    }
}

#[test]
fn singular_extensions_never_prove_the_wrong_winner_on_random_game_graphs() {
    // Deepened until every line ends or a forced result is found, the search proves the root
    // (the same position is reached at different plies here, unlike tic-tac-toe).
    let config = AlphaBetaConfig {
        reductions: false,
        ..AlphaBetaConfig::default()
    };
    let mut lengthened = 0;
    for seed in 0..40 {
        let g = Graph::random(60, 4, 15, false, seed);
        let mut engine = AlphaBeta::new(config, NoisyGraphEval);
        let mut memo = HashMap::new();
        for node in 0..60 {
            for side in [Mark::X, Mark::O] {
                let pos = GraphGame::new(g, node, side);
                let expected = brute_force(&pos, &mut memo);
                let result = engine.search(&pos, &Limits::depth(64));
                assert!(!matches!(result.score, Score::Eval(_)), "unproven");
                let at = || format!("seed {seed} node {node} {side}");
                lengthened += usize::from(check_extended_proof(result.score, expected, &at));
            }
        }
    }
    // Some wins are found before the shortest: the extensions did extend.
    assert!(lengthened > 0);
}

#[test]
fn staged_moves_change_the_work_not_the_results() {
    // Without reductions and without a table, a fixed-depth value is the minimax value whatever
    // the order: generating the noisy moves first must not change it.
    let positions = unfinished_tictactoe_positions(11);
    assert!(positions.len() > 300);
    let config = AlphaBetaConfig {
        tt_mib: 0,
        reductions: false,
        ..AlphaBetaConfig::default()
    };
    let mut all_at_once = AlphaBeta::new(config, OpenLines);
    let mut staged = AlphaBeta::new(config, StagedLines::default());
    let mut memo = HashMap::new();
    for pos in &positions {
        for depth in [1, 2, 4, 9] {
            let a = all_at_once.search(pos, &Limits::depth(depth));
            let b = staged.search(pos, &Limits::depth(depth));
            assert_eq!(a.score, b.score, "{} at depth {depth}", pos.position_text());
            assert_eq!(a.best, b.best, "{} at depth {depth}", pos.position_text());
            if depth == 9 {
                assert_eq!(
                    b.score,
                    brute_force(pos, &mut memo),
                    "{}",
                    pos.position_text()
                );
                assert_pv_is_legal(pos, &b);
            }
        }
    }
    // The staged search really went through its quiet stage, and quiescence skipped the
    // generation where its stand-pat said there was nothing to generate.
    assert!(staged.evaluator().quiet_stages.load(Ordering::Relaxed) > 0);
    assert!(staged.evaluator().without_noisy.load(Ordering::Relaxed) > 0);
    // The evaluator stays usable as a trait object.
    let as_object: &dyn Evaluator<TicTacToe> = staged.evaluator();
    assert!(as_object.noisy_moves_first());
}

#[test]
fn the_table_changes_speed_not_results() {
    // Tic-tac-toe reaches a position always at the same ply, so a fixed-depth search gives the
    // same value with or without the table, also with an evaluation and quiescence. (Late-move
    // reductions make a depth-limited value depend on the move order, which the table changes,
    // so this full-width property is checked without them.)
    let positions = unfinished_tictactoe_positions(23);
    assert!(positions.len() > 150);
    let config = |tt_mib| AlphaBetaConfig {
        tt_mib,
        reductions: false,
        ..AlphaBetaConfig::default()
    };
    let mut none = AlphaBeta::new(config(0), OpenLines);
    let mut tiny =
        AlphaBeta::new(config(1), OpenLines).with_table(TranspositionTable::with_buckets(2));
    let mut big = AlphaBeta::new(config(4), OpenLines);
    let (mut nodes_none, mut nodes_big) = (0, 0);
    for pos in &positions {
        // Entries of another root could be deeper than this search at the same node: start
        // afresh for each position (deeper searches of one root come later, so never help).
        tiny.clear_table();
        big.clear_table();
        for depth in [1, 2, 3, 5, 9] {
            let limits = Limits::depth(depth);
            let a = none.search(pos, &limits);
            let b = tiny.search(pos, &limits);
            let c = big.search(pos, &limits);
            assert_eq!(a.score, b.score, "{} depth {depth}", pos.position_text());
            assert_eq!(a.score, c.score, "{} depth {depth}", pos.position_text());
            nodes_none += a.nodes;
            nodes_big += c.nodes;
        }
    }
    assert!(nodes_big < nodes_none, "{nodes_big} vs {nodes_none}");
    assert!(big.table().stats().hits > 0);
    assert!(tiny.table().stats().probes > 0);
    // Solved game graphs: exact values whatever the table.
    for seed in 0..10 {
        let g = Graph::random(50, 3, 15, false, seed);
        let mut a = AlphaBeta::solver().with_table(TranspositionTable::with_buckets(0));
        let mut b = AlphaBeta::solver().with_table(TranspositionTable::with_buckets(1));
        for node in 0..50 {
            let pos = GraphGame::new(g, node, Mark::X);
            assert_eq!(
                a.search(&pos, &Limits::none()).score,
                b.search(&pos, &Limits::none()).score
            );
        }
    }
}

/// A cycle: X at node 0 either moves to 1 or loses (node 3 is won by O); O at node 1 either
/// moves back to 0 or loses (node 4, won by X). Both prefer to repeat: a draw.
fn cycle() -> &'static Graph {
    Graph::leak(
        vec![vec![1, 3], vec![0, 4], vec![], vec![], vec![]],
        vec![None, None, None, Some(Mark::O), Some(Mark::X)],
    )
}

#[test]
fn a_repeating_line_is_a_draw_and_is_not_stored_as_proven() {
    let g = cycle();
    let root = GraphGame::new(g, 0, Mark::X);
    let mut engine = AlphaBeta::solver();
    let result = engine.search(&root, &Limits::none());
    assert_eq!(result.score, Score::Draw);
    assert_eq!(result.best, Some(1));
    // No entry about the positions of the cycle carries a score: they are path-dependent.
    for pos in [
        root,
        GraphGame::new(g, 1, Mark::O),
        GraphGame::new(g, 0, Mark::O),
        GraphGame::new(g, 1, Mark::X),
    ] {
        if let Some(e) = engine.table().probe_shared(pos.zobrist()) {
            assert_eq!(e.bound, Bound::MoveOnly, "{pos:?}: {e:?}");
            assert!(!e.proven);
        }
    }
    // With an evaluator and a depth limit, the same.
    let mut engine = AlphaBeta::new(AlphaBetaConfig::default(), ZeroEvaluator);
    let result = engine.search(&root, &Limits::depth(6));
    assert_eq!(result.score, Score::Draw);
}

#[test]
fn a_repetition_draw_does_not_leak_into_other_paths() {
    // Node 0 (X to move): to 1, to 2 (O wins) or to 4 (X wins). Node 1 (O): to 3 (X wins) or
    // back to 0. Node 5 (X): to 6 (a drawn end) or to 1.
    let g = Graph::leak(
        vec![
            vec![1, 2, 4],
            vec![3, 0],
            vec![],
            vec![],
            vec![],
            vec![6, 1],
            vec![],
        ],
        vec![
            None,
            None,
            Some(Mark::O),
            Some(Mark::X),
            Some(Mark::X),
            None,
            None,
        ],
    );
    let node0 = GraphGame::new(g, 0, Mark::X);
    let node1 = GraphGame::new(g, 1, Mark::O);
    let node5 = GraphGame::new(g, 5, Mark::X);
    let mut engine = AlphaBeta::solver();
    // With node 0 among the game's earlier positions, O at node 1 holds the draw by going back.
    Engine::<GraphGame>::set_earlier_positions(&mut engine, &[node0.zobrist()]);
    let result = engine.search(&node1, &Limits::none());
    assert_eq!((result.best, result.score), (Some(0), Score::Draw));
    // Another game, the same engine and table: from node 5, X can take the draw at 6 or go to
    // node 1, where O no longer has the repetition: X wins in 3. Reusing the draw stored for
    // node 1 would make the null-window search of that move fail low: a false draw.
    Engine::<GraphGame>::set_earlier_positions(&mut engine, &[]);
    let result = engine.search(&node5, &Limits::none());
    assert_eq!(
        (result.best, result.score),
        (Some(1), Score::Win { plies: 3 })
    );
    let fresh = AlphaBeta::solver().search(&node5, &Limits::none());
    assert_eq!(fresh.score, Score::Win { plies: 3 });
}

#[test]
fn random_graphs_with_cycles_agree_with_and_without_the_table() {
    // Cycles make values path-dependent; the table must never change a solved result.
    for seed in 0..20 {
        let g = Graph::random(30, 3, 20, true, seed);
        let mut with = AlphaBeta::solver();
        let mut tiny = AlphaBeta::solver().with_table(TranspositionTable::with_buckets(1));
        let mut without = AlphaBeta::solver().with_table(TranspositionTable::with_buckets(0));
        for node in 0..30 {
            let pos = GraphGame::new(g, node, Mark::X);
            let limits = Limits::depth(12);
            let a = without.search(&pos, &limits);
            let b = with.search(&pos, &limits);
            let c = tiny.search(&pos, &limits);
            if a.score.is_proven() && a.score != Score::Draw {
                assert_eq!(a.score, b.score, "seed {seed} node {node}");
                assert_eq!(a.score, c.score, "seed {seed} node {node}");
            }
            for r in [&a, &b, &c] {
                assert!(pos.is_over() || pos.is_legal(r.best.unwrap()));
            }
        }
    }
}

/// A game with no end in sight: take 1..=3 from a billion stones, searched without a table.
fn endless() -> (Pile, AlphaBeta<Pile, ZeroEvaluator>) {
    let engine = AlphaBeta::new(
        AlphaBetaConfig {
            tt_mib: 0,
            max_depth: 1000,
            ..AlphaBetaConfig::default()
        },
        ZeroEvaluator,
    );
    (Pile::normal(1_000_000_000, 3), engine)
}

#[test]
fn the_stop_flag_is_honoured_promptly() {
    let (pos, mut engine) = endless();
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let setter = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(50));
        flag.store(true, Ordering::Relaxed);
        Instant::now()
    });
    let result = engine.search(&pos, &Limits::none().with_stop(stop));
    let returned = Instant::now();
    let set = setter.join().unwrap();
    assert!(returned.duration_since(set) < SLACK);
    assert!(pos.is_legal(result.best.unwrap()));
    assert!(result.depth > 0);
}

#[test]
fn time_and_node_limits_are_honoured() {
    let (pos, mut engine) = endless();
    let limit = Duration::from_millis(100);
    let start = Instant::now();
    let result = engine.search(&pos, &Limits::time(limit));
    assert!(start.elapsed() < limit + SLACK);
    assert!(pos.is_legal(result.best.unwrap()));
    assert!(result.depth > 0);
    for nodes in [0, 1, 10, 5000] {
        let result = engine.search(&pos, &Limits::nodes(nodes));
        assert!(result.nodes <= nodes, "{nodes}: {}", result.nodes);
        assert!(pos.is_legal(result.best.unwrap()));
        assert_eq!(result.pv.first().copied(), result.best);
    }
    // Stopped before any depth completed: the first legal move.
    let result = engine.search(&pos, &Limits::nodes(1));
    assert_eq!(
        (result.best, result.depth, result.score),
        (Some(1), 0, Score::Eval(0))
    );
    let result = engine.search(&pos, &Limits::depth(3));
    assert_eq!(result.depth, 3);
}

#[test]
fn one_thread_is_reproducible() {
    let pos = TicTacToe::parse_position("x../.o./... x").unwrap();
    let run = || {
        let mut engine = AlphaBeta::new(AlphaBetaConfig::default(), OpenLines);
        [3, 5, 9].map(|d| untimed(&engine.search(&pos, &Limits::depth(d))))
    };
    assert_eq!(run(), run());
    let g = Graph::random(300, 4, 10, true, 9);
    let run = || {
        let mut engine = AlphaBeta::solver();
        (0..20)
            .map(|n| untimed(&engine.search(&GraphGame::new(g, n, Mark::X), &Limits::nodes(3000))))
            .collect::<Vec<_>>()
    };
    assert_eq!(run(), run());
}

#[test]
fn several_threads_find_the_same_proven_results() {
    let mut engine = AlphaBeta::<TicTacToe, _>::new(
        AlphaBetaConfig {
            threads: 2,
            ..AlphaBetaConfig::solver()
        },
        ZeroEvaluator,
    );
    assert_eq!(
        engine.search(&TicTacToe::new(), &Limits::none()).score,
        Score::Draw
    );
    let mut memo = HashMap::new();
    for pos in reachable(&TicTacToe::new()).iter().step_by(50) {
        let result = engine.search(pos, &Limits::none());
        assert_eq!(result.score, brute_force(pos, &mut memo));
        assert!(pos.is_over() || pos.is_legal(result.best.unwrap()));
    }
    let (pos, single) = endless();
    let mut endless = AlphaBeta::new(
        AlphaBetaConfig {
            threads: 2,
            ..*single.config()
        },
        ZeroEvaluator,
    );
    let start = Instant::now();
    let result = endless.search(&pos, &Limits::time(Duration::from_millis(50)));
    assert!(start.elapsed() < Duration::from_millis(50) + SLACK);
    assert!(pos.is_legal(result.best.unwrap()));
}

#[test]
fn the_name_is_a_spec() {
    let name = |e: &dyn Engine<TicTacToe>| e.name();
    assert_eq!(
        name(&AlphaBeta::new(AlphaBetaConfig::default(), ZeroEvaluator)),
        "alphabeta"
    );
    assert_eq!(
        name(&AlphaBeta::new(
            AlphaBetaConfig {
                max_depth: 6,
                ..AlphaBetaConfig::default()
            },
            OpenLines
        )),
        "alphabeta:depth=6:eval=lines"
    );
    assert_eq!(
        name(&AlphaBeta::new(
            AlphaBetaConfig {
                tt_mib: 64,
                threads: 4,
                quiescence: false,
                ..AlphaBetaConfig::default()
            },
            ZeroEvaluator
        )),
        "alphabeta:tt=64:threads=4:quiescence=off"
    );
    let scaled = AlphaBetaConfig {
        reduction_scale: 50,
        ..AlphaBetaConfig::default()
    };
    assert_eq!(
        name(&AlphaBeta::new(scaled, ZeroEvaluator)),
        "alphabeta:reduction-scale=50"
    );
    // Without reductions their scale means nothing and is not named.
    let off = AlphaBetaConfig {
        reductions: false,
        ..scaled
    };
    assert_eq!(
        name(&AlphaBeta::new(off, ZeroEvaluator)),
        "alphabeta:reductions=off"
    );
    // The evaluator's futility margin is the default and not named; one set in the settings is.
    let margin = AlphaBetaConfig {
        futility_margin: Some(20),
        ..AlphaBetaConfig::default()
    };
    assert_eq!(
        name(&AlphaBeta::new(margin, ZeroEvaluator)),
        "alphabeta:futility=20"
    );
    assert_eq!(
        name(&AlphaBeta::new(
            AlphaBetaConfig::default(),
            Hooked::margined(1)
        )),
        "alphabeta:eval=lines"
    );
    // So are the singular extensions: the evaluator's are not named, the settings' are.
    assert_eq!(
        name(&AlphaBeta::new(AlphaBetaConfig::default(), EXTENDING)),
        "alphabeta:eval=lines"
    );
    let singular = AlphaBetaConfig {
        singular_extension: Some(0),
        singular_margin: Some(7),
        ..AlphaBetaConfig::default()
    };
    assert_eq!(
        name(&AlphaBeta::new(singular, ZeroEvaluator)),
        "alphabeta:singular=0:singular-margin=7"
    );
}

#[test]
fn a_finished_game_has_no_best_move() {
    let done = TicTacToe::parse_position("xxx/oo./... o").unwrap();
    let result = AlphaBeta::solver().search(&done, &Limits::none());
    assert_eq!(result, SearchResult::game_over(&done).unwrap());
    let mut pile = Pile::misere(1, 1);
    pile.play(1).unwrap();
    let result = AlphaBeta::solver().search(&pile, &Limits::none());
    assert_eq!(result.score, Score::Win { plies: 0 });
}

/// A search stopped during a depth plays that depth's best move so far once the depth's first
/// move is searched (`spend_budget`), and otherwise the last completed depth's: either way a
/// legal move, and the depth reported is the last completed one.
#[test]
fn a_search_stopped_during_a_depth_plays_a_move_of_a_searched_depth() {
    let pos = TicTacToe::new();
    for spend_budget in [true, false] {
        let config = AlphaBetaConfig {
            spend_budget,
            ..AlphaBetaConfig::default()
        };
        let mut completed = Vec::new();
        let mut engine = AlphaBeta::new(config, ZeroEvaluator);
        let full = engine.search_with_progress(&pos, &Limits::none(), &mut |r| {
            completed.push((r.depth, r.nodes, r.best));
        });
        assert!(full.depth >= 8, "{full:?}");
        for nodes in (2..completed.last().unwrap().1).step_by(7) {
            let mut engine = AlphaBeta::new(config, ZeroEvaluator);
            let result = engine.search(&pos, &Limits::nodes(nodes));
            let best = result.best.expect("a move");
            assert!(pos.is_legal(best));
            // The last depth completed within the budget is the one reported.
            let done = completed
                .iter()
                .filter(|(_, n, _)| *n <= nodes)
                .map(|(d, _, _)| *d)
                .max()
                .unwrap_or(0);
            assert_eq!(result.depth, done, "{nodes} nodes");
            if !spend_budget && done > 0 {
                let expected = completed.iter().find(|(d, _, _)| *d == done).unwrap().2;
                assert_eq!(result.best, expected, "{nodes} nodes");
            }
        }
    }
}

/// [`OpenLines`] with the move orders at the ends of `i32`: the lowest for every quiet move,
/// the highest for a noisy one.
struct ExtremeOrders;

impl Evaluator<TicTacToe> for ExtremeOrders {
    fn evaluate(&self, pos: &TicTacToe) -> i32 {
        OpenLines.evaluate(pos)
    }

    fn move_order(&self, pos: &TicTacToe, mv: u8) -> i32 {
        if OpenLines.is_noisy(pos, mv) {
            i32::MAX
        } else {
            i32::MIN
        }
    }

    fn is_noisy(&self, pos: &TicTacToe, mv: u8) -> bool {
        OpenLines.is_noisy(pos, mv)
    }
}

#[test]
fn move_orders_at_the_ends_of_i32_are_searched_like_any_other() {
    // The search ranks each move by its order, then the killers and the history (which the
    // malus takes below 0): orders of `i32::MIN` and `i32::MAX` must neither overflow that
    // rank (a debug build panicked on it) nor change a proven value.
    let config = AlphaBetaConfig {
        history_malus: Some(true),
        ..AlphaBetaConfig::default()
    };
    let mut memo = HashMap::new();
    for pos in unfinished_tictactoe_positions(7) {
        let expected = brute_force(&pos, &mut memo);
        let mut engine = AlphaBeta::new(config, ExtremeOrders);
        let result = engine.search(&pos, &Limits::depth(9));
        assert_pv_is_legal(&pos, &result);
        assert!(result.best.is_some(), "{}", pos.position_text());
        check_proof(result.score, expected, &|| pos.position_text());
    }
}
