//! The bitboard implementation against the plain-array reference (`kamisado_core::reference`), on
//! random games (start position + a list of move indices): legal moves, counts, outcomes, position
//! text, `Position::from_parts`, and the incremental Zobrist key against the from-scratch one.

mod common;

use abstract_game::Player;
use std::collections::HashMap;

use abstract_game::rng::SplitMix64;
use kamisado_core::reference::RefPos;
use kamisado_core::{Colour, MAX_LEGAL_MOVES, MAX_TOWER_MOVES, Move, Position, Square};
use proptest::prelude::*;

fn sorted_texts(moves: &[Move]) -> Vec<String> {
    let mut v: Vec<String> = moves.iter().map(ToString::to_string).collect();
    v.sort();
    v
}

/// Compares one position with its reference in every respect.
fn compare(pos: &Position, reference: &RefPos) {
    let moves = pos.legal_moves();
    let expected = reference.legal_moves();
    assert_eq!(sorted_texts(&moves), expected, "legal moves of {pos}");
    assert_eq!(pos.legal_move_count(), expected.len(), "count of {pos}");
    assert_eq!(pos.to_string(), reference.text(), "text");
    // The reference reads its own text back to an equal position (chain and outcome included).
    assert_eq!(
        RefPos::from_text(&reference.text()).as_ref(),
        Some(reference),
        "the reference reads {} back",
        reference.text()
    );
    let outcome = pos
        .outcome()
        .map(|o| (o.winner().map(Player::index), o.reason().id()));
    let expected = reference
        .outcome
        .map(|(winner, reason)| (Some(winner), reason));
    assert_eq!(outcome, expected, "outcome of {pos}");
    assert_eq!(
        pos.zobrist(),
        pos.zobrist_from_scratch(),
        "incremental key of {pos}"
    );
    assert!(moves.len() <= MAX_LEGAL_MOVES);
    if pos.required().is_some() {
        assert!(moves.len() <= MAX_TOWER_MOVES);
    }
    for &mv in &moves {
        assert!(pos.is_legal(mv));
        assert_eq!(
            pos.legal_move_count_after(mv),
            pos.after_unchecked(mv).legal_move_count()
        );
    }
    // Sources and destinations describe the same moves.
    let from_sources: usize = pos
        .legal_sources()
        .iter()
        .map(|s| pos.destinations(s).len())
        .sum();
    assert_eq!(from_sources, moves.len());
    // The parts build the same position.
    let mut board = [None; Square::COUNT];
    for (tower, sq) in pos.towers() {
        board[sq.index()] = Some(tower);
    }
    let chain: Vec<Colour> = pos.chain().iter().map(|state| state.required).collect();
    assert_eq!(
        Position::from_parts(&board, pos.side_to_move(), pos.required(), &chain),
        Ok(*pos),
        "from_parts of {pos}"
    );
    // The text parses back to the same position.
    let back: Position = pos
        .to_string()
        .parse()
        .unwrap_or_else(|e| panic!("{pos}: {e}"));
    assert_eq!(&back, pos);
}

/// Plays a game chosen by `choices` (each taken modulo the number of legal moves), comparing
/// after every ply. Returns the final position.
fn play_game(choices: &[usize]) -> Position {
    let mut pos = Position::start();
    let mut reference = RefPos::start();
    compare(&pos, &reference);
    for &choice in choices {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[choice % moves.len()];
        reference.play(&mv.to_string());
        pos.play(mv).unwrap();
        compare(&pos, &reference);
    }
    pos
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn random_games_agree_with_the_reference(choices in prop::collection::vec(any::<usize>(), 0..120)) {
        play_game(&choices);
    }
}

/// Many seeded games to the end: every deadlock and home-row win agrees with the reference, and
/// equal positions (reached in different games) have equal keys, different ones different keys.
#[test]
fn seeded_games_to_the_end_agree_and_hash_consistently() {
    let mut rng = SplitMix64::new(2026);
    let mut keys: HashMap<u64, Position> = HashMap::new();
    let (mut deadlocks, mut home_rows) = (0, 0);
    for _ in 0..300 {
        let mut pos = Position::start();
        let mut reference = RefPos::start();
        while !pos.is_over() {
            let moves = pos.legal_moves();
            let mv = moves[rng.below(moves.len())];
            reference.play(&mv.to_string());
            pos.play_unchecked(mv);
            compare(&pos, &reference);
            let seen = keys.entry(pos.zobrist()).or_insert(pos);
            assert_eq!(*seen, pos, "key collision");
        }
        match pos.outcome().unwrap().reason().id() {
            "deadlock" => deadlocks += 1,
            _ => home_rows += 1,
        }
    }
    assert!(
        deadlocks > 0 && home_rows > 0,
        "{deadlocks} deadlocks, {home_rows} home-row wins"
    );
}

