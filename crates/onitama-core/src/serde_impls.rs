//! Serde support (feature `serde`): every value serializes as its text notation.

use core::fmt;
use core::marker::PhantomData;
use core::str::FromStr;

use serde::de::{self, Deserializer, Visitor};
use serde::ser::Serializer;
use serde::{Deserialize, Serialize};

use crate::{Card, Deal, Move, Position, Side, Square};

struct TextVisitor<T>(PhantomData<T>, &'static str);

impl<T: FromStr> Visitor<'_> for TextVisitor<T>
where
    T::Err: fmt::Display,
{
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.1)
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<T, E> {
        v.parse().map_err(E::custom)
    }
}

macro_rules! as_text {
    ($($ty:ty => $what:literal),* $(,)?) => {
        $(
            #[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
            impl Serialize for $ty {
                fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                    serializer.collect_str(self)
                }
            }

            #[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
            impl<'de> Deserialize<'de> for $ty {
                fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                    deserializer.deserialize_str(TextVisitor(PhantomData, $what))
                }
            }
        )*
    };
}

as_text! {
    Square => "a square like \"c3\"",
    Card => "a card name like \"tiger\"",
    Side => "\"red\" or \"blue\"",
    Move => "a move like \"tiger:c1c3\" or \"tiger:pass\"",
    Deal => "a deal like \"horse,elephant,ox,boar,crab\"",
    Position => "an Onitama position text",
}

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
/// A reason serializes as its key, `"stone"` or `"stream"`.
impl Serialize for crate::WinReason {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.id())
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<'de> Deserialize<'de> for crate::WinReason {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct KeyVisitor;
        impl Visitor<'_> for KeyVisitor {
            type Value = crate::WinReason;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("\"stone\" or \"stream\"")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<crate::WinReason, E> {
                crate::WinReason::ALL
                    .into_iter()
                    .find(|r| r.id() == v)
                    .ok_or_else(|| E::unknown_variant(v, &["stone", "stream"]))
            }
        }
        deserializer.deserialize_str(KeyVisitor)
    }
}
