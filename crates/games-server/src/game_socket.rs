//! `GET /api/games/{id}/ws`: a WebSocket that pushes the game's state at once and after every
//! change, to players and spectators alike. What the client sends is ignored (moves go through
//! the HTTP routes, which check the token). The socket's limits are [`crate::websocket`]'s.

use std::sync::Arc;

use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use tokio::sync::broadcast::error::RecvError;
use tokio::sync::watch;

use crate::config::Timeouts;
use crate::guard::Client;
use crate::registry::Registry;
use crate::websocket::{Closing, Liveness, close, drain, send};

/// The largest message a client may send on a game's socket (it is ignored anyway).
const MAX_MESSAGE: usize = 4096;

/// The upgrade: refused with 404 for an unknown game, 503 when the server has its limit of
/// connections, and 429 when the client has its own.
pub(crate) async fn upgrade(
    State(registry): State<Arc<Registry>>,
    Path(id): Path<String>,
    axum::Extension(client): axum::Extension<Client>,
    axum::Extension(shutdown): axum::Extension<watch::Receiver<bool>>,
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Response {
    let slot = match registry.get(&id).await {
        Ok(slot) => slot,
        Err(e) => return e.into_response(),
    };
    let (ws, places) = match crate::websocket::accept(&registry, client, ws, MAX_MESSAGE) {
        Ok(accepted) => accepted,
        Err(response) => return *response,
    };
    let timeouts = registry.config.timeouts.clone();
    ws.on_upgrade(move |socket| async move {
        let _places = places;
        watch_game(socket, slot, shutdown, timeouts).await;
    })
}

async fn watch_game(
    mut socket: WebSocket,
    slot: Arc<crate::registry::Slot>,
    mut shutdown: watch::Receiver<bool>,
    timeouts: Timeouts,
) {
    let mut updates = slot.updates.subscribe();
    let first = {
        let entry = slot.entry.lock().await;
        slot.message(&entry)
    };
    let mut liveness = Liveness::new(&timeouts);
    let closing = match send(&mut socket, Message::Text(first.as_ref().into()), &timeouts).await {
        Err(closing) => closing,
        Ok(()) => loop {
            tokio::select! {
                update = updates.recv() => {
                    let text = match update {
                        Ok(text) => text,
                        Err(RecvError::Lagged(_)) => {
                            let entry = slot.entry.lock().await;
                            slot.message(&entry)
                        }
                        Err(RecvError::Closed) => break None,
                    };
                    if let Err(closing) =
                        send(&mut socket, Message::Text(text.as_ref().into()), &timeouts).await
                    {
                        break closing;
                    }
                }
                incoming = socket.recv() => match incoming {
                    Some(Ok(Message::Close(_))) | None => break None,
                    Some(Err(e)) => break Closing::for_error(&e),
                    Some(Ok(message)) => {
                        if let Err(closing) = liveness.heard(&message) {
                            break Some(closing);
                        }
                    }
                },
                tick = liveness.tick() => {
                    if let Err(closing) = tick {
                        break Some(closing);
                    }
                    if let Err(closing) =
                        send(&mut socket, Message::Ping(axum::body::Bytes::new()), &timeouts).await
                    {
                        break closing;
                    }
                }
                _ = shutdown.changed() => break Some(Closing::GOING_AWAY),
            }
        },
    };
    if let Some(closing) = closing {
        close(&mut socket, &closing).await;
        drain(&mut socket).await;
    }
}
