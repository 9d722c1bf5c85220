//! The checks every request passes before a handler sees it, in this order: who the client is
//! ([`Client`]), its request rate (429), the page it comes from (`Origin`, 403), its body
//! (the size its `Content-Length` announces, 413; the body read at a minimum rate, 408; a JSON
//! content type, 415), and a place among the requests handled at once (503; not for hints,
//! which have limits of their own).

use std::net::{IpAddr, Ipv4Addr};
use std::sync::Arc;
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::{MatchedPath, Request, State};
use axum::http::{HeaderMap, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use http_body_util::BodyExt;
use tokio::sync::Semaphore;
use tokio::time::Instant;

use crate::clients::{Clients, Rate};
use crate::config::{OriginPolicy, Origins, Timeouts};
use crate::error::{ApiError, error_response};

/// The client of a request (after [`Clients::client`]), for the handlers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Client(pub(crate) IpAddr);

/// How long a client refused for the requests handled at once should wait.
const RETRY_WHEN_BUSY: u64 = 1;

/// What the checks need.
#[derive(Debug)]
pub(crate) struct Guard {
    pub(crate) clients: Arc<Clients>,
    pub(crate) origins: OriginPolicy,
    pub(crate) timeouts: Timeouts,
    pub(crate) max_body_bytes: usize,
    pub(crate) requests: Semaphore,
}

/// The middleware.
pub(crate) async fn check(
    State(guard): State<Arc<Guard>>,
    mut request: Request,
    next: Next,
) -> Response {
    let peer =
        crate::connections::peer(&request).map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |p| p.ip());
    let client = guard.clients.client(peer, request.headers());
    request.extensions_mut().insert(Client(client));
    if let Err(too_many) = guard.clients.check(client, Rate::Requests) {
        return ApiError::from(too_many).into_response();
    }
    let path = request.uri().path();
    let policy = if path == "/litama" {
        Some(&guard.origins.litama)
    } else if path.starts_with("/api/") {
        Some(&guard.origins.api)
    } else {
        None
    };
    if let Some(policy) = policy {
        if let Err(response) = check_origin(policy, request.headers()) {
            return *response;
        }
    }
    if request.method() == Method::POST {
        request = match read_body(&guard, request).await {
            Ok(request) => request,
            Err(response) => return *response,
        };
    }
    // A hint waits for an engine thread without work of its own and has limits of its own (a
    // few per client, a bounded queue): it takes no place among the requests handled at once,
    // where a flood of hints from many addresses would crowd out everyone else's requests.
    if is_hint(&request) {
        return next.run(request).await;
    }
    let Ok(_permit) = guard.requests.try_acquire() else {
        let mut response = error_response(
            StatusCode::SERVICE_UNAVAILABLE,
            "the server is busy: too many requests at once; try again",
        );
        response
            .headers_mut()
            .insert(header::RETRY_AFTER, RETRY_WHEN_BUSY.into());
        return response;
    };
    next.run(request).await
}

/// The route of a hint, as the router declares it.
pub(crate) const HINT_ROUTE: &str = "/api/games/{id}/hint";

/// Whether `request` asks for a hint: a `GET` that the router matched to [`HINT_ROUTE`].
fn is_hint(request: &Request) -> bool {
    request.method() == Method::GET
        && request
            .extensions()
            .get::<MatchedPath>()
            .is_some_and(|route| route.as_str() == HINT_ROUTE)
}

/// Refuses a request from a web page whose origin `policy` does not allow.
fn check_origin(policy: &Origins, headers: &HeaderMap) -> Result<(), Box<Response>> {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return Ok(()); // not sent by a browser's page: nothing to check
    };
    let origin = origin.to_str().unwrap_or("");
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("");
    if origin_allowed(policy, origin, host) {
        return Ok(());
    }
    let shown: String = origin.chars().take(100).collect();
    Err(Box::new(error_response(
        StatusCode::FORBIDDEN,
        &format!("origin {shown:?} is not allowed to use this server"),
    )))
}

/// Whether a page of `origin` may use a server reached as `host`.
pub(crate) fn origin_allowed(policy: &Origins, origin: &str, host: &str) -> bool {
    let same = origin.split_once("://").is_some_and(|(scheme, authority)| {
        matches!(scheme, "http" | "https")
            && !host.is_empty()
            && authority.eq_ignore_ascii_case(host)
    });
    match policy {
        Origins::Any => true,
        Origins::SameOrigin => same,
        Origins::SameOriginAnd(list) => {
            same || list
                .iter()
                .any(|o| o.trim_end_matches('/').eq_ignore_ascii_case(origin))
        }
    }
}

