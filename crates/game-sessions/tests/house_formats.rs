//! The Onitama house formats, one test per rule: the clock duel, the mirror match, the coaching
//! round, corrections, restarts and repetitions.

use std::time::Duration;

use abstract_game::Notation;
use game_sessions::{
    Format, MatchError, MatchOutcome, MirrorMatch, Participant, Points, Session, SessionError,
    SessionResult, TimeControl, WinningReplies,
};
use onitama_core::{Deal, Position as Onitama, Side};

fn people() -> [Participant; 2] {
    [Participant::person("Ann"), Participant::person("Ben")]
}

const MIN: Duration = Duration::from_secs(60);

fn duel(start: Onitama, control: &str) -> Session<Onitama> {
    let control: TimeControl = control.parse().unwrap();
    Session::new("onitama", start, people(), Format::ClockDuel { control })
}

fn play(s: &mut Session<Onitama>, text: &str) {
    let mv = s.position().parse_move(text).unwrap();
    s.play(mv).unwrap();
}

/// Red's Master on c4 can take Blue's Master on c5 with the boar: a win by the Way of the Stone.
fn red_wins_next() -> Onitama {
    "2m2/2M2/5/5/5 boar,ox crab,eel tiger r".parse().unwrap()
}

#[test]
fn the_clock_duel_defaults_to_five_minutes_without_increment() {
    let control = TimeControl::default();
    assert_eq!(control.initial, 5 * MIN);
    assert_eq!(control.increment, Duration::ZERO);
    let s = duel(Onitama::start(), "5m");
    let clock = s.clock().unwrap();
    assert_eq!(clock.remaining(Side::Red), 5 * MIN);
    assert_eq!(clock.remaining(Side::Blue), 5 * MIN);
}

#[test]
fn the_movers_clock_runs_until_the_turn_is_complete_then_the_increment() {
    let mut s = duel(Onitama::start(), "5m+2s");
    // Community set A: Blue starts.
    assert_eq!(s.to_move(), Some(Side::Blue));
    s.tick(Duration::from_secs(10));
    play(&mut s, "ox:c5c4");
    s.tick(Duration::from_secs(3));
    let clock = s.clock().unwrap();
    assert_eq!(clock.remaining(Side::Blue), Duration::from_secs(292));
    assert_eq!(clock.remaining(Side::Red), Duration::from_secs(297));
}

#[test]
fn a_player_whose_time_runs_out_loses() {
    let mut s = duel(Onitama::start(), "1m");
    s.tick(Duration::from_secs(30));
    assert_eq!(
        s.tick(Duration::from_secs(30)),
        Some(SessionResult::OnTime { winner: Side::Red })
    );
    assert_eq!(s.result().unwrap().to_string(), "blue loses on time");
    assert!(matches!(
        s.play(Onitama::start().legal_moves()[0]),
        Err(SessionError::Over { .. })
    ));
    assert_eq!(s.undo(), Err(SessionError::FlagDown));
}

#[test]
fn expiry_after_a_winning_move_the_win_stands() {
    let mut s = duel(red_wins_next(), "1m");
    s.tick(Duration::from_secs(59));
    play(&mut s, "boar:c4c5");
    let win = s.result().unwrap();
    assert_eq!(win.to_string(), "red wins by way of the stone");
    assert_eq!(
        s.tick(10 * MIN),
        None,
        "the clock stopped with the winning move"
    );
    assert_eq!(s.result(), Some(win));
    assert_eq!(
        s.clock().unwrap().remaining(Side::Red),
        Duration::from_secs(1)
    );
}

#[test]
fn an_agreed_draw_stays_a_draw() {
    let mut s = duel(Onitama::start(), "1m");
    s.agree_draw().unwrap();
    assert_eq!(s.tick(5 * MIN), None);
    assert_eq!(s.result(), Some(SessionResult::DrawAgreed));
}

#[test]
fn both_flags_down_is_a_draw() {
    let mut s = duel(Onitama::start(), "1m");
    assert!(s.both_flags_down());
    let result = s.result().unwrap();
    assert_eq!(result, SessionResult::BothFlagsDown);
    assert!(result.is_draw());
    assert_eq!(result.points(Side::Red), Some(Points::HALF));
    assert!(!s.both_flags_down(), "already over");
}

