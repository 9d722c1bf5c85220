//! One API shape for both game crates: this file stops compiling when `kamisado-core` and
//! `onitama-core` drift apart.
//!
//! [`RulesCrate`] names every item the two crates share (the naming table of
//! `docs/architecture.md`); each crate implements it by calling its own items by those names. A
//! rename in one crate, a changed signature or a missing variant breaks the build here, and the
//! tests below check that the shared items also behave alike.

use core::fmt::{Debug, Display};
use core::str::FromStr;

/// Everything the two rules crates have in common, by name.
trait RulesCrate {
    type Position: Copy + Eq + Debug + Display + FromStr<Err = Self::ParsePositionError>;
    type Square: 'static + Copy + Eq + Ord + Debug + Display + FromStr<Err = Self::ParseSquareError>;
    type Bits: Copy + Eq + Debug;
    type Bitboard: Copy
        + Eq
        + Debug
        + IntoIterator<Item = Self::Square, IntoIter = Self::BitboardIter>;
    type BitboardIter: Iterator<Item = Self::Square> + ExactSizeIterator;
    type Side: Copy + Eq + Debug + Display + FromStr<Err = Self::ParseSideError>;
    type Move: Copy + Eq + Debug + Display + FromStr<Err = Self::ParseMoveError>;
    type MoveList: AsRef<[Self::Move]>;
    type WinReason: 'static + Copy + Eq + Debug + Display + FromStr<Err = Self::ParseWinReasonError>;
    type Diagram<'a>: Display
    where
        Self: 'a;
    type ParsePositionError: std::error::Error;
    type InvalidPositionError: std::error::Error;
    type ParseSquareError: std::error::Error;
    type ParseSideError: std::error::Error;
    type ParseMoveError: std::error::Error;
    type ParseWinReasonError: std::error::Error;
    type IllegalMoveError: std::error::Error;

    const MAX_LEGAL_MOVES: usize;
    const SQUARE_COUNT: usize;

    // Position.
    fn start() -> Self::Position;
    fn side_to_move(pos: &Self::Position) -> Self::Side;
    fn legal_moves(pos: &Self::Position) -> Self::MoveList;
    fn for_each_legal_move(pos: &Self::Position, f: &mut dyn FnMut(Self::Move));
    fn legal_move_count(pos: &Self::Position) -> usize;
    fn legal_move_count_after(pos: &Self::Position, mv: Self::Move) -> usize;
    fn is_legal(pos: &Self::Position, mv: Self::Move) -> bool;
    fn check_move(pos: &Self::Position, mv: Self::Move) -> Result<(), Self::IllegalMoveError>;
    fn play(pos: &mut Self::Position, mv: Self::Move) -> Result<(), Self::IllegalMoveError>;
    fn after(
        pos: &Self::Position,
        mv: Self::Move,
    ) -> Result<Self::Position, Self::IllegalMoveError>;
    fn play_unchecked(pos: &mut Self::Position, mv: Self::Move);
    fn after_unchecked(pos: &Self::Position, mv: Self::Move) -> Self::Position;
    /// The position's own `outcome()`, which must be the same value, of the same type, as the
    /// `abstract_game::Game` trait's: the workspace has one `Outcome`.
    fn outcome(pos: &Self::Position)
    -> Option<abstract_game::Outcome<Self::Side, Self::WinReason>>;
    fn is_over(pos: &Self::Position) -> bool;
    fn zobrist(pos: &Self::Position) -> u64;
    fn zobrist_from_scratch(pos: &Self::Position) -> u64;
    fn diagram(pos: &Self::Position) -> Self::Diagram<'_>;
    /// The move and the reason of an illegal-move error, and whether the reason is `GameOver`.
    fn illegal_move_is_game_over(error: &Self::IllegalMoveError) -> (Self::Move, bool);

    // Square.
    fn square_all() -> &'static [Self::Square];
    fn square_from_index(index: usize) -> Option<Self::Square>;
    fn square_new(file: u8, rank: u8) -> Option<Self::Square>;
    fn square_index(sq: Self::Square) -> usize;
    fn square_file(sq: Self::Square) -> u8;
    fn square_rank(sq: Self::Square) -> u8;
    fn square_offset(sq: Self::Square, df: i8, dr: i8) -> Option<Self::Square>;
    fn square_rotated(sq: Self::Square) -> Self::Square;
    fn square_bitboard(sq: Self::Square) -> Self::Bitboard;
    fn square_chars(sq: Self::Square) -> (char, char);
    /// Which variant a square error is: `Length`, `File` or `Rank`.
    fn square_error_kind(error: &Self::ParseSquareError) -> &'static str;

