//! One test (or a few) per rule of the game. The few that read the tables of the reference
//! implementation need the `reference` feature.

mod common;

use common::{after_line, position};
#[cfg(feature = "reference")]
use kamisado_core::reference::{COLOUR_ROWS, NAMES, square_colour};
use kamisado_core::{
    Bitboard, ChainState, Colour, IllegalMoveReason, Move, Outcome, Position, Side, Square, Tower,
    WinReason,
};

fn mv(text: &str) -> Move {
    text.parse().unwrap()
}

fn sq(text: &str) -> Square {
    text.parse().unwrap()
}

fn texts(moves: &[Move]) -> Vec<String> {
    moves.iter().map(ToString::to_string).collect()
}

// ---------------------------------------------------------------- board colours

#[cfg(feature = "reference")]
#[test]
fn colour_table_matches_the_reference() {
    for rank in 0..8u8 {
        for file in 0..8u8 {
            let s = Square::new(file, rank).unwrap();
            assert_eq!(
                s.colour().name(),
                COLOUR_ROWS[7 - rank as usize][file as usize],
                "{s}"
            );
        }
    }
}

#[test]
fn colour_table_each_rank_and_file_holds_each_colour_once() {
    for i in 0..8u8 {
        let rank: Vec<Colour> = (0..8)
            .map(|f| Square::new(f, i).unwrap().colour())
            .collect();
        let file: Vec<Colour> = (0..8)
            .map(|r| Square::new(i, r).unwrap().colour())
            .collect();
        for c in Colour::ALL {
            assert_eq!(
                rank.iter().filter(|&&x| x == c).count(),
                1,
                "rank {} {c}",
                i + 1
            );
            assert_eq!(file.iter().filter(|&&x| x == c).count(), 1, "file {i} {c}");
        }
    }
}

#[test]
fn colour_table_diagonals_and_symmetry() {
    for i in 0..8u8 {
        assert_eq!(Square::new(i, i).unwrap().colour(), Colour::Brown);
        assert_eq!(Square::new(7 - i, i).unwrap().colour(), Colour::Orange);
    }
    for s in Square::ALL {
        assert_eq!(
            s.colour(),
            s.rotated().colour(),
            "180 degree turn changes {s}"
        );
    }
    let rank1: Vec<&str> = (0..8)
        .map(|f| Square::new(f, 0).unwrap().colour().name())
        .collect();
    // Black's home row, a1 to h1, in the order of the colour letters `n g r y k p b o`.
    assert_eq!(
        rank1,
        [
            "brown", "green", "red", "yellow", "pink", "purple", "blue", "orange"
        ]
    );
    #[cfg(feature = "reference")]
    assert_eq!(rank1, NAMES);
}

#[test]
fn colour_letters_and_names_round_trip() {
    for c in Colour::ALL {
        assert_eq!(Colour::from_letter(c.letter()), Some(c));
        assert_eq!(c.name().parse::<Colour>().unwrap(), c);
        assert_eq!(c.to_string().parse::<Colour>().unwrap(), c);
    }
    assert!("mauve".parse::<Colour>().is_err());
}

// ---------------------------------------------------------------- start and first move

#[test]
fn start_position_places_each_tower_on_its_colour() {
    let pos = Position::start();
    for (tower, square) in pos.towers() {
        assert_eq!(square.colour(), tower.colour, "{tower:?}");
        assert!(tower.side.home_row().contains(square));
        assert_eq!(pos.tower_at(square), Some(tower));
    }
    assert_eq!(
        pos.square_of(Tower::new(Side::Black, Colour::Brown)),
        Square::A1
    );
    assert_eq!(
        pos.square_of(Tower::new(Side::Gold, Colour::Brown)),
        Square::H8
    );
    assert_eq!(pos.side_to_move(), Side::Black);
    assert_eq!(pos.required(), None);
    assert_eq!(pos.outcome(), None);
}

