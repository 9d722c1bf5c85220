//! [`Participant`]: who plays one side, a person or an engine.

use core::fmt;

/// Who plays one side of a session: a person (at this terminal, in a browser) or an engine.
///
/// The session never chooses a move itself: for an engine it only records the spec (such as
/// `hard` or `mcts:playouts=2000`), and the front end builds the engine from it. Undo in a game
/// against an engine goes back to the person's turn.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[non_exhaustive]
pub enum Participant {
    /// A person.
    Person {
        /// Their name as shown to the players (`"you"`, `"Ann"`).
        name: String,
    },
    /// An engine.
    Engine {
        /// The engine's spec, as its front end understands it (`"hard"`).
        spec: String,
    },
}

impl Participant {
    /// A person called `name`.
    #[must_use]
    pub fn person(name: impl Into<String>) -> Participant {
        Participant::Person { name: name.into() }
    }

    /// An engine built from `spec`.
    #[must_use]
    pub fn engine(spec: impl Into<String>) -> Participant {
        Participant::Engine { spec: spec.into() }
    }

    /// Whether this is a person.
    #[must_use]
    pub fn is_person(&self) -> bool {
        matches!(self, Participant::Person { .. })
    }

    /// Whether this is an engine.
    #[must_use]
    pub fn is_engine(&self) -> bool {
        matches!(self, Participant::Engine { .. })
    }

    /// The person's name or the engine's spec.
    #[must_use]
    pub fn name(&self) -> &str {
        match self {
            Participant::Person { name } => name,
            Participant::Engine { spec } => spec,
        }
    }
}

impl fmt::Display for Participant {
    /// `Ann`, or `engine hard`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Participant::Person { name } => f.write_str(name),
            Participant::Engine { spec } => write!(f, "engine {spec}"),
        }
    }
}
