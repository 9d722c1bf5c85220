//! [`HostedEngine`]: an engine of the catalog for one game, kept between searches (its
//! transposition table helps the next move), and [`EngineOf`], its one implementation.

use game_catalog::engines::BoxedEngine;
use game_catalog::views::AnalysisView;
use game_catalog::{CatalogGame, GameName, GameVisitor};
use game_engines::Limits;

use crate::error::GameError;
use crate::hosted::{Hosted, HostedGame, engine_of, search_session};

/// An engine for one game, whatever the game is.
pub trait HostedEngine {
    /// The game it plays.
    fn game(&self) -> &'static str;
    /// Its spec (`hard`, `alphabeta:depth=6`).
    fn spec(&self) -> String;
    /// Searches the position of `game` for the side to move; nothing is played.
    ///
    /// # Errors
    /// [`GameError::WrongGame`] for a game of another kind, [`GameError::Refused`] once the game
    /// is over.
    fn search(&mut self, game: &dyn HostedGame, limits: &Limits)
    -> Result<AnalysisView, GameError>;
}

/// Builds the engine `spec` for the game `game`, seeded with `seed`.
///
/// # Errors
/// [`GameError::UnknownGame`] or [`GameError::Engine`].
pub fn create(game: &str, spec: &str, seed: u64) -> Result<Box<dyn HostedEngine>, GameError> {
    struct Create<'a>(&'a str, u64);
    impl GameVisitor for Create<'_> {
        type Output = Result<Box<dyn HostedEngine>, GameError>;
        fn visit<G: CatalogGame>(self) -> Self::Output {
            Ok(Box::new(EngineOf::<G> {
                engine: engine_of::<G>(self.0, self.1)?,
            }))
        }
    }
    let name: GameName = game.parse().map_err(GameError::UnknownGame)?;
    name.visit(Create(spec, seed))
}

/// An engine of the game `G`.
pub struct EngineOf<G: CatalogGame> {
    engine: BoxedEngine<G>,
}

impl<G: CatalogGame> core::fmt::Debug for EngineOf<G> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("EngineOf")
            .field("game", &G::NAME)
            .field("spec", &self.engine.name())
            .finish()
    }
}

impl<G: CatalogGame> HostedEngine for EngineOf<G> {
    fn game(&self) -> &'static str {
        G::NAME
    }

    fn spec(&self) -> String {
        self.engine.name()
    }

    fn search(
        &mut self,
        game: &dyn HostedGame,
        limits: &Limits,
    ) -> Result<AnalysisView, GameError> {
        let hosted = game
            .as_any()
            .downcast_ref::<Hosted<G>>()
            .ok_or(GameError::WrongGame {
                engine: G::NAME,
                game: game.name(),
            })?;
        search_session(hosted.session(), &mut self.engine, limits)
    }
}
