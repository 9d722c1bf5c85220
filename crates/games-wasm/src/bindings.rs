//! The JavaScript interface (wasm-bindgen): [`catalog`], [`Game`] and [`Engine`]. Views cross
//! as plain JavaScript objects (JSON inside), errors as `Error`s with the package's message.
// wasm-bindgen hands arguments over by value.
#![allow(clippy::needless_pass_by_value)]

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::engine::HostedEngine;
use crate::error::GameError;
use crate::hosted::HostedGame;
use crate::options::{NewGame, SearchOptions};

/// A view as a JavaScript object.
fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    let text = serde_json::to_string(value).map_err(|e| JsError::new(&e.to_string()))?;
    js_sys::JSON::parse(&text).map_err(|_| JsError::new("a view did not parse as JSON"))
}

/// An options object as JSON text (`null` for `undefined` or `null`).
fn json_of(value: &JsValue) -> Result<String, JsError> {
    if value.is_undefined() || value.is_null() {
        return Ok("null".into());
    }
    js_sys::JSON::stringify(value)
        .map(String::from)
        .map_err(|_| JsError::new("options: not a JSON object"))
}

fn error(e: &GameError) -> JsError {
    JsError::new(&e.to_string())
}

/// What a JavaScript value is, for an error: `number`, `object`, `array`, `null`, `undefined`...
fn kind_of(value: &JsValue) -> String {
    if value.is_null() {
        "null".into()
    } else if js_sys::Array::is_array(value) {
        "array".into()
    } else {
        value.js_typeof().as_string().unwrap_or_default()
    }
}

/// The argument `name` as a string. wasm-bindgen's own `&str` arguments read any other value
/// as a string's address and length, which traps or throws a `TypeError` of the glue.
fn string_arg(value: &JsValue, name: &str) -> Result<String, JsError> {
    value.as_string().ok_or_else(|| {
        JsError::new(&format!(
            "{name}: expected a string, found {}",
            kind_of(value)
        ))
    })
}

/// A seed given by JavaScript, `new Game`'s option or `new Engine`'s argument alike: a whole
/// number from 0 to 2^64 - 1; `undefined` and `null` are none (a random seed).
fn seed_of(value: &JsValue) -> Result<Option<u64>, JsError> {
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    // 2^64: the first whole number a u64 cannot hold.
    let bound = 18_446_744_073_709_551_616.0;
    match value.as_f64() {
        Some(n) if n >= 0.0 && n.fract() == 0.0 && n < bound => {
            // In range and whole: the conversion is exact.
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            let seed = n as u64;
            Ok(Some(seed))
        }
        number => {
            let found = match (number, value.as_string()) {
                (Some(n), _) => js_sys::Number::from(n)
                    .to_string_with_radix(10)
                    .map_or_else(|_| n.to_string(), String::from),
                (None, Some(text)) => {
                    format!("string {:?}", text.chars().take(20).collect::<String>())
                }
                (None, None) => kind_of(value),
            };
            Err(JsError::new(&format!(
                "seed: expected a whole number from 0 to 2^64 - 1, found {found}"
            )))
        }
    }
}

/// An optional string argument: `undefined` and `null` are none.
fn optional_string_arg(value: &JsValue, name: &str) -> Result<Option<String>, JsError> {
    if value.is_undefined() || value.is_null() {
        Ok(None)
    } else {
        string_arg(value, name).map(Some)
    }
}

/// A seed from the host's random numbers.
fn random_seed() -> u64 {
    (js_sys::Math::random() * 9_007_199_254_740_992.0) as u64
}

/// The games, their players, start options, boards and levels, and what a game without a
/// server offers (`opponents`: `engine`, `same_device`; `formats`: `casual`, `coaching`,
/// `mirror_match`).
///
/// # Errors
/// None in practice (a view always serializes).
#[wasm_bindgen(unchecked_return_type = "Catalog")]
pub fn catalog() -> Result<JsValue, JsError> {
    to_js(&crate::catalog_view())
}