#[test]
fn black_has_102_first_moves_with_any_tower() {
    let pos = Position::start();
    assert_eq!(pos.legal_moves().len(), 102);
    assert_eq!(pos.legal_move_count(), 102);
    assert_eq!(pos.legal_sources(), Bitboard::RANK_1);
    let per_tower: usize = Bitboard::RANK_1
        .iter()
        .map(|s| pos.destinations(s).len())
        .sum();
    assert_eq!(per_tower, 102);
    // a1: 6 straight + 6 diagonal; d1: 6 + 3 + 4 (the Gold home row stops every line).
    assert_eq!(pos.destinations(Square::A1).len(), 12);
    assert_eq!(pos.destinations(Square::D1).len(), 13);
    assert_eq!(
        pos.destinations(Square::D8),
        Bitboard::EMPTY,
        "not Gold's turn"
    );
}

// ---------------------------------------------------------------- movement

#[test]
fn towers_move_forward_only() {
    let pos = Position::start();
    let err = pos.check_move(mv("d1e1")).unwrap_err();
    assert_eq!(
        err.reason,
        IllegalMoveReason::NotForward {
            from: Square::D1,
            to: Square::E1
        }
    );
    // A Black tower in the middle cannot go back; a Gold one cannot go "up".
    let pos = position(
        &[
            ("a1", 'N'),
            ("b1", 'G'),
            ("c1", 'R'),
            ("d4", 'Y'),
            ("e1", 'K'),
            ("f1", 'P'),
            ("g1", 'B'),
            ("h1", 'O'),
            ("a8", 'o'),
            ("b8", 'b'),
            ("c8", 'p'),
            ("d8", 'k'),
            ("e5", 'y'),
            ("f8", 'r'),
            ("g8", 'g'),
            ("h8", 'n'),
        ],
        'b',
        'y',
    );
    for back in ["d4d3", "d4c3", "d4a4", "d4h4"] {
        assert!(matches!(
            pos.check_move(mv(back)).unwrap_err().reason,
            IllegalMoveReason::NotForward { .. }
        ));
    }
    assert!(pos.is_legal(mv("d4d7")));
    assert_eq!(
        pos.check_move(mv("d4e6")).unwrap_err().reason,
        IllegalMoveReason::NotOnLine {
            from: sq("d4"),
            to: sq("e6")
        }
    );
    let gold = position(
        &[
            ("a1", 'N'),
            ("b1", 'G'),
            ("c1", 'R'),
            ("d4", 'Y'),
            ("e1", 'K'),
            ("f1", 'P'),
            ("g1", 'B'),
            ("h1", 'O'),
            ("a8", 'o'),
            ("b8", 'b'),
            ("c8", 'p'),
            ("d8", 'k'),
            ("e5", 'y'),
            ("f8", 'r'),
            ("g8", 'g'),
            ("h8", 'n'),
        ],
        'g',
        'y',
    );
    assert!(matches!(
        gold.check_move(mv("e5e6")).unwrap_err().reason,
        IllegalMoveReason::NotForward { .. }
    ));
    let mut moves = texts(&gold.legal_moves());
    moves.sort();
    // Down the e-file to e2 (e1 is occupied), down-right to the edge, down-left blocked by d4.
    assert_eq!(moves, ["e5e2", "e5e3", "e5e4", "e5f4", "e5g3", "e5h2"]);
}

/// Black's yellow tower on d4; towers on d5 and e4 touch the diagonal step d4→e5 only at the
/// corners of its squares, so they must not block it.
#[test]
fn corner_touching_towers_do_not_block_a_diagonal() {
    let pos = position(
        &[
            ("a1", 'N'),
            ("b1", 'G'),
            ("c1", 'R'),
            ("d4", 'Y'),
            ("e4", 'K'),
            ("f1", 'P'),
            ("g1", 'B'),
            ("h1", 'O'),
            ("a8", 'o'),
            ("b8", 'b'),
            ("c8", 'p'),
            ("d5", 'k'),
            ("e8", 'y'),
            ("f8", 'r'),
            ("g8", 'g'),
            ("h8", 'n'),
        ],
        'b',
        'y',
    );
    let dests = pos.destinations(sq("d4"));
    assert!(dests.contains(sq("e5")) && dests.contains(sq("f6")) && dests.contains(sq("g7")));
    assert!(!dests.contains(sq("h8")), "h8 is occupied");
    assert!(!dests.contains(sq("d5")), "straight ahead is blocked by d5");
    // Left diagonal: c5, b6, a7.
    assert!(dests.contains(sq("c5")) && dests.contains(sq("a7")));
    assert_eq!(dests.len(), 6);
    assert!(pos.is_legal(mv("d4g7")));
}

