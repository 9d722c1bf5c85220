//! `GET /litama`: the Litama-compatible WebSocket. The protocol is [`crate::litama::Hub`]'s;
//! this module carries its messages: it stores every change before answering, delivers the
//! replies to the sender, the broadcasts to the match's watchers, and loads the matches back
//! (at start those changed lately, the others when a command names them). The hub's clock is the
//! wall clock ([`crate::config::TimeSource::wall_ms`]): a match's last activity is stored with it
//! and must mean the same after a restart.
//!
//! Every reply reaches its sender, in order: a connection reserves room in its own outbox
//! before its command is handled, so a client that sends faster than it reads is slowed down
//! (its next command is not read), never answered with gaps. A watcher too slow to take a
//! broadcast is closed with code 1008 (it can reconnect and ask for `state`).

use std::collections::{HashMap, HashSet};
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex as StdMutex, PoisonError};

use axum::extract::State;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::response::Response;
use futures_util::StreamExt;
use futures_util::stream::{SplitSink, SplitStream};
use tokio::sync::{Mutex, Notify, mpsc, watch};

use crate::clients::{Hold, Rate, Resource};
use crate::config::Timeouts;
use crate::error::ApiError;
use crate::guard::Client;
use crate::litama::{ConnId, Hub};
use crate::registry::Registry;
use crate::store::{Kind, Store};
use crate::websocket::{Closing, Liveness, close, drain, send};

/// How many messages may wait for one socket; a watcher whose outbox is full is closed.
const QUEUE: usize = 64;
/// The most messages one command sends its sender (a `spectate`: its answer and the state;
/// a `move` of a watcher: its answer and the broadcast).
const MOST_REPLIES: usize = 3;
/// The largest command a client may send.
const MAX_MESSAGE: usize = 1024;
/// The error text of a command refused by the client's limits (our extension).
pub(crate) const TOO_MANY: &str = "Too many requests, try again later";

type Outbox = mpsc::Sender<String>;

/// A watcher of a match: its connection, its outbox, and the bell that closes it when it is too
/// slow.
#[derive(Clone)]
struct Watcher {
    conn: ConnId,
    outbox: Outbox,
    kick: Arc<Notify>,
}

struct Inner {
    hub: Mutex<Hub>,
    watchers: StdMutex<HashMap<String, Vec<Watcher>>>,
    /// The creators' places among the matches they hold, by match id.
    creators: StdMutex<HashMap<String, Hold>>,
    next_conn: AtomicU64,
    store: Store,
    registry: Arc<Registry>,
}

/// The Litama endpoint's shared state.
#[derive(Clone)]
pub(crate) struct LitamaState(Arc<Inner>);

impl LitamaState {
    /// The hub with the matches changed within the unload time loaded back.
    pub(crate) fn open(registry: &Arc<Registry>, store: &Store) -> Result<LitamaState, String> {
        let limits = &registry.config.limits;
        let mut hub = Hub::new(Box::new(|buf: &mut [u8]| {
            crate::random::fill(buf).map_err(|_| crate::litama::RandomUnavailable)
        }));
        hub.set_max_matches(limits.max_games);
        let since = registry
            .config
            .time
            .wall_ms()
            .saturating_sub(limits.unload_idle_after.as_millis() as u64);
        for row in store.load_recent(Kind::Litama, since, limits.max_games)? {
            hub.restore(&row.id, &active_since_saved(&row.data, row.updated_ms))
                .map_err(|e| format!("Litama match {} in the database: {e}", row.id))?;
        }
        Ok(LitamaState(Arc::new(Inner {
            hub: Mutex::new(hub),
            watchers: StdMutex::new(HashMap::new()),
            creators: StdMutex::new(HashMap::new()),
            next_conn: AtomicU64::new(1),
            store: store.clone(),
            registry: Arc::clone(registry),
        })))
    }