/// The package's version.
#[wasm_bindgen]
#[must_use]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_owned()
}

/// A game being played: Kamisado, Onitama (or the test game tic-tac-toe), all with the same
/// methods. Every method that throws leaves the game unchanged.
#[wasm_bindgen]
pub struct Game {
    inner: Box<dyn HostedGame>,
}

impl core::fmt::Debug for Game {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Game")
            .field("game", &self.inner.name())
            .finish_non_exhaustive()
    }
}

impl Game {
    fn state_js(&self) -> Result<JsValue, JsError> {
        to_js(&self.inner.state())
    }

    fn play_text(&mut self, text: &str) -> Result<JsValue, JsError> {
        self.inner.play(text).map_err(|e| error(&e))?;
        self.state_js()
    }
}

#[wasm_bindgen]
impl Game {
    /// A new game: `{game: "kamisado"}`, `{game: "onitama", cards: "random"}`, `{game,
    /// position}`, `{game, record}`, then optionally `moves`, `opponent` (`same_device` or
    /// `engine`), `level`, `side`, `format`, `name`, `seed`.
    ///
    /// # Errors
    /// What is wrong with the options.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "NewGameOptions")] options: JsValue,
    ) -> Result<Game, JsError> {
        if options.is_object() {
            let seed = js_sys::Reflect::get(&options, &JsValue::from_str("seed"))
                .map_err(|_| JsError::new("seed: cannot be read"))?;
            seed_of(&seed)?;
        }
        let options = NewGame::from_json(&json_of(&options)?).map_err(|e| error(&e))?;
        let inner = crate::hosted::create(&options, random_seed()).map_err(|e| error(&e))?;
        Ok(Game { inner })
    }

    /// The game's name.
    #[wasm_bindgen(getter)]
    #[must_use]
    pub fn game(&self) -> String {
        self.inner.name().to_owned()
    }

    /// The whole state: the same object as the server's `GET /api/games/{id}`.
    ///
    /// # Errors
    /// None in practice.
    #[wasm_bindgen(unchecked_return_type = "GameState")]
    pub fn state(&self) -> Result<JsValue, JsError> {
        self.state_js()
    }

    /// The legal moves in the game's notation (none once the game is over).
    #[wasm_bindgen(js_name = legalMoves)]
    #[must_use]
    pub fn legal_moves(&self) -> Vec<String> {
        self.inner.legal_moves()
    }

    /// The squares whose piece can move.
    #[must_use]
    pub fn sources(&self) -> Vec<String> {
        self.inner.sources()
    }

    /// The squares the piece on `from` can reach.
    ///
    /// # Errors
    /// If `from` is not a square of the board (or not a string).
    pub fn destinations(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] from: JsValue,
    ) -> Result<Vec<String>, JsError> {
        let from = string_arg(&from, "from")?;
        self.inner.destinations(&from).map_err(|e| error(&e))
    }

    /// Onitama's cards: `{red: [C, C], blue: [C, C], side: C}`; `null` in a game without cards.
    ///
    /// # Errors
    /// None in practice.
    #[wasm_bindgen(unchecked_return_type = "Cards | null")]
    pub fn cards(&self) -> Result<JsValue, JsError> {
        let state = self.inner.state();
        to_js(&state.board.get("cards"))
    }

    /// The board as the page draws it (`GameState.board`).
    ///
    /// # Errors
    /// None in practice.
    #[wasm_bindgen(unchecked_return_type = "KamisadoBoard | OnitamaBoard | null")]
    pub fn board(&self) -> Result<JsValue, JsError> {
        to_js(&self.inner.state().board)
    }

    /// How the game ended, `null` while it goes on.
    ///
    /// # Errors
    /// None in practice.
    #[wasm_bindgen(unchecked_return_type = "Outcome | null")]
    pub fn outcome(&self) -> Result<JsValue, JsError> {
        to_js(&self.inner.state().outcome)
    }

    /// How many times the position has occurred (1 the first time).
    #[must_use]
    pub fn repetitions(&self) -> usize {
        self.inner.state().repetitions
    }

    /// The position's text.
    #[must_use]
    pub fn position(&self) -> String {
        self.inner.state().position
    }

    /// The game record: the start, then the moves.
    #[must_use]
    pub fn record(&self) -> String {
        self.inner.state().record
    }

    /// The side to move, `undefined` once the game is over.
    #[wasm_bindgen(js_name = toMove)]
    #[must_use]
    pub fn to_move(&self) -> Option<String> {
        self.inner.state().to_move.map(str::to_owned)
    }

    /// Whether the game is over.
    #[wasm_bindgen(js_name = isOver)]
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.inner.state().outcome.is_some()
    }

    /// Plays a move in the game's notation (`c1a3`, `tiger:c1c3`, `tiger:pass`), then every
    /// forced turn after it; returns the state.
    ///
    /// # Errors
    /// A malformed or illegal move (or not a string), or a game that is over; nothing changes.
    #[wasm_bindgen(unchecked_return_type = "GameState")]
    pub fn play(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] r#move: JsValue,
    ) -> Result<JsValue, JsError> {
        let text = string_arg(&r#move, "move")?;
        self.play_text(&text)
    }

    /// Takes back one turn of a person: a forced turn goes with the move before it, an
    /// engine's reply with the person's move.
    ///
    /// # Errors
    /// Nothing to take back.
    #[wasm_bindgen(unchecked_return_type = "GameState")]
    pub fn undo(&mut self) -> Result<JsValue, JsError> {
        self.inner.undo().map_err(|e| error(&e))?;
        self.state_js()
    }

    /// Plays again what undo took back.
    ///
    /// # Errors
    /// Nothing to replay.
    #[wasm_bindgen(unchecked_return_type = "GameState")]
    pub fn redo(&mut self) -> Result<JsValue, JsError> {
        self.inner.redo().map_err(|e| error(&e))?;
        self.state_js()
    }

    /// `player` resigns (by default the side to move).
    ///
    /// # Errors
    /// An unknown player (or not a string), or a game that is over.
    #[wasm_bindgen(unchecked_return_type = "GameState")]
    pub fn resign(
        &mut self,
        #[wasm_bindgen(unchecked_optional_param_type = "string | null")] player: JsValue,
    ) -> Result<JsValue, JsError> {
        let player = optional_string_arg(&player, "player")?;
        self.inner
            .resign(player.as_deref())
            .map_err(|e| error(&e))?;
        self.state_js()
    }

    /// The coaching round (`format: "coaching"`): what a candidate allows the opponent;
    /// nothing is played.
    ///
    /// # Errors
    /// A bad move (or not a string), or a game that is not a coaching round.
    #[wasm_bindgen(unchecked_return_type = "CoachAnswer")]
    pub fn propose(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] r#move: JsValue,
    ) -> Result<JsValue, JsError> {
        let text = string_arg(&r#move, "move")?;
        let answer = self.inner.propose(&text).map_err(|e| error(&e))?;
        to_js(&answer)
    }

    /// A mirror match (`format: "mirror_match"`): starts the second game, seats swapped.
    ///
    /// # Errors
    /// Not a mirror match, or the first game goes on.
    #[wasm_bindgen(js_name = nextGame, unchecked_return_type = "GameState")]
    pub fn next_game(&mut self) -> Result<JsValue, JsError> {
        self.inner.next_game().map_err(|e| error(&e))?;
        self.state_js()
    }

    /// The spec of the engine whose turn it is (`opponent: "engine"`), `undefined` when a
    /// person is to move or the game is over.
    #[wasm_bindgen(js_name = engineToMove)]
    #[must_use]
    pub fn engine_to_move(&self) -> Option<String> {
        self.inner.engine_to_move()
    }

    /// The engine's choice for the side to move, played by nobody: `{level?, timeMs?, nodes?,
    /// depth?}` (default: the engine seat's level, else `max`, for one second).
    ///
    /// # Errors
    /// A level that does not build, bad limits, or a game that is over.
    #[wasm_bindgen(unchecked_return_type = "SearchResult")]
    pub fn hint(
        &mut self,
        #[wasm_bindgen(unchecked_optional_param_type = "SearchOptions | null")] options: JsValue,
    ) -> Result<JsValue, JsError> {
        let options = SearchOptions::from_json(&json_of(&options)?).map_err(|e| error(&e))?;
        let result = self
            .inner
            .search(options.level.as_deref(), &options.limits())
            .map_err(|e| error(&e))?;
        to_js(&result)
    }

    /// Lets the engine seat play its move (searching with the limits, default one second);
    /// returns the state.
    ///
    /// # Errors
    /// No engine is to move, or bad limits.
    #[wasm_bindgen(js_name = playEngine, unchecked_return_type = "GameState")]
    pub fn play_engine(
        &mut self,
        #[wasm_bindgen(unchecked_optional_param_type = "SearchOptions | null")] options: JsValue,
    ) -> Result<JsValue, JsError> {
        let options = SearchOptions::from_json(&json_of(&options)?).map_err(|e| error(&e))?;
        let spec = self
            .inner
            .engine_to_move()
            .ok_or_else(|| JsError::new("no engine is to move"))?;
        let spec = options.level.clone().unwrap_or(spec);
        let result = self
            .inner
            .search(Some(&spec), &options.limits())
            .map_err(|e| error(&e))?;
        let best = result
            .best
            .ok_or_else(|| JsError::new("the engine found no move"))?;
        self.play_text(&best)
    }
}