    // Bitboard.
    const EMPTY: Self::Bitboard;
    const FULL: Self::Bitboard;
    fn from_bits_truncate(bits: Self::Bits) -> Self::Bitboard;
    fn bits(b: Self::Bitboard) -> Self::Bits;
    fn from_square(sq: Self::Square) -> Self::Bitboard;
    fn contains(b: Self::Bitboard, sq: Self::Square) -> bool;
    fn insert(b: &mut Self::Bitboard, sq: Self::Square);
    fn remove(b: &mut Self::Bitboard, sq: Self::Square);
    fn with(b: Self::Bitboard, sq: Self::Square) -> Self::Bitboard;
    fn without(b: Self::Bitboard, sq: Self::Square) -> Self::Bitboard;
    fn len(b: Self::Bitboard) -> usize;
    fn is_empty(b: Self::Bitboard) -> bool;
    fn first(b: Self::Bitboard) -> Option<Self::Square>;
    fn iter(b: Self::Bitboard) -> Self::BitboardIter;

    // Side and reasons.
    const BOTH: [Self::Side; 2];
    fn other(side: Self::Side) -> Self::Side;
    fn side_index(side: Self::Side) -> usize;
    fn side_id(side: Self::Side) -> &'static str;
    fn side_letter(side: Self::Side) -> char;
    fn not(side: Self::Side) -> Self::Side;
    fn reasons() -> &'static [Self::WinReason];
    fn reason_id(reason: Self::WinReason) -> &'static str;

    /// The shared variants of the position parse error, by name (`None` for a game's own).
    fn position_error_kind(error: &Self::ParsePositionError) -> Option<&'static str>;
}

