//! The protocol logic of the Litama-compatible Onitama endpoint, without any networking: a
//! [`Hub`] takes one text command at a time and returns a [`Response`] that says what to store
//! and what to send to whom. The WebSocket glue and the database live elsewhere.
//!
//! Litama is the server that existing Onitama bots and a web client speak to. They send plain
//! text commands and read compact JSON objects back; the shapes and the error texts below are
//! the ones those clients rely on, so they are kept to the letter (keys in the same order, no
//! whitespace).
//!
//! # Commands
//!
//! | command | answer to the sender | then |
//! |---|---|---|
//! | `create <username>` | `{"messageType":"create","matchId":ID,"token":TOKEN,"index":0}` | |
//! | `join <matchId> <username>` | `{"messageType":"join","matchId":ID,"token":TOKEN,"index":1}` | the state to the match's subscribers |
//! | `state <matchId>` | the state | |
//! | `spectate <matchId>` | `{"messageType":"spectate","matchId":ID}`, then the state | the sender is subscribed |
//! | `move <matchId> <token> <card> <from><to>` | `{"messageType":"move","matchId":ID}` | the state to the match's subscribers |
//!
//! A username is the rest of the command after the word (or after the match id): one to 64
//! characters, spaces allowed, no control characters. Match ids are 24 lowercase hex digits and
//! tokens 64, both drawn from the hub's source of randomness. Cards are their lowercase names,
//! squares a file `a`..`e` and a rank `1`..`5` on Litama's board.
//!
//! On `join` the hub deals five different cards at random ([`onitama_core::Deal::random`] from a
//! random seed) and gives the creator a random colour; the side card's stamp names the colour
//! that moves first. A player must `spectate` the own match to hear about the opponent's moves.
//!
//! # The state object
//!
//! Before the second player comes: `{"messageType":"state","matchId":ID,"gameState":"waiting
//! for player","usernames":{"blue":NAME,"red":NAME}}` with the creator's name twice. After:
//!
//! ```text
//! {"messageType":"state","matchId":ID,"usernames":{"blue":NAME,"red":NAME},
//!  "indices":{"blue":0|1,"red":0|1},"currentTurn":"blue"|"red",
//!  "cards":{"blue":[C,C],"red":[C,C],"side":C},"startingCards":{...the same keys...},
//!  "moves":["boar:a1a2",...],"board":"<25 digits>","gameState":"in progress"|"ended",
//!  "winner":"blue"|"red"|"none"}
//! ```
//!
//! (shown on several lines here; sent on one). `indices` gives the colour of the creator (0) and
//! of the joiner (1). Within a hand, a card taken from the side slot takes the place of the card
//! given away, as in Litama. `board` lists Litama's squares `a1`, `b1`, .. `e1`, `a2`, .. `e5`:
//! `0` empty, `1` Blue student, `2` Blue master, `3` Red student, `4` Red master; the start is
//! `1121100000000000000033433`. After a winning move `currentTurn` names the loser, as in every
//! finished position of `onitama_core`, and no card changes hands.
//!
//! # Orientation
//!
//! Litama's Blue starts on rank 1, ours on rank 5. Squares are translated by a half turn of the
//! board (Litama `a1` is our `e5`, Litama `c1` our `c5`); colours keep their names and cards
//! need no translation, since a card is read from its holder's seat either way.
//!
//! # Errors
//!
//! An error goes to the sender only and changes nothing:
//! `{"messageType":"error","matchId":ID_OR_EMPTY,"error":TEXT,"command":NAME}`. `command` is the
//! command's word (`join`, `move`, ..); for an unknown command, or a known one with the wrong
//! number of fields or an unacceptable username, it is the whole text received and the error is
//! `Invalid command sent`. `matchId` is the id as given (empty for `create` and unknown
//! commands). The texts, in the order a `move` is checked:
//!
//! - `matchId was in an incorrect format`: not 24 lowercase hex digits;
//! - `Match not found`;
//! - `Not allowed to join`: the match already has two players;
//! - `Game ended`: `move` or `spectate` on a finished match (a client then asks for `state`);
//! - `Token is incorrect`: the token is neither player's;
//! - `Cannot move when it is not your turn` (also before the second player has joined);
//! - `'move' or 'card' not given properly`: not a card name, or not two squares nor `pass`;
//! - `Cannot move opponent's pieces or empty squares`;
//! - `Invalid move`: the card is not in the mover's hand, the step is not on the card or lands on
//!   an own piece, or a pass while a move exists.
//!
//! # Our extensions
//!
//! - **The forced pass** (Litama has none, so its games stall): `move <matchId> <token> <card>
//!   pass` gives `card` away and takes the side card without moving a piece. It is legal only
//!   when the player has no move with either card; the state then lists it as `card:pass`.
//! - **A limit on the number of matches** ([`Hub::set_max_matches`], default
//!   [`DEFAULT_MAX_MATCHES`]): a `create` beyond it is answered with the error text
//!   [`SERVER_FULL`] (`matchId` empty, `command` `create`).
//! - Should the source of randomness give a match id or token that is already in use several
//!   times in a row, `create` or `join` is answered with the error text [`NO_FRESH_ID`].
//!
//! # What the glue does with a [`Response`]
//!
//! For every command, while holding the hub (no other command may be handled in between):
//!
//! 1. if [`Response::persist`] is set, store the JSON under the match id (replacing the old
//!    row) **before** anything is sent, so that an acknowledged move survives a crash;
//! 2. send every [`Response::to_sender`] message to the sender, in order;
//! 3. if [`Response::broadcast`] is set, send its message to every socket subscribed to that
//!    match, the sender included if it is subscribed;
//! 4. if [`Response::subscribe`] is set, add the sender to that match's subscribers (adding a
//!    socket twice must not make it receive messages twice).
//!
//! A `spectate` answer carries both its acknowledgement and the state in `to_sender` and has no
//! broadcast, so the sender gets each exactly once; since the subscription is made before the
//! hub is released, the sender misses no later state. The hub does not track sockets:
//! subscriptions (by [`ConnId`]) and their removal when a socket closes are the glue's.
//! [`Hub::expire`] returns the ids of the matches it dropped, so the glue can delete their rows
//! and their subscriptions.
//!
//! # The saved JSON
//!
//! [`Response::persist`] carries one compact object per match, read back by [`Hub::restore`]:
//!
//! ```text
//! {"format":"litama-match","version":1,"matchId":ID,"lastActiveMs":MS,
//!  "creator":{"username":NAME,"token":TOKEN},
//!  "joiner":null|{"username":NAME,"token":TOKEN},
//!  "creatorColour":null|"blue"|"red",
//!  "startingCards":null|{"blue":[C,C],"red":[C,C],"side":C},
//!  "session":null|SESSION}
//! ```
//!
//! The last four are `null` together while the match waits for its second player. `SESSION` is
//! the [`game_sessions::Session`] save of the game (its record holds the start and every move;
//! its participants the usernames, by our side index). `lastActiveMs` is the time of the last `create`,
//! `join` or `move`: only those change a match, so only they count as activity for
//! [`Hub::expire`]; `state` and `spectate` do not.