/// Reads the whole body of a POST under the size limit and the minimum rate, checks its
/// content type, and gives the request back with the body in memory.
async fn read_body(guard: &Guard, request: Request) -> Result<Request, Box<Response>> {
    let too_large = || {
        Box::new(error_response(
            StatusCode::PAYLOAD_TOO_LARGE,
            &format!(
                "the request body is too large (at most {} bytes)",
                guard.max_body_bytes
            ),
        ))
    };
    let announced = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if announced.is_some_and(|n| n > guard.max_body_bytes as u64) {
        return Err(too_large());
    }
    let (parts, body) = request.into_parts();
    let start = Instant::now();
    let rate = guard.timeouts.body_min_bytes_per_second.max(1);
    let allowed = |bytes: u64| {
        guard.timeouts.body_grace + Duration::from_millis(bytes.saturating_mul(1000) / rate)
    };
    let mut body = body;
    let mut data = Vec::new();
    loop {
        let expected = announced.unwrap_or(data.len() as u64);
        let deadline = start + allowed(expected);
        let frame = match tokio::time::timeout_at(deadline, body.frame()).await {
            Err(_) => {
                return Err(Box::new(error_response(
                    StatusCode::REQUEST_TIMEOUT,
                    &format!(
                        "the request body came too slowly (at least {rate} bytes a second after {} s)",
                        guard.timeouts.body_grace.as_secs()
                    ),
                )));
            }
            Ok(None) => break,
            Ok(Some(Err(e))) => {
                return Err(Box::new(error_response(
                    StatusCode::BAD_REQUEST,
                    &format!("bad request body: {e}"),
                )));
            }
            Ok(Some(Ok(frame))) => frame,
        };
        if let Ok(chunk) = frame.into_data() {
            if data.len() + chunk.len() > guard.max_body_bytes {
                return Err(too_large());
            }
            data.extend_from_slice(&chunk);
        }
    }
    if !data.is_empty() && !is_json(&parts.headers) {
        return Err(Box::new(error_response(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "the request body must be JSON, sent with Content-Type: application/json",
        )));
    }
    Ok(Request::from_parts(parts, Body::from(Bytes::from(data))))
}

/// Whether the content type is `application/json` (parameters such as `charset` allowed).
fn is_json(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|v| v.trim().eq_ignore_ascii_case("application/json"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn only_a_games_hint_is_a_hint() {
        use axum::routing::get;
        use tower::ServiceExt;
        // The router's own matching, as the server's middleware sees it.
        let app = axum::Router::new()
            .route(HINT_ROUTE, get(|| async {}).post(|| async {}))
            .route("/api/games/{id}/moves", get(|| async {}))
            .layer(axum::middleware::from_fn(
                |request: Request, next: Next| async move {
                    let hint = is_hint(&request);
                    let mut response = next.run(request).await;
                    response
                        .headers_mut()
                        .insert("x-hint", hint.to_string().parse().unwrap());
                    response
                },
            ));
        let ask = |method: Method, path: &str| {
            let request = Request::builder()
                .method(method)
                .uri(path)
                .body(Body::empty())
                .unwrap();
            let app = app.clone();
            async move {
                let response = app.oneshot(request).await.unwrap();
                response.headers().get("x-hint").map(|v| v == "true")
            }
        };
        assert_eq!(ask(Method::GET, "/api/games/abc123/hint").await, Some(true));
        assert_eq!(
            ask(Method::POST, "/api/games/abc123/hint").await,
            Some(false)
        );
        assert_eq!(
            ask(Method::GET, "/api/games/abc123/moves").await,
            Some(false)
        );
        // An empty id is the router's match too: the hint handler answers it (no such game).
        assert_eq!(ask(Method::GET, "/api/games//hint").await, Some(true));
        assert_eq!(ask(Method::GET, "/api/games/a/b/hint").await, Some(false));
        assert_eq!(ask(Method::GET, "/hint").await, Some(false));
    }

    #[test]
    fn origins() {
        let same = Origins::SameOrigin;
        assert!(origin_allowed(
            &same,
            "http://127.0.0.1:8080",
            "127.0.0.1:8080"
        ));
        assert!(origin_allowed(
            &same,
            "https://Games.example",
            "games.example"
        ));
        assert!(!origin_allowed(
            &same,
            "https://evil.example",
            "games.example"
        ));
        assert!(!origin_allowed(&same, "null", "games.example"));
        assert!(!origin_allowed(
            &same,
            "http://games.example:81",
            "games.example"
        ));
        assert!(!origin_allowed(
            &same,
            "ftp://games.example",
            "games.example"
        ));
        let listed = Origins::SameOriginAnd(vec!["https://litama.example/".into()]);
        assert!(origin_allowed(
            &listed,
            "https://litama.example",
            "games.example"
        ));
        assert!(!origin_allowed(
            &listed,
            "https://other.example",
            "games.example"
        ));
        assert!(origin_allowed(&Origins::Any, "null", "games.example"));
    }

    #[test]
    fn json_content_types() {
        let with = |v: &str| {
            let mut h = HeaderMap::new();
            h.insert(header::CONTENT_TYPE, v.parse().unwrap());
            is_json(&h)
        };
        assert!(with("application/json"));
        assert!(with("Application/JSON; charset=utf-8"));
        assert!(!with("text/plain"));
        assert!(!with("application/x-www-form-urlencoded"));
        assert!(!is_json(&HeaderMap::new()));
    }
}