    /// Removes the matches idle for longer than the idle expiry, from memory and the database,
    /// and unloads those idle for longer than the unload time that nobody watches.
    pub(crate) async fn expire(&self) {
        let inner = &self.0;
        let limits = &inner.registry.config.limits;
        let now = inner.registry.config.time.wall_ms();
        let idle = limits.idle_expiry.as_millis() as u64;
        let expired = inner.hub.lock().await.expire(now, idle);
        for id in &expired {
            lock(&inner.watchers).remove(id);
            lock(&inner.creators).remove(id);
            let store = inner.store.clone();
            let id = id.clone();
            let _ = tokio::task::spawn_blocking(move || store.delete(&id)).await;
        }
        let keep: HashSet<String> = {
            let mut hub = inner.hub.lock().await;
            self.unload_idle(&mut hub);
            let watched: HashSet<String> = lock(&inner.watchers).keys().cloned().collect();
            watched
                .into_iter()
                .chain(lock(&inner.creators).keys().cloned())
                .filter(|id| hub.contains(id))
                .collect()
        };
        let before = inner.registry.config.time.wall_ms().saturating_sub(idle);
        let store = inner.store.clone();
        let _ =
            tokio::task::spawn_blocking(move || store.delete_older(Kind::Litama, before, &keep))
                .await;
    }

    /// Unloads the matches of `hub` that nobody watches and that did not change within the
    /// unload time (they stay in the database).
    fn unload_idle(&self, hub: &mut Hub) {
        let inner = &self.0;
        let now = inner.registry.config.time.wall_ms();
        let idle = inner.registry.config.limits.unload_idle_after.as_millis() as u64;
        let watched: HashSet<String> = lock(&inner.watchers).keys().cloned().collect();
        for id in hub.idle(now, idle) {
            if !watched.contains(&id) {
                hub.remove(&id);
                lock(&inner.creators).remove(&id);
            }
        }
    }

    /// Loads the match a command names back from the database, if the hub does not hold it.
    async fn load(&self, hub: &mut Hub, text: &str) {
        let Some(id) = text.split(' ').nth(1) else {
            return;
        };
        if !crate::litama::is_match_id(id) || hub.contains(id) {
            return;
        }
        let store = self.0.store.clone();
        let key = id.to_owned();
        let row = tokio::task::spawn_blocking(move || store.load_one(Kind::Litama, &key)).await;
        if let Ok(Ok(Some(row))) = row {
            if hub.len() >= hub.max_matches() {
                self.unload_idle(hub);
            }
            if hub.len() < hub.max_matches() {
                let _ = hub.restore(&row.id, &active_since_saved(&row.data, row.updated_ms));
            }
        }
    }

    /// Handles one command of connection `conn` from `client`; its own messages go through
    /// `replies` (room reserved beforehand, so none is lost).
    async fn command(
        &self,
        me: &Watcher,
        client: IpAddr,
        replies: mpsc::PermitIterator<'_, String>,
        text: &str,
    ) {
        let inner = &self.0;
        let mut replies = replies;
        let word = text.split(' ').next().unwrap_or_default();
        let refuse = |replies: &mut mpsc::PermitIterator<'_, String>, error: &str| {
            let command = if word == "create" { "create" } else { text };
            let message = serde_json::json!({
                "messageType": "error", "matchId": "", "error": error, "command": command,
            });
            if let Some(permit) = replies.next() {
                permit.send(message.to_string());
            }
        };
        if inner
            .registry
            .clients
            .check(client, Rate::LitamaCommands)
            .is_err()
        {
            refuse(&mut replies, TOO_MANY);
            return;
        }
        // Only a `create` the hub will take is charged to the client's matches: a bad one is
        // answered as an invalid command without using up its quota.
        let creating = text
            .split_once(' ')
            .is_some_and(|(word, name)| word == "create" && crate::litama::is_username(name));
        let mut creator = None;
        if creating {
            let held = inner.registry.clients.hold(client, Resource::LitamaMatch);
            let rate = inner.registry.clients.check(client, Rate::LitamaMatches);
            if let (Ok(hold), Ok(())) = (held, rate) {
                creator = Some(hold);
            } else {
                refuse(&mut replies, TOO_MANY);
                return;
            }
        }
        let mut hub = inner.hub.lock().await;
        if creating && hub.len() >= hub.max_matches() {
            self.unload_idle(&mut hub);
        }
        self.load(&mut hub, text).await;
        let response = hub.handle(text, inner.registry.config.time.wall_ms());
        if let Some((id, json)) = response.persist {
            let store = inner.store.clone();
            let now = inner.registry.config.time.wall_ms();
            let key = id.clone();
            let saved =
                tokio::task::spawn_blocking(move || store.save(Kind::Litama, &key, &json, 0, now))
                    .await
                    .map_err(|e| ApiError::Internal(e.to_string()))
                    .and_then(|r| r);
            if saved.is_err() {
                // Not stored: a new match is taken back; a join or move stays in memory and
                // goes to the database with the next change.
                if creating {
                    hub.remove(&id);
                }
                refuse(
                    &mut replies,
                    "The server could not store the match, try again",
                );
                return;
            }
            if let Some(hold) = creator.take() {
                lock(&inner.creators).insert(id, hold);
            }
        }
        for message in response.to_sender {
            if let Some(permit) = replies.next() {
                permit.send(message);
            }
        }
        let mut watchers = lock(&inner.watchers);
        if let Some((id, message)) = response.broadcast {
            if let Some(list) = watchers.get_mut(&id) {
                list.retain(|w| {
                    if w.conn == me.conn {
                        if let Some(permit) = replies.next() {
                            permit.send(message.clone());
                        }
                        return true;
                    }
                    if w.outbox.try_send(message.clone()).is_ok() {
                        return true;
                    }
                    // Too slow to take its messages: it is closed (1008) and forgotten.
                    w.kick.notify_one();
                    false
                });
            }
        }
        if let Some(id) = response.subscribe {
            let list = watchers.entry(id).or_default();
            if !list.iter().any(|w| w.conn == me.conn) {
                list.push(me.clone());
            }
        }
        drop(watchers);
        drop(hub);
    }

    /// Answers a binary message of `client` (the protocol's commands are text) as the hub
    /// answers an invalid command, its bytes read as text for the `command` field; it counts
    /// among the client's commands.
    fn binary(&self, client: IpAddr, replies: mpsc::PermitIterator<'_, String>, bytes: &[u8]) {
        let limited = self
            .0
            .registry
            .clients
            .check(client, Rate::LitamaCommands)
            .is_err();
        let error = if limited {
            TOO_MANY
        } else {
            crate::litama::INVALID_COMMAND
        };
        let message = serde_json::json!({
            "messageType": "error", "matchId": "", "error": error,
            "command": String::from_utf8_lossy(bytes),
        });
        let mut replies = replies;
        if let Some(permit) = replies.next() {
            permit.send(message.to_string());
        }
    }

    fn forget(&self, conn: ConnId) {
        let mut watchers = lock(&self.0.watchers);
        for list in watchers.values_mut() {
            list.retain(|w| w.conn != conn);
        }
        watchers.retain(|_, list| !list.is_empty());
    }
}

