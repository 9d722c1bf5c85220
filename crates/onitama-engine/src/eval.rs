//! [`OnitamaEval`]: the evaluator, move order and quiescence moves of the alpha-beta search.

use std::sync::Arc;

use game_engines::{Evaluator, MAX_WEIGHT, StandPat, WeightCountError};
use onitama_core::{Bitboard, Card, Move, Position, Side, Square};

/// Points per Student.
pub const STUDENT: i32 = 100;
/// Penalty for a Master attacked by the opponent's cards.
pub const MASTER_ATTACKED: i32 = 60;
/// Penalty per king step between a Master and the opposing temple.
pub const TEMPLE_DISTANCE: i32 = 6;
/// Points per square the side's cards reach.
pub const REACH: i32 = 2;
/// Points per square the incoming side card would reach.
pub const INCOMING_REACH: i32 = 1;

/// The margin of reverse futility pruning per ply left ([`game_engines::Evaluator::futility_margin`]),
/// in the units of the shipped weights (a Student is worth about 80; about 70 in the first
/// generation of weights, with which the margins 15, 30 and 60 were matched at 100 ms per move
/// and all gained, `docs/engines.md`).
pub const FUTILITY_MARGIN: i32 = 30;

/// The plies left from which the search reduces a node without a table move by a ply
/// ([`game_engines::Evaluator::internal_reduction_depth`]): 4 gained at 100 ms per move
/// (`docs/engines.md`).
pub const INTERNAL_REDUCTION_DEPTH: u32 = 4;

/// The plies left from which the search extends a singular table move by a ply
/// ([`game_engines::Evaluator::singular_extension_depth`]): 6 gained at 100 ms per move
/// (`docs/engines.md`).
pub const SINGULAR_EXTENSION_DEPTH: u32 = 6;

/// The margin per ply left of the singular extensions
/// ([`game_engines::Evaluator::singular_margin`]), in the units of the shipped weights (a
/// Student is worth about 80): matched at 100 ms per move against 4 (which lost) and 1 (no
/// difference shown), `docs/engines.md`.
pub const SINGULAR_MARGIN: i32 = 2;

/// The number of weights of [`OnitamaEval`].
pub const WEIGHTS: usize = 890;

/// The weights before the card-square terms ([`index::STUDENT_CARD`], [`index::MASTER_CARD`]):
/// a weights file that gives exactly these reads with the card-square weights 0.
pub const WEIGHTS_WITHOUT_CARD_SQUARES: usize = 90;

/// Where each group of weights starts in [`crate::OnitamaEval::weights`] (and in
/// [`crate::OnitamaEval::features`]).
pub mod index {
    /// Points per Student (material).
    pub const STUDENT: usize = 0;
    /// A Master that the opponent's two cards reach from one of its pieces.
    pub const MASTER_ATTACKED: usize = 1;
    /// Per king step between a Master and the temple it attacks.
    pub const TEMPLE_DISTANCE: usize = 2;
    /// Per square a side's two cards reach (own pieces excluded).
    pub const REACH: usize = 3;
    /// Per square the incoming side card reaches for the side to move.
    pub const INCOMING_REACH: usize = 4;
    /// Having the move.
    pub const TEMPO: usize = 5;
    /// Per opposing Student that the side's cards reach (a capture it threatens).
    pub const STUDENT_THREATENED: usize = 6;
    /// Per own Student that the side's own cards reach (a piece that recaptures there).
    pub const STUDENT_DEFENDED: usize = 7;
    /// 25 values: a Student on each square, seen from its own side (Blue's squares turned
    /// half a turn, so `a1` is the left corner of its own home row for both).
    pub const STUDENT_ON: usize = 8;
    /// 25 values: the Master on each square, seen from its own side.
    pub const MASTER_ON: usize = 33;
    /// 16 values: each card in a side's hand ([`onitama_core::Card::ALL`] order).
    pub const HAND: usize = 58;
    /// 16 values: each card as the side card, which the side to move receives next.
    pub const INCOMING: usize = 74;
    /// 16 × 25 values: a Student on each square (seen from its own side) with each card in
    /// its side's hand, card by card ([`onitama_core::Card::ALL`] order), 25 squares each.
    pub const STUDENT_CARD: usize = 90;
    /// 16 × 25 values: the Master on each square with each card in its side's hand.
    pub const MASTER_CARD: usize = 490;
}

/// The names of the weights, in order, as a weights file writes them: `student`,
/// `master_attacked`, `temple_distance`, `reach`, `incoming_reach`, `tempo`,
/// `student_threatened`, `student_defended`, `student_on.a1` .. `student_on.e5`,
/// `master_on.a1` .. `master_on.e5`, `hand.boar` .. `hand.tiger`, `incoming.boar` ..
/// `incoming.tiger`, `student_card.boar.a1` .. `student_card.tiger.e5` (card by card, 25
/// squares each), `master_card.boar.a1` .. `master_card.tiger.e5`.
#[must_use]
pub fn weight_names() -> Vec<String> {
    let mut names: Vec<String> = [
        "student",
        "master_attacked",
        "temple_distance",
        "reach",
        "incoming_reach",
        "tempo",
        "student_threatened",
        "student_defended",
    ]
    .map(str::to_owned)
    .to_vec();
    for group in ["student_on", "master_on"] {
        names.extend(Square::ALL.iter().map(|sq| format!("{group}.{sq}")));
    }
    for group in ["hand", "incoming"] {
        names.extend(Card::ALL.iter().map(|c| format!("{group}.{c}")));
    }
    for group in ["student_card", "master_card"] {
        for card in Card::ALL {
            names.extend(Square::ALL.iter().map(|sq| format!("{group}.{card}.{sq}")));
        }
    }
    names
}

