//! Where "now" comes from: the system's clock in use, a clock the test
//! sets in tests. Everything that has deadlines takes the time from a
//! [`Clock`] it is given.

use std::sync::atomic::{AtomicI64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use crate::time::Timestamp;

/// A source of the current moment.
pub trait Clock: Send + Sync {
    /// Now.
    fn now(&self) -> Timestamp;
}

/// The system's clock.
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> Timestamp {
        let seconds = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64);
        Timestamp::from_unix(seconds)
    }
}

/// A clock that stays where it is set: for tests, and for entering mail
/// received at an earlier moment.
#[derive(Debug)]
pub struct ManualClock(AtomicI64);

impl ManualClock {
    /// A clock showing `now`.
    pub fn new(now: Timestamp) -> ManualClock {
        ManualClock(AtomicI64::new(now.unix()))
    }

    /// Sets the time.
    pub fn set(&self, now: Timestamp) {
        self.0.store(now.unix(), Ordering::SeqCst);
    }

    /// Moves the time on by `seconds`.
    pub fn advance(&self, seconds: i64) {
        self.0.fetch_add(seconds, Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now(&self) -> Timestamp {
        Timestamp::from_unix(self.0.load(Ordering::SeqCst))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_manual_clock_moves_only_when_told() {
        let clock = ManualClock::new(Timestamp::from_unix(1_000));
        assert_eq!(clock.now(), Timestamp::from_unix(1_000));
        clock.advance(60);
        assert_eq!(clock.now(), Timestamp::from_unix(1_060));
        clock.set(Timestamp::from_unix(5));
        assert_eq!(clock.now(), Timestamp::from_unix(5));
        assert!(SystemClock.now().unix() > 1_700_000_000);
    }
}
