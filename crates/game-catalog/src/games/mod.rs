//! One module per game: its implementations of the catalog's traits and its front-end texts.

mod kamisado;
mod onitama;
mod tictactoe;

pub use abstract_game::tictactoe::TicTacToe;
pub use kamisado_core::Position as Kamisado;
pub use onitama_core::Position as Onitama;
