//! The web server of the `games` binary (`games serve`): the page to play Kamisado and Onitama
//! in a browser, a JSON/WebSocket API for clients and bots, and a Litama-compatible Onitama
//! endpoint.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod litama;
