//! The Onitama engines on real positions: they take a win that is there, never allow a win in
//! one when a move prevents it, beat the evaluator that knows nothing, and (feature
//! `tablebase`) give a table's exact values.

use abstract_game::playout::random_positions;
use abstract_game::record::GameRecord;
use abstract_game::rng::SplitMix64;
use game_engines::matches::{MatchConfig, play_match};
use game_engines::{AlphaBeta, Engine, Level, Limits, RandomMover, ZeroEvaluator};
use onitama_core::{Deal, Move, Position};
use std::collections::{HashMap, VecDeque};

/// Positions of seeded random games from random deals, finished ones left out, at most 60
/// plies a game.
fn random_games(games: u64) -> Vec<Position> {
    (0..games)
        .flat_map(|seed| {
            let start = Position::from_deal(Deal::random(seed));
            random_positions(&start, &mut SplitMix64::new(seed), 60)
        })
        .collect()
}

/// Whether the side to move in `pos` wins with its next move.
fn wins_at_once(pos: &Position) -> bool {
    let me = pos.side_to_move();
    pos.legal_moves().into_iter().any(|mv| {
        pos.after_unchecked(mv)
            .outcome()
            .is_some_and(|o| o.winner() == Some(me))
    })
}

#[test]
fn a_searching_level_takes_a_win_and_never_allows_one_it_could_prevent() {
    let (mut wins, mut defences) = (0, 0);
    for pos in random_games(30) {
        let mut engine = onitama_engine::alphabeta(Level::Medium);
        let best = engine.search(&pos, &Limits::none()).best.expect("not over");
        let after = pos.after_unchecked(best);
        if wins_at_once(&pos) {
            assert!(after.is_over(), "{pos}: missed the win, played {best}");
            wins += 1;
        } else if pos
            .legal_moves()
            .into_iter()
            .any(|mv| !wins_at_once(&pos.after_unchecked(mv)))
        {
            assert!(!wins_at_once(&after), "{pos}: {best} allows a win in one");
            defences += 1;
        }
    }
    assert!(
        wins > 10 && defences > 100,
        "checked {wins} wins, {defences} defences"
    );
}

#[test]
fn the_evaluator_beats_the_one_that_knows_nothing() {
    let openings: Vec<GameRecord<Position>> = (0..8)
        .map(|seed| GameRecord::new(Position::from_deal(Deal::random(seed))))
        .collect();
    let config = MatchConfig {
        games: 2 * openings.len(),
        limits: Limits::depth(3),
        max_plies: 200,
        repetitions: 0,
    };
    let mut ours = onitama_engine::alphabeta(Level::Medium);
    let mut zero = AlphaBeta::<Position, _>::new(Level::Medium.config(), ZeroEvaluator);
    let report = play_match(&mut ours, &mut zero, &openings, &config, &mut |_| {})
        .expect("the engines give legal moves");
    assert!(report.score() > 0.7, "{report:?}");
    assert_eq!(ours.name(), "alphabeta:depth=3:eval=onitama");
}

/// The shortest line of moves from `start` back to `start` that passes no finished position
/// (breadth-first over the positions reached).
fn a_cycle(start: Position) -> Vec<Move> {
    let mut parent: HashMap<Position, (Position, Move)> = HashMap::new();
    let mut queue = VecDeque::from([start]);
    while let Some(pos) = queue.pop_front() {
        for mv in pos.legal_moves() {
            let next = pos.after_unchecked(mv);
            if next == start {
                let mut line = vec![mv];
                let mut at = pos;
                while at != start {
                    let (before, m) = parent[&at];
                    line.push(m);
                    at = before;
                }
                line.reverse();
                return line;
            }
            if !next.is_over() && !parent.contains_key(&next) {
                parent.insert(next, (pos, mv));
                queue.push_back(next);
            }
        }
    }
    panic!("no way back to {start}");
}

#[test]
fn a_match_adjudicates_a_positions_nth_occurrence_as_a_draw() {
    // Two Masters alone: an opening that walks the same cycle twice ends at the start's third
    // occurrence.
    let start: Position = "2m2/5/5/5/2M2 elephant,horse boar,ox crab r"
        .parse()
        .unwrap();
    let cycle = a_cycle(start);
    let mut opening = GameRecord::new(start);
    for mv in cycle.iter().chain(&cycle) {
        opening.play(*mv).unwrap();
    }
    assert_eq!(opening.repetition_count(), 3);
    let play = |repetitions: usize| {
        let config = MatchConfig {
            games: 2,
            limits: Limits::depth(1),
            max_plies: 200,
            repetitions,
        };
        let mut games = Vec::new();
        let (mut a, mut b) = (RandomMover::new(1), RandomMover::new(2));
        let report = play_match(&mut a, &mut b, &[opening.clone()], &config, &mut |g| {
            games.push(g.clone());
        })
        .expect("the engines give legal moves");
        (report, games)
    };
    // At the third occurrence the game ends at once, a draw, adjudicated.
    let (report, games) = play(3);
    assert_eq!((report.draws, report.adjudicated), (2, 2), "{report:?}");
    assert!(games.iter().all(|g| g.record.ply() == opening.ply()));
    // Counting to four, or never, the engines play on.
    for repetitions in [4, 0] {
        let (_, games) = play(repetitions);
        assert!(
            games.iter().all(|g| g.record.ply() > opening.ply()),
            "repetitions {repetitions}"
        );
    }
}

