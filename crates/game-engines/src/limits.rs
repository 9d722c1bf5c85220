//! How long a search may run: [`Limits`] (depth, nodes, time and a stop flag), and [`Clock`], the
//! cheap check that search loops call to honour them.
//!
//! ```
//! use std::sync::Arc;
//! use std::sync::atomic::{AtomicBool, Ordering};
//! use std::time::Duration;
//! use game_engines::{Clock, Limits};
//!
//! let stop = Arc::new(AtomicBool::new(false));
//! let limits = Limits::nodes(1000)
//!     .with_time(Duration::from_secs(5))
//!     .with_stop(Arc::clone(&stop));
//! let mut clock = Clock::start(&limits);
//! assert!(!clock.should_stop(10));
//! assert!(clock.should_stop(1000)); // the node budget is spent
//!
//! let mut clock = Clock::start(&limits);
//! stop.store(true, Ordering::Relaxed); // another thread may do this
//! assert!(clock.should_stop(10));
//! ```

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// The monotonic clock of searches: `std`'s everywhere but on `wasm32-unknown-unknown`, where
/// `std::time::Instant::now()` panics and the host's `performance.now()` (browsers, Web
/// Workers, Node) stands in, through the `web-time` crate.
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub(crate) use std::time::Instant;
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub(crate) use web_time::Instant;

/// The limits of one search. Every field is optional and the search ends at the first limit
/// reached; what "depth" and "node" mean is up to each engine (documented on the engine).
///
/// `Limits::default()` sets no limit: each engine then uses its own default budget (for
/// instance the playouts of its configuration), so a search always ends.
///
/// With the `serde` feature, the limits serialize as `{"depth": .., "nodes": .., "time": ..}`
/// (`time` as `{"secs": .., "nanos": ..}`, each field optional); the stop flag is not
/// serialized.
#[derive(Clone, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default, deny_unknown_fields))]
pub struct Limits {
    /// The deepest iteration to complete, in plies.
    pub depth: Option<u32>,
    /// The number of nodes (or playouts) to search.
    pub nodes: Option<u64>,
    /// The wall-clock time the search may take.
    pub time: Option<Duration>,
    /// A flag that another thread sets to stop the search as soon as possible. The search only
    /// reads it; it never clears it.
    #[cfg_attr(feature = "serde", serde(skip))]
    pub stop: Option<Arc<AtomicBool>>,
}

impl Limits {
    /// No limit at all: the engine's own default budget applies. Same as `Limits::default()`.
    #[must_use]
    pub fn none() -> Self {
        Limits::default()
    }

    /// At most `depth` plies.
    #[must_use]
    pub fn depth(depth: u32) -> Self {
        Limits::none().with_depth(depth)
    }

    /// At most `nodes` nodes (or playouts).
    #[must_use]
    pub fn nodes(nodes: u64) -> Self {
        Limits::none().with_nodes(nodes)
    }

    /// At most `time` of wall-clock time.
    #[must_use]
    pub fn time(time: Duration) -> Self {
        Limits::none().with_time(time)
    }

    /// These limits, and at most `depth` plies.
    #[must_use]
    pub fn with_depth(mut self, depth: u32) -> Self {
        self.depth = Some(depth);
        self
    }

    /// These limits, and at most `nodes` nodes.
    #[must_use]
    pub fn with_nodes(mut self, nodes: u64) -> Self {
        self.nodes = Some(nodes);
        self
    }

    /// These limits, and at most `time` of wall-clock time.
    #[must_use]
    pub fn with_time(mut self, time: Duration) -> Self {
        self.time = Some(time);
        self
    }

    /// These limits, and a stop flag that another thread may set.
    #[must_use]
    pub fn with_stop(mut self, stop: Arc<AtomicBool>) -> Self {
        self.stop = Some(stop);
        self
    }

    /// Whether no limit is set (the engine's default budget applies).
    #[must_use]
    pub fn is_none(&self) -> bool {
        self.depth.is_none() && self.nodes.is_none() && self.time.is_none() && self.stop.is_none()
    }

    /// Whether the stop flag is set.
    #[must_use]
    pub fn stop_requested(&self) -> bool {
        self.stop
            .as_ref()
            .is_some_and(|s| s.load(Ordering::Relaxed))
    }
}

/// The running check of [`Limits`] inside a search: started when the search starts, asked
/// [`Clock::should_stop`] in the search loop.
///
/// The node limit is checked on every call. Reading the clock and the stop flag costs more, so
/// they are read once every [`Clock::with_interval`] nodes (1 by default: on every call). A
/// call that needs neither costs one integer comparison. Once it has said stop, the clock keeps
/// saying stop.
#[derive(Clone, Debug)]
pub struct Clock {
    start: Instant,
    deadline: Option<Instant>,
    nodes: Option<u64>,
    stop: Option<Arc<AtomicBool>>,
    interval: u32,
    stopped: bool,
    /// Below this many nodes nothing needs checking: the node limit or the next reading of the
    /// clock and the flag, whichever comes first; 0 before the first call and once stopped.
    unchecked_below: u64,
}

impl Clock {
    /// Starts the clock of a search with these limits (now).
    #[must_use]
    pub fn start(limits: &Limits) -> Self {
        let start = Instant::now();
        Clock {
            start,
            // A time too large to represent is no limit.
            deadline: limits.time.and_then(|t| start.checked_add(t)),
            nodes: limits.nodes,
            stop: limits.stop.clone(),
            interval: 1,
            stopped: false,
            unchecked_below: 0,
        }
    }

