//! [`Registry`]: the games the server holds, each behind its own lock with a channel that
//! pushes its state to every WebSocket watching it, and the order of every change: check,
//! apply, store, then answer and push.

use std::collections::{HashMap, HashSet};
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, RwLock};

use game_catalog::{CatalogGame, GameName, GameVisitor};
use serde_json::Value;
use tokio::sync::{Mutex, OwnedSemaphorePermit, Semaphore, broadcast};

use crate::clients::{Clients, Hold, Rate, Resource};
use crate::config::ServerConfig;
use crate::engine_pool::{EnginePool, Priority};
use crate::error::ApiError;
use crate::live::{LiveGame, Thinking};
use crate::new_game::NewGame;
use crate::random::{hex_id, random_u64};
use crate::store::{Kind, Row, Store};
use crate::table::Table;

/// The longest game id looked up in the database.
const MAX_ID_CHARS: usize = 64;

/// How many state messages a slow WebSocket may fall behind before it is sent the latest
/// state instead.
const CHANNEL_DEPTH: usize = 16;

/// A game and what the server knows about it besides the rules.
pub(crate) struct Entry {
    /// The game.
    pub(crate) game: Box<dyn LiveGame>,
    /// Counts the changes: a client can tell an old state from a new one. Stored with the
    /// game, so it only grows, across restarts too.
    pub(crate) version: u64,
    /// The stop flag of the engine search under way, if any.
    pub(crate) search: Option<(u64, Arc<AtomicBool>)>,
    /// When the game was last touched (the server's clock).
    pub(crate) last_active_ms: u64,
}

impl Entry {
    /// Puts the game back as `before` (its saved form) had it: a change that could not be
    /// stored is taken back, so that memory and the database agree.
    fn roll_back(&mut self, before: &str, now_ms: u64) {
        let name: Option<GameName> = self.game.game().parse().ok();
        if let Some(Ok(game)) = name.map(|n| {
            n.visit(Restore {
                json: before,
                now_ms,
            })
        }) {
            self.game = game;
        }
    }
}

/// One game's place in the registry.
pub(crate) struct Slot {
    /// The game's id.
    pub(crate) id: String,
    /// The game, locked while a request or the engine changes it.
    pub(crate) entry: Mutex<Entry>,
    /// The state pushes (`{"type":"state","state":...}`).
    pub(crate) updates: broadcast::Sender<Arc<str>>,
    /// The game's place among the games held in memory.
    _place: OwnedSemaphorePermit,
    /// The creator's place among the games it holds (a game loaded back from the database
    /// counts for no client).
    _creator: Option<Hold>,
}

impl Slot {
    /// The state of `entry` as the API answers it.
    pub(crate) fn state(&self, entry: &Entry) -> Value {
        let mut state = entry.game.state();
        state.id.clone_from(&self.id);
        state.version = entry.version;
        state.thinking = entry.search.is_some();
        serde_json::to_value(state).unwrap_or(Value::Null)
    }

    /// The push message of the state.
    pub(crate) fn message(&self, entry: &Entry) -> Arc<str> {
        serde_json::json!({"type": "state", "state": self.state(entry)})
            .to_string()
            .into()
    }
}

/// Everything the handlers share.
pub(crate) struct Registry {
    games: RwLock<HashMap<String, Arc<Slot>>>,
    /// The places of games in memory ([`crate::ServerLimits::max_games`]): taking one before a
    /// game is made keeps the limit exact under concurrent creations.
    places: Arc<Semaphore>,
    /// Held while a game is loaded back from the database (one load at a time, so that a game
    /// is never loaded twice).
    loading: Mutex<()>,
    /// The database.
    pub(crate) store: Store,
    /// The configuration.
    pub(crate) config: ServerConfig,
    /// The threads of engine searches.
    pub(crate) engines: EnginePool,
    /// WebSocket connections open at once.
    pub(crate) connection_permits: Arc<Semaphore>,
    /// What each client holds and how fast it goes.
    pub(crate) clients: Arc<Clients>,
}

/// Builds a [`Table`] of the right game from a request.
struct Create<'a> {
    request: &'a NewGame,
    token: String,
    now_ms: u64,
}