#[test]
fn a_correction_pauses_both_clocks_and_charges_no_time() {
    let mut s = duel(Onitama::start(), "5m");
    s.tick(Duration::from_secs(20));
    play(&mut s, "ox:c5c4");
    s.tick(Duration::from_secs(5));
    let before = s.clock().unwrap().clone();
    // The wrong move is noticed: both clocks stop while the players sort it out.
    s.pause();
    s.tick(3 * MIN);
    assert_eq!(s.clock().unwrap(), &{
        let mut c = before.clone();
        c.pause();
        c
    });
    // One undo restores the last agreed position; Blue's clock runs again for the replay.
    assert_eq!(s.correct(), Ok(1));
    assert_eq!(s.position(), &Onitama::start());
    assert!(!s.clock().unwrap().is_paused());
    assert_eq!(
        s.clock().unwrap().remaining(Side::Red),
        before.remaining(Side::Red)
    );
    assert_eq!(
        s.clock().unwrap().remaining(Side::Blue),
        before.remaining(Side::Blue)
    );
    s.tick(Duration::from_secs(1));
    assert_eq!(
        s.clock().unwrap().remaining(Side::Blue),
        before
            .remaining(Side::Blue)
            .saturating_sub(Duration::from_secs(1))
    );
}

#[test]
fn a_restart_without_a_result_is_an_abandoned_game() {
    let mut s = Session::new("onitama", Onitama::start(), people(), Format::Casual);
    play(&mut s, "ox:c5c4");
    s.abandon().unwrap();
    assert_eq!(s.result(), Some(SessionResult::Abandoned));
    assert!(s.record().to_string().ends_with(" abandoned"));
}

#[test]
fn repetitions_count_pawns_hands_side_card_and_mover() {
    // The position text holds exactly the pawns, both hands, the side card and the mover.
    let mut rng = abstract_game::rng::SplitMix64::new(5);
    let mut same_board_only = 0;
    for game in 0..20 {
        let start = Onitama::from_deal(Deal::random(game));
        let mut s = Session::new("onitama", start, people(), Format::Casual);
        for _ in 0..200 {
            if s.is_over() {
                break;
            }
            // Seek repetitions: a move back to a position seen before if there is one.
            let moves = s.legal_moves();
            let seen: Vec<&Onitama> = s.record().positions().iter().collect();
            let back = moves.iter().copied().find(|&mv| {
                let next = s.position().after(mv).unwrap();
                seen.contains(&&next)
            });
            let mv = back.unwrap_or(moves[rng.below(moves.len())]);
            s.play(mv).unwrap();
            let text = s.position().position_text();
            let board = text.split(' ').next().unwrap().to_owned();
            let texts: Vec<String> = s
                .record()
                .positions()
                .iter()
                .map(Notation::position_text)
                .collect();
            let same = texts.iter().filter(|t| **t == text).count();
            assert_eq!(s.repetitions(), same);
            same_board_only += usize::from(
                same == 1
                    && texts
                        .iter()
                        .any(|t| t.split(' ').next() == Some(&board) && *t != text),
            );
        }
    }
    // The games met positions with the same board as an earlier one but other cards or another
    // mover, and counted them once each. (None of these games repeats a whole position: a move
    // back never restores the cards. The cycle below does.)
    assert!(
        same_board_only > 0,
        "no position repeated an earlier board with other cards"
    );

    // A cycle: Red keeps the boar and Blue the crab; tiger, ox and horse rotate, and each Master
    // goes two forward and twice one back.
    let start: Onitama = "5/2m2/5/5/2M2 boar,tiger crab,ox horse r".parse().unwrap();
    let mut s = Session::new("onitama", start, people(), Format::Casual);
    let cycle = [
        "tiger:c1c3",
        "ox:c4c5",
        "horse:c3c2",
        "tiger:c5c3",
        "ox:c2c1",
        "horse:c3c4",
    ];
    let mut counts = Vec::new();
    for text in cycle.iter().chain(&cycle) {
        play(&mut s, text);
        counts.push(s.repetitions());
    }
    assert_eq!(counts, [1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 3]);
}

