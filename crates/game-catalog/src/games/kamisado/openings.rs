//! The openings of Kamisado matches: Black's first moves after which neither side can force a
//! win within 20 plies.
//!
//! Kamisado is solved: every first move is a forced win for one side, some of them within three
//! plies. An opening that one side wins by force in a few plies measures nothing, since any engine
//! that searches a little converts it, whoever plays the other side; a match made of such openings
//! scores near 50% whatever the engines. So a match opening is a first move whose forced end is
//! more than 20 plies away: 24 of the 102, in 12 mirror pairs.

/// Black's first moves after which neither side has a forced win within 20 plies (checked with
/// the exact solver in the tests below), in board order.
pub(crate) const MATCH_OPENINGS: &[&str] = &[
    "a1a2", "a1a4", "a1f6", "a1g7", "b1b5", "b1b6", "b1f5", "c1c3", "c1c5", "c1c6", "d1d3", "d1d4",
    "e1e3", "e1e4", "f1f3", "f1f5", "f1f6", "g1c5", "g1g5", "g1g6", "h1b7", "h1c6", "h1h2", "h1h4",
];

#[cfg(test)]
mod tests {
    use abstract_game::Notation;
    use game_engines::solver::SolverConfig;

    use super::*;
    use crate::games::Kamisado;

    /// Plies within which no side of a match opening can force a win.
    const UNDECIDED_PLIES: u32 = 20;

    /// Whether either side can force a win from `pos` within `plies` plies.
    fn decided_within(pos: &Kamisado, plies: u32) -> bool {
        let config = SolverConfig {
            table_mib: 16,
            max_plies: plies,
        };
        let mut solver = kamisado_engine::solver(config);
        solver.wins_within(pos, plies) || solver.loses_within(pos, plies)
    }

    fn first_moves() -> Vec<(String, Kamisado)> {
        let start = Kamisado::start();
        start
            .legal_moves()
            .into_iter()
            .map(|mv| (start.move_text(mv), start.after_unchecked(mv)))
            .collect()
    }

    /// Mirrors a first move's text left to right (a1 <-> h1).
    fn mirrored(text: &str) -> String {
        text.chars()
            .map(|c| match c {
                'a'..='h' => char::from(b'a' + (b'h' - c as u8)),
                other => other,
            })
            .collect()
    }

    #[test]
    fn the_openings_are_distinct_legal_first_moves_in_board_order() {
        let legal: Vec<String> = first_moves().into_iter().map(|(text, _)| text).collect();
        assert!(MATCH_OPENINGS.iter().all(|m| legal.iter().any(|l| l == m)));
        assert!(MATCH_OPENINGS.windows(2).all(|w| w[0] < w[1]));
    }

    /// Mirroring the board left to right swaps its colours in pairs (orange and brown, blue and
    /// green, purple and red, pink and yellow) on every rank, so it maps every position onto an
    /// equivalent one with the colours renamed, and the openings must come in mirror pairs.
    #[test]
    fn the_openings_come_in_mirror_pairs() {
        for m in MATCH_OPENINGS {
            assert!(MATCH_OPENINGS.contains(&mirrored(m).as_str()), "{m}");
        }
    }

    /// A cheap version of the full check below: no opening is decided within 12 plies, and the
    /// first moves decided soonest (a1a7 and h1h7: Gold wins in 3) are left out.
    #[test]
    fn no_opening_is_decided_within_twelve_plies() {
        for (text, pos) in first_moves() {
            if MATCH_OPENINGS.contains(&text.as_str()) {
                assert!(!decided_within(&pos, 12), "{text}");
            } else if text == "a1a7" || text == "h1h7" {
                assert!(decided_within(&pos, 12), "{text}");
            }
        }
    }

    /// The full check, exact: the openings are exactly the first moves that no side wins by force
    /// within `UNDECIDED_PLIES` plies. About a minute in release:
    /// `cargo test --release -p game-catalog -- --ignored the_openings_are_exactly`.
    #[test]
    #[ignore = "a minute in release; run with --ignored"]
    fn the_openings_are_exactly_the_undecided_first_moves() {
        // The first moves are independent: one thread per core, each taking every n-th.
        let moves = first_moves();
        let threads = std::thread::available_parallelism().map_or(1, usize::from);
        let mut undecided: Vec<String> = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..threads)
                .map(|k| {
                    let moves = &moves;
                    scope.spawn(move || {
                        moves
                            .iter()
                            .skip(k)
                            .step_by(threads)
                            .filter(|(_, pos)| !decided_within(pos, UNDECIDED_PLIES))
                            .map(|(text, _)| text.clone())
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            workers
                .into_iter()
                .flat_map(|w| w.join().expect("a worker finished"))
                .collect()
        });
        undecided.sort();
        assert_eq!(undecided, MATCH_OPENINGS);
    }
}