mod coords;
mod matches;
mod messages;
mod store;
mod validate;

use std::collections::BTreeMap;
use std::fmt;

use game_sessions::{Format, Participant, Session};
use onitama_core::{Deal, Move, Position, Side};

use coords::{MoveSquares, card_from_name, parse_move_squares};
use matches::{Cards, Game, Match, Player};
use messages::{Ack, ErrorJson, Seated, to_json};
use validate::{hex, same_token};
pub(crate) use validate::{is_match_id, is_username};

/// The glue's name for one WebSocket connection, to keep its table of subscriptions. The hub
/// itself never sees connections: a [`Response`] always concerns the sender of the command.
pub type ConnId = u64;

/// A source of unpredictable bytes: it fills the whole buffer it is given each time, or fails
/// (the system's source is unavailable), and the hub then makes no match id, token or deal.
pub type RandomSource = Box<dyn FnMut(&mut [u8]) -> Result<(), RandomUnavailable> + Send>;

/// The source of randomness failed: `create` and `join` are answered with [`NO_FRESH_ID`]
/// (the hub fails closed rather than hand out guessable ids and tokens).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the source of random numbers failed")]
pub struct RandomUnavailable;

/// The number of matches a [`Hub`] holds at most unless told otherwise
/// ([`Hub::set_max_matches`]).
pub const DEFAULT_MAX_MATCHES: usize = 10_000;

/// The error text of a `create` when the hub already holds its most matches (our extension).
pub const SERVER_FULL: &str = "Too many matches on this server, try again later";

