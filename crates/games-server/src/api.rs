//! The JSON routes under `/api/` (the WebSocket of a game is in [`crate::game_socket`]).

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use axum::Json;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use game_catalog::views::catalog::CatalogView;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::clients::Resource;
use crate::engine_pool::{Busy, Priority};
use crate::error::ApiError;
use crate::guard::Client;
use crate::new_game::NewGame;
use crate::random::hex_id;
use crate::random::random_u64;
use crate::registry::Registry;

/// The shared state of the handlers.
pub(crate) type Shared = State<Arc<Registry>>;

/// A request body, or the JSON error of a body the framework refused (too large: 413).
pub(crate) fn body(body: Result<Bytes, BytesRejection>) -> Result<Bytes, Box<Response>> {
    body.map_err(|rejection| {
        let status = rejection.status();
        let message = if status == StatusCode::PAYLOAD_TOO_LARGE {
            "the request body is too large".to_owned()
        } else {
            format!("bad request body: {rejection}")
        };
        Box::new(crate::error::error_response(status, &message))
    })
}

/// Reads a JSON body of type `T`.
fn parse<T: for<'de> Deserialize<'de>>(bytes: &[u8]) -> Result<T, ApiError> {
    serde_json::from_slice(bytes).map_err(|e| ApiError::BadRequest(format!("bad JSON: {e}")))
}

/// A request body read as JSON of type `T`, or the error to answer.
fn read<T: for<'de> Deserialize<'de>>(
    raw: Result<Bytes, BytesRejection>,
) -> Result<T, Box<Response>> {
    let bytes = body(raw)?;
    parse(&bytes).map_err(|e| Box::new(e.into_response()))
}

/// The body of the actions that need a player's token.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TokenBody {
    #[serde(default)]
    token: String,
}

/// A move, or a candidate of the coaching round.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveBody {
    #[serde(default)]
    token: String,
    #[serde(rename = "move")]
    mv: String,
}

/// A resignation.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ResignBody {
    #[serde(default)]
    token: String,
    #[serde(default)]
    player: Option<String>,
}

/// The answer to a takeback.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TakebackBody {
    #[serde(default)]
    token: String,
    accept: bool,
}

/// A join.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct JoinBody {
    #[serde(default)]
    name: Option<String>,
}

/// `GET /api/catalog`.
pub(crate) async fn catalog() -> Json<CatalogView> {
    Json(CatalogView::new(
        &["casual", "clock_duel", "coaching", "mirror_match"],
        &["engine", "same_device", "link"],
    ))
}

/// `POST /api/games`.
pub(crate) async fn create(
    State(registry): Shared,
    axum::Extension(client): axum::Extension<Client>,
    raw: Result<Bytes, BytesRejection>,
) -> Response {
    let request: NewGame = match read(raw) {
        Ok(r) => r,
        Err(response) => return *response,
    };
    match registry.create(&request, client.0).await {
        Ok((slot, token)) => {
            let entry = slot.entry.lock().await;
            let state = slot.state(&entry);
            (
                StatusCode::CREATED,
                Json(json!({"id": slot.id, "token": token, "state": state})),
            )
                .into_response()
        }
        Err(e) => e.into_response(),
    }
}

/// `GET /api/games/{id}`.
pub(crate) async fn state(
    State(registry): Shared,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let slot = registry.get(&id).await?;
    let mut entry = slot.entry.lock().await;
    let now = registry.config.time.now_ms();
    if entry.game.tick(now) {
        registry.commit(&slot, &mut entry).await?;
    }
    Ok(Json(slot.state(&entry)))
}

/// Runs `action` on the body `raw` of type `B`, for game `id`, and answers the new state.
async fn act<B: for<'de> Deserialize<'de>>(
    registry: &Arc<Registry>,
    id: &str,
    raw: Result<Bytes, BytesRejection>,
    action: impl FnOnce(B, &mut dyn crate::live::LiveGame) -> Result<(), ApiError>,
) -> Response {
    if let Err(e) = registry.get(id).await {
        return e.into_response();
    }
    let request: B = match read(raw) {
        Ok(r) => r,
        Err(response) => return *response,
    };
    match registry.change(id, |game| action(request, game)).await {
        Ok(((), state)) => Json(state).into_response(),
        Err(e) => e.into_response(),
    }
}

/// `POST /api/games/{id}/moves`.
pub(crate) async fn play(
    State(registry): Shared,
    Path(id): Path<String>,
    raw: Result<Bytes, BytesRejection>,
) -> Response {
    act(&registry, &id, raw, |b: MoveBody, g| {
        g.play(&b.token, &b.mv)
    })
    .await
}