impl GameVisitor for Create<'_> {
    type Output = Result<Box<dyn LiveGame>, ApiError>;
    fn visit<G: CatalogGame>(self) -> Self::Output {
        let table = Table::<G>::create(self.request, self.token, random_u64(), self.now_ms)?;
        Ok(Box::new(table))
    }
}

/// Loads a [`Table`] of the right game from its database row.
struct Restore<'a> {
    json: &'a str,
    now_ms: u64,
}

impl GameVisitor for Restore<'_> {
    type Output = Result<Box<dyn LiveGame>, String>;
    fn visit<G: CatalogGame>(self) -> Self::Output {
        Ok(Box::new(Table::<G>::restore(self.json, self.now_ms)?))
    }
}

impl Registry {
    /// A registry over `store`, with the games changed within the unload time loaded back (the
    /// others are loaded when asked for), and `websockets` places for sockets.
    pub(crate) fn open(
        config: ServerConfig,
        store: Store,
        clients: Arc<Clients>,
        websockets: usize,
    ) -> Result<Registry, String> {
        let now = config.time.now_ms();
        let since = config
            .time
            .wall_ms()
            .saturating_sub(config.limits.unload_idle_after.as_millis() as u64);
        let places = Arc::new(Semaphore::new(
            config.limits.max_games.min(Semaphore::MAX_PERMITS),
        ));
        let mut games = HashMap::new();
        for row in store.load_recent(Kind::Api, since, config.limits.max_games)? {
            let Ok(place) = Arc::clone(&places).try_acquire_owned() else {
                break;
            };
            let game = Self::restore(&row, now).map_err(|e| e.to_string())?;
            games.insert(
                row.id.clone(),
                Arc::new(Self::slot(row.id, game, row.version, now, place, None)),
            );
        }
        let engines = EnginePool::new(config.limits.engine_threads, config.limits.max_queued_hints);
        let connection_permits = Arc::new(Semaphore::new(websockets.min(Semaphore::MAX_PERMITS)));
        Ok(Registry {
            games: RwLock::new(games),
            places,
            loading: Mutex::new(()),
            store,
            config,
            engines,
            connection_permits,
            clients,
        })
    }

    /// The game of a database row.
    fn restore(row: &Row, now_ms: u64) -> Result<Box<dyn LiveGame>, ApiError> {
        let id = &row.id;
        let game_name = serde_json::from_str::<Value>(&row.data)
            .ok()
            .and_then(|v| v.get("game")?.as_str()?.parse::<GameName>().ok());
        let Some(name) = game_name else {
            return Err(ApiError::Internal(format!(
                "game {id} in the database names no known game"
            )));
        };
        name.visit(Restore {
            json: &row.data,
            now_ms,
        })
        .map_err(|e| ApiError::Internal(format!("game {id} in the database: {e}")))
    }

    fn slot(
        id: String,
        game: Box<dyn LiveGame>,
        version: u64,
        now_ms: u64,
        place: OwnedSemaphorePermit,
        creator: Option<Hold>,
    ) -> Slot {
        Slot {
            id,
            entry: Mutex::new(Entry {
                game,
                version,
                search: None,
                last_active_ms: now_ms,
            }),
            updates: broadcast::channel(CHANNEL_DEPTH).0,
            _place: place,
            _creator: creator,
        }
    }

    /// A place for one more game in memory: a free one, or one freed by unloading the idle
    /// games; 503 when every game is in use.
    fn place(&self) -> Result<OwnedSemaphorePermit, ApiError> {
        if let Ok(place) = Arc::clone(&self.places).try_acquire_owned() {
            return Ok(place);
        }
        self.unload_idle();
        Arc::clone(&self.places).try_acquire_owned().map_err(|_| {
            ApiError::Full(format!(
                "the server holds its limit of {} games in play; try again later",
                self.config.limits.max_games
            ))
        })
    }

    /// The game `id` in memory.
    fn in_memory(&self, id: &str) -> Option<Arc<Slot>> {
        self.games.read().ok().and_then(|g| g.get(id).cloned())
    }

