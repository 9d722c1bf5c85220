//! The page: static HTML, CSS and JavaScript modules compiled into the binary (no build
//! step), served by `games serve` and written to a folder by `games site` ([`crate::site`]).

use axum::extract::Path;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};

/// A file of the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PageFile {
    /// Its name, at the root of the site (`app.js`).
    pub(crate) name: &'static str,
    /// Its content type.
    pub(crate) content_type: &'static str,
    /// Its text.
    pub(crate) body: &'static str,
}

const fn file(name: &'static str, content_type: &'static str, body: &'static str) -> PageFile {
    PageFile {
        name,
        content_type,
        body,
    }
}

const JS: &str = "text/javascript; charset=utf-8";

/// The page's files, the same for the server and the static site: the HTML, the style sheet,
/// the modules (the interface `api.js` and its two backends, the page state, the pure
/// formatting, one module per board, the setup form, the saved games), the engine's Web
/// Worker, the web app manifest and the icon. The static site adds the WebAssembly package
/// and the service worker ([`SERVICE_WORKER`]).
pub(crate) const PAGE_FILES: &[PageFile] = &[
    file(
        "index.html",
        "text/html; charset=utf-8",
        include_str!("../static/index.html"),
    ),
    file(
        "style.css",
        "text/css; charset=utf-8",
        include_str!("../static/style.css"),
    ),
    file("app.js", JS, include_str!("../static/app.js")),
    file("api.js", JS, include_str!("../static/api.js")),
    file("api-error.js", JS, include_str!("../static/api-error.js")),
    file("api-server.js", JS, include_str!("../static/api-server.js")),
    file("api-local.js", JS, include_str!("../static/api-local.js")),
    file(
        "engine-worker.js",
        JS,
        include_str!("../static/engine-worker.js"),
    ),
    file("state.js", JS, include_str!("../static/state.js")),
    file("format.js", JS, include_str!("../static/format.js")),
    file("dom.js", JS, include_str!("../static/dom.js")),
    file("board.js", JS, include_str!("../static/board.js")),
    file(
        "kamisado-board.js",
        JS,
        include_str!("../static/kamisado-board.js"),
    ),
    file(
        "onitama-board.js",
        JS,
        include_str!("../static/onitama-board.js"),
    ),
    file(
        "generic-board.js",
        JS,
        include_str!("../static/generic-board.js"),
    ),
    file("setup.js", JS, include_str!("../static/setup.js")),
    file("saved.js", JS, include_str!("../static/saved.js")),
    file(
        "manifest.webmanifest",
        "application/manifest+json",
        include_str!("../static/manifest.webmanifest"),
    ),
    file(
        "icon.svg",
        "image/svg+xml",
        include_str!("../static/icon.svg"),
    ),
];

/// The static site's service worker, with `__VERSION__` and `__FILES__` to fill in.
pub(crate) const SERVICE_WORKER: &str = include_str!("../static/sw.js");

fn respond(page: &PageFile) -> Response {
    (
        [
            (header::CONTENT_TYPE, page.content_type),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        page.body,
    )
        .into_response()
}

/// `GET /`.
pub(crate) async fn index() -> Response {
    respond(&PAGE_FILES[0])
}

/// `GET /{file}`: a file of the page, or 404 as JSON.
pub(crate) async fn asset(Path(name): Path<String>) -> Response {
    match PAGE_FILES.iter().find(|f| f.name == name) {
        Some(page) => respond(page),
        None => crate::error::error_response(StatusCode::NOT_FOUND, "no such route"),
    }
}
