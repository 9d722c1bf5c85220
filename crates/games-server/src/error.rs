//! [`ApiError`]: every way a request can fail, with its HTTP status. The answer is always the
//! JSON object `{"error": MESSAGE}`, and a failed request changes nothing.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

/// Why the server refused a request.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ApiError {
    /// The body is not the JSON the route expects, or a field is malformed (an unknown game, a
    /// position or move that does not parse). Status 400.
    #[error("{0}")]
    BadRequest(String),
    /// A missing or unknown token, or a move of the other player's pieces or out of turn.
    /// Status 403.
    #[error("{0}")]
    Forbidden(String),
    /// No such game. Status 404.
    #[error("no game with id {0:?}")]
    NoSuchGame(String),
    /// The action does not apply now: the game is over, nothing to undo, the seat is taken.
    /// Status 409.
    #[error("{0}")]
    Conflict(String),
    /// The rules reject the move. Status 422.
    #[error("illegal move: {0}")]
    IllegalMove(String),
    /// The server holds as many games or connections as it may. Status 503, with a
    /// `Retry-After` header.
    #[error("{0}")]
    Full(String),
    /// The client has used its share: too many requests, games, sockets or hints from its
    /// address. Status 429, with a `Retry-After` header.
    #[error("{message}")]
    TooManyRequests {
        /// What the client has too much of.
        message: String,
        /// When to try again, in seconds.
        retry_after_secs: u64,
    },
    /// Something outside the request failed (the database). Status 500.
    #[error("internal error: {0}")]
    Internal(String),
}

impl ApiError {
    /// The HTTP status of the error.
    #[must_use]
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::BadRequest(_) => StatusCode::BAD_REQUEST,
            ApiError::Forbidden(_) => StatusCode::FORBIDDEN,
            ApiError::NoSuchGame(_) => StatusCode::NOT_FOUND,
            ApiError::Conflict(_) => StatusCode::CONFLICT,
            ApiError::IllegalMove(_) => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::Full(_) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = serde_json::json!({ "error": self.to_string() });
        let retry_after = match &self {
            ApiError::TooManyRequests {
                retry_after_secs, ..
            } => Some(*retry_after_secs),
            ApiError::Full(_) => Some(crate::clients::RETRY_WHEN_FULL.as_secs()),
            _ => None,
        };
        let mut response = (self.status(), axum::Json(body)).into_response();
        if let Some(seconds) = retry_after {
            response
                .headers_mut()
                .insert(axum::http::header::RETRY_AFTER, seconds.into());
        }
        response
    }
}

/// The answer `{"error": message}` with `status`, for failures that are not an [`ApiError`]
/// (the framework's own rejections: a body too large, a route that does not exist).
pub(crate) fn error_response(status: StatusCode, message: &str) -> Response {
    (status, axum::Json(serde_json::json!({ "error": message }))).into_response()
}