/// Implements [`RulesCrate`] for one game crate by calling its items by the shared names.
macro_rules! rules_crate {
    ($name:ident, $krate:ident, $bits:ty) => {
        struct $name;

        impl RulesCrate for $name {
            type Position = $krate::Position;
            type Square = $krate::Square;
            type Bits = $bits;
            type Bitboard = $krate::Bitboard;
            type BitboardIter = $krate::BitboardIter;
            type Side = $krate::Side;
            type Move = $krate::Move;
            type MoveList = $krate::MoveList;
            type WinReason = $krate::WinReason;
            type Diagram<'a> = $krate::Diagram<'a>;
            type ParsePositionError = $krate::ParsePositionError;
            type InvalidPositionError = $krate::InvalidPositionError;
            type ParseSquareError = $krate::ParseSquareError;
            type ParseSideError = $krate::ParseSideError;
            type ParseMoveError = $krate::ParseMoveError;
            type ParseWinReasonError = $krate::ParseWinReasonError;
            type IllegalMoveError = $krate::IllegalMoveError;

            const MAX_LEGAL_MOVES: usize = $krate::MAX_LEGAL_MOVES;
            const SQUARE_COUNT: usize = $krate::Square::COUNT;

            fn start() -> Self::Position {
                $krate::Position::start()
            }
            fn side_to_move(pos: &Self::Position) -> Self::Side {
                pos.side_to_move()
            }
            fn legal_moves(pos: &Self::Position) -> Self::MoveList {
                pos.legal_moves()
            }
            fn for_each_legal_move(pos: &Self::Position, f: &mut dyn FnMut(Self::Move)) {
                pos.for_each_legal_move(f);
            }
            fn legal_move_count(pos: &Self::Position) -> usize {
                pos.legal_move_count()
            }
            fn legal_move_count_after(pos: &Self::Position, mv: Self::Move) -> usize {
                pos.legal_move_count_after(mv)
            }
            fn is_legal(pos: &Self::Position, mv: Self::Move) -> bool {
                pos.is_legal(mv)
            }
            fn check_move(
                pos: &Self::Position,
                mv: Self::Move,
            ) -> Result<(), Self::IllegalMoveError> {
                pos.check_move(mv)
            }
            fn play(
                pos: &mut Self::Position,
                mv: Self::Move,
            ) -> Result<(), Self::IllegalMoveError> {
                pos.play(mv)
            }
            fn after(
                pos: &Self::Position,
                mv: Self::Move,
            ) -> Result<Self::Position, Self::IllegalMoveError> {
                pos.after(mv)
            }
            fn play_unchecked(pos: &mut Self::Position, mv: Self::Move) {
                pos.play_unchecked(mv);
            }
            fn after_unchecked(pos: &Self::Position, mv: Self::Move) -> Self::Position {
                pos.after_unchecked(mv)
            }
            fn outcome(
                pos: &Self::Position,
            ) -> Option<abstract_game::Outcome<Self::Side, Self::WinReason>> {
                // The crate's `Outcome` is the workspace's one outcome type (this stops compiling
                // if it becomes another type), and the inherent method agrees with the trait.
                let own: Option<$krate::Outcome> = pos.outcome();
                let generic: Option<abstract_game::Outcome<Self::Side, Self::WinReason>> =
                    abstract_game::Game::outcome(pos);
                assert_eq!(own, generic, "{pos}");
                own
            }
            fn is_over(pos: &Self::Position) -> bool {
                pos.is_over()
            }
            fn zobrist(pos: &Self::Position) -> u64 {
                pos.zobrist()
            }
            fn zobrist_from_scratch(pos: &Self::Position) -> u64 {
                pos.zobrist_from_scratch()
            }
            fn diagram(pos: &Self::Position) -> Self::Diagram<'_> {
                pos.diagram()
            }
            fn illegal_move_is_game_over(error: &Self::IllegalMoveError) -> (Self::Move, bool) {
                let game_over = matches!(
                    error.reason,
                    $krate::IllegalMoveReason::GameOver { outcome: _ }
                );
                (error.mv, game_over)
            }

            fn square_all() -> &'static [Self::Square] {
                &$krate::Square::ALL
            }
            fn square_from_index(index: usize) -> Option<Self::Square> {
                $krate::Square::from_index(index)
            }
            fn square_new(file: u8, rank: u8) -> Option<Self::Square> {
                $krate::Square::new(file, rank)
            }
            fn square_index(sq: Self::Square) -> usize {
                sq.index()
            }
            fn square_file(sq: Self::Square) -> u8 {
                sq.file()
            }
            fn square_rank(sq: Self::Square) -> u8 {
                sq.rank()
            }
            fn square_offset(sq: Self::Square, df: i8, dr: i8) -> Option<Self::Square> {
                sq.offset(df, dr)
            }
            fn square_rotated(sq: Self::Square) -> Self::Square {
                sq.rotated()
            }
            fn square_bitboard(sq: Self::Square) -> Self::Bitboard {
                sq.bitboard()
            }
            fn square_chars(sq: Self::Square) -> (char, char) {
                (sq.file_char(), sq.rank_char())
            }
            fn square_error_kind(error: &Self::ParseSquareError) -> &'static str {
                use $krate::ParseSquareError as E;
                match error {
                    E::Length { len: _ } => "Length",
                    E::File { ch: _ } => "File",
                    E::Rank { ch: _ } => "Rank",
                    _ => "other",
                }
            }

            const EMPTY: Self::Bitboard = $krate::Bitboard::EMPTY;
            const FULL: Self::Bitboard = $krate::Bitboard::FULL;
            fn from_bits_truncate(bits: Self::Bits) -> Self::Bitboard {
                $krate::Bitboard::from_bits_truncate(bits)
            }
            fn bits(b: Self::Bitboard) -> Self::Bits {
                b.bits()
            }
            fn from_square(sq: Self::Square) -> Self::Bitboard {
                $krate::Bitboard::from_square(sq)
            }
            fn contains(b: Self::Bitboard, sq: Self::Square) -> bool {
                b.contains(sq)
            }
            fn insert(b: &mut Self::Bitboard, sq: Self::Square) {
                b.insert(sq);
            }
            fn remove(b: &mut Self::Bitboard, sq: Self::Square) {
                b.remove(sq);
            }
            fn with(b: Self::Bitboard, sq: Self::Square) -> Self::Bitboard {
                b.with(sq)
            }
            fn without(b: Self::Bitboard, sq: Self::Square) -> Self::Bitboard {
                b.without(sq)
            }
            fn len(b: Self::Bitboard) -> usize {
                b.len()
            }
            fn is_empty(b: Self::Bitboard) -> bool {
                b.is_empty()
            }
            fn first(b: Self::Bitboard) -> Option<Self::Square> {
                b.first()
            }
            fn iter(b: Self::Bitboard) -> Self::BitboardIter {
                b.iter()
            }

            const BOTH: [Self::Side; 2] = $krate::Side::BOTH;
            fn other(side: Self::Side) -> Self::Side {
                side.other()
            }
            fn side_index(side: Self::Side) -> usize {
                side.index()
            }
            fn side_id(side: Self::Side) -> &'static str {
                side.id()
            }
            fn side_letter(side: Self::Side) -> char {
                side.letter()
            }
            fn not(side: Self::Side) -> Self::Side {
                !side
            }
            fn reasons() -> &'static [Self::WinReason] {
                &$krate::WinReason::ALL
            }
            fn reason_id(reason: Self::WinReason) -> &'static str {
                reason.id()
            }

            fn position_error_kind(error: &Self::ParsePositionError) -> Option<&'static str> {
                use $krate::ParsePositionError as E;
                Some(match error {
                    E::FieldCount { found: _ } => "FieldCount",
                    E::RankCount { found: _ } => "RankCount",
                    E::BoardChar {
                        rank: _,
                        index: _,
                        ch: _,
                    } => "BoardChar",
                    E::ConsecutiveDigits { rank: _, index: _ } => "ConsecutiveDigits",
                    E::RankLength {
                        rank: _,
                        squares: _,
                    } => "RankLength",
                    E::SideToMove { text: _ } => "SideToMove",
                    E::Invalid(_) => "Invalid",
                    _ => return None,
                })
            }
        }
    };
}

