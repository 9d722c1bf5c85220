//! The conformance kit of `abstract_game::testing` (feature `testing`) on tic-tac-toe: it passes
//! on a correct game and catches broken ones.

use abstract_game::testing::{
    check_position, check_random_games, check_rejects, check_transposition,
};
use abstract_game::tictactoe::{Mark, TicTacToe, TicTacToeEnd};
use abstract_game::{Game, Notation, Outcome};

#[test]
fn conformance_kit_passes_on_random_games() {
    let report = check_random_games(&TicTacToe::new(), 42, 300, 12, &|_| (0..=12).collect());
    assert_eq!(report.games, 300);
    assert_eq!(report.finished, 300, "every tic-tac-toe game ends");
    assert!(report.positions > 2000);
    assert!(report.transpositions > 10, "transpositions are common here");
    check_transposition(&TicTacToe::new(), &[0, 4, 8], &[8, 4, 0]);
}

#[test]
fn conformance_kit_detects_a_broken_game() {
    /// Tic-tac-toe whose `legal_move_count` forgets that finished games have no moves.
    #[derive(Clone, Debug, PartialEq, Eq)]
    struct Broken(TicTacToe);
    impl Game for Broken {
        type Move = u8;
        type Player = Mark;
        type Reason = TicTacToeEnd;
        type Moves = <TicTacToe as Game>::Moves;
        type IllegalMove = <TicTacToe as Game>::IllegalMove;
        fn side_to_move(&self) -> Mark {
            self.0.side_to_move()
        }
        fn legal_moves(&self) -> Self::Moves {
            self.0.legal_moves()
        }
        fn legal_move_count(&self) -> usize {
            9 - self.0.to_string().matches(['x', 'o']).count()
                + usize::from(self.0.side_to_move() == Mark::O)
        }
        fn play(&mut self, mv: u8) -> Result<(), Self::IllegalMove> {
            self.0.play(mv)
        }
        fn play_unchecked(&mut self, mv: u8) {
            self.0.play_unchecked(mv);
        }
        fn outcome(&self) -> Option<Outcome<Mark, TicTacToeEnd>> {
            self.0.outcome()
        }
    }
    let won = Broken(TicTacToe::parse_position("xxx/oo./... o").unwrap());
    let caught = std::panic::catch_unwind(|| check_position(&won));
    assert!(caught.is_err(), "the kit must notice a wrong count");
}

#[test]
fn conformance_kit_detects_an_accepted_illegal_move() {
    /// Tic-tac-toe that accepts a move on an occupied square by doing nothing.
    #[derive(Clone, Debug, PartialEq, Eq)]
    struct Lax(TicTacToe);
    impl Game for Lax {
        type Move = u8;
        type Player = Mark;
        type Reason = TicTacToeEnd;
        type Moves = <TicTacToe as Game>::Moves;
        type IllegalMove = <TicTacToe as Game>::IllegalMove;
        fn side_to_move(&self) -> Mark {
            self.0.side_to_move()
        }
        fn legal_moves(&self) -> Self::Moves {
            self.0.legal_moves()
        }
        fn play(&mut self, mv: u8) -> Result<(), Self::IllegalMove> {
            let _ = self.0.play(mv);
            Ok(())
        }
        fn play_unchecked(&mut self, mv: u8) {
            self.0.play_unchecked(mv);
        }
        fn outcome(&self) -> Option<Outcome<Mark, TicTacToeEnd>> {
            self.0.outcome()
        }
    }
    let mut pos = Lax(TicTacToe::new());
    pos.play(4).unwrap();
    let caught = std::panic::catch_unwind(|| check_rejects(&pos, [4]));
    assert!(
        caught.is_err(),
        "the kit must notice an accepted illegal move"
    );
}

/// Tic-tac-toe whose moves are numbered by `move_index`: the square (`SHARED` false) or the
/// square modulo 4, which gives different moves the same number (`SHARED` true).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Numbered<const SHARED: bool>(TicTacToe);

impl<const SHARED: bool> Game for Numbered<SHARED> {
    type Move = u8;
    type Player = Mark;
    type Reason = TicTacToeEnd;
    type Moves = <TicTacToe as Game>::Moves;
    type IllegalMove = <TicTacToe as Game>::IllegalMove;
    const MOVE_INDEX_BOUND: usize = 9;
    fn move_index(mv: u8) -> usize {
        if SHARED {
            usize::from(mv) % 4
        } else {
            usize::from(mv)
        }
    }
    fn side_to_move(&self) -> Mark {
        self.0.side_to_move()
    }
    fn legal_moves(&self) -> Self::Moves {
        self.0.legal_moves()
    }
    fn play(&mut self, mv: u8) -> Result<(), Self::IllegalMove> {
        self.0.play(mv)
    }
    fn play_unchecked(&mut self, mv: u8) {
        self.0.play_unchecked(mv);
    }
    fn outcome(&self) -> Option<Outcome<Mark, TicTacToeEnd>> {
        self.0.outcome()
    }
}

#[test]
fn conformance_kit_checks_move_indices() {
    let start = TicTacToe::new();
    check_position(&Numbered::<false>(start));
    check_rejects(&Numbered::<false>(start), 0..9);
    let caught = std::panic::catch_unwind(|| check_position(&Numbered::<true>(start)));
    assert!(
        caught.is_err(),
        "the kit must notice two moves sharing an index"
    );
    // An index beyond the bound: square 9 is no move of the game, but the candidates are asked.
    let caught = std::panic::catch_unwind(|| check_rejects(&Numbered::<false>(start), 0..10));
    assert!(caught.is_err(), "the kit must notice an index out of range");
}

#[test]
fn conformance_kit_checks_that_turns_alternate_where_promised() {
    /// Tic-tac-toe where X moves twice at the start (its first move keeps the turn), yet the
    /// game claims that turns alternate.
    #[derive(Clone, Debug, PartialEq, Eq)]
    struct Twice(TicTacToe, bool);
    impl Game for Twice {
        type Move = u8;
        type Player = Mark;
        type Reason = TicTacToeEnd;
        type Moves = <TicTacToe as Game>::Moves;
        type IllegalMove = <TicTacToe as Game>::IllegalMove;
        const TURNS_ALTERNATE: bool = true;
        fn side_to_move(&self) -> Mark {
            if self.1 {
                Mark::X
            } else {
                self.0.side_to_move()
            }
        }
        fn legal_moves(&self) -> Self::Moves {
            self.0.legal_moves()
        }
        fn play(&mut self, mv: u8) -> Result<(), Self::IllegalMove> {
            self.0.play(mv)?;
            self.1 = self.0.to_string().matches('x').count() == 1;
            Ok(())
        }
        fn play_unchecked(&mut self, mv: u8) {
            self.0.play_unchecked(mv);
            self.1 = self.0.to_string().matches('x').count() == 1;
        }
        fn outcome(&self) -> Option<Outcome<Mark, TicTacToeEnd>> {
            self.0.outcome()
        }
    }
    let start = Twice(TicTacToe::new(), false);
    let caught = std::panic::catch_unwind(|| check_position(&start));
    assert!(
        caught.is_err(),
        "the kit must notice a turn that did not pass"
    );
    // The real game keeps its promise.
    check_position(&TicTacToe::new());
}