/// The shipped weights: tuned by `games tune onitama` (the file's header says how), embedded
/// in the build.
pub const SHIPPED_WEIGHTS: &str = include_str!("../weights/onitama.weights");

/// A weights file that cannot be read: the line (from 1, 0 for the file as a whole) and what is
/// wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WeightsFileError {
    /// The line, from 1; 0 when the error is about the whole file (a missing weight).
    pub line: usize,
    /// What is wrong.
    pub why: String,
}

impl core::fmt::Display for WeightsFileError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        if self.line == 0 {
            write!(f, "weights file: {}", self.why)
        } else {
            write!(f, "weights file line {}: {}", self.line, self.why)
        }
    }
}

impl std::error::Error for WeightsFileError {}

/// The Onitama evaluator: a sum of weighted terms, every one from the side to move's point of
/// view (its pieces count plus, the opponent's minus).
///
/// - **Material** (`student` per Student): the Masters are not counted, since losing one ends
///   the game and the search sees it.
/// - **Master safety** (`master_attacked`): a Master that the opponent's two cards reach from
///   one of its pieces. For the side to move that is a threat to answer; for the opponent it is
///   a win on the next ply, which the search finds.
/// - **The way of the stream** (`temple_distance` per step): each Master's distance (in king
///   steps) to the opposing temple.
/// - **Reach** (`reach` per square): the squares a side's two cards let its pieces reach (own
///   pieces excluded), so a piece is worth more where the cards in play make it active.
/// - **Card flow** (`incoming_reach` per square): the side card is what the side to move
///   receives after its move; the squares it would reach for the side to move count a little.
/// - **Tempo** (`tempo`): having the move.
/// - **Threats and defence** (`student_threatened`, `student_defended` per Student): opposing
///   Students the side's cards reach, own Students they cover.
/// - **Piece-square tables** (`student_on.SQUARE`, `master_on.SQUARE`): each piece's square,
///   seen from its own side.
/// - **Cards** (`hand.CARD`, `incoming.CARD`): the cards each side holds, and the side card
///   that the side to move receives next.
/// - **Card-square tables** (`student_card.CARD.SQUARE`, `master_card.CARD.SQUARE`): each
///   piece's square, seen from its own side, with each card in its side's hand: what a piece
///   is worth where its cards can take it (a Master two steps from the temple with the Tiger,
///   say).
///
/// [`OnitamaEval::default`] has the shipped weights ([`SHIPPED_WEIGHTS`]), fitted to the
/// results of self-play games and to exact tablebase values by `games tune onitama`
/// (`docs/engines.md` has the method and the measured gain). [`OnitamaEval::hand_set`] is the
/// evaluator before tuning: five hand-set terms ([`STUDENT`], [`MASTER_ATTACKED`],
/// [`TEMPLE_DISTANCE`], [`REACH`], [`INCOMING_REACH`]), every other weight 0.
///
/// ```
/// use game_engines::Evaluator;
/// use onitama_core::Position;
/// use onitama_engine::OnitamaEval;
///
/// let eval = OnitamaEval::default();
/// let start = Position::start();
/// assert_eq!(start.to_string(), "ssmss/5/5/5/SSMSS elephant,horse boar,ox crab b");
/// // Blue, to move, without the Student on b5: about a Student less.
/// let down: Position = "s1mss/5/5/5/SSMSS elephant,horse boar,ox crab b".parse()?;
/// assert!(eval.evaluate(&down) < eval.evaluate(&start) - 50);
/// // The hand-set evaluator from its five weights, and back.
/// assert_eq!(OnitamaEval::from_weights(&[100, 60, 6, 2, 1]), Ok(OnitamaEval::hand_set()));
/// assert!(OnitamaEval::from_weights(&[100]).is_err());
/// // Every evaluator writes its weights as a file and reads them back.
/// let text = eval.to_weights_text("# a comment\n");
/// assert_eq!(OnitamaEval::from_weights_text(&text), Ok(eval));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct OnitamaEval {
    weights: [i32; WEIGHTS],
    /// `piece[256 side + hand][kind][square]`: the value of a piece of `kind` (0 Student, 1
    /// Master) of `side` on `square` while `side` holds the cards `hand` (`16 a + b` for the
    /// card indices `a` and `b`): its piece-square weight (the square turned for Blue), its
    /// card-square weights for both cards, and the terms that depend on that piece and square
    /// alone (a Student's material, a Master's distance to the temple); 32 squares wide, so
    /// that any 5-bit index is in range. Computed from the weights, shared by clones.
    piece: Arc<[[[i32; 32]; 2]; 512]>,
    /// `hand[16 a + b]`: the weights of holding the cards `a` and `b`.
    hand: [i32; 256],
}

impl PartialEq for OnitamaEval {
    /// Evaluators with the same weights are equal (the tables follow from them).
    fn eq(&self, other: &Self) -> bool {
        self.weights == other.weights
    }
}

impl Eq for OnitamaEval {}

impl core::fmt::Debug for OnitamaEval {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("OnitamaEval")
            .field("weights", &self.weights)
            .finish_non_exhaustive()
    }
}

impl OnitamaEval {
    /// The evaluator with these weights: either all [`WEIGHTS`] of them, in the order of
    /// [`weight_names`], or the five hand-set terms (Student, Master attacked, temple distance,
    /// reach, incoming reach) with every other weight 0.
    ///
    /// # Errors
    /// [`WeightCountError`] for any other number.
    pub fn from_weights(weights: &[i32]) -> Result<Self, WeightCountError> {
        let mut all = [0; WEIGHTS];
        match weights.len() {
            5 | WEIGHTS => all[..weights.len()].copy_from_slice(weights),
            n => return Err(WeightCountError::new("onitama", WEIGHTS, n)),
        }
        Ok(Self::with_weights(all))
    }

