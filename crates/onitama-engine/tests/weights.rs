//! The shipped weights: they load, they differ from the hand-set ones, and they beat them at a
//! fixed depth over many random deals; weights files with mistakes are rejected with the line.

use abstract_game::record::GameRecord;
use game_engines::matches::{MatchConfig, play_match};
use game_engines::{AlphaBeta, Level};
use onitama_core::{Deal, Position};
use onitama_engine::{
    OnitamaEval, SHIPPED_WEIGHTS, WEIGHTS, WEIGHTS_WITHOUT_CARD_SQUARES, weight_names,
};

#[test]
fn the_shipped_weights_load_and_are_the_default() {
    let shipped = OnitamaEval::from_weights_text(SHIPPED_WEIGHTS).expect("the shipped file");
    assert_eq!(shipped, OnitamaEval::default());
    assert_ne!(
        shipped,
        OnitamaEval::hand_set(),
        "the shipped weights are tuned"
    );
    assert!(SHIPPED_WEIGHTS.contains("# Made by: games tune onitama"));
    assert_eq!(weight_names().len(), WEIGHTS);
}

#[test]
fn the_shipped_weights_beat_the_hand_set_ones_at_a_fixed_depth() {
    let openings: Vec<GameRecord<Position>> = (0..40)
        .map(|seed| GameRecord::new(Position::from_deal(Deal::random(1000 + seed))))
        .collect();
    let config = MatchConfig {
        games: 2 * openings.len(),
        limits: game_engines::Limits::depth(4),
        max_plies: 200,
        repetitions: 3,
    };
    let mut tuned = AlphaBeta::new(Level::Max.config(), OnitamaEval::default());
    let mut hand_set = AlphaBeta::new(Level::Max.config(), OnitamaEval::hand_set());
    let report = play_match(&mut tuned, &mut hand_set, &openings, &config, &mut |_| {})
        .expect("the engines give legal moves");
    assert!(report.score() > 0.55, "{report:?}");
}

#[test]
fn mistakes_in_a_weights_file_name_their_line() {
    let good = OnitamaEval::hand_set().to_weights_text("# hand-set\n");
    assert_eq!(
        OnitamaEval::from_weights_text(&good),
        Ok(OnitamaEval::hand_set())
    );
    let cases = [
        (
            good.replacen("student 100", "students 100", 1),
            2,
            "unknown weight",
        ),
        (
            good.replacen("student 100", "student many", 1),
            2,
            "not a whole number",
        ),
        (
            good.replacen("student 100", "student 1 2", 1),
            2,
            "expected NAME VALUE",
        ),
        (format!("{good}reach 3\n"), WEIGHTS + 2, "given twice"),
        (good.replacen("tempo 0\n", "", 1), 0, "no value for tempo"),
        (
            good.replacen("student 100", "student 2147483647", 1),
            2,
            "student: 2147483647 is beyond the largest weight, 1000000",
        ),
    ];
    for (text, line, why) in cases {
        let e = OnitamaEval::from_weights_text(&text).expect_err(why);
        assert_eq!(e.line, line, "{e}");
        assert!(e.to_string().contains(why), "{e}");
    }
}

#[test]
fn a_file_from_before_the_card_square_terms_reads_with_them_zero() {
    let gen2 = include_str!("../weights/onitama-gen2.weights");
    assert!(
        !gen2.contains("_card."),
        "written before the card-square terms"
    );
    let eval = OnitamaEval::from_weights_text(gen2).expect("the second generation");
    let weights = eval.weights();
    assert!(
        weights[..WEIGHTS_WITHOUT_CARD_SQUARES]
            .iter()
            .any(|&w| w != 0)
    );
    assert!(
        weights[WEIGHTS_WITHOUT_CARD_SQUARES..]
            .iter()
            .all(|&w| w == 0)
    );
    // Written again, it has every weight; read back, the same evaluator.
    let text = eval.to_weights_text("");
    assert_eq!(text.lines().count(), WEIGHTS);
    assert_eq!(OnitamaEval::from_weights_text(&text), Ok(eval));
    // Some card-square weights but not all: the first one missing is named.
    let partial = format!("{gen2}student_card.boar.a1 3\n");
    let e = OnitamaEval::from_weights_text(&partial).expect_err("partial");
    assert_eq!(e.line, 0, "{e}");
    assert!(
        e.to_string().contains("no value for student_card.boar.b1"),
        "{e}"
    );
}

#[test]
fn the_shipped_weights_use_the_card_square_terms() {
    let shipped = OnitamaEval::default();
    let card_squares = &shipped.weights()[WEIGHTS_WITHOUT_CARD_SQUARES..];
    assert!(card_squares.iter().filter(|&&w| w != 0).count() > 400);
}

#[cfg(feature = "tablebase")]
#[test]
fn a_deal_whose_table_the_format_cannot_store_has_none() {
    use onitama_core::Card;
    use onitama_engine::tune::deal_table;
    // Seed 9's 950th random deal: a 4-piece endgame of these cards lasts more than 254 plies.
    let long = [
        Card::Mantis,
        Card::Rooster,
        Card::Cobra,
        Card::Goose,
        Card::Eel,
    ];
    assert!(deal_table(long).expect("no other error").is_none());
    assert!(
        deal_table(Deal::COMMUNITY_A.cards())
            .expect("built")
            .is_some()
    );
}

#[test]
fn the_largest_weights_evaluate_without_overflow() {
    use game_engines::{Evaluator, MAX_WEIGHT};
    let mut rng = abstract_game::rng::SplitMix64::new(5);
    for extreme in [i32::MAX, i32::MIN, MAX_WEIGHT, -MAX_WEIGHT] {
        // Clamped to the largest weight: the same evaluator as with it.
        let eval = OnitamaEval::with_weights([extreme; WEIGHTS]);
        let clamped = OnitamaEval::with_weights([extreme.clamp(-MAX_WEIGHT, MAX_WEIGHT); WEIGHTS]);
        assert_eq!(eval.weights(), clamped.weights());
        for pos in (0..10).flat_map(|_| {
            abstract_game::playout::random_positions(&Position::start(), &mut rng, 60)
        }) {
            // A debug build panics on an overflow.
            assert_eq!(eval.evaluate(&pos), clamped.evaluate(&pos));
        }
    }
}
