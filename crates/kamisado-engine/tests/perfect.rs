//! The perfect Kamisado player: exact on small positions checked by brute force, instant and
//! exact from the start (the proof book), and, after Black's first moves, playing against
//! itself and against `hard` to the solved result at the solved distance.
//!
//! The openings' values are those of the project's `docs/solutions.md` (found by
//! `games solve kamisado --all-moves`). Running every opening takes minutes in a release build:
//! those tests are `#[ignore]`d (`cargo test --release -p kamisado-engine --test perfect --
//! --ignored`); by default the openings that end within six plies run.

use abstract_game::record::GameRecord;
use abstract_game::rng::SplitMix64;
use abstract_game::{ExactValue, Wdl};
use game_engines::{Engine, Level, Limits, RandomMover, Score};
use kamisado_core::{Move, Position, Side};
use kamisado_engine::{Perfect, ProofBook};

/// Black's 102 first moves: the result for Black and the plies to the end from the start, the
/// first move included (`docs/solutions.md`).
const OPENINGS: &[(&str, bool, u32)] = &[
    ("a1a2", true, 37),
    ("a1b2", false, 14),
    ("a1a3", false, 18),
    ("a1c3", false, 16),
    ("a1a4", false, 24),
    ("a1d4", false, 14),
    ("a1a5", true, 17),
    ("a1e5", false, 16),
    ("a1a6", false, 6),
    ("a1f6", false, 24),
    ("a1a7", false, 4),
    ("a1g7", false, 24),
    ("b1a2", false, 12),
    ("b1b2", false, 18),
    ("b1c2", false, 16),
    ("b1b3", false, 16),
    ("b1d3", false, 14),
    ("b1b4", false, 20),
    ("b1e4", false, 18),
    ("b1b5", false, 26),
    ("b1f5", false, 22),
    ("b1b6", true, 23),
    ("b1g6", false, 20),
    ("b1b7", true, 17),
    ("b1h7", false, 4),
    ("c1b2", false, 14),
    ("c1c2", false, 18),
    ("c1d2", false, 16),
    ("c1a3", false, 4),
    ("c1c3", false, 30),
    ("c1e3", false, 14),
    ("c1c4", true, 21),
    ("c1f4", false, 20),
    ("c1c5", false, 30),
    ("c1g5", false, 18),
    ("c1c6", false, 36),
    ("c1h6", false, 16),
    ("c1c7", true, 21),
    ("d1c2", false, 14),
    ("d1d2", false, 18),
    ("d1e2", false, 16),
    ("d1b3", false, 18),
    ("d1d3", false, 22),
    ("d1f3", false, 16),
    ("d1a4", false, 18),
    ("d1d4", false, 24),
    ("d1g4", false, 20),
    ("d1d5", true, 17),
    ("d1h5", false, 16),
    ("d1d6", true, 17),
    ("d1d7", false, 4),
    ("e1d2", false, 16),
    ("e1e2", false, 18),
    ("e1f2", false, 14),
    ("e1c3", false, 16),
    ("e1e3", false, 22),
    ("e1g3", false, 18),
    ("e1b4", false, 20),
    ("e1e4", false, 24),
    ("e1h4", false, 18),
    ("e1a5", false, 16),
    ("e1e5", true, 17),
    ("e1e6", true, 17),
    ("e1e7", false, 4),
    ("f1e2", false, 16),
    ("f1f2", false, 18),
    ("f1g2", false, 14),
    ("f1d3", false, 14),
    ("f1f3", false, 30),
    ("f1h3", false, 4),
    ("f1c4", false, 20),
    ("f1f4", true, 21),
    ("f1b5", false, 18),
    ("f1f5", false, 30),
    ("f1a6", false, 16),
    ("f1f6", false, 36),
    ("f1f7", true, 21),
    ("g1f2", false, 16),
    ("g1g2", false, 18),
    ("g1h2", false, 12),
    ("g1e3", false, 14),
    ("g1g3", false, 16),
    ("g1d4", false, 18),
    ("g1g4", false, 20),
    ("g1c5", false, 22),
    ("g1g5", false, 26),
    ("g1b6", false, 20),
    ("g1g6", true, 23),
    ("g1a7", false, 4),
    ("g1g7", true, 17),
    ("h1g2", false, 14),
    ("h1h2", true, 37),
    ("h1f3", false, 16),
    ("h1h3", false, 18),
    ("h1e4", false, 14),
    ("h1h4", false, 24),
    ("h1d5", false, 16),
    ("h1h5", true, 17),
    ("h1c6", false, 24),
    ("h1h6", false, 6),
    ("h1b7", false, 24),
    ("h1h7", false, 4),
];

