//! Match openings: drawn by the seed, from the game's book when it has one.

use std::collections::{BTreeMap, BTreeSet};

use abstract_game::Notation;
use game_catalog::games::{Kamisado, Onitama};
use game_catalog::{MatchOpenings, opening, openings};

#[test]
fn a_kamisado_opening_is_one_first_move_from_the_book_and_every_line_is_drawn() {
    let mut drawn = BTreeSet::new();
    for seed in 0..500 {
        let record = opening::<Kamisado>(seed);
        assert_eq!(*record.start(), Kamisado::start(), "seed {seed}");
        assert_eq!(record.moves().len(), 1, "seed {seed}");
        let text = record.start().move_text(record.moves()[0]);
        assert!(
            Kamisado::OPENING_BOOK.contains(&text.as_str()),
            "seed {seed}: {text}"
        );
        drawn.insert(text);
    }
    assert_eq!(drawn.len(), Kamisado::OPENING_BOOK.len());
}

#[test]
fn the_same_seed_gives_the_same_opening() {
    for seed in [0, 1, 7, u64::MAX] {
        assert_eq!(
            opening::<Kamisado>(seed).to_string(),
            opening::<Kamisado>(seed).to_string()
        );
        assert_eq!(
            opening::<Onitama>(seed).to_string(),
            opening::<Onitama>(seed).to_string()
        );
    }
}

#[test]
fn an_onitama_opening_is_a_random_deal_without_moves() {
    assert!(Onitama::OPENING_BOOK.is_empty());
    let mut starts = BTreeSet::new();
    for seed in 0..50 {
        let record = opening::<Onitama>(seed);
        assert!(record.moves().is_empty(), "seed {seed}");
        assert!(!record.position().is_over(), "seed {seed}");
        starts.insert(record.start().position_text());
    }
    assert!(starts.len() > 40, "{} distinct deals of 50", starts.len());
}

/// How many times each line of the Kamisado book opens the match openings.
fn line_counts(seed: u64, count: usize) -> BTreeMap<String, usize> {
    let mut counts = BTreeMap::new();
    for record in openings::<Kamisado>(seed, count) {
        assert_eq!(*record.start(), Kamisado::start());
        assert_eq!(record.moves().len(), 1);
        let text = record.start().move_text(record.moves()[0]);
        *counts.entry(text).or_insert(0) += 1;
    }
    counts
}

#[test]
fn a_match_uses_the_book_lines_evenly() {
    let len = Kamisado::OPENING_BOOK.len();
    for seed in [0, 1, 2, 99] {
        // Two whole rounds: every line exactly twice.
        let counts = line_counts(seed, 2 * len);
        assert_eq!(counts.len(), len, "seed {seed}");
        assert!(counts.values().all(|&n| n == 2), "seed {seed}: {counts:?}");
        // Fifty openings (a 100-game match): every line two or three times.
        let counts = line_counts(seed, 50);
        assert_eq!(counts.values().sum::<usize>(), 50);
        assert!(
            counts.values().all(|&n| n == 2 || n == 3),
            "seed {seed}: {counts:?}"
        );
        assert!(
            Kamisado::OPENING_BOOK
                .iter()
                .all(|l| counts.contains_key(*l))
        );
    }
    // The order depends on the seed.
    let order = |seed| -> Vec<String> {
        openings::<Kamisado>(seed, len)
            .iter()
            .map(ToString::to_string)
            .collect()
    };
    assert_ne!(order(1), order(2));
    assert_eq!(order(1), order(1));
}

#[test]
fn onitama_match_openings_are_distinct_random_deals() {
    let deals: BTreeSet<String> = openings::<Onitama>(1, 50)
        .iter()
        .map(|r| {
            assert!(r.moves().is_empty());
            r.start().position_text()
        })
        .collect();
    assert!(deals.len() > 40, "{} distinct deals of 50", deals.len());
    assert!(openings::<Onitama>(1, 0).is_empty());
}
