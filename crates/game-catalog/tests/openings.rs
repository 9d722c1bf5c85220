//! Match openings: drawn by the seed, from the game's book when it has one.

use std::collections::BTreeSet;

use abstract_game::Notation;
use game_catalog::games::{Kamisado, Onitama};
use game_catalog::{CatalogGame, opening};

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