/// No limit but nodes enough for the solver to settle any opening (the default budget of a
/// search without limits is about a second's worth).
fn unlimited() -> Limits {
    Limits::nodes(u64::MAX)
}

/// Plays `black` against `gold` from `record` to the end; the winner and the plies from the
/// start.
fn play(
    record: &mut GameRecord<Position>,
    black: &mut dyn Engine<Position>,
    gold: &mut dyn Engine<Position>,
    limits: &Limits,
) -> (Option<Side>, usize) {
    while !record.position().is_over() {
        let pos = *record.position();
        let engine: &mut dyn Engine<Position> = if pos.side_to_move() == Side::Black {
            &mut *black
        } else {
            &mut *gold
        };
        let best = engine.search(&pos, limits).best.expect("the game goes on");
        record.play(best).expect("a legal move");
        assert!(record.ply() <= 200, "no end after 200 plies");
    }
    let winner = record
        .position()
        .outcome()
        .and_then(abstract_game::Outcome::winner);
    (winner, record.ply())
}

/// The exact value of `pos` for the side to move if the game ends within `plies` plies under
/// perfect play, by plain minimax (no table, no ordering, nothing shared with the solver).
fn brute(pos: &Position, plies: u32) -> Option<ExactValue> {
    if let Some(outcome) = pos.outcome() {
        return Some(ExactValue {
            wdl: outcome.wdl_for(pos.side_to_move()),
            plies: 0,
        });
    }
    if plies == 0 {
        return None;
    }
    let mut best: Option<ExactValue> = None;
    let mut unknown = false;
    for mv in pos.legal_moves() {
        match brute(&pos.after_unchecked(mv), plies - 1).map(ExactValue::back) {
            Some(v) => {
                if best.is_none_or(|b| better(v, b)) {
                    best = Some(v);
                }
            }
            None => unknown = true,
        }
    }
    // A win is exact once found; a loss only when every move was settled.
    match best {
        Some(v) if v.wdl == Wdl::Win => Some(v),
        Some(v) if !unknown => Some(v),
        _ => None,
    }
}

/// Whether `a` is better than `b` for the side to move: a win over a loss, a shorter win, a
/// longer loss.
fn better(a: ExactValue, b: ExactValue) -> bool {
    match (a.wdl, b.wdl) {
        (Wdl::Win, Wdl::Win) => a.plies < b.plies,
        (Wdl::Win, _) => true,
        (Wdl::Loss, Wdl::Loss) => a.plies > b.plies,
        _ => false,
    }
}

fn score_of(v: ExactValue) -> Score {
    match v.wdl {
        Wdl::Win => Score::Win { plies: v.plies },
        Wdl::Loss => Score::Loss { plies: v.plies },
        Wdl::Draw => Score::Draw,
    }
}

#[test]
fn small_positions_get_their_brute_force_value_and_a_move_that_keeps_it() {
    let mut perfect = Perfect::default();
    let mut checked = 0;
    for seed in 0..60 {
        let mut rng = SplitMix64::new(seed);
        let mut line = vec![Position::start()];
        while !line.last().unwrap().is_over() {
            let pos = *line.last().unwrap();
            let moves = pos.legal_moves();
            line.push(pos.after_unchecked(rng.choose(moves.as_ref()).unwrap()));
        }
        // The last positions before the end: decided within a few plies.
        for pos in line.iter().rev().skip(1).take(5) {
            let Some(exact) = brute(pos, 5) else { continue };
            let result = perfect.search(pos, &unlimited());
            assert_eq!(result.score, score_of(exact), "{pos}");
            let best = result.best.expect("the game goes on");
            let after = brute(&pos.after_unchecked(best), 5).map(ExactValue::back);
            assert_eq!(after, Some(exact), "{pos}: {best}");
            checked += 1;
        }
    }
    assert!(checked > 150, "only {checked} positions checked");
}

#[test]
fn the_book_knows_the_start_at_once() {
    let book = ProofBook::start();
    assert_eq!(book.winner(), Side::Black);
    assert!(book.len() > 4000, "{}", book.len());
    let start = book.winning_move(&Position::start()).expect("the start");
    assert_eq!(start.plies, 17);
    let result = Perfect::default().search(&Position::start(), &Limits::nodes(1));
    assert_eq!(result.score, Score::Win { plies: 17 });
    assert_eq!(result.nodes, 0, "the book answers without a search");
}