/// An engine for one game, kept between searches so that its table helps the next one.
#[wasm_bindgen]
pub struct Engine {
    inner: Box<dyn HostedEngine>,
}

impl core::fmt::Debug for Engine {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Engine")
            .field("game", &self.inner.game())
            .field("spec", &self.inner.spec())
            .finish()
    }
}

#[wasm_bindgen]
impl Engine {
    /// The engine `spec` (a level, `easy` to `max`, or a spec such as `alphabeta:depth=6`,
    /// `mcts:playouts=2000`, `random`) for the game `game`, seeded with `seed` (a whole number
    /// from 0 to 2^64 - 1, as `new Game`'s; random by default).
    ///
    /// # Errors
    /// An unknown game, a spec that does not build (or either is not a string), or a seed that
    /// is not a whole number from 0 to 2^64 - 1.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "string")] game: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string")] spec: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "number | null")] seed: JsValue,
    ) -> Result<Engine, JsError> {
        let game = string_arg(&game, "game")?;
        let spec = string_arg(&spec, "spec")?;
        let seed = seed_of(&seed)?.unwrap_or_else(random_seed);
        let inner = crate::engine::create(&game, &spec, seed).map_err(|e| error(&e))?;
        Ok(Engine { inner })
    }

    /// The game it plays.
    #[wasm_bindgen(getter)]
    #[must_use]
    pub fn game(&self) -> String {
        self.inner.game().to_owned()
    }

    /// Its spec.
    #[wasm_bindgen(getter)]
    #[must_use]
    pub fn spec(&self) -> String {
        self.inner.spec()
    }

    /// Searches `game`'s position for the side to move within `{timeMs?, nodes?, depth?}`
    /// (default one second); nothing is played.
    ///
    /// # Errors
    /// A game of another kind, bad limits, or a game that is over.
    #[wasm_bindgen(unchecked_return_type = "SearchResult")]
    pub fn search(
        &mut self,
        game: &Game,
        #[wasm_bindgen(unchecked_optional_param_type = "Omit<SearchOptions, \"level\"> | null")]
        options: JsValue,
    ) -> Result<JsValue, JsError> {
        let options = SearchOptions::from_json(&json_of(&options)?).map_err(|e| error(&e))?;
        if options.level.is_some() {
            return Err(JsError::new(
                "level: an Engine searches with its own spec; make another Engine",
            ));
        }
        let result = self
            .inner
            .search(game.inner.as_ref(), &options.limits())
            .map_err(|e| error(&e))?;
        to_js(&result)
    }
}
