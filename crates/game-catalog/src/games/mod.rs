//! One module per game: its [`CatalogGame`](crate::CatalogGame) impl and its front-end texts.

mod kamisado;
mod onitama;
mod tictactoe;

pub use abstract_game::tictactoe::TicTacToe;
pub use kamisado::KamisadoEval;
pub use kamisado_core::Position as Kamisado;
pub use onitama::OnitamaEval;
pub use onitama_core::Position as Onitama;