#[test]
fn no_jumping_and_no_landing_on_towers() {
    let pos = after_line("d1d6"); // d6 is red: Gold's red tower on f8 must move
    assert_eq!(
        pos.required_tower(),
        Some(Tower::new(Side::Gold, Colour::Red))
    );
    // f8 down-left: e7, then d6 is occupied: it stops the line.
    assert_eq!(
        pos.check_move(mv("f8c5")).unwrap_err().reason,
        IllegalMoveReason::PathBlocked { square: sq("d6") }
    );
    assert_eq!(
        pos.check_move(mv("f8d6")).unwrap_err().reason,
        IllegalMoveReason::Occupied { square: sq("d6") }
    );
    assert!(pos.is_legal(mv("f8e7")));
    // Straight down the f-file: f7 .. f2, then f1 is Black's purple tower.
    assert!(pos.is_legal(mv("f8f2")));
    assert_eq!(
        pos.check_move(mv("f8f1")).unwrap_err().reason,
        IllegalMoveReason::Occupied { square: sq("f1") }
    );
}

// ---------------------------------------------------------------- which tower moves

#[test]
fn destination_colour_names_the_next_tower() {
    let mut pos = Position::start();
    pos.play(mv("c1a3")).unwrap();
    assert_eq!(sq("a3").colour(), Colour::Blue);
    assert_eq!(pos.side_to_move(), Side::Gold);
    assert_eq!(pos.required(), Some(Colour::Blue));
    assert_eq!(pos.legal_sources(), sq("b8").bitboard());
    assert!(pos.legal_moves().iter().all(|m| m.from == sq("b8")));
    // Not the moved tower's colour (red), and not another Gold tower.
    let err = pos.check_move(mv("f8f7")).unwrap_err();
    assert_eq!(
        err.reason,
        IllegalMoveReason::WrongTower {
            required: Colour::Blue,
            square: sq("b8"),
            found: Colour::Red
        }
    );
    assert_eq!(
        pos.check_move(mv("a3a4")).unwrap_err().reason,
        IllegalMoveReason::NotYourTower {
            square: sq("a3"),
            owner: Side::Black,
            to_move: Side::Gold
        }
    );
    assert_eq!(
        pos.check_move(mv("a5a4")).unwrap_err().reason,
        IllegalMoveReason::NoTower { square: sq("a5") }
    );
}

#[test]
fn zero_length_move_when_blocked_is_the_single_legal_move() {
    let pos = after_line("d1d7 g8b3");
    assert_eq!(
        pos.required_tower(),
        Some(Tower::new(Side::Black, Colour::Yellow))
    );
    assert_eq!(texts(&pos.legal_moves()), ["d7d7"]);
    assert_eq!(pos.legal_move_count(), 1);
    assert_eq!(pos.legal_sources(), sq("d7").bitboard());
    assert_eq!(pos.destinations(sq("d7")), sq("d7").bitboard());
    // Its square's colour (green), not the tower's (yellow), names Gold's next tower.
    let mut after = pos;
    after.play(mv("d7d7")).unwrap();
    assert_eq!(
        after.required_tower(),
        Some(Tower::new(Side::Gold, Colour::Green))
    );
    assert_eq!(after.side_to_move(), Side::Gold);
    assert_eq!(after.occupied(), pos.occupied(), "the board is unchanged");
    assert!(!after.is_over(), "one blocked turn does not end the game");
    assert_eq!(
        after.to_string().split(' ').nth(3),
        Some("y"),
        "chain: the state Black/yellow"
    );
}

