//! Back-off after failures, per key (an account's failed sign-ins): the
//! first few failures cost nothing; after them each attempt must wait
//! twice as long as the one before, up to a longest wait. A success
//! forgets the failures. Nothing locks for good: the wait never exceeds
//! the longest, and failures are forgotten once that long has passed
//! without one.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Failures of one key.
#[derive(Clone, Copy, Debug)]
struct Failures {
    count: u32,
    last: Instant,
}

/// Back-off per key.
pub struct Backoff<K> {
    free: u32,
    longest: Duration,
    failures: Mutex<HashMap<K, Failures>>,
}

impl<K: Hash + Eq + Clone> Backoff<K> {
    /// After `free` failures, waits of 1 s, 2 s, 4 s… up to `longest`.
    pub fn new(free: u32, longest: Duration) -> Backoff<K> {
        Backoff { free, longest: longest.max(Duration::from_secs(1)), failures: Mutex::new(HashMap::new()) }
    }

    /// The wait before the next attempt after `count` failures.
    fn wait_after(&self, count: u32) -> Duration {
        match count.checked_sub(self.free) {
            None => Duration::ZERO,
            Some(over) => Duration::from_secs(1u64 << over.min(40)).min(self.longest),
        }
    }

    /// How long `key` must still wait at `now` before its next attempt
    /// (`None`: it may try now).
    pub fn wait(&self, key: &K, now: Instant) -> Option<Duration> {
        let failures = *self.lock().get(key)?;
        let until = failures.last + self.wait_after(failures.count);
        (until > now).then(|| until - now)
    }

    /// Notes a failure of `key` at `now`.
    pub fn failed(&self, key: &K, now: Instant) {
        let mut map = self.lock();
        let entry = map.entry(key.clone()).or_insert(Failures { count: 0, last: now });
        entry.count = entry.count.saturating_add(1);
        entry.last = now;
    }

    /// Notes a success of `key`: its failures are forgotten.
    pub fn succeeded(&self, key: &K) {
        self.lock().remove(key);
    }

    /// Forgets the failures older than the longest wait at `now`; how many
    /// keys are kept.
    pub fn sweep(&self, now: Instant) -> usize {
        let longest = self.longest;
        let mut map = self.lock();
        map.retain(|_, f| now.saturating_duration_since(f.last) < longest);
        let kept = map.len();
        map.shrink_to(kept * 2);
        map.len()
    }

    /// How many keys are kept.
    pub fn keys(&self) -> usize {
        self.lock().len()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<K, Failures>> {
        self.failures.lock().unwrap_or_else(|e| e.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn waits_double_after_the_free_failures_up_to_the_longest() {
        let backoff = Backoff::new(3, Duration::from_secs(10));
        let t0 = Instant::now();
        for _ in 0..3 {
            assert_eq!(backoff.wait(&"ann", t0), None);
            backoff.failed(&"ann", t0);
        }
        assert_eq!(backoff.wait(&"ann", t0), Some(Duration::from_secs(1)));
        let mut now = t0;
        for expected in [1, 2, 4, 8, 10, 10] {
            now += Duration::from_secs(expected);
            assert_eq!(backoff.wait(&"ann", now), None, "after {expected} s");
            backoff.failed(&"ann", now);
            assert!(backoff.wait(&"ann", now).is_some());
        }
        assert_eq!(backoff.wait(&"bob", now), None, "each key has its own");
        backoff.succeeded(&"ann");
        assert_eq!(backoff.wait(&"ann", now), None);
    }

    #[test]
    fn old_failures_are_forgotten() {
        let backoff = Backoff::new(0, Duration::from_secs(10));
        let t0 = Instant::now();
        backoff.failed(&1, t0);
        backoff.failed(&2, t0 + Duration::from_secs(5));
        assert_eq!(backoff.sweep(t0 + Duration::from_secs(11)), 1);
        assert_eq!(backoff.keys(), 1);
        assert_eq!(backoff.wait(&1, t0 + Duration::from_secs(11)), None);
    }
}