    /// The game `id`, loaded back from the database if it is not in memory (its engine then
    /// starts if it is to move).
    pub(crate) async fn get(self: &Arc<Self>, id: &str) -> Result<Arc<Slot>, ApiError> {
        let missing = || ApiError::NoSuchGame(id.chars().take(MAX_ID_CHARS).collect());
        if let Some(slot) = self.in_memory(id) {
            return Ok(slot);
        }
        if id.is_empty() || id.len() > MAX_ID_CHARS {
            return Err(missing());
        }
        let _loading = self.loading.lock().await;
        if let Some(slot) = self.in_memory(id) {
            return Ok(slot); // loaded while this waited
        }
        let store = self.store.clone();
        let key = id.to_owned();
        let row = tokio::task::spawn_blocking(move || store.load_one(Kind::Api, &key))
            .await
            .map_err(|e| ApiError::Internal(e.to_string()))??
            .ok_or_else(missing)?;
        let place = self.place()?;
        let now = self.config.time.now_ms();
        let game = Self::restore(&row, now)?;
        let slot = Arc::new(Self::slot(row.id, game, row.version, now, place, None));
        if let Ok(mut games) = self.games.write() {
            games.insert(id.to_owned(), Arc::clone(&slot));
        }
        let mut entry = slot.entry.lock().await;
        self.start_engine(&slot, &mut entry);
        drop(entry);
        Ok(slot)
    }

    /// Every game (for the clock and expiry sweeps).
    pub(crate) fn all(&self) -> Vec<Arc<Slot>> {
        self.games
            .read()
            .map(|g| g.values().cloned().collect())
            .unwrap_or_default()
    }

    /// The thinking budget of engines.
    pub(crate) fn thinking(&self) -> Thinking {
        Thinking {
            cap: self.config.limits.engine_time_cap,
            by_nodes: self.config.time.is_manual(),
        }
    }

    /// Creates a game for `client`: returns its slot and the creator's token. The game is
    /// stored before this returns. Refused (429) beyond the client's share of games, and (503)
    /// beyond the server's limit. Only a request that makes a game counts against the client's
    /// rate of creations: a refused one (400) does not use it up.
    pub(crate) async fn create(
        self: &Arc<Self>,
        request: &NewGame,
        client: IpAddr,
    ) -> Result<(Arc<Slot>, String), ApiError> {
        let hold = self.clients.hold(client, Resource::Game)?;
        let place = self.place()?;
        let name: GameName =
            request
                .game
                .parse()
                .map_err(|e: game_catalog::UnknownGameError| {
                    ApiError::BadRequest(format!("game: {e}"))
                })?;
        let token = hex_id(32)?;
        let now = self.config.time.now_ms();
        let game = name.visit(Create {
            request,
            token: token.clone(),
            now_ms: now,
        })?;
        self.clients.check(client, Rate::Games)?;
        let id = hex_id(12)?;
        let slot = Arc::new(Self::slot(id.clone(), game, 0, now, place, Some(hold)));
        {
            let entry = slot.entry.lock().await;
            self.save(&slot.id, &entry).await?;
        }
        if let Ok(mut games) = self.games.write() {
            games.insert(id, Arc::clone(&slot));
        }
        let mut entry = slot.entry.lock().await;
        self.start_engine(&slot, &mut entry);
        drop(entry);
        Ok((slot, token))
    }

    /// Stores the game of `entry` (on a blocking thread).
    pub(crate) async fn save(&self, id: &str, entry: &Entry) -> Result<(), ApiError> {
        let store = self.store.clone();
        let data = entry.game.to_json();
        let id = id.to_owned();
        let version = entry.version;
        let now = self.config.time.wall_ms();
        tokio::task::spawn_blocking(move || store.save(Kind::Api, &id, &data, version, now))
            .await
            .map_err(|e| ApiError::Internal(e.to_string()))?
    }

    /// Applies `change` to game `id` under its lock: the clock is charged first; if the change
    /// succeeds the game is stored, then pushed to its watchers, then the engine starts if it is
    /// to move. On any error nothing is changed (the clock aside) and nothing is stored; the
    /// engine searches on if it is to move.
    pub(crate) async fn change<T>(
        self: &Arc<Self>,
        id: &str,
        change: impl FnOnce(&mut dyn LiveGame) -> Result<T, ApiError>,
    ) -> Result<(T, Value), ApiError> {
        let slot = self.get(id).await?;
        let mut entry = slot.entry.lock().await;
        let now = self.config.time.now_ms();
        entry.last_active_ms = now;
        if entry.game.tick(now) {
            self.commit(&slot, &mut entry).await?;
        }
        let before = entry.game.to_json();
        let out = change(entry.game.as_mut())?;
        // A change ends the engine's search of the old position (undo while it thinks).
        if let Some((_, stop)) = entry.search.take() {
            stop.store(true, Ordering::SeqCst);
        }
        if let Err(e) = self.commit(&slot, &mut entry).await {
            // Not stored: take the change back, so that memory and the database agree, and
            // search again if the engine is to move (its search was stopped above).
            entry.roll_back(&before, now);
            self.start_engine(&slot, &mut entry);
            return Err(e);
        }
        self.start_engine(&slot, &mut entry);
        let state = slot.state(&entry);
        Ok((out, state))
    }