fn line(text: &str) -> Vec<Move> {
    text.split_whitespace()
        .map(|m| m.parse().unwrap())
        .collect()
}

/// Black's yellow tower reaches c6 via f3 or via d5 (both squares are orange and both Gold
/// replies are the orange tower's a8a4): the same position, with the same key.
#[test]
fn transpositions_hash_equally() {
    abstract_game::testing::check_transposition(
        &Position::start(),
        &line("a1a2 c8c2 d1f3 a8a4 f3c6"),
        &line("a1a2 c8c2 d1d5 a8a4 d5c6"),
    );
    // Equal positions by text have equal keys too.
    let played = common::after_line("c1a3 b8h2 a3e7 h2h2");
    let parsed: Position = played.to_string().parse().unwrap();
    assert_eq!(played, parsed);
    assert_eq!(played.zobrist(), parsed.zobrist());
    // The same board and state with and without the chain are different positions.
    let no_chain: Position = "o1pkyrgn/4R3/8/8/8/8/7b/NG1YKPBO g b -".parse().unwrap();
    let deadlocked = common::after_line("c1a3 b8h2 a3e7 h2h2 e7e7");
    assert_ne!(no_chain, deadlocked);
    assert_ne!(no_chain.zobrist(), deadlocked.zobrist());
}

/// A position text of a random game with one random change: a tower moved, two squares
/// swapped, the side, the required colour or a chain letter changed, a chain added.
fn mutated_text(rng: &mut SplitMix64) -> String {
    let choices: Vec<usize> = (0..rng.below(30)).map(|_| rng.below(64)).collect();
    let text = play_game(&choices).to_string();
    let mut fields: Vec<String> = text.split(' ').map(str::to_owned).collect();
    let letters = ['n', 'g', 'r', 'y', 'k', 'p', 'b', 'o'];
    let letter = letters[rng.below(8)];
    match rng.below(6) {
        0 | 1 => {
            // Expand the board to 64 cells, then move or swap.
            let mut cells: Vec<char> = Vec::new();
            for ch in fields[0].chars() {
                match ch.to_digit(10) {
                    Some(d) => cells.extend(std::iter::repeat_n('.', d as usize)),
                    None if ch == '/' => {}
                    None => cells.push(ch),
                }
            }
            let (a, b) = (rng.below(64), rng.below(64));
            cells.swap(a, b);
            fields[0] = cells
                .chunks(8)
                .map(|rank| {
                    let mut out = String::new();
                    let mut empty = 0;
                    for &c in rank {
                        if c == '.' {
                            empty += 1;
                        } else {
                            if empty > 0 {
                                out.push_str(&empty.to_string());
                                empty = 0;
                            }
                            out.push(c);
                        }
                    }
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                    }
                    out
                })
                .collect::<Vec<_>>()
                .join("/");
        }
        2 => {
            let other = if fields[1] == "b" { "g" } else { "b" };
            fields[1] = String::from(other);
        }
        3 => fields[2] = letter.to_string(),
        4 => {
            if fields[3] == "-" {
                fields[3] = letter.to_string();
            } else {
                fields[3].push(letter);
            }
        }
        _ => fields[3] = String::from("-"),
    }
    fields.join(" ")
}

#[test]
fn the_reference_reads_the_positions_the_parser_reads() {
    let mut rng = SplitMix64::new(2026);
    let (mut valid, mut invalid) = (0, 0);
    for _ in 0..5000 {
        let text = mutated_text(&mut rng);
        let fast = text.parse::<Position>();
        let reference = RefPos::from_text(&text);
        assert_eq!(
            reference.is_some(),
            fast.is_ok(),
            "{text}: the parser says {fast:?}"
        );
        if let (Ok(pos), Some(reference)) = (fast, reference) {
            compare(&pos, &reference);
            valid += 1;
        } else {
            invalid += 1;
        }
    }
    assert!(
        valid > 1000 && invalid > 1000,
        "{valid} valid, {invalid} invalid"
    );
    // Positions the format rules out (a proof file's start is read with the reference).
    for text in [
        "o1pkyrgn/8/8/8/8/8/7b/NG1YKPBO b r -",
        "8/8/8/8/8/8/8/8 g - -",
        "RRRRRRRR/8/8/8/8/8/8/8 g r -",
        "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b r rrrrr",
        "obpkyrgn/8/8/8/8/8/8/NNRYKPBO b - -",
        "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - r",
    ] {
        assert!(RefPos::from_text(text).is_none(), "{text}");
        assert!(text.parse::<Position>().is_err(), "{text}");
    }
}
