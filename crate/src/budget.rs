//! The budget of a search, shared by every solver: a time limit, a limit on
//! the positions examined, both (whichever runs out first) or neither.
//!
//! A time limit needs a clock: on `wasm32-unknown-unknown`
//! `std::time::Instant` panics, so there the clock is the page's (or the
//! worker's) `performance.now()`.

use std::time::Duration;

#[cfg(not(target_arch = "wasm32"))]
use std::time::Instant;

#[cfg(target_arch = "wasm32")]
use clock::Instant;

/// The clock of a page or worker: `performance.now()`, in milliseconds.
#[cfg(target_arch = "wasm32")]
mod clock {
    use std::time::Duration;
    use wasm_bindgen::prelude::wasm_bindgen;

    #[wasm_bindgen]
    extern "C" {
        // Caught: a page that replaced it with a function that throws
        // would otherwise unwind through the engine's method and leave its
        // object borrowed for good.
        #[wasm_bindgen(catch, js_namespace = performance, js_name = now)]
        fn performance_now() -> Result<f64, wasm_bindgen::JsValue>;
    }

    /// A moment, in milliseconds since the page or worker started.
    #[derive(Clone, Copy, Debug, PartialEq, PartialOrd)]
    pub struct Instant(f64);

    impl Instant {
        /// Now; a clock that throws or is not a number reads as the end of
        /// time, so that every deadline has passed and a search ends rather
        /// than run on for ever.
        pub fn now() -> Instant {
            match performance_now() {
                Ok(t) if !t.is_nan() => Instant(t),
                _ => Instant(f64::INFINITY),
            }
        }

        /// The time from `earlier` to this moment, none if it is not later (a
        /// clock that read as the end of time included).
        pub fn saturating_duration_since(self, earlier: Instant) -> Duration {
            let ms = self.0 - earlier.0;
            if ms.is_nan() || ms <= 0.0 {
                return Duration::ZERO;
            }
            Duration::try_from_secs_f64(ms / 1e3).unwrap_or(Duration::MAX)
        }

        pub fn checked_add(self, d: Duration) -> Option<Instant> {
            let t = self.0 + d.as_secs_f64() * 1e3;
            t.is_finite().then_some(Instant(t))
        }
    }

    impl std::ops::Add<Duration> for Instant {
        type Output = Instant;
        fn add(self, d: Duration) -> Instant {
            Instant(self.0 + d.as_secs_f64() * 1e3)
        }
    }
}

/// How much a search may spend.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    /// Wall-clock time (None: no limit).
    pub time: Option<Duration>,
    /// Positions examined (None: no limit).
    pub nodes: Option<u64>,
}

impl Budget {
    /// No limit at all.
    pub const UNLIMITED: Budget = Budget {
        time: None,
        nodes: None,
    };

    /// At most `time`.
    pub fn time(time: Duration) -> Budget {
        Budget {
            time: Some(time),
            nodes: None,
        }
    }

    /// At most `nodes` positions.
    pub fn nodes(nodes: u64) -> Budget {
        Budget {
            time: None,
            nodes: Some(nodes),
        }
    }

    /// Whether it limits anything.
    pub fn is_limited(&self) -> bool {
        self.time.is_some() || self.nodes.is_some()
    }

    /// Starts the clock: a meter that says when the budget is spent.
    pub fn start(&self) -> Meter {
        Meter {
            deadline: self
                .time
                .map(|t| Instant::now().checked_add(t).unwrap_or_else(far_future)),
            nodes: self.nodes,
        }
    }
}

/// A moment so far ahead that no search reaches it.
fn far_future() -> Instant {
    Instant::now() + Duration::from_secs(100 * 365 * 24 * 3600)
}

/// A running budget: its deadline and node limit.
#[derive(Clone, Copy, Debug)]
pub struct Meter {
    deadline: Option<Instant>,
    nodes: Option<u64>,
}

impl Meter {
    /// A meter that never runs out.
    pub const UNLIMITED: Meter = Meter {
        deadline: None,
        nodes: None,
    };

    /// Whether a search that has examined `nodes` positions must stop. The
    /// clock is read only when `nodes` is a multiple of `every` (reading it
    /// costs more than a position of a fast search); `every` is rounded up
    /// to a power of two.
    #[inline]
    pub fn spent(&self, nodes: u64, every: u64) -> bool {
        if self.nodes.is_some_and(|max| nodes >= max) {
            return true;
        }
        let mask = every.max(1).next_power_of_two() - 1;
        nodes & mask == 0 && self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Whether it limits anything.
    pub fn is_limited(&self) -> bool {
        self.deadline.is_some() || self.nodes.is_some()
    }

    /// The same meter for a search that has already counted `nodes`
    /// positions: its node limit counts from there.
    pub fn offset(self, nodes: u64) -> Meter {
        Meter {
            nodes: self.nodes.map(|n| n.saturating_add(nodes)),
            ..self
        }
    }

    /// Whether the time is up (reads the clock).
    pub fn late(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// What is left of this meter's budget once `spent` positions have been
    /// examined: the time to its deadline (none once it has passed) and the
    /// positions past `spent`. The budget of the next of several searches
    /// that share one, each counting its positions from 0.
    pub fn left(&self, spent: u64) -> Budget {
        Budget {
            time: self
                .deadline
                .map(|d| d.saturating_duration_since(Instant::now())),
            nodes: self.nodes.map(|n| n.saturating_sub(spent)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_node_budget_stops_at_its_count() {
        let m = Budget::nodes(10).start();
        assert!(!m.spent(9, 1));
        assert!(m.spent(10, 1));
        assert!(m.spent(11, 64));
    }

    #[test]
    fn a_time_budget_stops_after_its_time_and_reads_the_clock_sparingly() {
        let m = Budget::time(Duration::from_millis(20)).start();
        assert!(!m.spent(0, 1));
        std::thread::sleep(Duration::from_millis(30));
        assert!(m.spent(0, 1));
        assert!(m.spent(64, 64));
        assert!(!m.spent(63, 64), "the clock is read every 64 nodes only");
        assert!(m.late());
    }

    #[test]
    fn what_is_left_of_a_budget_counts_the_positions_spent_and_the_time_gone() {
        let m = Budget {
            time: Some(Duration::from_millis(40)),
            nodes: Some(100),
        }
        .start();
        let left = m.left(30);
        assert_eq!(left.nodes, Some(70));
        assert!(left.time.unwrap() <= Duration::from_millis(40));
        assert_eq!(m.left(150).nodes, Some(0));
        assert!(
            m.left(150).start().spent(0, 1),
            "nothing left: a search stops at once"
        );
        std::thread::sleep(Duration::from_millis(50));
        assert_eq!(m.left(0).time, Some(Duration::ZERO));
        assert_eq!(Budget::UNLIMITED.start().left(5), Budget::UNLIMITED);
        assert_eq!(Budget::nodes(9).start().left(4).time, None);
    }

    #[test]
    fn no_budget_never_stops_and_a_huge_time_does_not_overflow() {
        assert!(!Budget::UNLIMITED.start().spent(u64::MAX, 1));
        assert!(!Budget::UNLIMITED.is_limited());
        let m = Budget::time(Duration::MAX).start();
        assert!(!m.spent(0, 1));
        assert!(Budget::time(Duration::MAX).is_limited());
    }
}