rules_crate!(Kamisado, kamisado_core, u64);
rules_crate!(Onitama, onitama_core, u32);

/// The shared items behave alike: what a user who learned one crate expects of the other.
fn behaves_alike<R: RulesCrate>() {
    let start = R::start();
    let moves = R::legal_moves(&start);
    let moves = moves.as_ref();
    assert!(!moves.is_empty() && moves.len() <= R::MAX_LEGAL_MOVES);
    assert_eq!(R::legal_move_count(&start), moves.len());
    let mut walked = Vec::new();
    R::for_each_legal_move(&start, &mut |mv| walked.push(mv));
    assert_eq!(walked, moves);
    let mv = moves[0];
    assert!(R::is_legal(&start, mv));
    assert_eq!(R::check_move(&start, mv).ok(), Some(()));
    let next = R::after_unchecked(&start, mv);
    assert_eq!(R::after(&start, mv).ok(), Some(next));
    let mut played = start;
    R::play(&mut played, mv).expect("legal");
    let mut unchecked = start;
    R::play_unchecked(&mut unchecked, mv);
    assert_eq!(played, unchecked);
    assert_eq!(
        R::legal_move_count_after(&start, mv),
        R::legal_move_count(&next)
    );
    assert_eq!(R::side_to_move(&next), R::other(R::side_to_move(&start)));
    assert_eq!(R::zobrist(&next), R::zobrist_from_scratch(&next));
    assert!(!R::is_over(&start) && R::outcome(&start).is_none());
    // One outcome: a game played to its end reports the same `Outcome` both ways (checked in
    // `R::outcome`), with a winner (neither game has draws on the board).
    let mut end = start;
    for ply in 0..1000 {
        if R::is_over(&end) {
            break;
        }
        let moves = R::legal_moves(&end);
        let mv = moves.as_ref()[(ply * 7 + 3) % moves.as_ref().len()];
        R::play_unchecked(&mut end, mv);
    }
    let outcome = R::outcome(&end).expect("the game ended within 1000 plies");
    assert!(
        outcome.winner().is_some() && !outcome.is_draw(),
        "{outcome:?}"
    );
    assert!(R::diagram(&start).to_string().contains('a'));
    assert_eq!(start.to_string().parse::<R::Position>().ok(), Some(start));

    // Squares: index order, coordinates, text, the other seat.
    let all = R::square_all();
    assert_eq!(all.len(), R::SQUARE_COUNT);
    for (i, &sq) in all.iter().enumerate() {
        assert_eq!(R::square_index(sq), i);
        assert_eq!(R::square_from_index(i), Some(sq));
        assert_eq!(
            R::square_new(R::square_file(sq), R::square_rank(sq)),
            Some(sq)
        );
        let (f, r) = R::square_chars(sq);
        assert_eq!(sq.to_string(), format!("{f}{r}"));
        assert_eq!(R::square_rotated(R::square_rotated(sq)), sq);
        assert_eq!(R::square_offset(sq, 0, 0), Some(sq));
        assert_eq!(R::square_bitboard(sq), R::from_square(sq));
    }
    assert_eq!(R::square_from_index(R::SQUARE_COUNT), None);
    assert_eq!(R::square_rotated(all[0]), all[all.len() - 1]);
    for (text, kind) in [("a", "Length"), ("z1", "File"), ("a9", "Rank")] {
        let error = text.parse::<R::Square>().expect_err(text);
        assert_eq!(R::square_error_kind(&error), kind, "{text}");
    }

    // Bitboards: a set of squares.
    let (a, b) = (all[0], all[R::SQUARE_COUNT - 1]);
    let mut set = R::EMPTY;
    assert!(R::is_empty(set));
    R::insert(&mut set, b);
    R::insert(&mut set, a);
    assert_eq!(R::len(set), 2);
    assert!(R::contains(set, a));
    assert_eq!(R::first(set), Some(a));
    assert_eq!(R::iter(set).collect::<Vec<_>>(), [a, b]);
    assert_eq!(set.into_iter().len(), 2);
    assert_eq!(R::without(set, a), R::from_square(b));
    assert_eq!(R::with(R::from_square(b), a), set);
    R::remove(&mut set, b);
    assert_eq!(set, R::from_square(a));
    assert_eq!(R::from_bits_truncate(R::bits(set)), set);
    assert_eq!(R::len(R::FULL), R::SQUARE_COUNT);

    // Sides: index order, ids, letters, lowercase display.
    for (i, side) in R::BOTH.into_iter().enumerate() {
        assert_eq!(R::side_index(side), i);
        assert_eq!(R::not(side), R::other(side));
        assert_eq!(side.to_string(), R::side_id(side));
        assert_eq!(R::side_id(side).parse::<R::Side>().ok(), Some(side));
        assert_eq!(
            R::side_letter(side).to_string().parse::<R::Side>().ok(),
            Some(side)
        );
    }
    for &reason in R::reasons() {
        assert_eq!(
            R::reason_id(reason).parse::<R::WinReason>().ok(),
            Some(reason)
        );
        assert_eq!(
            reason.to_string().parse::<R::WinReason>().ok(),
            Some(reason)
        );
    }

    // Position errors: the shared variants for the same problems.
    for (text, kind) in [("", "FieldCount"), ("1/2 x y z w v", "FieldCount")] {
        let error = text.parse::<R::Position>().expect_err(text);
        assert_eq!(R::position_error_kind(&error), Some(kind), "{text:?}");
    }
    let text = start.to_string();
    let (board, rest) = text.split_once(' ').expect("fields");
    let one_rank_less = board.rsplit_once('/').expect("ranks").0;
    // Both start boards have an empty second rank: one digit, here written as two.
    let ranks: Vec<&str> = board.split('/').collect();
    let empty: u32 = ranks[1].parse().expect("an empty rank");
    let mut split = ranks.clone();
    let two_digits = format!("1{}", empty - 1);
    split[1] = &two_digits;
    let cases = [
        (format!("{one_rank_less} {rest}"), "RankCount"),
        (format!("?/{board} {rest}"), "RankCount"),
        (text.replacen('/', "?/", 1), "BoardChar"),
        (format!("{} {rest}", split.join("/")), "ConsecutiveDigits"),
        (
            format!("{} {rest}", board.replacen('/', "1/", 1)),
            "RankLength",
        ),
    ];
    for (text, kind) in cases {
        let error = text.parse::<R::Position>().expect_err(&text);
        assert_eq!(
            R::position_error_kind(&error),
            Some(kind),
            "{text:?}: {error}"
        );
    }
    let other_side = text.replace(
        &format!(" {} ", R::side_letter(R::side_to_move(&start))),
        " x ",
    );
    if other_side != text {
        let error = other_side.parse::<R::Position>().expect_err(&other_side);
        assert_eq!(
            R::position_error_kind(&error),
            Some("SideToMove"),
            "{error}"
        );
    }
}