#[cfg(feature = "tablebase")]
#[test]
fn with_a_tablebase_the_search_gives_the_tables_exact_values() {
    use std::sync::Arc;

    use game_engines::Score;
    use onitama_tablebase::Generator;

    let table = Arc::new(
        Generator::new(Deal::COMMUNITY_A.cards(), 2)
            .unwrap()
            .generate(&|_| {})
            .unwrap(),
    );
    let mut rng = SplitMix64::new(3);
    let mut checked = 0;
    while checked < 40 {
        // Two Masters on random squares (not on each other, not on a temple they attack).
        let squares: Vec<usize> = (0..2).map(|_| rng.below(25)).collect();
        if squares[0] == squares[1] {
            continue;
        }
        let mut board = [None; 25];
        board[squares[0]] = Some((onitama_core::Side::Red, onitama_core::Piece::Master));
        board[squares[1]] = Some((onitama_core::Side::Blue, onitama_core::Piece::Master));
        let cards = Deal::COMMUNITY_A.cards();
        let side = onitama_core::Side::BOTH[rng.below(2)];
        let Ok(pos) = Position::from_parts(
            &board,
            [cards[0], cards[1]],
            [cards[2], cards[3]],
            cards[4],
            side,
        ) else {
            continue;
        };
        let Some(exact) = table.probe(&pos) else {
            continue;
        };
        let mut engine = onitama_engine::tablebase::alphabeta(Level::Easy, Arc::clone(&table));
        let result = engine.search(&pos, &Limits::none());
        assert_eq!(result.score, Score::from(exact), "{pos}");
        checked += 1;
    }
}

#[cfg(feature = "tablebase")]
#[test]
fn deal_tablebases_builds_each_deals_table_and_then_probes_it() {
    use game_engines::Score;
    use onitama_engine::tablebase::DealTablebases;

    // Two Masters alone: the 2-piece table knows the exact value, the plain search at depth 1
    // does not.
    let pos: Position = "m4/5/5/5/4M elephant,horse boar,ox crab r".parse().unwrap();
    let mut engine = DealTablebases::new(Level::Max.config()).pieces(2);
    assert!(!engine.has_table(&pos));
    let before = engine.search(&pos, &Limits::depth(1));
    assert!(before.score.exact().is_none(), "{}", before.score);
    engine.wait_for_table(&pos);
    assert!(engine.has_table(&pos));
    let after = engine.search(&pos, &Limits::depth(1));
    assert!(
        matches!(
            after.score,
            Score::Win { .. } | Score::Loss { .. } | Score::Draw
        ),
        "{}",
        after.score
    );
    // Another deal has no table yet.
    let other = Position::from_deal(Deal::random(9));
    assert!(!engine.has_table(&other));
    assert_eq!(engine.name(), "alphabeta:eval=onitama:tablebase=auto");
}

#[cfg(feature = "tablebase")]
#[test]
fn deal_tablebases_then_larger_probes_the_larger_table_once_built() {
    use onitama_engine::tablebase::{DealTablebases, machine_has_room_for};

    // Three pieces: outside the 2-piece table, inside the 4-piece one.
    let pos: Position = "m4/5/2s2/5/4M elephant,horse boar,ox crab r"
        .parse()
        .unwrap();
    let mut engine = DealTablebases::new(Level::Max.config())
        .pieces(2)
        .then_larger(4);
    assert_eq!(
        engine.name(),
        "alphabeta:eval=onitama:tablebase=auto:tablebase-pieces=4"
    );
    let _ = engine.search(&pos, &Limits::depth(1));
    engine.wait_for_table(&pos);
    let room = onitama_tablebase::Generator::new(Deal::COMMUNITY_A.cards(), 4)
        .is_ok_and(|g| machine_has_room_for(g.memory_bytes()));
    if !room {
        // No second core or too little memory: the first table stays.
        assert_eq!(engine.table_pieces(&pos), Some(2));
        return;
    }
    let started = std::time::Instant::now();
    while engine.table_pieces(&pos) != Some(4) {
        assert!(
            started.elapsed() < std::time::Duration::from_secs(600),
            "the 4-piece table never came"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    // The search now probes it: the root's children are in the table, so one ply is exact.
    let result = engine.search(&pos, &Limits::depth(1));
    assert!(result.score.exact().is_some(), "{}", result.score);
    // A new deal takes the larger table away from the old one (memory), keeping its first.
    let other = Position::from_deal(Deal::random(9));
    let _ = engine.search(&other, &Limits::depth(1));
    assert_eq!(engine.table_pieces(&pos), Some(2));
}
