//! `GET /api/games/{id}/ws`: a WebSocket that pushes the game's state at once and after every
//! change, to players and spectators alike. What the client sends is ignored (moves go through
//! the HTTP routes, which check the token).

use std::sync::Arc;

use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use tokio::sync::broadcast::error::RecvError;
use tokio::sync::{OwnedSemaphorePermit, watch};

use crate::error::ApiError;
use crate::registry::Registry;

/// The upgrade: refused with 404 for an unknown game and 503 when the server has its limit of
/// connections.
pub(crate) async fn upgrade(
    State(registry): State<Arc<Registry>>,
    Path(id): Path<String>,
    axum::Extension(shutdown): axum::Extension<watch::Receiver<bool>>,
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Response {
    let slot = match registry.get(&id) {
        Ok(slot) => slot,
        Err(e) => return e.into_response(),
    };
    let (ws, permit) = match accept(&registry, ws) {
        Ok(accepted) => accepted,
        Err(response) => return *response,
    };
    ws.max_message_size(4096)
        .on_upgrade(move |socket| async move {
            let _permit = permit;
            watch_game(socket, slot, shutdown).await;
        })
}

/// A WebSocket upgrade checked and counted: the upgrade and the connection's permit, or the
/// JSON error to answer (not an upgrade request: its status; the limit of connections: 503).
pub(crate) fn accept(
    registry: &Registry,
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<(WebSocketUpgrade, OwnedSemaphorePermit), Box<Response>> {
    let ws = ws.map_err(|rejection| {
        Box::new(crate::error::error_response(
            rejection.status(),
            &format!("expected a WebSocket upgrade: {rejection}"),
        ))
    })?;
    let permit = Arc::clone(&registry.connection_permits)
        .try_acquire_owned()
        .map_err(|_| {
            Box::new(
                ApiError::Full("the server has its limit of connections".into()).into_response(),
            )
        })?;
    Ok((ws, permit))
}

async fn watch_game(
    mut socket: WebSocket,
    slot: Arc<crate::registry::Slot>,
    mut shutdown: watch::Receiver<bool>,
) {
    let mut updates = slot.updates.subscribe();
    let first = {
        let entry = slot.entry.lock().await;
        slot.message(&entry)
    };
    if socket
        .send(Message::Text(first.as_ref().into()))
        .await
        .is_err()
    {
        return;
    }
    loop {
        tokio::select! {
            update = updates.recv() => {
                let text = match update {
                    Ok(text) => text,
                    Err(RecvError::Lagged(_)) => {
                        let entry = slot.entry.lock().await;
                        slot.message(&entry)
                    }
                    Err(RecvError::Closed) => break,
                };
                if socket.send(Message::Text(text.as_ref().into())).await.is_err() {
                    break;
                }
            }
            incoming = socket.recv() => {
                match incoming {
                    Some(Ok(Message::Close(_)) | Err(_)) | None => break,
                    Some(Ok(_)) => {}
                }
            }
            _ = shutdown.changed() => {
                let _ = socket.send(Message::Close(None)).await;
                break;
            }
        }
    }
}