    /// Counts a change of `entry`, stores it and pushes it.
    pub(crate) async fn commit(&self, slot: &Slot, entry: &mut Entry) -> Result<(), ApiError> {
        entry.version += 1;
        self.save(&slot.id, entry).await?;
        let _ = slot.updates.send(slot.message(entry));
        Ok(())
    }

    /// Starts the engine's search if an engine is to move and none is searching.
    pub(crate) fn start_engine(self: &Arc<Self>, slot: &Arc<Slot>, entry: &mut Entry) {
        if entry.search.is_some() {
            return;
        }
        let Some(job) = entry.game.engine_job(self.thinking(), random_u64()) else {
            return;
        };
        let stop = Arc::new(AtomicBool::new(false));
        let search_id = random_u64();
        entry.search = Some((search_id, Arc::clone(&stop)));
        let _ = slot.updates.send(slot.message(entry));
        let registry = Arc::clone(self);
        let slot = Arc::clone(slot);
        tokio::spawn(async move {
            let search_stop = Arc::clone(&stop);
            let choice = registry
                .engines
                .run(
                    Priority::Move,
                    Arc::new(AtomicBool::new(false)),
                    move || job(search_stop),
                )
                .await
                .ok()
                .flatten();
            let mut entry = slot.entry.lock().await;
            if entry.search.as_ref().map(|(id, _)| *id) != Some(search_id) {
                return; // the game changed meanwhile; that change started what was needed
            }
            entry.search = None;
            let now = registry.config.time.now_ms();
            entry.last_active_ms = now;
            entry.game.tick(now);
            let mv = choice.and_then(|c| c.mv);
            let played = match mv {
                Some(mv) if !stop.load(Ordering::SeqCst) => {
                    let before = entry.game.to_json();
                    match entry.game.play_engine(&mv) {
                        Ok(()) => Some(before),
                        Err(_) => None,
                    }
                }
                _ => None,
            };
            let moved = played.is_some();
            if let Err(_e) = registry.commit(&slot, &mut entry).await {
                if let Some(before) = played {
                    entry.roll_back(&before, now);
                }
                return;
            }
            // Only after a move: an engine that found none must not be asked again and again.
            if moved {
                registry.start_engine(&slot, &mut entry);
            }
        });
    }

    /// Starts the engines of the games loaded at start whose engine is to move (the server
    /// stopped while it was thinking).
    pub(crate) async fn resume_engines(self: &Arc<Self>) {
        for slot in self.all() {
            let mut entry = slot.entry.lock().await;
            self.start_engine(&slot, &mut entry);
        }
    }

    /// Charges every running clock; a flag that falls ends its game, which is stored and pushed.
    pub(crate) async fn tick_all(self: &Arc<Self>) {
        let now = self.config.time.now_ms();
        for slot in self.all() {
            let Ok(mut entry) = slot.entry.try_lock() else {
                continue;
            };
            if entry.game.tick(now) {
                let _ = self.commit(&slot, &mut entry).await;
            }
        }
    }

    /// Frees the places of the games in memory that nobody watches, no engine searches, no
    /// request uses, and that did not change within [`crate::ServerLimits::unload_idle_after`]:
    /// they leave memory and stay in the database. Returns how many left.
    pub(crate) fn unload_idle(&self) -> usize {
        let now = self.config.time.now_ms();
        let idle = self.config.limits.unload_idle_after.as_millis() as u64;
        let Ok(mut games) = self.games.write() else {
            return 0;
        };
        let before = games.len();
        games.retain(|_, slot| {
            // Only the map holds it (checked under the write lock, so nobody can take it now).
            if Arc::strong_count(slot) > 1 || slot.updates.receiver_count() > 0 {
                return true;
            }
            let Ok(entry) = slot.entry.try_lock() else {
                return true;
            };
            entry.search.is_some() || now.saturating_sub(entry.last_active_ms) <= idle
        });
        before - games.len()
    }