#[test]
fn the_mirror_match_restores_the_deal_and_swaps_seats() {
    let start = Onitama::from_deal(Deal::COMMUNITY_B); // the frog's stamp: Red starts
    let players = [Participant::person("Ann"), Participant::person("Ben")];
    let mut m = MirrorMatch::new("onitama", start, players.clone(), Format::Casual).unwrap();
    assert_eq!(m.game_number(), 1);
    assert_eq!(m.current().participant(Side::Red), &players[0]);
    play(m.current_mut(), "tiger:c1c3");
    assert!(matches!(m.next_game(), Err(MatchError::GameInProgress)));
    m.current_mut().resign(Side::Blue).unwrap(); // Ben resigns: Ann 1
    let second = m.next_game().unwrap();
    assert_eq!(
        second.record().start(),
        &start,
        "exactly the original deal and side card"
    );
    assert_eq!(second.record().ply(), 0);
    assert_eq!(second.participant(Side::Red), &players[1]);
    assert_eq!(second.participant(Side::Blue), &players[0]);
    assert_eq!(MirrorMatch::<Onitama>::side_of(0, 2), Side::Blue);
    second.agree_draw().unwrap();
    assert_eq!(m.points(0), Points(3));
    assert_eq!(m.points(1), Points::HALF);
    assert_eq!(m.outcome(), Some(MatchOutcome::Won { winner: 0 }));
    assert!(
        matches!(m.next_game(), Err(MatchError::MatchOver)),
        "no third game"
    );
    let table = m.table();
    assert!(table.contains("1½"), "{table}");
    assert!(table.contains("match: Ann wins"), "{table}");
    // The columns line up: each participant's column starts at the same place on every line.
    let lines: Vec<Vec<char>> = table.lines().take(3).map(|l| l.chars().collect()).collect();
    let second_column = table.find("Ben").expect("the header names Ben"); // ASCII so far
    assert_eq!(table.find("Ann"), Some(6), "{table}");
    for line in &lines[1..] {
        assert_ne!(line[6], ' ', "{table}");
        assert_eq!(line[second_column - 1], ' ', "{table}");
        assert_ne!(line[second_column], ' ', "{table}");
    }
    let again = MirrorMatch::<Onitama>::from_json(&m.to_json()).unwrap();
    assert_eq!(again, m);
}

#[test]
fn the_same_colour_starts_both_mirror_games() {
    for deal in [Deal::COMMUNITY_A, Deal::COMMUNITY_B, Deal::random(9)] {
        let start = Onitama::from_deal(deal);
        let mut m = MirrorMatch::new("onitama", start, people(), Format::Casual).unwrap();
        let first = m.current().to_move().unwrap();
        let first_person = m.current().participant(first).clone();
        m.current_mut().agree_draw().unwrap();
        let second = m.next_game().unwrap();
        assert_eq!(second.to_move(), Some(first), "{deal}");
        assert_eq!(first, deal.first_player());
        assert_ne!(
            second.participant(first),
            &first_person,
            "each person starts once"
        );
    }
}

#[test]
fn a_tied_mirror_match() {
    let mut m = MirrorMatch::new("onitama", Onitama::start(), people(), Format::Casual).unwrap();
    m.current_mut().resign(Side::Red).unwrap(); // Ann (Red) resigns: Ben 1
    m.next_game().unwrap().resign(Side::Red).unwrap(); // Ben (Red now) resigns: Ann 1
    assert_eq!((m.points(0), m.points(1)), (Points::ONE, Points::ONE));
    assert_eq!(m.outcome(), Some(MatchOutcome::Tied));
    assert!(m.table().contains("match: tied"));
}

#[test]
fn an_abandoned_mirror_game_is_replayed_with_the_same_seats() {
    let mut m = MirrorMatch::new("onitama", Onitama::start(), people(), Format::Casual).unwrap();
    play(m.current_mut(), "ox:c5c4");
    m.current_mut().abandon().unwrap();
    let again = m.next_game().unwrap();
    assert_eq!(again.record().ply(), 0);
    assert_eq!(m.game_number(), 1);
    assert_eq!(m.points(0), Points::ZERO);
}

#[test]
fn mirror_games_under_the_clock_start_with_full_clocks() {
    let control = "1m".parse().unwrap();
    let mut m = MirrorMatch::new(
        "onitama",
        Onitama::start(),
        people(),
        Format::ClockDuel { control },
    )
    .unwrap();
    m.current_mut().tick(2 * MIN);
    assert!(m.current().is_over());
    let second = m.next_game().unwrap();
    assert_eq!(second.clock().unwrap().remaining(Side::Blue), MIN);
    assert!(matches!(
        MirrorMatch::new("onitama", Onitama::start(), people(), Format::Coaching),
        Err(MatchError::Coaching)
    ));
}

