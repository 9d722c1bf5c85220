//! Saved games written before the participants had one name (`"seats"` in a session,
//! `"players"` in a mirror match) still load; new files say `"participants"`.

use game_sessions::{MirrorMatch, Participant, Play, Session};
use kamisado_core::{Position as Kamisado, Side as KamisadoSide};
use onitama_core::{Position as Onitama, Side};

/// A Kamisado session against an engine, two moves in, as the first versions wrote it.
const OLD_SESSION: &str = r#"{
  "game": "kamisado",
  "seats": [{"kind": "person", "name": "Ann"}, {"kind": "engine", "spec": "easy"}],
  "format": {"format": "casual"},
  "record": "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - - c1a3 b8h2",
  "redo": [],
  "clock": null,
  "flag": null,
  "candidate": null
}"#;

/// An Onitama mirror match in game two (Blue resigned game one), as the first versions wrote it.
const OLD_MATCH: &str = r#"{
  "players": [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Ben"}],
  "games": [
    {"game": "onitama",
     "seats": [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Ben"}],
     "format": {"format": "casual"}, "record": "elephant,horse,boar,ox,crab resign:blue",
     "redo": [], "clock": null, "flag": null, "candidate": null},
    {"game": "onitama",
     "seats": [{"kind": "person", "name": "Ben"}, {"kind": "person", "name": "Ann"}],
     "format": {"format": "casual"}, "record": "elephant,horse,boar,ox,crab ox:c5c4",
     "redo": [], "clock": null, "flag": null, "candidate": null}
  ]
}"#;

fn ann_and_ben() -> [Participant; 2] {
    [Participant::person("Ann"), Participant::person("Ben")]
}

#[test]
fn an_old_session_with_seats_loads() {
    let s = Session::<Kamisado>::from_json(OLD_SESSION).unwrap();
    assert_eq!(
        s.participants(),
        &[Participant::person("Ann"), Participant::engine("easy")]
    );
    assert_eq!(s.participant(KamisadoSide::Gold).name(), "easy");
    assert_eq!(s.record().ply(), 2);
    let json = s.to_json();
    assert!(json.contains("\"participants\""), "{json}");
    assert!(!json.contains("\"seats\""), "{json}");
    assert_eq!(Session::<Kamisado>::from_json(&json).unwrap(), s);
}

#[test]
fn an_old_mirror_match_with_players_loads() {
    let m = MirrorMatch::<Onitama>::from_json(OLD_MATCH).unwrap();
    assert_eq!(m.participants(), &ann_and_ben());
    assert_eq!(m.game_number(), 2);
    assert_eq!(m.games()[0].participant(Side::Red).name(), "Ann");
    assert_eq!(m.current().participant(Side::Red).name(), "Ben");
    assert_eq!(m.current().record().ply(), 1);
    let json = m.to_json();
    assert!(!json.contains("\"players\""), "{json}");
    assert!(!json.contains("\"seats\""), "{json}");
    assert_eq!(json.matches("\"participants\"").count(), 3, "{json}");
    assert_eq!(MirrorMatch::<Onitama>::from_json(&json).unwrap(), m);
}

#[test]
fn the_participants_are_required() {
    let without = OLD_SESSION.replace("\"seats\"", "\"people\"");
    assert!(Session::<Kamisado>::from_json(&without).is_err());
}

#[test]
fn old_files_load_as_a_play() {
    let text = format!("{{\"session\": {OLD_SESSION}}}");
    let Play::Single(s) = Play::<Kamisado>::from_json(&text, "kamisado").unwrap() else {
        panic!("a session file is a single session")
    };
    assert_eq!(s, Session::<Kamisado>::from_json(OLD_SESSION).unwrap());

    let text = format!("{{\"mirror_match\": {OLD_MATCH}}}");
    let p = Play::<Onitama>::from_json(&text, "onitama").unwrap();
    assert_eq!(p.participants(), &ann_and_ben());
    assert_eq!(p.sides(), [Side::Blue, Side::Red], "game two");
    assert_eq!(
        p,
        Play::Mirror(MirrorMatch::<Onitama>::from_json(OLD_MATCH).unwrap())
    );
}
