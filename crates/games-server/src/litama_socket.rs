//! `GET /litama`: the Litama-compatible WebSocket. The protocol is [`crate::litama::Hub`]'s;
//! this module carries its messages: it stores every change before answering, delivers the
//! replies to the sender, the broadcasts to the match's watchers, and loads the matches back at
//! start.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex as StdMutex};

use axum::extract::State;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::response::Response;
use tokio::sync::{Mutex, mpsc, watch};

use crate::error::ApiError;
use crate::litama::{ConnId, Hub};
use crate::registry::Registry;
use crate::store::{Kind, Store};

/// How many messages may wait for a slow socket before it is dropped.
const QUEUE: usize = 256;

type Outbox = mpsc::Sender<String>;

struct Inner {
    hub: Mutex<Hub>,
    watchers: StdMutex<HashMap<String, Vec<(ConnId, Outbox)>>>,
    next_conn: AtomicU64,
    store: Store,
    registry: Arc<Registry>,
}

/// The Litama endpoint's shared state.
#[derive(Clone)]
pub(crate) struct LitamaState(Arc<Inner>);

impl LitamaState {
    /// The hub with the stored matches loaded back.
    pub(crate) fn open(registry: &Arc<Registry>, store: &Store) -> Result<LitamaState, String> {
        let mut hub = Hub::new(Box::new(crate::random::fill));
        hub.set_max_matches(registry.config.limits.max_games);
        for (id, json) in store.load(Kind::Litama)? {
            hub.restore(&id, &json)
                .map_err(|e| format!("Litama match {id} in the database: {e}"))?;
        }
        Ok(LitamaState(Arc::new(Inner {
            hub: Mutex::new(hub),
            watchers: StdMutex::new(HashMap::new()),
            next_conn: AtomicU64::new(1),
            store: store.clone(),
            registry: Arc::clone(registry),
        })))
    }

    /// Removes the matches idle for longer than the idle expiry, from memory and the database.
    pub(crate) async fn expire(&self) {
        let inner = &self.0;
        let now = inner.registry.config.time.now_ms();
        let idle = inner.registry.config.limits.idle_expiry.as_millis() as u64;
        let expired = inner.hub.lock().await.expire(now, idle);
        for id in expired {
            if let Ok(mut watchers) = inner.watchers.lock() {
                watchers.remove(&id);
            }
            let store = inner.store.clone();
            let _ = tokio::task::spawn_blocking(move || store.delete(&id)).await;
        }
    }

    /// Handles one command of connection `conn`, whose own messages go to `outbox`.
    async fn command(&self, conn: ConnId, outbox: &Outbox, text: &str) {
        let inner = &self.0;
        let mut hub = inner.hub.lock().await;
        let response = hub.handle(text, inner.registry.config.time.now_ms());
        if let Some((id, json)) = response.persist {
            let store = inner.store.clone();
            let now = inner.registry.config.time.now_ms();
            let saved =
                tokio::task::spawn_blocking(move || store.save(Kind::Litama, &id, &json, now))
                    .await
                    .map_err(|e| ApiError::Internal(e.to_string()))
                    .and_then(|r| r);
            if saved.is_err() {
                let error = serde_json::json!({
                    "messageType": "error",
                    "matchId": "",
                    "error": "The server could not store the match, try again",
                    "command": text.split(' ').next().unwrap_or_default(),
                });
                let _ = outbox.try_send(error.to_string());
                return;
            }
        }
        for message in response.to_sender {
            let _ = outbox.try_send(message);
        }
        let Ok(mut watchers) = inner.watchers.lock() else {
            return;
        };
        if let Some((id, message)) = response.broadcast {
            if let Some(list) = watchers.get_mut(&id) {
                // A socket too slow to take its messages is dropped from the list.
                list.retain(|(_, out)| out.try_send(message.clone()).is_ok());
            }
        }
        if let Some(id) = response.subscribe {
            let list = watchers.entry(id).or_default();
            if !list.iter().any(|(c, _)| *c == conn) {
                list.push((conn, outbox.clone()));
            }
        }
        drop(watchers);
        drop(hub);
    }

    fn forget(&self, conn: ConnId) {
        if let Ok(mut watchers) = self.0.watchers.lock() {
            for list in watchers.values_mut() {
                list.retain(|(c, _)| *c != conn);
            }
            watchers.retain(|_, list| !list.is_empty());
        }
    }
}

/// The upgrade: 503 when the server has its limit of connections.
pub(crate) async fn upgrade(
    State(registry): State<Arc<Registry>>,
    axum::Extension(litama): axum::Extension<LitamaState>,
    axum::Extension(shutdown): axum::Extension<watch::Receiver<bool>>,
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Response {
    let (ws, permit) = match crate::game_socket::accept(&registry, ws) {
        Ok(accepted) => accepted,
        Err(response) => return *response,
    };
    ws.max_message_size(1024)
        .on_upgrade(move |socket| async move {
            let _permit = permit;
            serve(socket, litama, shutdown).await;
        })
}

async fn serve(mut socket: WebSocket, litama: LitamaState, mut shutdown: watch::Receiver<bool>) {
    let conn = litama.0.next_conn.fetch_add(1, Ordering::Relaxed);
    let (outbox, mut inbox) = mpsc::channel::<String>(QUEUE);
    loop {
        tokio::select! {
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Text(text))) => litama.command(conn, &outbox, text.as_str()).await,
                Some(Ok(Message::Close(_)) | Err(_)) | None => break,
                Some(Ok(_)) => {}
            },
            Some(message) = inbox.recv() => {
                if socket.send(Message::Text(message.into())).await.is_err() {
                    break;
                }
            }
            _ = shutdown.changed() => {
                let _ = socket.send(Message::Close(None)).await;
                break;
            }
        }
    }
    litama.forget(conn);
}