    /// The evaluator with all its weights, in the order of [`weight_names`], each clamped to
    /// [`MAX_WEIGHT`] in absolute value.
    #[must_use]
    pub fn with_weights(weights: [i32; WEIGHTS]) -> Self {
        let weights = weights.map(|w| w.clamp(-MAX_WEIGHT, MAX_WEIGHT));
        let mut piece = vec![[[0; 32]; 2]; 512];
        let mut hand = [0; 256];
        for (a, b) in (0..16).flat_map(|a| (0..16).map(move |b| (a, b))) {
            hand[16 * a + b] = weights[index::HAND + a] + weights[index::HAND + b];
            for side in Side::BOTH {
                let values = &mut piece[256 * side.index() + 16 * a + b];
                let kinds = [
                    (index::STUDENT_ON, index::STUDENT_CARD),
                    (index::MASTER_ON, index::MASTER_CARD),
                ];
                for (kind, (on, with_card)) in kinds.into_iter().enumerate() {
                    for (sq, steps) in TEMPLE_STEPS[side.index()].iter().enumerate() {
                        let own = own_square(side, sq);
                        // A Student's value includes its material; a Master's, its distance
                        // to the temple it attacks.
                        let alone = if kind == 0 {
                            weights[index::STUDENT]
                        } else {
                            -weights[index::TEMPLE_DISTANCE] * steps
                        };
                        values[kind][sq] = alone
                            + weights[on + own]
                            + weights[with_card + 25 * a + own]
                            + weights[with_card + 25 * b + own];
                    }
                }
            }
        }
        let piece: Box<[[[i32; 32]; 2]; 512]> = piece
            .into_boxed_slice()
            .try_into()
            .unwrap_or_else(|_| unreachable!("512 entries"));
        OnitamaEval {
            weights,
            piece: Arc::from(piece),
            hand,
        }
    }

    /// The evaluator before tuning: the five hand-set terms, every other weight 0.
    #[must_use]
    pub fn hand_set() -> Self {
        let mut all = [0; WEIGHTS];
        all[..5].copy_from_slice(&[
            STUDENT,
            MASTER_ATTACKED,
            TEMPLE_DISTANCE,
            REACH,
            INCOMING_REACH,
        ]);
        Self::with_weights(all)
    }

    /// The weights, in the order of [`weight_names`].
    #[must_use]
    pub fn weights(&self) -> &[i32; WEIGHTS] {
        &self.weights
    }

    /// Reads a weights file: lines `NAME VALUE` (the names of [`weight_names`], each exactly
    /// once, in any order), blank lines and `#` comments. A file of the first
    /// [`WEIGHTS_WITHOUT_CARD_SQUARES`] weights alone (written before the card-square terms
    /// existed: no `student_card.*` or `master_card.*` line) reads with those terms 0.
    ///
    /// # Errors
    /// [`WeightsFileError`] naming the line of an unknown or repeated name or a value that is
    /// not a whole number, or a weight the file does not give.
    pub fn from_weights_text(text: &str) -> Result<Self, WeightsFileError> {
        let names = weight_names();
        let mut weights = [None; WEIGHTS];
        let mut next = 0;
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let err = |why: String| WeightsFileError { line: n + 1, why };
            let mut parts = line.split_whitespace();
            let (Some(name), Some(value), None) = (parts.next(), parts.next(), parts.next()) else {
                return Err(err(format!("expected NAME VALUE, found {line:?}")));
            };
            // Files list the weights in order: the one after the last is tried first.
            let i = match names.get(next) {
                Some(expected) if expected == name => next,
                _ => names
                    .iter()
                    .position(|known| known == name)
                    .ok_or_else(|| err(format!("unknown weight {name:?}")))?,
            };
            next = i + 1;
            let value: i32 = value
                .parse()
                .map_err(|_| err(format!("{name}: {value:?} is not a whole number")))?;
            if value.abs() > MAX_WEIGHT {
                return Err(err(format!(
                    "{name}: {value} is beyond the largest weight, {MAX_WEIGHT} in absolute value"
                )));
            }
            if weights[i].replace(value).is_some() {
                return Err(err(format!("{name} given twice")));
            }
        }
        // A file from before the card-square terms gives none of them: they are 0.
        let card_squares = &mut weights[WEIGHTS_WITHOUT_CARD_SQUARES..];
        if card_squares.iter().all(Option::is_none) {
            card_squares.fill(Some(0));
        }
        let mut all = [0; WEIGHTS];
        for (i, w) in weights.iter().enumerate() {
            all[i] = w.ok_or_else(|| WeightsFileError {
                line: 0,
                why: format!("no value for {}", names[i]),
            })?;
        }
        Ok(Self::with_weights(all))
    }

    /// The weights as a file that [`OnitamaEval::from_weights_text`] reads: `header` (comment
    /// lines, each starting with `#`), then one `NAME VALUE` line per weight.
    #[must_use]
    pub fn to_weights_text(&self, header: &str) -> String {
        use core::fmt::Write as _;
        let mut out = header.to_owned();
        for (name, w) in weight_names().iter().zip(self.weights) {
            let _ = writeln!(out, "{name} {w}");
        }
        out
    }

    /// The terms of `pos` whose weighted sum is [`Evaluator::evaluate`]: one value per weight,
    /// in the order of [`weight_names`] (the side to move's count minus the opponent's). A
    /// tuner fits the weights to them; `evaluate` computes the same sum without them.
    #[must_use]
    pub fn features(pos: &Position) -> [i8; WEIGHTS] {
        let mut f = [0i8; WEIGHTS];
        let me = pos.side_to_move();
        let masters = pos.masters();
        let covers = [me, me.other()].map(|side| cover(pos, side, pos.hand(side)));
        for (k, side) in [me, me.other()].into_iter().enumerate() {
            let sign: i8 = if k == 0 { 1 } else { -1 };
            let (own, their_cover) = (covers[k], covers[1 - k]);
            let pieces = pos.pieces(side);
            let opponents = pos.pieces(side.other());
            let students = pieces & !masters;
            f[index::STUDENT] += sign * students.len() as i8;
            f[index::REACH] += sign * (own & !pieces).len() as i8;
            f[index::STUDENT_THREATENED] += sign * (own & opponents & !masters).len() as i8;
            f[index::STUDENT_DEFENDED] += sign * (own & students).len() as i8;
            for sq in students {
                f[index::STUDENT_ON + own_square(side, sq.index())] += sign;
                for card in pos.hand(side) {
                    f[index::STUDENT_CARD + 25 * card.index() + own_square(side, sq.index())] +=
                        sign;
                }
            }
            if let Some(master) = (pieces & masters).first() {
                for card in pos.hand(side) {
                    f[index::MASTER_CARD + 25 * card.index() + own_square(side, master.index())] +=
                        sign;
                }
                f[index::TEMPLE_DISTANCE] -=
                    sign * TEMPLE_STEPS[side.index()][master.index()] as i8;
                if their_cover.contains(master) {
                    f[index::MASTER_ATTACKED] -= sign;
                }
                f[index::MASTER_ON + own_square(side, master.index())] += sign;
            }
            for card in pos.hand(side) {
                f[index::HAND + card.index()] += sign;
            }
        }
        let incoming = cover(pos, me, [pos.side_card(), pos.side_card()]);
        f[index::INCOMING_REACH] = (incoming & !pos.pieces(me)).len() as i8;
        f[index::TEMPO] = 1;
        f[index::INCOMING + pos.side_card().index()] = 1;
        f
    }
}