#[test]
fn coaching_candidates_leave_the_position_unchanged() {
    let mut s = Session::new("onitama", red_wins_next(), people(), Format::Coaching);
    let before = s.clone();
    // Red's ox sidestep lets nothing win; the tiger move walks away from the capture.
    let quiet = s.position().parse_move("ox:c4d4").unwrap();
    let report = s.propose(&WinningReplies, quiet).unwrap();
    assert_eq!(report.candidate, quiet);
    assert_eq!(s.position(), before.position());
    assert_eq!(s.record(), before.record());
    assert_eq!(s.candidate(), Some(quiet));
    // Revised freely: the winning capture replaces it.
    let win = s.position().parse_move("boar:c4c5").unwrap();
    let report = s.propose(&WinningReplies, win).unwrap();
    assert!(report.ends_game.is_some() && report.threats.is_empty());
    assert_eq!(s.record(), before.record());
    // An illegal candidate is refused and the last one stays.
    let bad = s.position().parse_move("ox:c4a4").unwrap();
    assert!(matches!(
        s.propose(&WinningReplies, bad),
        Err(SessionError::Illegal(_))
    ));
    assert_eq!(s.candidate(), Some(win));
    // Only commit plays it.
    s.commit().unwrap();
    assert_eq!(
        s.result().unwrap().to_string(),
        "red wins by way of the stone"
    );
    assert!(s.clock().is_none(), "no clocks in the coaching round");
    assert_eq!(s.commit(), Err(SessionError::NoCandidate));
}

#[test]
fn a_coaching_game_ends_normally_or_by_agreed_draw() {
    let mut s = Session::new("onitama", Onitama::start(), people(), Format::Coaching);
    let mv = s.legal_moves()[0];
    s.propose(&WinningReplies, mv).unwrap();
    s.agree_draw().unwrap();
    assert_eq!(s.result(), Some(SessionResult::DrawAgreed));
    assert_eq!(s.candidate(), None);
}

/// A saved mirror match is checked as a whole: game two after game one's result, from the same
/// start, with the sides swapped, in the same format, never the coaching round.
#[test]
fn inconsistent_mirror_matches_do_not_load() {
    use abstract_game::tictactoe::{Mark, TicTacToe};
    let people = [Participant::person("Ann"), Participant::person("Ben")];
    let mut m = MirrorMatch::new("tictactoe", TicTacToe::new(), people, Format::Casual).unwrap();
    m.current_mut().resign(Mark::O).unwrap();
    m.next_game().unwrap();
    let json = m.to_json();
    assert_eq!(MirrorMatch::<TicTacToe>::from_json(&json).unwrap(), m);
    let fails = |text: &str, why: &str| {
        assert_ne!(text, json, "{why}: the file was not changed");
        let error = MirrorMatch::<TicTacToe>::from_json(text).unwrap_err();
        assert!(error.to_string().contains(why), "{error} ({why})");
    };
    // Game one still running while game two exists.
    fails(&json.replacen(" resign:o", "", 1), "game 1 has no result");
    // Game two from another start.
    let other = json.replacen("\".../.../... x\",", "\".../.x./... o\",", 1);
    fails(&other, "game 1's start");
    // Game two with the sides not swapped.
    let game_two = json.rfind("\"game\": \"tictactoe\"").unwrap();
    let (head, tail) = json.split_at(game_two);
    let tail = tail
        .replace("\"Ann\"", "\"X\"")
        .replace("\"Ben\"", "\"Ann\"")
        .replace("\"X\"", "\"Ben\"");
    let unswapped = format!("{head}{tail}");
    fails(&unswapped, "is played by");
    // The coaching round, and two formats.
    fails(
        &json.replace("\"casual\"", "\"coaching\""),
        "coaching round",
    );
    let last = json.rfind("\"casual\"").unwrap();
    let mut mixed = json.clone();
    mixed.replace_range(last..last + 8, "\"coaching\"");
    fails(&mixed, "the same format");
}