/// `POST /api/games/{id}/undo`.
pub(crate) async fn undo(
    State(registry): Shared,
    Path(id): Path<String>,
    raw: Result<Bytes, BytesRejection>,
) -> Response {
    act(&registry, &id, raw, |b: TokenBody, g| g.undo(&b.token)).await
}

/// `POST /api/games/{id}/takeback`: the opponent accepts or declines the takeback asked by
/// the other player of a game shared by link.
pub(crate) async fn takeback(
    State(registry): Shared,
    Path(id): Path<String>,
    raw: Result<Bytes, BytesRejection>,
) -> Response {
    act(&registry, &id, raw, |b: TakebackBody, g| {
        g.answer_takeback(&b.token, b.accept)
    })
    .await
}

/// `POST /api/games/{id}/redo`.
pub(crate) async fn redo(
    State(registry): Shared,
    Path(id): Path<String>,
    raw: Result<Bytes, BytesRejection>,
) -> Response {
    act(&registry, &id, raw, |b: TokenBody, g| g.redo(&b.token)).await
}

/// `POST /api/games/{id}/resign`.
pub(crate) async fn resign(
    State(registry): Shared,
    Path(id): Path<String>,
    raw: Result<Bytes, BytesRejection>,
) -> Response {
    act(&registry, &id, raw, |b: ResignBody, g| {
        g.resign(&b.token, b.player.as_deref())
    })
    .await
}

/// `POST /api/games/{id}/next`.
pub(crate) async fn next(
    State(registry): Shared,
    Path(id): Path<String>,
    raw: Result<Bytes, BytesRejection>,
) -> Response {
    act(&registry, &id, raw, |b: TokenBody, g| g.next_game(&b.token)).await
}

/// `POST /api/games/{id}/join`.
pub(crate) async fn join(
    State(registry): Shared,
    Path(id): Path<String>,
    raw: Result<Bytes, BytesRejection>,
) -> Response {
    let bytes = match body(raw) {
        Ok(b) => b,
        Err(response) => return *response,
    };
    let request: JoinBody = if bytes.iter().all(u8::is_ascii_whitespace) {
        JoinBody::default()
    } else {
        match parse(&bytes) {
            Ok(r) => r,
            Err(e) => return e.into_response(),
        }
    };
    let token = match hex_id(32) {
        Ok(token) => token,
        Err(e) => return ApiError::from(e).into_response(),
    };
    let name = request.name.unwrap_or_default();
    let given = token.clone();
    match registry.change(&id, |g| g.join(&name, given)).await {
        Ok((player, state)) => {
            Json(json!({"id": id, "token": token, "player": player, "state": state}))
                .into_response()
        }
        Err(e) => e.into_response(),
    }
}

/// `POST /api/games/{id}/propose`: the coach's answer; the state is unchanged but for the
/// candidate.
pub(crate) async fn propose(
    State(registry): Shared,
    Path(id): Path<String>,
    raw: Result<Bytes, BytesRejection>,
) -> Response {
    let request: MoveBody = match read(raw) {
        Ok(r) => r,
        Err(response) => return *response,
    };
    match registry
        .change(&id, |g| g.propose(&request.token, &request.mv))
        .await
    {
        Ok((report, _)) => Json(report).into_response(),
        Err(e) => e.into_response(),
    }
}

/// `GET /api/games/{id}/hint`: the engine's choice for the side to move; nothing is played.
/// A client has a few hints at once (429 beyond), the server a bounded queue of them (503
/// beyond), and engine moves of running games go first. A client that leaves stops its hint.
pub(crate) async fn hint(
    State(registry): Shared,
    axum::Extension(client): axum::Extension<Client>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let slot = registry.get(&id).await?;
    let job = {
        let entry = slot.entry.lock().await;
        entry.game.hint_job(registry.thinking(), random_u64())?
    };
    let _hold = registry.clients.hold(client.0, Resource::Hint)?;
    let stop = Arc::new(AtomicBool::new(false));
    let search_stop = Arc::clone(&stop);
    let choice = registry
        .engines
        .run(Priority::Hint, stop, move || job(search_stop))
        .await
        .map_err(|Busy| {
            ApiError::Full("the engines are busy: too many hints wait; try again".into())
        })?
        .ok_or_else(|| ApiError::Internal("the engine stopped".into()))?;
    Ok(Json(json!({
        "move": choice.mv,
        "score": choice.score,
        "pv": choice.pv,
        "depth": choice.depth,
    })))
}

/// Any other path: 404 as JSON.
pub(crate) async fn not_found() -> Response {
    crate::error::error_response(StatusCode::NOT_FOUND, "no such route")
}