impl Default for OnitamaEval {
    /// The shipped weights ([`SHIPPED_WEIGHTS`]).
    fn default() -> Self {
        Self::from_weights_text(SHIPPED_WEIGHTS).unwrap_or_else(|_| Self::hand_set())
    }
}

/// `square` (an index) as `side` sees it: Red's as they are, Blue's turned half a turn.
const fn own_square(side: Side, square: usize) -> usize {
    match side {
        Side::Red => square,
        Side::Blue => 24 - square,
    }
}

/// `TEMPLE_STEPS[side][square]`: the king steps from `square` to the temple `side` attacks (the
/// opponent's), [`steps`] precomputed.
const TEMPLE_STEPS: [[i32; 25]; 2] = {
    let mut table = [[0; 25]; 2];
    let mut side = 0;
    while side < 2 {
        let temple = Side::BOTH[side].other().temple();
        let mut sq = 0;
        while sq < 25 {
            table[side][sq] = steps(Square::ALL[sq], temple);
            sq += 1;
        }
        side += 1;
    }
    table
};

/// `CARD_PAIR_REACH[a][b][side][square]`: the squares that cards `a` and `b` let a piece of
/// `side` on `square` reach ([`Card::destinations`] of both; `a == b` gives one card's), 32
/// squares wide so that any 5-bit index is in range.
static CARD_PAIR_REACH: [[[[u32; 32]; 2]; 16]; 16] = {
    let mut table = [[[[0; 32]; 2]; 16]; 16];
    let mut a = 0;
    while a < 16 {
        let mut b = 0;
        while b < 16 {
            let mut side = 0;
            while side < 2 {
                let mut sq = 0;
                while sq < 25 {
                    let (s, at) = (Side::BOTH[side], Square::ALL[sq]);
                    table[a][b][side][sq] = Card::ALL[a].destinations(s, at).bits()
                        | Card::ALL[b].destinations(s, at).bits();
                    sq += 1;
                }
                side += 1;
            }
            b += 1;
        }
        a += 1;
    }
    table
};

/// The number of set bits of every 13-bit value: two lookups count a set of 25 squares, where
/// the target has no population-count instruction (this is cheaper than the shifts and masks
/// `count_ones` then compiles to).
static POPCOUNT13: [u8; 1 << 13] = {
    let mut table = [0; 1 << 13];
    let mut i = 0;
    while i < 1 << 13 {
        table[i] = (i as u32).count_ones() as u8;
        i += 1;
    }
    table
};

/// The order of a noisy step of the side to move from `from` onto `to` (an opposing piece, or
/// the opposing `temple` for its Master; `masters`: the squares of both Masters): 100,000 when
/// it wins (it takes the Master or puts the Master on the temple), 1,000 for another capture.
#[inline(always)]
fn noisy_order(masters: Bitboard, temple: Square, from: Square, to: Square) -> i32 {
    if masters.contains(to) || (to == temple && masters.contains(from)) {
        100_000
    } else {
        1_000
    }
}

/// Calls `f` on the side to move's steps onto `targets` (opposing pieces), or for its Master
/// onto `master_targets` (opposing pieces and the temple), with their [`noisy_order`]: found
/// backwards from those squares ([`Position::for_each_step_reaching`]), which are few.
#[inline(always)]
fn noisy_steps_onto(
    pos: &Position,
    targets: Bitboard,
    master_targets: Bitboard,
    mut f: impl FnMut(Move, i32),
) {
    let temple = pos.side_to_move().other().temple();
    let masters = pos.masters() & pos.occupied();
    pos.for_each_step_reaching(targets, master_targets, |mv| {
        if let Move::Step { from, to, .. } = mv {
            f(mv, noisy_order(masters, temple, from, to));
        }
    });
}

/// Calls `f` on every noisy move of the side to move (its captures and its Master's step onto
/// the opposing temple) with its [`noisy_order`].
#[inline(always)]
fn for_each_noisy_step(pos: &Position, f: impl FnMut(Move, i32)) {
    let them = pos.side_to_move().other();
    let targets = pos.pieces(them);
    noisy_steps_onto(pos, targets, targets | them.temple().bitboard(), f);
}

