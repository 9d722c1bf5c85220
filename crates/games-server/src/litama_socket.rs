//! `GET /litama`: the Litama-compatible WebSocket (wired to the protocol hub next).

use std::sync::Arc;

use axum::response::Response;

use crate::registry::Registry;
use crate::store::Store;

/// The Litama endpoint's shared state.
#[derive(Clone)]
pub(crate) struct LitamaState;

impl LitamaState {
    pub(crate) fn open(_registry: &Arc<Registry>, _store: &Store) -> Result<LitamaState, String> {
        Ok(LitamaState)
    }

    pub(crate) async fn expire(&self) {}
}

pub(crate) async fn upgrade() -> Response {
    crate::error::error_response(axum::http::StatusCode::NOT_FOUND, "not yet")
}
