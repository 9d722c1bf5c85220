//! serde support (feature `serde`): every value serializes as its text notation.

use core::fmt;
use core::marker::PhantomData;
use core::str::FromStr;

use serde::de::{self, Deserialize, Deserializer, Visitor};
use serde::ser::{Serialize, Serializer};

use crate::colour::Colour;
use crate::moves::Move;
use crate::outcome::WinReason;
use crate::position::Position;
use crate::side::{Side, Tower};
use crate::square::Square;

struct TextVisitor<T>(PhantomData<T>, &'static str);

impl<T> Visitor<'_> for TextVisitor<T>
where
    T: FromStr,
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

macro_rules! serde_as_text {
    ($($ty:ty => $what:literal),* $(,)?) => {$(
        #[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }

        #[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<$ty, D::Error> {
                deserializer.deserialize_str(TextVisitor(PhantomData, $what))
            }
        }
    )*};
}

serde_as_text! {
    Square => "a square such as \"c1\"",
    Move => "a move such as \"c1a3\"",
    Position => "a Kamisado position text",
    Colour => "a colour name such as \"brown\"",
    Tower => "a tower letter such as \"N\"",
}

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl Serialize for Side {
    /// As its key, `"black"` or `"gold"`.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.id())
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<'de> Deserialize<'de> for Side {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Side, D::Error> {
        deserializer.deserialize_str(TextVisitor(PhantomData, "\"black\" or \"gold\""))
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl Serialize for WinReason {
    /// As its key, `"home_row"` or `"deadlock"`.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.id())
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<'de> Deserialize<'de> for WinReason {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<WinReason, D::Error> {
        deserializer.deserialize_str(TextVisitor(PhantomData, "\"home_row\" or \"deadlock\""))
    }
}