/// A stored match's JSON with its `lastActiveMs` at least `saved_ms`, the wall-clock time its
/// row was last written: earlier servers stored there the time since their process started,
/// which the wall clock would take for an activity in 1970 (and expire at once).
fn active_since_saved(data: &str, saved_ms: u64) -> std::borrow::Cow<'_, str> {
    let Ok(mut json) = serde_json::from_str::<serde_json::Value>(data) else {
        return data.into(); // the hub says what is wrong with it
    };
    match json.get_mut("lastActiveMs") {
        Some(last) if last.as_u64().is_some_and(|ms| ms < saved_ms) => {
            *last = saved_ms.into();
            json.to_string().into()
        }
        _ => data.into(),
    }
}

fn lock<T>(mutex: &StdMutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The upgrade: 503 when the server has its limit of connections, 429 when the client has.
pub(crate) async fn upgrade(
    State(registry): State<Arc<Registry>>,
    axum::Extension(litama): axum::Extension<LitamaState>,
    axum::Extension(client): axum::Extension<Client>,
    axum::Extension(shutdown): axum::Extension<watch::Receiver<bool>>,
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Response {
    let (ws, places) = match crate::websocket::accept(&registry, client, ws, MAX_MESSAGE) {
        Ok(accepted) => accepted,
        Err(response) => return *response,
    };
    let timeouts = registry.config.timeouts.clone();
    ws.on_upgrade(move |socket| async move {
        let _places = places;
        serve(socket, litama, client.0, shutdown, timeouts).await;
    })
}

async fn serve(
    socket: WebSocket,
    litama: LitamaState,
    client: IpAddr,
    mut shutdown: watch::Receiver<bool>,
    timeouts: Timeouts,
) {
    let conn = litama.0.next_conn.fetch_add(1, Ordering::Relaxed);
    let (outbox, inbox) = mpsc::channel::<String>(QUEUE);
    let me = Watcher {
        conn,
        outbox,
        kick: Arc::new(Notify::new()),
    };
    let (sink, stream) = socket.split();
    // The writer sends the outbox, the pings, and at the end the close frame; the reader
    // handles the commands in order and tells the writer why it stopped.
    let (closing_tx, closing_rx) = watch::channel::<Option<Closing>>(None);
    let liveness = Arc::new(StdMutex::new(Liveness::new(&timeouts)));
    let mut writer = tokio::spawn(write(
        sink,
        inbox,
        Arc::clone(&me.kick),
        closing_rx,
        Arc::clone(&liveness),
        timeouts,
    ));
    let mut stream = stream;
    let stopped = tokio::select! {
        closing = read(&mut stream, &litama, &me, client, &liveness) => closing,
        _ = shutdown.changed() => Some(Closing::GOING_AWAY),
        _ = &mut writer => None, // the writer closed the socket (idle, too slow, gone)
    };
    litama.forget(conn);
    if writer.is_finished() {
        drop(me);
        drain(&mut stream).await;
    } else {
        // Why first, then the last sender goes: the writer sends what is left, then the frame.
        let _ = closing_tx.send(Some(stopped.unwrap_or(Closing::GOING_AWAY)));
        drop(me);
        let _ = tokio::join!(writer, drain(&mut stream));
    }
}

/// Reads and handles the commands; returns why the connection ends (`None`: the client left).
async fn read(
    stream: &mut SplitStream<WebSocket>,
    litama: &LitamaState,
    me: &Watcher,
    client: IpAddr,
    liveness: &StdMutex<Liveness>,
) -> Option<Closing> {
    loop {
        // Room for every reply of the next command first: backpressure, not loss.
        let Ok(replies) = me.outbox.reserve_many(MOST_REPLIES).await else {
            return None;
        };
        let message = match stream.next().await {
            None | Some(Ok(Message::Close(_))) => return None,
            Some(Err(e)) => return Closing::for_error(&e),
            Some(Ok(message)) => message,
        };
        if let Err(closing) = lock(liveness).heard(&message) {
            return Some(closing);
        }
        match message {
            Message::Text(text) => litama.command(me, client, replies, text.as_str()).await,
            // Commands are text: a binary message is answered as an invalid command.
            Message::Binary(bytes) => litama.binary(client, replies, &bytes),
            _ => {}
        }
    }
}

/// Sends what the connection has to send until it closes.
async fn write(
    mut sink: SplitSink<WebSocket, Message>,
    mut inbox: mpsc::Receiver<String>,
    kick: Arc<Notify>,
    mut closing: watch::Receiver<Option<Closing>>,
    liveness: Arc<StdMutex<Liveness>>,
    timeouts: Timeouts,
) {
    let mut ping = crate::websocket::pings(&timeouts);
    let reason = loop {
        tokio::select! {
            biased;
            message = inbox.recv() => {
                let Some(message) = message else { break closing.borrow().clone() };
                if let Err(closing) = send(&mut sink, Message::Text(message.into()), &timeouts).await {
                    break closing;
                }
            }
            () = kick.notified() => break Some(Closing::NOT_READING),
            _ = closing.changed() => {
                // The reader stopped: send what its last command answered, then close.
                while let Ok(message) = inbox.try_recv() {
                    if send(&mut sink, Message::Text(message.into()), &timeouts).await.is_err() {
                        break;
                    }
                }
                break closing.borrow().clone();
            }
            _ = ping.tick() => {
                if lock(&liveness).quiet() {
                    break Some(Closing::IDLE);
                }
                if let Err(closing) = send(&mut sink, Message::Ping(axum::body::Bytes::new()), &timeouts).await {
                    break closing;
                }
            }
        }
    };
    if let Some(reason) = reason {
        close(&mut sink, &reason).await;
    }
}

#[cfg(test)]
mod tests {
    use super::active_since_saved;

    /// A row stored with the time since the process started as its last activity gets the time
    /// the row was written instead; a wall-clock time is kept, and what is not JSON is left to the
    /// hub to refuse.
    #[test]
    fn old_rows_are_active_since_they_were_saved() {
        let old = r#"{"format":"litama-match","lastActiveMs":44}"#;
        let read: serde_json::Value =
            serde_json::from_str(&active_since_saved(old, 1_796_000_000_000)).unwrap();
        assert_eq!(read["lastActiveMs"], 1_796_000_000_000_u64);
        let new = r#"{"format":"litama-match","lastActiveMs":1796000000500}"#;
        assert_eq!(active_since_saved(new, 1_796_000_000_000), new);
        assert_eq!(active_since_saved("not json", 5), "not json");
    }
}