#[test]
fn zero_length_move_is_illegal_while_the_tower_can_move() {
    let mut pos = Position::start();
    let err = pos.play(mv("c1c1")).unwrap_err();
    assert_eq!(
        err.reason,
        IllegalMoveReason::ZeroLengthNotForced { count: 13 }
    );
    assert_eq!(pos, Position::start());
    pos.play(mv("c1a3")).unwrap();
    assert!(!pos.is_legal(mv("b8b8")));
    assert!(matches!(
        pos.check_move(mv("b8b8")).unwrap_err().reason,
        IllegalMoveReason::ZeroLengthNotForced { .. }
    ));
}

// ---------------------------------------------------------------- end of game

#[test]
fn deadlock_line_gold_wins() {
    let mut pos = after_line("c1a3 b8h2 a3e7 h2h2");
    assert_eq!(pos.to_string(), "o1pkyrgn/4R3/8/8/8/8/7b/NG1YKPBO b r b");
    assert_eq!(
        pos.chain().as_slice(),
        [ChainState {
            side_to_move: Side::Gold,
            required: Colour::Blue
        }]
    );
    assert!(!pos.is_over());
    assert_eq!(texts(&pos.legal_moves()), ["e7e7"]);
    pos.play(mv("e7e7")).unwrap();
    assert_eq!(pos.to_string(), "o1pkyrgn/4R3/8/8/8/8/7b/NG1YKPBO g b br");
    assert_eq!(
        pos.outcome(),
        Some(Outcome::Win {
            winner: Side::Gold,
            reason: WinReason::Deadlock
        })
    );
    assert_eq!(pos.outcome().unwrap().to_string(), "gold wins by deadlock");
    assert!(pos.legal_moves().is_empty());
    assert_eq!(pos.legal_move_count(), 0);
    // legal_move_count_after agrees at the deadlock.
    let before = after_line("c1a3 b8h2 a3e7 h2h2");
    assert_eq!(before.legal_move_count_after(mv("e7e7")), 0);
}

/// Gold's green tower on d3, Black's purple tower on a7 and Gold's red tower on a2 are all
/// blocked. After Black's last positive move (implied by the position: Gold to move green, empty
/// chain) the chain is Gold/green → Black/purple → Gold/red → Black/purple: the third zero-length
/// move, made by **Gold**, repeats a state. Black made the last positive move and loses.
#[test]
fn deadlock_loser_is_last_positive_mover_even_if_the_opponent_made_the_last_zero_length_move() {
    let mut pos = position(
        &[
            ("a1", 'N'),
            ("b1", 'G'),
            ("c2", 'R'),
            ("d2", 'Y'),
            ("e2", 'K'),
            ("a7", 'P'),
            ("g1", 'B'),
            ("h1", 'O'),
            ("a2", 'r'),
            ("d3", 'g'),
            ("a8", 'o'),
            ("b8", 'b'),
            ("c8", 'p'),
            ("d8", 'k'),
            ("e8", 'y'),
            ("h8", 'n'),
        ],
        'g',
        'g',
    );
    for (i, text) in ["d3d3", "a7a7", "a2a2"].into_iter().enumerate() {
        assert!(!pos.is_over(), "over before move {i}");
        assert_eq!(texts(&pos.legal_moves()), [text]);
        pos.play(mv(text)).unwrap();
    }
    let outcome = pos.outcome().expect("deadlock");
    assert_eq!(
        outcome,
        Outcome::Win {
            winner: Side::Gold,
            reason: WinReason::Deadlock
        }
    );
    // Gold made the last (zero-length) move: the side to move after it is Black.
    assert_eq!(pos.side_to_move(), Side::Black);
    assert!(pos.to_string().ends_with(" b p gpr"), "{pos}");
}

