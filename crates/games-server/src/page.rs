//! The page: static HTML, CSS and JavaScript compiled into the binary (no build step).

use axum::http::header;
use axum::response::{IntoResponse, Response};

/// The page.
pub(crate) const INDEX_HTML: &str = include_str!("../static/index.html");
/// Its style sheet.
pub(crate) const STYLE_CSS: &str = include_str!("../static/style.css");
/// The user interface.
pub(crate) const APP_JS: &str = include_str!("../static/app.js");
/// The one module that talks to the server (new game, state, play, undo, engine move).
pub(crate) const API_JS: &str = include_str!("../static/api.js");

fn file(content_type: &'static str, body: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

/// `GET /`.
pub(crate) async fn index() -> Response {
    file("text/html; charset=utf-8", INDEX_HTML)
}

/// `GET /style.css`.
pub(crate) async fn style() -> Response {
    file("text/css; charset=utf-8", STYLE_CSS)
}

/// `GET /app.js`.
pub(crate) async fn app() -> Response {
    file("text/javascript; charset=utf-8", APP_JS)
}

/// `GET /api.js`.
pub(crate) async fn api() -> Response {
    file("text/javascript; charset=utf-8", API_JS)
}