#[test]
fn as_black_it_beats_every_level_within_17_plies_and_itself_in_exactly_17() {
    let mut opponents: Vec<(String, Box<dyn Engine<Position>>)> = Vec::new();
    for level in [Level::Easy, Level::Medium, Level::Hard, Level::Max] {
        opponents.push((
            format!("alphabeta {level}"),
            Box::new(kamisado_engine::alphabeta(level)),
        ));
    }
    for seed in 0..4 {
        opponents.push((format!("random {seed}"), Box::new(RandomMover::new(seed))));
    }
    for (name, mut gold) in opponents {
        let mut perfect = Perfect::default();
        let mut record = GameRecord::new(Position::start());
        let limits = Limits::depth(4);
        let (winner, plies) = play(&mut record, &mut perfect, &mut *gold, &limits);
        assert_eq!(winner, Some(Side::Black), "against {name}: {record}");
        assert!(plies <= 17, "against {name}: {plies} plies: {record}");
    }
    let (mut black, mut gold) = (Perfect::default(), Perfect::default());
    let mut record = GameRecord::new(Position::start());
    let (winner, plies) = play(&mut record, &mut black, &mut gold, &unlimited());
    assert_eq!((winner, plies), (Some(Side::Black), 17), "{record}");
}

/// Plays `engine` against itself from `record` to the end: the winner and the plies.
fn play_itself(record: &mut GameRecord<Position>, engine: &mut Perfect) -> (Option<Side>, usize) {
    while !record.position().is_over() {
        let pos = *record.position();
        let best = engine
            .search(&pos, &unlimited())
            .best
            .expect("the game goes on");
        record.play(best).expect("a legal move");
        assert!(record.ply() <= 200, "no end after 200 plies");
    }
    let winner = record
        .position()
        .outcome()
        .and_then(abstract_game::Outcome::winner);
    (winner, record.ply())
}

/// After the opening `mv`, the perfect player against itself wins for the solved side in the
/// solved plies; and as Gold after a losing one, it beats `hard`. One player plays both sides
/// (and may be shared between openings): its solver's table only ever holds proven facts.
fn check_opening(perfect: &mut Perfect, mv: &str, black_wins: bool, plies: u32) {
    let first: Move = mv.parse().unwrap();
    let opening = || {
        let mut record = GameRecord::new(Position::start());
        record.play(first).unwrap();
        record
    };
    let mut record = opening();
    let (winner, length) = play_itself(&mut record, perfect);
    let expected = if black_wins { Side::Black } else { Side::Gold };
    assert_eq!(
        (winner, length),
        (Some(expected), plies as usize),
        "{mv}: {record}"
    );
    if !black_wins {
        let mut hard = kamisado_engine::alphabeta(Level::Hard);
        let mut record = opening();
        let (winner, length) = play(&mut record, &mut hard, perfect, &unlimited());
        assert_eq!(winner, Some(Side::Gold), "{mv} against hard: {record}");
        assert!(
            length <= plies as usize,
            "{mv}: {length} > {plies}: {record}"
        );
    }
}

#[test]
fn after_the_quickest_openings_it_ends_as_solved() {
    let quick: Vec<_> = OPENINGS.iter().filter(|o| o.2 <= 6).collect();
    assert_eq!(quick.len(), 10);
    let mut perfect = Perfect::default();
    for &&(mv, black_wins, plies) in &quick {
        check_opening(&mut perfect, mv, black_wins, plies);
    }
}

#[test]
#[ignore = "minutes: every opening solved (cargo test --release -p kamisado-engine --test perfect -- --ignored)"]
fn after_every_opening_it_ends_as_solved() {
    assert_eq!(OPENINGS.len(), 102);
    assert_eq!(OPENINGS.iter().filter(|o| !o.1).count(), 86);
    let start = Position::start();
    let all: Vec<String> = start
        .legal_moves()
        .into_iter()
        .map(|m| m.to_string())
        .collect();
    let mut listed: Vec<String> = OPENINGS.iter().map(|o| o.0.to_owned()).collect();
    listed.sort();
    let mut sorted = all.clone();
    sorted.sort();
    assert_eq!(listed, sorted, "the table lists every first move");
    let mut perfect = Perfect::default();
    for &(mv, black_wins, plies) in OPENINGS {
        check_opening(&mut perfect, mv, black_wins, plies);
    }
}