#[test]
fn several_blocked_turns_do_not_end_the_game_by_themselves() {
    let pos = after_line("c1a3 b8h2 a3e7 h2h2");
    assert!(!pos.is_over());
    let pos = after_line("d1d7 g8b3 d7d7");
    assert!(!pos.is_over());
}

#[test]
fn reaching_the_home_row_wins_at_once() {
    let mut pos = after_line("b1g6 e8d7");
    assert!(pos.is_legal(mv("g6e8")));
    assert_eq!(pos.legal_move_count_after(mv("g6e8")), 0);
    pos.play(mv("g6e8")).unwrap();
    let outcome = pos.outcome().unwrap();
    assert_eq!(
        outcome,
        Outcome::Win {
            winner: Side::Black,
            reason: WinReason::HomeRow
        }
    );
    assert_eq!(
        (outcome.winner().map(Side::id), outcome.reason().id()),
        (Some("black"), "home_row")
    );
    // Fields as after any positive move: Gold to move, the colour of e8, no chain.
    assert_eq!(pos.to_string(), "obpkGrgn/3y4/8/8/8/8/8/N1RYKPBO g y -");
}

#[test]
fn no_move_after_the_end() {
    let mut pos = after_line("b1g6 e8d7 g6e8");
    assert!(pos.is_over());
    assert!(pos.legal_moves().is_empty());
    assert_eq!(pos.legal_sources(), Bitboard::EMPTY);
    let before = pos;
    // Gold's yellow tower on d7 would have moves if the game went on.
    let err = pos.play(mv("d7d6")).unwrap_err();
    assert!(matches!(err.reason, IllegalMoveReason::GameOver { .. }));
    assert_eq!(pos, before);
    assert!(!pos.is_legal(mv("d7d6")));
}

// ---------------------------------------------------------------- vocabulary

#[test]
fn small_types_are_small() {
    assert_eq!(size_of::<Square>(), 1);
    assert_eq!(size_of::<Move>(), 2);
    assert_eq!(size_of::<Side>(), 1);
    assert_eq!(size_of::<Tower>(), 2);
    assert!(size_of::<Position>() <= 64, "{}", size_of::<Position>());
}

#[cfg(feature = "reference")]
#[test]
fn square_colour_helper_agrees() {
    for s in Square::ALL {
        let c = square_colour(s.file() as usize, s.rank() as usize);
        assert_eq!(s.colour().index(), c);
    }
}

/// The capacity of the move list: the start position has the most moves (free choice), and a
/// single tower can reach 14 squares (7 straight, 7 on its diagonals), never more.
#[test]
fn worst_case_move_counts() {
    use kamisado_core::{MAX_LEGAL_MOVES, MAX_TOWER_MOVES};
    assert_eq!(Position::start().legal_moves().len(), MAX_LEGAL_MOVES);
    // Black's brown tower on a1 with the a-file and the long diagonal empty.
    let open = position(
        &[
            ("a1", 'N'),
            ("b1", 'G'),
            ("c1", 'R'),
            ("d1", 'Y'),
            ("e1", 'K'),
            ("f1", 'P'),
            ("g1", 'B'),
            ("h1", 'O'),
            ("b8", 'b'),
            ("c8", 'p'),
            ("d8", 'k'),
            ("e8", 'y'),
            ("f8", 'r'),
            ("g8", 'g'),
            ("c5", 'n'),
            ("e6", 'o'),
        ],
        'b',
        'n',
    );
    assert_eq!(open.legal_moves().len(), MAX_TOWER_MOVES);
    assert_eq!(open.legal_move_count(), MAX_TOWER_MOVES);
    // No square of the board gives a lone tower more, for either side.
    for s in Square::ALL {
        for side in Side::BOTH {
            let forward = |df: i8| {
                let dr = if side == Side::Black { 1 } else { -1 };
                (1..8)
                    .take_while(|&k| s.offset(df * k, dr * k).is_some())
                    .count()
            };
            assert!(
                forward(-1) + forward(0) + forward(1) <= MAX_TOWER_MOVES,
                "{s}"
            );
        }
    }
}
