//! The stoppable perft: the same counts as perft while its flag stays clear, and `Stopped` soon
//! after another thread sets it, on a game whose tree no machine could count.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

#[cfg(feature = "std")]
use abstract_game::perft::parallel_perft_until;
use abstract_game::perft::{
    Convention, Stopped, UNSTOPPABLE_DEPTH, divide, divide_until, perft_until, perft_with,
};
use abstract_game::tictactoe::{Mark, TicTacToe, TicTacToeEnd, TicTacToeError};
use abstract_game::{Game, Notation, Outcome};

/// A game that never ends: eight moves in every position, so perft to depth `d` is `8^d`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Endless(Mark);

impl Game for Endless {
    type Move = u8;
    type Player = Mark;
    type Reason = TicTacToeEnd;
    type Moves = [u8; 8];
    type IllegalMove = TicTacToeError;
    fn side_to_move(&self) -> Mark {
        self.0
    }
    fn legal_moves(&self) -> [u8; 8] {
        [0, 1, 2, 3, 4, 5, 6, 7]
    }
    fn play(&mut self, mv: u8) -> Result<(), TicTacToeError> {
        if mv >= 8 {
            return Err(TicTacToeError::OffBoard(mv));
        }
        self.play_unchecked(mv);
        Ok(())
    }
    fn play_unchecked(&mut self, _mv: u8) {
        self.0 = abstract_game::Player::other(self.0);
    }
    fn outcome(&self) -> Option<Outcome<Mark, TicTacToeEnd>> {
        None
    }
}

/// Sets `flag` from another thread after `delay`.
fn set_later(flag: &'static AtomicBool, delay: Duration) -> std::thread::JoinHandle<()> {
    std::thread::spawn(move || {
        std::thread::sleep(delay);
        flag.store(true, Ordering::Relaxed);
    })
}

#[test]
fn a_clear_flag_gives_the_counts_of_perft() {
    let go_on = AtomicBool::new(false);
    let start = TicTacToe::new();
    let won = TicTacToe::parse_position("xxx/oo./... o").unwrap();
    for convention in [Convention::Standard, Convention::TerminalLeaves] {
        for pos in [start, won] {
            for depth in 0..=11 {
                assert_eq!(
                    perft_until(&pos, depth, convention, &go_on),
                    Ok(perft_with(&pos, depth, convention)),
                    "{convention:?} {pos} depth {depth}"
                );
            }
        }
    }
    assert_eq!(
        perft_until(&Endless(Mark::X), 7, Convention::Standard, &go_on),
        Ok(8u64.pow(7))
    );
}

#[test]
fn a_set_flag_stops_all_but_the_smallest_counts() {
    let stop = AtomicBool::new(true);
    let start = TicTacToe::new();
    for convention in [Convention::Standard, Convention::TerminalLeaves] {
        for depth in 0..=UNSTOPPABLE_DEPTH {
            assert_eq!(
                perft_until(&start, depth, convention, &stop),
                Ok(perft_with(&start, depth, convention))
            );
        }
        assert_eq!(
            perft_until(&start, UNSTOPPABLE_DEPTH + 1, convention, &stop),
            Err(Stopped)
        );
    }
}

#[test]
fn divide_until_gives_the_counts_of_divide_or_stops() {
    let go_on = AtomicBool::new(false);
    let stop = AtomicBool::new(true);
    let start = TicTacToe::new();
    for convention in [Convention::Standard, Convention::TerminalLeaves] {
        for depth in 0..=9 {
            assert_eq!(
                divide_until(&start, depth, convention, &go_on),
                Ok(divide(&start, depth, convention)),
                "{convention:?} depth {depth}"
            );
        }
        // Each root move's count is a `perft_until`: a set flag stops those of more plies than
        // `UNSTOPPABLE_DEPTH`.
        assert_eq!(
            divide_until(&start, UNSTOPPABLE_DEPTH + 1, convention, &stop),
            Ok(divide(&start, UNSTOPPABLE_DEPTH + 1, convention))
        );
        assert_eq!(
            divide_until(&start, UNSTOPPABLE_DEPTH + 2, convention, &stop),
            Err(Stopped)
        );
    }
}

#[test]
fn a_flag_set_by_another_thread_stops_an_endless_count_at_once() {
    static STOP: AtomicBool = AtomicBool::new(false);
    let setter = set_later(&STOP, Duration::from_millis(50));
    let started = Instant::now();
    // 8^40 leaves: only the flag can end this.
    let count = perft_until(&Endless(Mark::X), 40, Convention::Standard, &STOP);
    let took = started.elapsed();
    setter.join().unwrap();
    assert_eq!(count, Err(Stopped));
    assert!(took < Duration::from_secs(2), "stopped after {took:?}");
    assert_eq!(Stopped.to_string(), "perft stopped before it finished");
}

#[cfg(feature = "std")]
#[test]
fn parallel_perft_until_equals_perft_and_stops_on_every_thread() {
    static STOP: AtomicBool = AtomicBool::new(false);
    let go_on = AtomicBool::new(false);
    let start = TicTacToe::new();
    for convention in [Convention::Standard, Convention::TerminalLeaves] {
        for threads in [0, 1, 2, 3, 16] {
            for depth in [0, 1, 2, 3, 6, 9, 11] {
                assert_eq!(
                    parallel_perft_until(&start, depth, convention, threads, &go_on),
                    Ok(perft_with(&start, depth, convention)),
                    "{convention:?} threads {threads} depth {depth}"
                );
            }
        }
    }
    let won = TicTacToe::parse_position("xxx/oo./... o").unwrap();
    let terminal = parallel_perft_until(&won, 4, Convention::TerminalLeaves, 2, &go_on);
    assert_eq!(terminal, Ok(1));

    for threads in [1, 3] {
        STOP.store(false, Ordering::Relaxed);
        let setter = set_later(&STOP, Duration::from_millis(50));
        let started = Instant::now();
        let count =
            parallel_perft_until(&Endless(Mark::X), 40, Convention::Standard, threads, &STOP);
        let took = started.elapsed();
        setter.join().unwrap();
        assert_eq!(count, Err(Stopped), "threads {threads}");
        assert!(
            took < Duration::from_secs(2),
            "threads {threads}: stopped after {took:?}"
        );
    }
}