#[test]
fn kamisado_has_the_shared_shape() {
    behaves_alike::<Kamisado>();
}

#[test]
fn onitama_has_the_shared_shape() {
    behaves_alike::<Onitama>();
}

#[test]
fn an_illegal_move_in_a_finished_game_is_game_over_in_both() {
    let mut pos = kamisado_core::Position::start();
    for mv in ["c1a3", "b8h2", "a3e7", "h2h2", "e7e7"] {
        pos.play(mv.parse().expect("move")).expect("legal");
    }
    let error = pos
        .check_move("h2h3".parse().expect("move"))
        .expect_err("over");
    assert_eq!(
        Kamisado::illegal_move_is_game_over(&error),
        ("h2h3".parse().expect("move"), true)
    );

    let done: onitama_core::Position = "ss1ss/5/5/5/SSMSS elephant,horse boar,ox crab b"
        .parse()
        .expect("finished");
    let error = done
        .check_move("ox:a5a4".parse().expect("move"))
        .expect_err("over");
    assert_eq!(
        Onitama::illegal_move_is_game_over(&error),
        ("ox:a5a4".parse().expect("move"), true)
    );
}

/// Everything the two engine crates have in common, by name: the evaluator and the presets.
trait EngineCrate {
    type Position: abstract_game::ZobristHash;
    type Eval: game_engines::Evaluator<Self::Position> + Default + Clone + Eq + Debug + Sync;

