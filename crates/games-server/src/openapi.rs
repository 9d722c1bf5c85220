//! `GET /api/openapi.json`: the `OpenAPI` 3 description of the routes. The tests check it
//! against the routes the server really has ([`crate::ROUTES`]).

use axum::http::header;
use axum::response::{IntoResponse, Response};

/// The description.
pub const OPENAPI_JSON: &str = include_str!("../openapi.json");

/// `GET /api/openapi.json`.
pub(crate) async fn document() -> Response {
    ([(header::CONTENT_TYPE, "application/json")], OPENAPI_JSON).into_response()
}