/// Whether the side to move has a noisy move: a capture, or its Master's step onto the
/// opposing temple.
#[cfg(feature = "tablebase")] // the tuner's (`crate::tune`)
pub(crate) fn has_noisy_move(pos: &Position) -> bool {
    let mut any = false;
    for_each_noisy_step(pos, |_, _| any = true);
    any
}

/// The order of a quiet step of the side to move from `from` onto the empty `to`, never its
/// Master onto the opposing temple (`masters`: the squares of both Masters; `steps`: the
/// mover's [`TEMPLE_STEPS`]): ten times the steps the Master comes nearer the temple, 0 for a
/// Student.
#[inline(always)]
fn quiet_order(masters: Bitboard, steps: &[i32; 25], from: Square, to: Square) -> i32 {
    if masters.contains(from) {
        10 * (steps[from.index()] - steps[to.index()])
    } else {
        0
    }
}

/// Whether the target counts set bits in one instruction: x86-64 built with `popcnt` (as
/// `-C target-cpu=native` does on any x86-64 processor since 2008), and WebAssembly
/// (`i32.popcnt`). The plain x86-64 target has no such instruction.
const HARDWARE_POPCOUNT: bool = cfg!(any(target_feature = "popcnt", target_arch = "wasm32"));

/// The size of a set of squares: the processor's count where it has one
/// ([`HARDWARE_POPCOUNT`]), else [`popcount_by_table`].
#[inline(always)]
fn popcount(set: u32) -> i32 {
    if HARDWARE_POPCOUNT {
        set.count_ones() as i32
    } else {
        popcount_by_table(set)
    }
}

/// The size of a set of 26 squares or fewer, by two lookups in [`POPCOUNT13`].
#[inline(always)]
fn popcount_by_table(set: u32) -> i32 {
    i32::from(POPCOUNT13[(set & 0x1FFF) as usize])
        + i32::from(POPCOUNT13[(set >> 13 & 0x1FFF) as usize])
}

/// The squares that the cards `a` and `b` of `side` reach from its pieces, own pieces *not*
/// excluded (the caller removes them where it needs to).
#[inline]
fn cover(pos: &Position, side: Side, [a, b]: [Card; 2]) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    for sq in pos.pieces(side) {
        out |= a.destinations(side, sq) | b.destinations(side, sq);
    }
    out
}

const fn steps(a: Square, b: Square) -> i32 {
    let df = (a.file() as i32 - b.file() as i32).abs();
    let dr = (a.rank() as i32 - b.rank() as i32).abs();
    if df > dr { df } else { dr }
}

impl OnitamaEval {
    /// The evaluation (as `Evaluator::evaluate` describes it), whether the side to move has a
    /// noisy move, and where they go. A side's reach contains the other Master exactly when
    /// that Master is attacked (a Master is never on a square of its opponent's pieces).
    #[inline(always)]
    fn stand_pat(&self, pos: &Position) -> NoisyTargets {
        let w = &self.weights;
        let me = pos.side_to_move();
        let them = me.other();
        let (s, o) = (me.index(), them.index());
        let masters = pos.masters().bits();
        let mine = pos.pieces(me).bits();
        let theirs = pos.pieces(them).bits();
        let [a, b] = pos.hand_indices(me);
        let [c, d] = pos.hand_indices(them);
        let e = pos.side_card().index();
        let my_reach = &CARD_PAIR_REACH[a][b][s];
        let their_reach = &CARD_PAIR_REACH[c][d][o];
        let incoming_reach = &CARD_PAIR_REACH[e][e][s];
        let (my_students, their_students) = (mine & !masters, theirs & !masters);
        let (my_hand, their_hand) = ((16 * a + b) & 255, (16 * c + d) & 255);
        let my_pst = &self.piece[(s << 8 | my_hand) & 511];
        let their_pst = &self.piece[(o << 8 | their_hand) & 511];
        let mut score =
            w[index::TEMPO] + self.hand[my_hand] - self.hand[their_hand] + w[index::INCOMING + e];
        // One pass over each side's Students, then its Master: what its cards reach, and the
        // pieces' values with the side's hand.
        let (mut my_cover, mut incoming) = (0u32, 0u32);
        let mut bits = my_students;
        while bits != 0 {
            let sq = bits.trailing_zeros() as usize & 31;
            bits &= bits - 1;
            my_cover |= my_reach[sq];
            incoming |= incoming_reach[sq];
            score += my_pst[0][sq];
        }
        let mut master_reach = 0u32;
        if mine & masters != 0 {
            let sq = (mine & masters).trailing_zeros() as usize & 31;
            master_reach = my_reach[sq];
            my_cover |= master_reach;
            incoming |= incoming_reach[sq];
            score += my_pst[1][sq];
        }
        let mut their_cover = 0u32;
        let mut bits = their_students;
        while bits != 0 {
            let sq = bits.trailing_zeros() as usize & 31;
            bits &= bits - 1;
            their_cover |= their_reach[sq];
            score -= their_pst[0][sq];
        }
        if theirs & masters != 0 {
            let sq = (theirs & masters).trailing_zeros() as usize & 31;
            their_cover |= their_reach[sq];
            score -= their_pst[1][sq];
        }
        score += w[index::REACH] * (popcount(my_cover & !mine) - popcount(their_cover & !theirs))
            + w[index::INCOMING_REACH] * popcount(incoming & !mine)
            + w[index::STUDENT_THREATENED]
                * (popcount(my_cover & their_students) - popcount(their_cover & my_students));
        // The shipped weights give this term 0 (the tuner found no use for it): then its two
        // counts are skipped, the same value for 14 instructions fewer a node (`docs/engines.md`).
        if w[index::STUDENT_DEFENDED] != 0 {
            score += w[index::STUDENT_DEFENDED]
                * (popcount(my_cover & my_students) - popcount(their_cover & their_students));
        }
        // Each Master: whether the other side's cards reach it (its square and its distance to
        // the temple it attacks are in the piece-square values above).
        if their_cover & mine & masters != 0 {
            score -= w[index::MASTER_ATTACKED];
        }
        if my_cover & theirs & masters != 0 {
            score += w[index::MASTER_ATTACKED];
        }
        // A noisy move is a capture (an opposing piece in reach) or the Master's step onto
        // the opposing temple (when no own piece stands there).
        let temple = them.temple().bitboard().bits();
        let captures = my_cover & theirs;
        let onto_temple = master_reach & temple & !mine;
        NoisyTargets {
            value: score,
            captures,
            onto_temple,
        }
    }
}