/// The error text of a `create` or `join` when no unused match id or token could be drawn, or
/// the source of randomness failed (our extension; only a broken source causes it).
pub const NO_FRESH_ID: &str = "Could not draw a fresh id, try again";

/// How many times a fresh match id or token is drawn before giving up.
const DRAW_ATTEMPTS: usize = 8;

pub(crate) const INVALID_COMMAND: &str = "Invalid command sent";
const BAD_MATCH_ID: &str = "matchId was in an incorrect format";
const NOT_FOUND: &str = "Match not found";
const NOT_ALLOWED_TO_JOIN: &str = "Not allowed to join";
const GAME_ENDED: &str = "Game ended";
const BAD_TOKEN: &str = "Token is incorrect";
const BAD_MOVE_FIELDS: &str = "'move' or 'card' not given properly";
const NOT_YOUR_TURN: &str = "Cannot move when it is not your turn";
const NOT_YOUR_PIECE: &str = "Cannot move opponent's pieces or empty squares";
const INVALID_MOVE: &str = "Invalid move";

/// What the glue must do after one command; see the [module documentation](self) for the order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Response {
    /// The match id and the match's new saved JSON, to store before anything is sent.
    pub persist: Option<(String, String)>,
    /// Messages for the sender, in this order.
    pub to_sender: Vec<String>,
    /// A match id and a message for every socket subscribed to that match.
    pub broadcast: Option<(String, String)>,
    /// A match id the sender is to be subscribed to, after the messages are sent.
    pub subscribe: Option<String>,
}

impl Response {
    fn reply(message: String) -> Response {
        Response {
            to_sender: vec![message],
            ..Response::default()
        }
    }

    fn error(text: &str, match_id: &str, command: &str) -> Response {
        Response::reply(to_json(&ErrorJson {
            message_type: "error",
            match_id,
            error: text,
            command,
        }))
    }
}

/// Why [`Hub::restore`] refused a saved match.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LitamaError {
    /// The id is not 24 lowercase hex digits.
    #[error("the match id {0:?} is not 24 lowercase hex digits")]
    BadMatchId(String),
    /// A match with this id is already in the hub.
    #[error("the match {0} is already loaded")]
    Duplicate(String),
    /// The JSON is not a saved match, or not a consistent one.
    #[error("the saved match {match_id} does not load: {reason}")]
    Invalid {
        /// The id it was stored under.
        match_id: String,
        /// What is wrong with it.
        reason: String,
    },
}

/// All Litama matches of a server, and the rules of the protocol.
///
/// Every input is checked; no input makes it panic.
pub struct Hub {
    matches: BTreeMap<String, Match>,
    random: RandomSource,
    max_matches: usize,
}

impl fmt::Debug for Hub {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Hub")
            .field("matches", &self.matches.len())
            .field("max_matches", &self.max_matches)
            .finish_non_exhaustive()
    }
}

impl Hub {
    /// An empty hub. `random` fills a buffer with unpredictable bytes (the server passes the
    /// system's source, tests a seeded generator); it makes the match ids, the tokens, the deals
    /// and the colours. At most [`DEFAULT_MAX_MATCHES`] matches.
    #[must_use]
    pub fn new(random: RandomSource) -> Hub {
        Hub {
            matches: BTreeMap::new(),
            random,
            max_matches: DEFAULT_MAX_MATCHES,
        }
    }

    /// Sets the most matches the hub holds: a `create` when it holds that many or more is
    /// answered with [`SERVER_FULL`]. Matches already held stay.
    pub fn set_max_matches(&mut self, max: usize) {
        self.max_matches = max;
    }

    /// The most matches the hub holds.
    #[must_use]
    pub fn max_matches(&self) -> usize {
        self.max_matches
    }

    /// The number of matches held (waiting, in progress or ended).
    #[must_use]
    pub fn len(&self) -> usize {
        self.matches.len()
    }

