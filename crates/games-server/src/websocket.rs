//! What every WebSocket of the server shares: the upgrade's checks and counts (the server's
//! limit of sockets and the client's), one message written at a time (see
//! [`UNBOUNDED_WRITE_BUFFER`]), sends that must be taken by the client within
//! [`Timeouts::websocket_send`], pings every [`Timeouts::websocket_ping`], a close after
//! [`Timeouts::websocket_idle`] without a word from the client, and close codes for bad frames:
//! 1007 (text that is not UTF-8), 1009 (a message or frame over the limit), 1008 (a client that
//! does not read, or floods control frames), 1002 (other protocol errors).

use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{CloseFrame, Message, WebSocketUpgrade, close_code};
use axum::response::{IntoResponse, Response};
use futures_util::{Sink, SinkExt, Stream, StreamExt};
use tokio::sync::OwnedSemaphorePermit;
use tokio::time::{Instant, Interval, MissedTickBehavior};

use crate::clients::{Hold, Resource};
use crate::config::Timeouts;
use crate::error::ApiError;
use crate::guard::Client;
use crate::registry::Registry;

/// The write buffer of a socket has no limit in bytes: what waits there is the one message
/// being sent (each [`send`] is awaited, within [`Timeouts::websocket_send`], before the next
/// message is taken) and at most one pong (the library keeps only the latest) or the close
/// frame. So a socket's backlog is counted in messages, by the queue in front of it, and a
/// client that does not read is closed (1008) when a send times out. A limit in bytes would
/// refuse any one message larger than it: the state of a long game (an Onitama game has no
/// limit of plies, and its state grows by about 155 bytes a ply).
const UNBOUNDED_WRITE_BUFFER: usize = usize::MAX;
/// The most control frames (pings, pongs) a client may send in one [`FLOOD_WINDOW`].
const MAX_CONTROL_FRAMES: u32 = 64;
/// The window of [`MAX_CONTROL_FRAMES`].
const FLOOD_WINDOW: Duration = Duration::from_secs(10);
/// How long the server tries to deliver its close frame, and how long a quiet client is
/// waited for after it.
const CLOSE_GRACE: Duration = Duration::from_secs(1);
/// The most time the server reads what a client sends after the server's close frame.
const DRAIN_MOST: Duration = Duration::from_secs(3);

/// What an open socket holds: a place among the server's sockets and among its client's.
#[derive(Debug)]
pub(crate) struct Places {
    _server: OwnedSemaphorePermit,
    _client: Hold,
}

/// Checks and counts a WebSocket upgrade of `client`, with messages of at most `max_message`
/// bytes: the upgrade and its places, or the JSON error to answer (not an upgrade request: its
/// status, 400 for an HTTP/1.0 one; the server's limit of sockets: 503; the client's: 429).
pub(crate) fn accept(
    registry: &Registry,
    client: Client,
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
    max_message: usize,
) -> Result<(WebSocketUpgrade, Places), Box<Response>> {
    let ws = ws.map_err(|rejection| {
        // An HTTP/1.0 request cannot be upgraded (axum says 426, which would ask the client to
        // switch protocols): a bad upgrade request, 400 like the others.
        let response = match rejection {
            WebSocketUpgradeRejection::ConnectionNotUpgradable(_) => {
                crate::error::error_response(
                    axum::http::StatusCode::BAD_REQUEST,
                    "expected a WebSocket upgrade: the connection cannot be upgraded (a WebSocket needs HTTP/1.1)",
                )
            }
            other => crate::error::error_response(
                other.status(),
                &format!("expected a WebSocket upgrade: {other}"),
            ),
        };
        Box::new(response)
    })?;
    let hold = registry
        .clients
        .hold(client.0, Resource::WebSocket)
        .map_err(|t| Box::new(ApiError::from(t).into_response()))?;
    let permit = Arc::clone(&registry.connection_permits)
        .try_acquire_owned()
        .map_err(|_| {
            Box::new(
                ApiError::Full("the server has its limit of connections".into()).into_response(),
            )
        })?;
    let ws = ws
        .max_message_size(max_message)
        .max_frame_size(max_message)
        .write_buffer_size(0)
        .max_write_buffer_size(UNBOUNDED_WRITE_BUFFER);
    Ok((
        ws,
        Places {
            _server: permit,
            _client: hold,
        },
    ))
}

/// Why a socket is being closed, and the close frame to send.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Closing {
    /// The close code.
    pub(crate) code: u16,
    /// The reason (at most 123 bytes).
    pub(crate) reason: &'static str,
}

impl Closing {
    pub(crate) const GOING_AWAY: Closing = Closing {
        code: close_code::AWAY,
        reason: "the server is shutting down",
    };
    pub(crate) const IDLE: Closing = Closing {
        code: close_code::AWAY,
        reason: "nothing heard from the client",
    };
    pub(crate) const NOT_READING: Closing = Closing {
        code: close_code::POLICY,
        reason: "the client does not read its messages",
    };
    pub(crate) const FLOOD: Closing = Closing {
        code: close_code::POLICY,
        reason: "too many control frames",
    };
    pub(crate) const TOO_BIG: Closing = Closing {
        code: close_code::SIZE,
        reason: "message too big",
    };
    pub(crate) const NOT_UTF8: Closing = Closing {
        code: close_code::INVALID,
        reason: "text that is not UTF-8",
    };
    pub(crate) const PROTOCOL: Closing = Closing {
        code: close_code::PROTOCOL,
        reason: "WebSocket protocol error",
    };