/// [`OnitamaEval::stand_pat`]'s answer: the stand-pat, and where the side to move's noisy
/// moves go.
struct NoisyTargets {
    /// The evaluation.
    value: i32,
    /// The opposing pieces that the side to move's cards reach: every capture lands on one.
    captures: u32,
    /// The opposing temple, when its Master reaches it (and no own piece stands there).
    onto_temple: u32,
}

impl NoisyTargets {
    /// Whether the side to move has a noisy move: a capture or the step onto the temple.
    #[inline(always)]
    fn any(&self) -> bool {
        self.captures | self.onto_temple != 0
    }
}

impl Evaluator<Position> for OnitamaEval {
    /// One pass over each side's Students, then its Master, gathers the squares its two cards
    /// reach (own pieces included, one lookup per piece in a table of card pairs) and its
    /// pieces' values (one lookup per piece in the evaluator's table for the side's hand: the
    /// piece-square, card-square and material or temple terms together); the counting terms
    /// are then population counts of those sets (a table lookup per 13 bits).
    /// [`OnitamaEval::features`] computes the same sum term by term (a test checks it).
    fn evaluate(&self, pos: &Position) -> i32 {
        self.stand_pat(pos).value
    }

    /// [`Evaluator::evaluate`], and whether the side to move can capture or step its Master
    /// onto the temple: the squares its cards reach, gathered for the evaluation, say it.
    #[inline(always)]
    fn evaluate_for_quiescence(&self, pos: &Position) -> StandPat {
        let noisy = self.stand_pat(pos);
        StandPat {
            value: noisy.value,
            any_noisy: noisy.any(),
        }
    }

    /// The stand-pat, then the noisy moves generated from what it found: the opposing pieces
    /// in reach and the temple (usually a square or two, so the steps onto them are found from
    /// the destinations backwards, [`Position::for_each_step_reaching`]).
    #[inline(always)]
    fn evaluate_with_noisy_moves(
        &self,
        pos: &Position,
        search_noisy: impl FnOnce(i32) -> bool,
        f: impl FnMut(Move, i32),
    ) -> i32 {
        let noisy = self.stand_pat(pos);
        if noisy.any() && search_noisy(noisy.value) {
            let captures = Bitboard::from_bits_truncate(noisy.captures);
            let onto_temple = Bitboard::from_bits_truncate(noisy.onto_temple);
            noisy_steps_onto(pos, captures, captures | onto_temple, f);
        }
        noisy.value
    }

    fn name(&self) -> String {
        "onitama".to_owned()
    }

    /// Yes: the noisy moves (captures, the Master onto the temple) are ordered 1,000 and
    /// 100,000, the quiet ones at most 20 (a Master's step nearer the temple).
    #[inline(always)]
    fn noisy_moves_first(&self) -> bool {
        true
    }

    /// Winning moves first, then captures, then Master moves towards the temple.
    ///
    /// Plain bit tests on the position's sets: the origin is the mover's own piece (the move is
    /// legal), so a Master there is the mover's Master, and the destination is never the mover's
    /// own piece, so an occupied destination is a capture.
    #[inline]
    fn move_order(&self, pos: &Position, mv: Move) -> i32 {
        let Move::Step { from, to, .. } = mv else {
            return 0;
        };
        let me = pos.side_to_move();
        let temple = me.other().temple();
        let masters = pos.masters() & pos.occupied();
        let master_moves = (masters & pos.pieces(me)).contains(from);
        if pos.occupied().contains(to) || (master_moves && to == temple) {
            noisy_order(masters, temple, from, to)
        } else {
            quiet_order(masters, &TEMPLE_STEPS[me.index()], from, to)
        }
    }

    /// [`FUTILITY_MARGIN`], the margin per ply matched at equal time (with the first generation
    /// of weights, `docs/engines.md`).
    fn futility_margin(&self) -> i32 {
        FUTILITY_MARGIN
    }

    /// [`INTERNAL_REDUCTION_DEPTH`], matched at equal time (`docs/engines.md`).
    fn internal_reduction_depth(&self) -> u32 {
        INTERNAL_REDUCTION_DEPTH
    }

    /// On: matched at equal time (`docs/engines.md`).
    fn history_malus(&self) -> bool {
        true
    }

    /// [`SINGULAR_EXTENSION_DEPTH`], matched at equal time (`docs/engines.md`).
    fn singular_extension_depth(&self) -> u32 {
        SINGULAR_EXTENSION_DEPTH
    }

    /// [`SINGULAR_MARGIN`].
    fn singular_margin(&self) -> i32 {
        SINGULAR_MARGIN
    }