    /// Whether the hub holds no match.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.matches.is_empty()
    }

    /// Handles one text command received at `now_ms` (milliseconds on any clock that the glue
    /// also uses for [`Hub::expire`]).
    pub fn handle(&mut self, command: &str, now_ms: u64) -> Response {
        let invalid = || Response::error(INVALID_COMMAND, "", command);
        let Some((word, rest)) = command.split_once(' ') else {
            return invalid();
        };
        match word {
            "create" if is_username(rest) => self.create(rest, now_ms),
            "join" => match rest.split_once(' ') {
                Some((id, name)) if is_username(name) => self.join(id, name, now_ms),
                _ => invalid(),
            },
            "state" => self.state(rest),
            "spectate" => self.spectate(rest),
            "move" => match rest.split(' ').collect::<Vec<_>>()[..] {
                [id, token, card, squares] => self.play(id, token, card, squares, now_ms),
                _ => invalid(),
            },
            _ => invalid(),
        }
    }

    /// Loads a match saved from [`Response::persist`] (at server start). The limit of
    /// [`Hub::set_max_matches`] does not apply.
    ///
    /// # Errors
    /// [`LitamaError`] if the id is malformed or already loaded, or the JSON is not a
    /// consistent saved match of that id; the hub is then unchanged.
    pub fn restore(&mut self, match_id: &str, json: &str) -> Result<(), LitamaError> {
        if self.matches.contains_key(match_id) {
            return Err(LitamaError::Duplicate(match_id.to_owned()));
        }
        let m = store::decode(match_id, json)?;
        self.matches.insert(match_id.to_owned(), m);
        Ok(())
    }

    /// Drops the matches whose last `create`, `join` or `move` is more than `idle_ms` before
    /// `now_ms`, and returns their ids in ascending order.
    pub fn expire(&mut self, now_ms: u64, idle_ms: u64) -> Vec<String> {
        let old = self.idle(now_ms, idle_ms);
        for id in &old {
            self.matches.remove(id);
        }
        old
    }

    /// Whether the hub holds the match `match_id`.
    #[must_use]
    pub fn contains(&self, match_id: &str) -> bool {
        self.matches.contains_key(match_id)
    }

    /// The ids of the matches whose last `create`, `join` or `move` is more than `idle_ms`
    /// before `now_ms`, in ascending order (the hub keeps them; see [`Hub::remove`]).
    #[must_use]
    pub fn idle(&self, now_ms: u64, idle_ms: u64) -> Vec<String> {
        self.matches
            .iter()
            .filter(|(_, m)| now_ms.saturating_sub(m.last_active_ms) > idle_ms)
            .map(|(id, _)| id.clone())
            .collect()
    }

    /// Drops the match `match_id` from the hub (the glue keeps its saved JSON, and may
    /// [`Hub::restore`] it later); whether the hub held it.
    pub fn remove(&mut self, match_id: &str) -> bool {
        self.matches.remove(match_id).is_some()
    }

    fn random_bytes<const N: usize>(&mut self) -> Option<[u8; N]> {
        let mut bytes = [0u8; N];
        (self.random)(&mut bytes).ok()?;
        Some(bytes)
    }

    /// The match of a well-formed, known id, or the error text to answer.
    fn find(&mut self, match_id: &str) -> Result<&mut Match, &'static str> {
        if !is_match_id(match_id) {
            return Err(BAD_MATCH_ID);
        }
        self.matches.get_mut(match_id).ok_or(NOT_FOUND)
    }

    fn persist(&self, match_id: &str) -> Option<(String, String)> {
        let m = self.matches.get(match_id)?;
        Some((match_id.to_owned(), store::encode(match_id, m)))
    }

    fn create(&mut self, username: &str, now_ms: u64) -> Response {
        if self.matches.len() >= self.max_matches {
            return Response::error(SERVER_FULL, "", "create");
        }
        let mut fresh = None;
        for _ in 0..DRAW_ATTEMPTS {
            let Some(bytes) = self.random_bytes::<12>() else {
                break;
            };
            let id = hex(&bytes);
            if !self.matches.contains_key(&id) {
                fresh = Some(id);
                break;
            }
        }
        let (Some(match_id), Some(token)) = (fresh, self.random_bytes::<32>()) else {
            return Response::error(NO_FRESH_ID, "", "create");
        };
        let token = hex(&token);
        let reply = to_json(&Seated {
            message_type: "create",
            match_id: &match_id,
            token: &token,
            index: 0,
        });
        self.matches.insert(
            match_id.clone(),
            Match {
                creator: Player {
                    username: username.to_owned(),
                    token,
                },
                game: None,
                last_active_ms: now_ms,
            },
        );
        Response {
            persist: self.persist(&match_id),
            ..Response::reply(reply)
        }
    }

    fn join(&mut self, match_id: &str, username: &str, now_ms: u64) -> Response {
        let creator_token = match self.find(match_id) {
            Err(text) => return Response::error(text, match_id, "join"),
            Ok(m) if m.game.is_some() => {
                return Response::error(NOT_ALLOWED_TO_JOIN, match_id, "join");
            }
            Ok(m) => m.creator.token.clone(),
        };
        let drawn = (0..DRAW_ATTEMPTS)
            .map_while(|_| self.random_bytes::<32>().map(|b| hex(&b)))
            .find(|token| *token != creator_token);
        let (Some(token), Some(seed), Some(coin)) =
            (drawn, self.random_bytes::<8>(), self.random_bytes::<1>())
        else {
            return Response::error(NO_FRESH_ID, match_id, "join");
        };
        let deal = Deal::random(u64::from_le_bytes(seed));
        let creator_colour = if coin[0] & 1 == 0 {
            Side::Blue
        } else {
            Side::Red
        };
        let Ok(m) = self.find(match_id) else {
            return Response::error(NOT_FOUND, match_id, "join");
        };
        let joiner = Player {
            username: username.to_owned(),
            token,
        };
        let mut seats = [
            Participant::person(m.creator.username.clone()),
            Participant::person(username),
        ];
        if creator_colour != Side::BOTH[0] {
            seats.swap(0, 1);
        }
        let session = Session::new("onitama", Position::from_deal(deal), seats, Format::Casual);
        let reply = to_json(&Seated {
            message_type: "join",
            match_id,
            token: &joiner.token,
            index: 1,
        });
        m.game = Some(Game {
            joiner,
            creator_colour,
            starting: Cards {
                blue: deal.hand(Side::Blue),
                red: deal.hand(Side::Red),
                side: deal.side_card(),
            },
            session,
        });
        m.last_active_ms = now_ms;
        let state = m.state_json(match_id);
        Response {
            persist: self.persist(match_id),
            broadcast: Some((match_id.to_owned(), state)),
            ..Response::reply(reply)
        }
    }

    fn state(&mut self, match_id: &str) -> Response {
        match self.find(match_id) {
            Ok(m) => Response::reply(m.state_json(match_id)),
            Err(text) => Response::error(text, match_id, "state"),
        }
    }

    fn spectate(&mut self, match_id: &str) -> Response {
        let m = match self.find(match_id) {
            Ok(m) => m,
            Err(text) => return Response::error(text, match_id, "spectate"),
        };
        if m.game.as_ref().is_some_and(|g| g.session.is_over()) {
            return Response::error(GAME_ENDED, match_id, "spectate");
        }
        let ack = to_json(&Ack {
            message_type: "spectate",
            match_id,
        });
        Response {
            to_sender: vec![ack, m.state_json(match_id)],
            subscribe: Some(match_id.to_owned()),
            ..Response::default()
        }
    }

    fn play(
        &mut self,
        match_id: &str,
        token: &str,
        card: &str,
        squares: &str,
        now_ms: u64,
    ) -> Response {
        let error = |text: &str| Response::error(text, match_id, "move");
        let m = match self.find(match_id) {
            Ok(m) => m,
            Err(text) => return error(text),
        };
        let is_creator = same_token(token, &m.creator.token);
        let Some(game) = m.game.as_mut() else {
            return error(if is_creator { NOT_YOUR_TURN } else { BAD_TOKEN });
        };
        if game.session.is_over() {
            return error(GAME_ENDED);
        }
        let colour = if is_creator {
            game.creator_colour
        } else if same_token(token, &game.joiner.token) {
            game.creator_colour.other()
        } else {
            return error(BAD_TOKEN);
        };
        let position = *game.session.position();
        if position.side_to_move() != colour {
            return error(NOT_YOUR_TURN);
        }
        let (Some(card), Some(squares)) = (card_from_name(card), parse_move_squares(squares))
        else {
            return error(BAD_MOVE_FIELDS);
        };
        let mv = match squares {
            MoveSquares::Step(from, to) => {
                if position.piece_at(from).map(|(side, _)| side) != Some(colour) {
                    return error(NOT_YOUR_PIECE);
                }
                Move::step(card, from, to)
            }
            MoveSquares::Pass => Move::pass(card),
        };
        if game.session.play(mv).is_err() {
            return error(INVALID_MOVE);
        }
        m.last_active_ms = now_ms;
        let state = m.state_json(match_id);
        Response {
            persist: self.persist(match_id),
            broadcast: Some((match_id.to_owned(), state)),
            ..Response::reply(to_json(&Ack {
                message_type: "move",
                match_id,
            }))
        }
    }
}