    /// The closing a read error calls for, if any (`None`: the connection is gone).
    pub(crate) fn for_error(error: &axum::Error) -> Option<Closing> {
        use tungstenite::error::Error;
        let inner = std::error::Error::source(error)?.downcast_ref::<Error>()?;
        match inner {
            Error::Utf8(_) => Some(Closing::NOT_UTF8),
            Error::Capacity(_) => Some(Closing::TOO_BIG),
            Error::Protocol(tungstenite::error::ProtocolError::ResetWithoutClosingHandshake) => {
                None
            }
            Error::Protocol(_) => Some(Closing::PROTOCOL),
            Error::WriteBufferFull(_) => Some(Closing::NOT_READING),
            _ => None,
        }
    }
}

/// Sends the close frame of `closing` (if the client takes it within a second); the caller
/// then drops the socket.
pub(crate) async fn close<S>(socket: &mut S, closing: &Closing)
where
    S: Sink<Message, Error = axum::Error> + Unpin,
{
    let frame = CloseFrame {
        code: closing.code,
        reason: closing.reason.into(),
    };
    let _ = tokio::time::timeout(CLOSE_GRACE, socket.send(Message::Close(Some(frame)))).await;
}

/// Reads and drops what the client still sends after the server's close frame, until its own
/// close frame, its end, a second of quiet or [`DRAIN_MOST`]: a socket closed with unread data
/// is reset, and a reset would throw away the close frame before the client reads it.
pub(crate) async fn drain<S>(socket: &mut S)
where
    S: Stream<Item = Result<Message, axum::Error>> + Unpin,
{
    let until = Instant::now() + DRAIN_MOST;
    loop {
        let quiet = (Instant::now() + CLOSE_GRACE).min(until);
        match tokio::time::timeout_at(quiet, socket.next()).await {
            Ok(Some(Ok(Message::Close(_)) | Err(_)) | None) | Err(_) => return,
            Ok(Some(Ok(_))) => {}
        }
    }
}

/// Sends `message` within the send timeout, or says why the socket must close (`None`: it is
/// gone already).
pub(crate) async fn send<S>(
    socket: &mut S,
    message: Message,
    timeouts: &Timeouts,
) -> Result<(), Option<Closing>>
where
    S: Sink<Message, Error = axum::Error> + Unpin,
{
    match tokio::time::timeout(timeouts.websocket_send, socket.send(message)).await {
        Ok(Ok(())) => Ok(()),
        Ok(Err(e)) => Err(Closing::for_error(&e).or(Some(Closing::NOT_READING))),
        Err(_) => Err(Some(Closing::NOT_READING)),
    }
}

/// The pings of a socket: every [`Timeouts::websocket_ping`], the first one period from now.
pub(crate) fn pings(timeouts: &Timeouts) -> Interval {
    let period = timeouts.websocket_ping.max(Duration::from_millis(10));
    let mut ping = tokio::time::interval_at(Instant::now() + period, period);
    ping.set_missed_tick_behavior(MissedTickBehavior::Delay);
    ping
}

/// The watch over one socket's client: when to ping, whether it has gone quiet, and whether
/// it floods control frames.
#[derive(Debug)]
pub(crate) struct Liveness {
    ping: Interval,
    idle: Duration,
    last_heard: Instant,
    window_start: Instant,
    control_frames: u32,
}

impl Liveness {
    /// A watch with the server's timeouts.
    pub(crate) fn new(timeouts: &Timeouts) -> Liveness {
        let now = Instant::now();
        Liveness {
            ping: pings(timeouts),
            idle: timeouts.websocket_idle,
            last_heard: now,
            window_start: now,
            control_frames: 0,
        }
    }

    /// Waits for the next ping time; `Err` once the client has been silent for too long.
    pub(crate) async fn tick(&mut self) -> Result<(), Closing> {
        self.ping.tick().await;
        if self.quiet() {
            return Err(Closing::IDLE);
        }
        Ok(())
    }

    /// Whether the client has been silent for longer than the idle timeout.
    pub(crate) fn quiet(&self) -> bool {
        self.last_heard.elapsed() > self.idle
    }

    /// Notes a frame received from the client; `Err` if it floods control frames.
    pub(crate) fn heard(&mut self, message: &Message) -> Result<(), Closing> {
        let now = Instant::now();
        self.last_heard = now;
        if matches!(message, Message::Ping(_) | Message::Pong(_)) {
            if now.duration_since(self.window_start) > FLOOD_WINDOW {
                self.window_start = now;
                self.control_frames = 0;
            }
            self.control_frames += 1;
            if self.control_frames > MAX_CONTROL_FRAMES {
                return Err(Closing::FLOOD);
            }
        }
        Ok(())
    }
}
