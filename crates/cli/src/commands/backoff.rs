//! How long `arbiter bot` waits before trying its server again: "full
//! jitter" over a capped exponential. The n-th wait in a row (counting
//! from 0) is drawn uniformly between [`LEAST_BACKOFF`] and
//! `min(MOST_BACKOFF, FIRST_CEILING * 2^n)`, so that bots which lost
//! their server at the same instant (a restart) spread their attempts
//! over a window that widens with every failure, instead of all
//! knocking again together.

use std::hash::{BuildHasher, Hasher};
use std::time::Duration;

use rand::{Rng, RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// The shortest wait between attempts to reach the server.
const LEAST_BACKOFF: Duration = Duration::from_secs(1);

/// The longest the first wait may be; each later one may be twice as
/// long as the one before, up to [`MOST_BACKOFF`].
const FIRST_CEILING: Duration = Duration::from_secs(2);

/// The longest wait between attempts to reach the server.
const MOST_BACKOFF: Duration = Duration::from_secs(30);

/// The longest the wait after `attempt` failures in a row may be:
/// `FIRST_CEILING * 2^attempt`, at most [`MOST_BACKOFF`].
fn ceiling(attempt: u32) -> Duration {
    let factor = 1u32.checked_shl(attempt).unwrap_or(u32::MAX);
    FIRST_CEILING.saturating_mul(factor).min(MOST_BACKOFF)
}

/// The wait after `attempt` failures in a row (0 for the first), drawn
/// from `rng` uniformly between [`LEAST_BACKOFF`] and [`ceiling`].
pub(super) fn full_jitter<R: Rng + ?Sized>(attempt: u32, rng: &mut R) -> Duration {
    rng.random_range(LEAST_BACKOFF..=ceiling(attempt))
}

/// The waits of one loop that tries the server again: each
/// [`Backoff::next_delay`] is drawn by [`full_jitter`] and counts one more
/// failure; [`Backoff::reset`] forgets them once the server answers.
/// Every `Backoff` draws from its own generator, seeded differently in
/// every process, so two bots never wait alike.
pub(super) struct Backoff {
    attempt: u32,
    rng: Xoshiro256PlusPlus,
}

impl Backoff {
    /// No failure yet, and a generator seeded from the process's random
    /// hashing keys (drawn by the standard library from the system), the
    /// time and the process id.
    pub(super) fn new() -> Self {
        let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
        hasher.write_u128(
            std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default().as_nanos(),
        );
        hasher.write_u32(std::process::id());
        Backoff { attempt: 0, rng: Xoshiro256PlusPlus::seed_from_u64(hasher.finish()) }
    }

    /// The wait before the next attempt, one failure more counted.
    pub(super) fn next_delay(&mut self) -> Duration {
        let delay = full_jitter(self.attempt, &mut self.rng);
        self.attempt = self.attempt.saturating_add(1);
        delay
    }

    /// The server answered: the next wait is a first one again.
    pub(super) fn reset(&mut self) {
        self.attempt = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DRAWS: usize = 1_000;

    fn draws(attempt: u32, seed: u64) -> Vec<Duration> {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        (0..DRAWS).map(|_| full_jitter(attempt, &mut rng)).collect()
    }

    fn mean_secs(delays: &[Duration]) -> f64 {
        delays.iter().map(Duration::as_secs_f64).sum::<f64>() / delays.len() as f64
    }

    #[test]
    fn delays_stay_between_the_floor_and_the_ceiling() {
        for attempt in (0..40).chain([u32::MAX - 1, u32::MAX]) {
            let top = ceiling(attempt);
            assert!(top >= LEAST_BACKOFF && top <= MOST_BACKOFF, "attempt {attempt}: ceiling {top:?}");
            for delay in draws(attempt, u64::from(attempt)) {
                assert!(delay >= LEAST_BACKOFF && delay <= top, "attempt {attempt}: {delay:?} outside 1 s..{top:?}");
            }
        }
    }

    #[test]
    fn the_ceiling_doubles_up_to_the_cap() {
        assert_eq!(ceiling(0), Duration::from_secs(2));
        assert_eq!(ceiling(1), Duration::from_secs(4));
        assert_eq!(ceiling(3), Duration::from_secs(16));
        assert_eq!(ceiling(4), MOST_BACKOFF);
        assert_eq!(ceiling(31), MOST_BACKOFF);
        assert_eq!(ceiling(u32::MAX), MOST_BACKOFF);
        let longest = draws(10, 7).into_iter().max().unwrap();
        assert!(longest > MOST_BACKOFF.mul_f64(0.97), "the cap is never approached: {longest:?}");
    }

    #[test]
    fn waits_grow_with_the_failures() {
        let means: Vec<f64> = (0..6).map(|attempt| mean_secs(&draws(attempt, 11))).collect();
        assert!(means.windows(2).take(4).all(|w| w[1] > w[0]), "means do not grow: {means:?}");
        assert!((means[4] - means[5]).abs() < 1.0, "means past the cap differ: {means:?}");
    }

    #[test]
    fn waits_are_spread_not_in_lockstep() {
        for attempt in [0, 2, 8] {
            let delays = draws(attempt, 42 + u64::from(attempt));
            let range = (ceiling(attempt) - LEAST_BACKOFF).as_secs_f64();
            let mean = mean_secs(&delays);
            let variance = delays.iter().map(|d| (d.as_secs_f64() - mean).powi(2)).sum::<f64>() / delays.len() as f64;
            // Uniform over the range: a standard deviation of range / √12 ≈ 0.29 range.
            assert!(variance.sqrt() > 0.2 * range, "attempt {attempt}: deviation {} of {range} s", variance.sqrt());
            // Twenty equal buckets over the range: uniform puts 5 % in each.
            let mut buckets = [0usize; 20];
            for delay in &delays {
                let at = (delay.as_secs_f64() - LEAST_BACKOFF.as_secs_f64()) / range * 20.0;
                buckets[(at as usize).min(19)] += 1;
            }
            let fullest = buckets.iter().max().copied().unwrap_or(0);
            assert!(fullest < DRAWS / 10, "attempt {attempt}: {fullest} of {DRAWS} in one bucket: {buckets:?}");
        }
    }

    #[test]
    fn a_backoff_counts_failures_and_forgets_them() {
        let mut backoff = Backoff::new();
        for attempt in 0..10 {
            let delay = backoff.next_delay();
            assert!(delay >= LEAST_BACKOFF && delay <= ceiling(attempt), "wait {attempt}: {delay:?}");
        }
        let late: Vec<Duration> = (0..200).map(|_| backoff.next_delay()).collect();
        assert!(late.iter().any(|d| *d > Duration::from_secs(20)), "the waits never reach toward the cap");
        backoff.reset();
        let first = backoff.next_delay();
        assert!(first >= LEAST_BACKOFF && first <= ceiling(0), "after a reset: {first:?}");
    }

    #[test]
    fn two_bots_do_not_wait_alike() {
        let (mut a, mut b) = (Backoff::new(), Backoff::new());
        let a: Vec<Duration> = (0..10).map(|_| a.next_delay()).collect();
        let b: Vec<Duration> = (0..10).map(|_| b.next_delay()).collect();
        assert_ne!(a, b);
    }
}