    /// Reads the time and the stop flag only once every `interval` nodes: when the count
    /// handed to [`Clock::should_stop`] has grown by `interval` since the last reading (an
    /// `interval` of 0 counts as 1, which reads them on every call). A search that visits
    /// millions of nodes a second uses a few hundred or thousand; one that does more work per
    /// call, 1.
    #[must_use]
    pub fn with_interval(mut self, interval: u32) -> Self {
        self.interval = interval.max(1);
        self
    }

    /// The time since the clock started.
    #[must_use]
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Whether the search, having searched `nodes` nodes, must stop now: the node budget is
    /// spent, the time is up or the stop flag is set.
    #[inline]
    pub fn should_stop(&mut self, nodes: u64) -> bool {
        if nodes < self.unchecked_below {
            return false;
        }
        self.check(nodes)
    }

    /// [`Clock::should_stop`] beyond its common case: stopped already, the node limit reached
    /// or the interval since the last reading over.
    #[cold]
    #[inline(never)]
    fn check(&mut self, nodes: u64) -> bool {
        if self.stopped {
            return true;
        }
        if self.nodes.is_some_and(|n| nodes >= n) {
            self.stopped = true;
            self.unchecked_below = 0;
            return true;
        }
        // With an interval of 1, every call reads the time and the flag (also one with the
        // same count as the last).
        let next_reading = match self.interval {
            1 => 0,
            n => nodes.saturating_add(u64::from(n)),
        };
        self.unchecked_below = self.nodes.map_or(next_reading, |n| n.min(next_reading));
        self.stopped = self
            .stop
            .as_ref()
            .is_some_and(|s| s.load(Ordering::Relaxed))
            || self.deadline.is_some_and(|d| Instant::now() >= d);
        if self.stopped {
            self.unchecked_below = 0;
        }
        self.stopped
    }

    /// Whether [`Clock::should_stop`] has said stop (without checking anything again).
    #[must_use]
    pub fn stopped(&self) -> bool {
        self.stopped
    }
}

/// How long the next depth of an iterative deepening will take, guessed from how long the
/// completed depths took (`took`, oldest first; at least one).
///
/// The growth per depth is the last one (`took[n-1] / took[n-2]`) or, once three depths are
/// known, the smaller of that and the mean per depth over the last two
/// (`√(took[n-1] / took[n-3])`): in games where the side to move alternates, odd and even depths
/// often grow by very different factors (Onitama from the start: ×10, then ×1.5), and one ratio
/// alone would then overestimate every other depth. Erring low only costs a depth that is
/// started and stopped at the limit; erring high gives up a depth that would have finished. The
/// growth is kept within 1.5 to 6, and is 3 before a second depth (or when a duration is zero).
pub(crate) fn next_depth_estimate(took: &[Duration]) -> Duration {
    let secs = |d: &Duration| d.as_secs_f64();
    let growth = match took {
        [.., a, b, c] if !a.is_zero() && !b.is_zero() => {
            (secs(c) / secs(b)).min((secs(c) / secs(a)).sqrt())
        }
        [.., b, c] if !b.is_zero() => secs(c) / secs(b),
        _ => 3.0,
    };
    took.last()
        .copied()
        .unwrap_or_default()
        .mul_f64(growth.clamp(1.5, 6.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(v: &[u64]) -> Vec<Duration> {
        v.iter().map(|&m| Duration::from_millis(m)).collect()
    }

    #[test]
    fn the_first_estimate_is_three_times_the_first_depth() {
        assert_eq!(next_depth_estimate(&ms(&[10])), Duration::from_millis(30));
        assert_eq!(next_depth_estimate(&ms(&[0])), Duration::ZERO);
        assert_eq!(next_depth_estimate(&[]), Duration::ZERO);
    }

    #[test]
    fn two_depths_give_their_ratio_within_the_bounds() {
        assert_eq!(
            next_depth_estimate(&ms(&[10, 40])),
            Duration::from_millis(160)
        );
        assert_eq!(
            next_depth_estimate(&ms(&[10, 100])),
            Duration::from_millis(600)
        );
        assert_eq!(
            next_depth_estimate(&ms(&[10, 11])),
            Duration::from_micros(16_500)
        );
        assert_eq!(
            next_depth_estimate(&ms(&[0, 20])),
            Duration::from_millis(60)
        );
    }

    /// Odd depths ×10, even depths ×1.5 (Onitama from the start): after an odd depth the
    /// estimate uses the mean growth over two depths (√15 ≈ 3.9), not ×6 as the last ratio alone
    /// would give; after an even one, the last ratio (×1.5) is the smaller.
    #[test]
    fn alternating_growth_takes_the_smaller_of_the_last_and_the_mean() {
        let took = ms(&[100, 1000, 1500, 15_000]);
        let next = next_depth_estimate(&took).as_secs_f64();
        assert!((next - 15.0 * 15f64.sqrt()).abs() < 1e-6, "{next}");
        let next = next_depth_estimate(&took[..3]).as_secs_f64();
        assert!((next - 1.5 * 1.5).abs() < 1e-6, "{next}");
        // Steady growth: both are the same.
        let next = next_depth_estimate(&ms(&[10, 40, 160])).as_secs_f64();
        assert!((next - 0.64).abs() < 1e-6, "{next}");
    }
}
