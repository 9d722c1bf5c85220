//! Every engine honours its limits promptly, and a stopped search still returns a legal move.

mod common;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::{Duration, Instant};

use abstract_game::Game;
use abstract_game::tictactoe::TicTacToe;
use common::Pile;
use game_engines::{
    AlphaBeta, AlphaBetaConfig, Clock, Engine, Limits, Mcts, MctsConfig, RandomMover, ZeroEvaluator,
};

/// Slack for a busy test machine: a limit is honoured "promptly" if the search returns within
/// this much after it.
const SLACK: Duration = Duration::from_millis(500);

fn engines() -> Vec<Box<dyn Engine<TicTacToe>>> {
    vec![
        Box::new(Mcts::default()),
        Box::new(RandomMover::new(1)),
        Box::new(AlphaBeta::new(AlphaBetaConfig::default(), ZeroEvaluator)),
    ]
}

#[test]
fn the_node_limit_is_exact_for_mcts() {
    let pos = TicTacToe::new();
    let mut engine = Mcts::new(MctsConfig {
        playouts: 10,
        ..MctsConfig::default()
    });
    for nodes in [0, 1, 2, 17, 1000] {
        let result = engine.search(&pos, &Limits::nodes(nodes));
        assert_eq!(result.nodes, nodes);
        assert!(pos.is_legal(result.best.unwrap()));
    }
    // Without nodes or time, the configuration's playouts.
    assert_eq!(engine.search(&pos, &Limits::none()).nodes, 10);
    assert_eq!(engine.search(&pos, &Limits::depth(3)).nodes, 10);
}

#[test]
fn a_time_limit_is_honoured_and_replaces_the_default_playouts() {
    // A pile of 10^9 stones, take 1 or 2: playouts stop at the ply cap, never at the end, so
    // the search has work for as long as it is given.
    let pos = Pile::normal(1_000_000_000, 2);
    let mut engine = Mcts::new(MctsConfig {
        playouts: 5,
        max_playout_plies: 50,
        ..MctsConfig::default()
    });
    let limit = Duration::from_millis(100);
    let start = Instant::now();
    let result = engine.search(&pos, &Limits::time(limit));
    let took = start.elapsed();
    assert!(took >= limit, "stopped early: {took:?}");
    assert!(took < limit + SLACK, "too slow to stop: {took:?}");
    assert!(result.elapsed >= limit && result.elapsed <= took);
    assert!(
        result.nodes > 5,
        "the time, not the default playouts, decides"
    );
    assert!(pos.is_legal(result.best.unwrap()));
    // A node limit set too wins over the time.
    let result = engine.search(&pos, &Limits::nodes(3).with_time(Duration::from_secs(60)));
    assert_eq!(result.nodes, 3);
}

#[test]
fn a_stop_flag_set_by_another_thread_stops_the_search() {
    let pos = Pile::normal(1_000_000_000, 2);
    let stop = Arc::new(AtomicBool::new(false));
    let limits = Limits::nodes(u64::MAX).with_stop(Arc::clone(&stop));
    let setter = {
        let stop = Arc::clone(&stop);
        thread::spawn(move || {
            thread::sleep(Duration::from_millis(100));
            stop.store(true, Ordering::Relaxed);
            Instant::now()
        })
    };
    let mut engine = Mcts::new(MctsConfig {
        max_playout_plies: 50,
        ..MctsConfig::default()
    });
    let result = engine.search(&pos, &limits);
    let returned = Instant::now();
    let set_at = setter.join().unwrap();
    assert!(returned >= set_at, "returned before the flag was set");
    assert!(
        returned - set_at < SLACK,
        "{:?} after the stop",
        returned - set_at
    );
    assert!(result.nodes > 0);
    assert!(pos.is_legal(result.best.unwrap()));
    // The search reads the flag but does not clear it.
    assert!(stop.load(Ordering::Relaxed));
}

#[test]
fn a_search_stopped_before_it_starts_returns_a_legal_move() {
    let pos = TicTacToe::new().after_unchecked(4);
    let stop = Arc::new(AtomicBool::new(true));
    for limits in [
        Limits::none().with_stop(Arc::clone(&stop)),
        Limits::time(Duration::ZERO),
        Limits::nodes(0),
    ] {
        for mut engine in engines() {
            let result = engine.search(&pos, &limits);
            let mv = result.best.expect("a legal move");
            assert!(pos.is_legal(mv), "{}: {mv}", engine.name());
            assert_eq!(result.pv.first(), Some(&mv));
            assert_eq!(result.nodes, 0, "{}", engine.name());
        }
    }
}

#[test]
fn limits_build_up() {
    let stop = Arc::new(AtomicBool::new(false));
    let limits = Limits::depth(6)
        .with_nodes(1000)
        .with_time(Duration::from_millis(250))
        .with_stop(Arc::clone(&stop));
    assert_eq!(limits.depth, Some(6));
    assert_eq!(limits.nodes, Some(1000));
    assert_eq!(limits.time, Some(Duration::from_millis(250)));
    assert!(!limits.is_none());
    assert!(!limits.stop_requested());
    stop.store(true, Ordering::Relaxed);
    assert!(limits.stop_requested());
    assert!(Limits::none().is_none());
    assert!(Limits::default().is_none());
    assert_eq!(Limits::nodes(5).nodes, Some(5));
    assert_eq!(Limits::time(Duration::ZERO).time, Some(Duration::ZERO));
}

#[test]
fn the_clock_checks_nodes_every_call_and_the_flag_every_interval() {
    let stop = Arc::new(AtomicBool::new(false));
    let limits = Limits::nodes(100).with_stop(Arc::clone(&stop));
    let mut clock = Clock::start(&limits).with_interval(4);
    assert!(!clock.should_stop(0)); // checks the flag: clear; the next 3 calls skip it
    stop.store(true, Ordering::Relaxed);
    assert!(!clock.should_stop(1));
    assert!(!clock.should_stop(2));
    assert!(!clock.should_stop(3));
    assert!(clock.should_stop(4)); // the flag, seen at the interval
    assert!(clock.stopped());
    stop.store(false, Ordering::Relaxed);
    assert!(clock.should_stop(5), "once stopped, stopped");

    // The interval counts nodes, not calls: a count that jumps past it reads the flag at once.
    stop.store(false, Ordering::Relaxed);
    let mut clock = Clock::start(&limits).with_interval(4);
    assert!(!clock.should_stop(10));
    stop.store(true, Ordering::Relaxed);
    assert!(!clock.should_stop(13));
    assert!(clock.should_stop(20));
    // With an interval of 1, every call reads it, also with the same count.
    stop.store(false, Ordering::Relaxed);
    let mut clock = Clock::start(&limits);
    assert!(!clock.should_stop(7));
    stop.store(true, Ordering::Relaxed);
    assert!(clock.should_stop(7));

    let mut clock = Clock::start(&Limits::nodes(100)).with_interval(1000);
    assert!(!clock.should_stop(99));
    assert!(clock.should_stop(100), "nodes are checked on every call");

    let mut clock = Clock::start(&Limits::time(Duration::from_millis(30)));
    assert!(!clock.should_stop(0));
    thread::sleep(Duration::from_millis(40));
    assert!(clock.should_stop(1));
    assert!(clock.elapsed() >= Duration::from_millis(40));

    // No limits: never stops; a huge time is no limit.
    let mut clock = Clock::start(&Limits::time(Duration::MAX));
    assert!(!clock.should_stop(u64::MAX));
}