    fn alphabeta(level: game_engines::Level)
    -> game_engines::AlphaBeta<Self::Position, Self::Eval>;
    fn from_weights(weights: &[i32]) -> Result<Self::Eval, game_engines::WeightCountError>;
    fn start() -> Self::Position;
    /// The game's name, which is also its evaluator's.
    const NAME: &'static str;
}

macro_rules! engine_crate {
    ($name:ident, $krate:ident, $rules:ident, $eval:ident, $game:literal) => {
        struct $name;

        impl EngineCrate for $name {
            type Position = $rules::Position;
            type Eval = $krate::$eval;

            fn alphabeta(
                level: game_engines::Level,
            ) -> game_engines::AlphaBeta<Self::Position, Self::Eval> {
                $krate::alphabeta(level)
            }
            fn from_weights(weights: &[i32]) -> Result<Self::Eval, game_engines::WeightCountError> {
                $krate::$eval::from_weights(weights)
            }
            fn start() -> Self::Position {
                // The engine crate re-exports its rules crate and `game-engines`.
                let _: fn(game_engines::Level) -> $krate::game_engines::Level = |l| l;
                $krate::$rules::Position::start()
            }
            const NAME: &'static str = $game;
        }
    };
}

engine_crate!(
    KamisadoEngine,
    kamisado_engine,
    kamisado_core,
    KamisadoEval,
    "kamisado"
);
engine_crate!(
    OnitamaEngine,
    onitama_engine,
    onitama_core,
    OnitamaEval,
    "onitama"
);

fn engines_behave_alike<E: EngineCrate>() {
    use game_engines::{Engine, Evaluator, Level, Limits};

    let default = E::Eval::default();
    assert_eq!(Evaluator::<E::Position>::name(&default), E::NAME);
    let error = E::from_weights(&[1]).expect_err("one weight is too few");
    assert_eq!(error.evaluator, E::NAME);
    for level in Level::ALL {
        let mut engine = E::alphabeta(level);
        assert_eq!(engine.config(), &level.config());
        assert_eq!(engine.evaluator(), &default);
        if let Some(depth) = level.depth() {
            assert_eq!(
                engine.name(),
                format!("alphabeta:depth={depth}:eval={}", E::NAME)
            );
            let result = engine.search(&E::start(), &Limits::none());
            assert_eq!(result.depth, depth, "{level}");
        }
    }
}

#[test]
fn the_engine_crates_have_the_shared_shape() {
    engines_behave_alike::<KamisadoEngine>();
    engines_behave_alike::<OnitamaEngine>();
}