    /// The side to move's Master is attacked: the opponent's cards reach it from one of its
    /// pieces.
    #[inline]
    fn in_check(&self, pos: &Position) -> bool {
        let me = pos.side_to_move();
        let them = me.other();
        match (pos.pieces(me) & pos.masters()).first() {
            Some(master) => {
                let [a, b] = pos.hand(them);
                // The squares from which `them` reaches the Master are its destinations for
                // the other seat.
                let from = a.destinations(me, master) | b.destinations(me, master);
                !(from & pos.pieces(them)).is_empty()
            }
            None => false,
        }
    }

    /// Captures and the Master's step onto the opposing temple.
    #[inline]
    fn is_noisy(&self, pos: &Position, mv: Move) -> bool {
        let Move::Step { from, to, .. } = mv else {
            return false;
        };
        let me = pos.side_to_move();
        pos.occupied().contains(to)
            || (to == me.other().temple() && (pos.masters() & pos.pieces(me)).contains(from))
    }

    /// The captures and the Master's steps onto the opposing temple, straight from the
    /// bitboards, with their order: every destination is the opponent's piece or the temple, so
    /// only two bit tests tell 100,000 from 1,000. The steps are found backwards from those
    /// squares ([`Position::for_each_step_reaching`]): the pieces that reach one of them are
    /// usually one or two of the five.
    #[inline]
    fn for_each_noisy_move(&self, pos: &Position, f: impl FnMut(Move, i32)) {
        for_each_noisy_step(pos, f);
    }

    /// The steps onto empty squares (but the Master's onto the opposing temple), straight from
    /// the bitboards, with their order (a Master's step nearer the temple, else 0); the forced
    /// passes when the side to move has no step at all.
    #[inline]
    fn for_each_quiet_move(&self, pos: &Position, mut f: impl FnMut(Move, i32)) {
        let empty = !pos.occupied();
        let me = pos.side_to_move();
        let temple = me.other().temple().bitboard();
        let masters = pos.masters() & pos.occupied();
        let steps = &TEMPLE_STEPS[me.index()];
        let mut any = false;
        pos.for_each_step_onto(empty, empty & !temple, |mv| {
            any = true;
            if let Move::Step { from, to, .. } = mv {
                f(mv, quiet_order(masters, steps, from, to));
            }
        });
        if !any {
            // No quiet step: either only noisy ones, or none at all and the passes are the moves.
            pos.for_each_legal_move(|mv| {
                if mv.is_pass() {
                    f(mv, 0);
                }
            });
        }
    }
}

#[cfg(test)]
mod tests {
    //! The evaluator against a plain transcription of its definition (the code it replaced)
    //! and against the sum of its features: the fast paths must compute the very same values.

    use super::*;
    use abstract_game::rng::SplitMix64;
    use onitama_core::{Deal, Piece};

    fn reach(pos: &Position, side: Side, cards: &[Card]) -> Bitboard {
        let own = pos.pieces(side);
        let mut out = Bitboard::EMPTY;
        for sq in own {
            for &card in cards {
                out |= card.destinations(side, sq);
            }
        }
        out & !own
    }

    fn evaluate(weights: [i32; 5], pos: &Position) -> i32 {
        let me = pos.side_to_move();
        let [
            student,
            master_attacked,
            temple_distance,
            reach_weight,
            incoming,
        ] = weights;
        let mut score = 0;
        for side in Side::BOTH {
            let sign = if side == me { 1 } else { -1 };
            let students = pos.pieces(side).len() as i32 - i32::from(pos.master(side).is_some());
            let reached = reach(pos, side, &pos.hand(side));
            let mut value = student * students + reach_weight * reached.len() as i32;
            if let Some(master) = pos.master(side) {
                value -= temple_distance * steps(master, side.other().temple());
                let attackers = reach(pos, side.other(), &pos.hand(side.other()));
                if attackers.contains(master) {
                    value -= master_attacked;
                }
            }
            score += sign * value;
        }
        score += incoming * reach(pos, me, &[pos.side_card()]).len() as i32;
        score
    }

    fn move_order(pos: &Position, mv: Move) -> i32 {
        let Move::Step { from, to, .. } = mv else {
            return 0;
        };
        let me = pos.side_to_move();
        let master_moves = pos.master(me) == Some(from);
        match pos.piece_at(to) {
            Some((_, Piece::Master)) => 100_000,
            _ if master_moves && to == me.other().temple() => 100_000,
            Some(_) => 1_000,
            None if master_moves => {
                let temple = me.other().temple();
                10 * (steps(from, temple) - steps(to, temple))
            }
            None => 0,
        }
    }

    fn is_noisy(pos: &Position, mv: Move) -> bool {
        let Move::Step { from, to, .. } = mv else {
            return false;
        };
        let me = pos.side_to_move();
        pos.piece_at(to).is_some() || (pos.master(me) == Some(from) && to == me.other().temple())
    }

    #[test]
    fn popcount_counts_every_set() {
        let mut rng = SplitMix64::new(3);
        for _ in 0..10_000 {
            let set = (rng.next_u64() as u32) & ((1 << 25) - 1);
            assert_eq!(popcount(set), set.count_ones() as i32);
            assert_eq!(popcount_by_table(set), set.count_ones() as i32);
        }
        assert_eq!(popcount_by_table((1 << 25) - 1), 25);
        assert_eq!(popcount_by_table(0), 0);
    }

    #[test]
    fn the_forced_passes_are_the_quiet_moves_when_no_step_exists() {
        let pos: Position = "MSSSS/5/2m2/5/5 boar,elephant monkey,tiger crab r"
            .parse()
            .expect("valid");
        let moves = pos.legal_moves();
        assert!(moves.iter().all(|mv| mv.is_pass()), "{moves:?}");
        let mut quiet = Vec::new();
        OnitamaEval::default().for_each_quiet_move(&pos, |mv, _| quiet.push(mv));
        assert_eq!(quiet, moves.to_vec());
        let mut noisy = Vec::new();
        OnitamaEval::default().for_each_noisy_move(&pos, |mv, _| noisy.push(mv));
        assert!(noisy.is_empty(), "{noisy:?}");
    }