    /// Removes the games nobody touched within the idle expiry and nobody watches, from memory
    /// and from the database (where the time of the last change is the wall clock's, so the
    /// time the server was down counts).
    pub(crate) async fn expire(&self) {
        let now = self.config.time.now_ms();
        let idle = self.config.limits.idle_expiry.as_millis() as u64;
        let mut expired = Vec::new();
        for slot in self.all() {
            let Ok(entry) = slot.entry.try_lock() else {
                continue;
            };
            if now.saturating_sub(entry.last_active_ms) > idle && slot.updates.receiver_count() == 0
            {
                expired.push(slot.id.clone());
            }
        }
        for id in expired {
            if let Ok(mut games) = self.games.write() {
                games.remove(&id);
            }
            let store = self.store.clone();
            let _ = tokio::task::spawn_blocking(move || store.delete(&id)).await;
        }
        let keep: HashSet<String> = self.all().iter().map(|s| s.id.clone()).collect();
        let before = self.config.time.wall_ms().saturating_sub(idle);
        let store = self.store.clone();
        let _ =
            tokio::task::spawn_blocking(move || store.delete_older(Kind::Api, before, &keep)).await;
        self.unload_idle();
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;

    use crate::clients::Clients;
    use crate::config::{ServerConfig, TimeSource};
    use crate::engine_pool::Priority;
    use crate::new_game::{NewGame, Opponent};
    use crate::store::Store;

    use super::Registry;

    /// A change that the database refuses is taken back; if it had stopped the engine's search,
    /// the engine searches again, so that the game does not wait for it forever.
    #[tokio::test]
    async fn a_change_the_database_refuses_leaves_the_engine_searching() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let (time, _manual) = TimeSource::manual();
        let mut config = ServerConfig::new("127.0.0.1:0".parse().unwrap(), dir.path().join("g"));
        config.time = time;
        config.limits.engine_threads = 1;
        let store = Store::open(&config.db, 0).expect("the database");
        let clients = Arc::new(Clients::new(config.clients.clone()));
        let registry = Arc::new(Registry::open(config, store.clone(), clients, 8).expect("open"));
        // The one engine thread is busy until told: the game's search waits in the queue.
        let (started_tx, started) = std::sync::mpsc::channel();
        let (release, wait) = std::sync::mpsc::channel::<()>();
        let blocker = {
            let registry = Arc::clone(&registry);
            tokio::spawn(async move {
                let wanted = Arc::new(AtomicBool::new(false));
                registry
                    .engines
                    .run(Priority::Move, wanted, move || {
                        let _ = started_tx.send(());
                        let _ = wait.recv();
                    })
                    .await
            })
        };
        tokio::task::spawn_blocking(move || started.recv())
            .await
            .unwrap()
            .expect("the blocker runs");
        // The engine plays x, which moves first.
        let request = NewGame {
            game: "tictactoe".into(),
            opponent: Opponent::Engine,
            level: Some("easy".into()),
            side: Some("o".into()),
            ..NewGame::default()
        };
        let (slot, _token) = registry
            .create(&request, "127.0.0.9".parse().unwrap())
            .await
            .expect("created");
        assert!(
            slot.entry.lock().await.search.is_some(),
            "the engine is to move"
        );

        store.refuse_writes(true);
        let refused = registry.change(&slot.id, |_| Ok(())).await;
        assert!(refused.is_err(), "the database refused the change");
        assert!(
            slot.entry.lock().await.search.is_some(),
            "the engine searches again after the change was taken back"
        );

        // And it plays its move once the thread is free and the database takes writes again.
        store.refuse_writes(false);
        release.send(()).unwrap();
        blocker.await.unwrap().expect("the blocker ran");
        for _ in 0..600 {
            let moved = {
                let entry = slot.entry.lock().await;
                !entry.game.state().moves.is_empty()
            };
            if moved {
                return;
            }
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
        panic!("the engine never moved");
    }
}