    #[test]
    fn the_tablebase_wrapper_keeps_the_staged_moves() {
        type Wrapped = game_engines::WithOracle<Position, OnitamaEval>;
        let wrapped = Wrapped::new(OnitamaEval::default(), "wrapped", |_: &Position| None);
        assert!(wrapped.noisy_moves_first());
        let pos = Position::start();
        let (mut inner, mut outer) = (Vec::new(), Vec::new());
        OnitamaEval::default().for_each_quiet_move(&pos, |mv, order| inner.push((mv, order)));
        wrapped.for_each_quiet_move(&pos, |mv, order| outer.push((mv, order)));
        assert_eq!(inner, outer);
        assert_eq!(
            outer.len(),
            pos.legal_moves().len(),
            "no capture from the start"
        );
    }

    #[test]
    fn fast_paths_match_the_definition() {
        let mut rng = SplitMix64::new(7);
        let weights = [[100, 60, 6, 2, 1], [3, 5, 7, 11, 13]];
        // The shipped weights and random ones: `evaluate` is the sum of the features.
        let mut full = vec![OnitamaEval::default()];
        for _ in 0..3 {
            let random: [i32; WEIGHTS] =
                core::array::from_fn(|_| (rng.next_u64() % 201) as i32 - 100);
            full.push(OnitamaEval::with_weights(random));
        }
        let five = weights.map(|w| OnitamaEval::from_weights(&w).expect("five weights"));
        let hand_set = OnitamaEval::hand_set();
        let (mut positions, mut without_noisy) = (0, 0);
        for game in 0..300 {
            let mut pos = Position::from_deal(Deal::random(rng.next_u64()));
            while !pos.is_over() {
                for (w, eval) in weights.iter().zip(&five) {
                    assert_eq!(
                        eval.evaluate(&pos),
                        evaluate(*w, &pos),
                        "{pos} (game {game})"
                    );
                }
                let features = OnitamaEval::features(&pos);
                for eval in &full {
                    let sum: i32 = features
                        .iter()
                        .zip(eval.weights())
                        .map(|(&f, &w)| i32::from(f) * w)
                        .sum();
                    assert_eq!(eval.evaluate(&pos), sum, "{pos} (game {game})");
                }
                let moves = pos.legal_moves();
                for &mv in &moves {
                    let eval = &hand_set;
                    assert_eq!(
                        eval.move_order(&pos, mv),
                        move_order(&pos, mv),
                        "{pos} {mv}"
                    );
                    assert_eq!(eval.is_noisy(&pos, mv), is_noisy(&pos, mv), "{pos} {mv}");
                }
                // noisy_moves_first: every noisy move is ordered before every quiet one.
                let eval = &hand_set;
                let order = |noisy: bool| {
                    moves
                        .iter()
                        .filter(move |&&mv| is_noisy(&pos, mv) == noisy)
                        .map(|&mv| eval.move_order(&pos, mv))
                };
                if let (Some(lowest_noisy), Some(highest_quiet)) =
                    (order(true).min(), order(false).max())
                {
                    assert!(lowest_noisy > highest_quiet, "{pos}");
                }
                // The staged generators: the same moves in the same order as the filtered legal
                // moves, each with the order `move_order` gives it.
                let mut noisy = Vec::new();
                eval.for_each_noisy_move(&pos, |mv, order| noisy.push((mv, order)));
                let filtered: Vec<(Move, i32)> = moves
                    .iter()
                    .filter(|&&mv| is_noisy(&pos, mv))
                    .map(|&mv| (mv, move_order(&pos, mv)))
                    .collect();
                assert_eq!(noisy, filtered, "{pos}");
                // The stand-pat: the evaluation, and whether that generation finds anything.
                for eval in &full {
                    let expected = StandPat {
                        value: eval.evaluate(&pos),
                        any_noisy: !filtered.is_empty(),
                    };
                    assert_eq!(eval.evaluate_for_quiescence(&pos), expected, "{pos}");
                    // In one call: the value, then the same noisy moves, when asked for.
                    for wanted in [true, false] {
                        let mut seen = None;
                        let mut moves = Vec::new();
                        let value = eval.evaluate_with_noisy_moves(
                            &pos,
                            |v| {
                                seen = Some(v);
                                wanted
                            },
                            |mv, order| moves.push((mv, order)),
                        );
                        assert_eq!(value, expected.value, "{pos}");
                        // Asked only where there is something to generate.
                        assert_eq!(seen.is_some(), expected.any_noisy, "{pos}");
                        assert!(seen.is_none_or(|v| v == value), "{pos}");
                        let generated = if wanted { filtered.clone() } else { Vec::new() };
                        assert_eq!(moves, generated, "{pos}");
                    }
                }
                without_noisy += usize::from(filtered.is_empty());
                let mut quiet = Vec::new();
                eval.for_each_quiet_move(&pos, |mv, order| quiet.push((mv, order)));
                let filtered: Vec<(Move, i32)> = moves
                    .iter()
                    .filter(|&&mv| !is_noisy(&pos, mv))
                    .map(|&mv| (mv, move_order(&pos, mv)))
                    .collect();
                assert_eq!(quiet, filtered, "{pos}");
                let mv = moves[(rng.next_u64() % moves.len() as u64) as usize];
                pos.play_unchecked(mv);
                positions += 1;
            }
        }
        assert!(positions > 3000, "{positions}");
        // Both answers of the stand-pat's `any_noisy` were checked, each many times.
        assert!(
            without_noisy > 300 && positions - without_noisy > 300,
            "{without_noisy} of {positions}"
        );
    }
}
