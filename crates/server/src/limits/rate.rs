//! A rate: so many events a period, with bursts up to the whole count
//! (the generic cell rate algorithm), per key, in bounded memory.
//!
//! A [`Limiter`] keeps, for each key, the moment its budget is whole again
//! (the "theoretical arrival time"). A key whose moment has passed holds
//! nothing that a new key would not, so it is forgotten by
//! [`Limiter::sweep`]. At most `max_keys` keys are kept: when that many are
//! kept and none can be forgotten, a new key is refused as if limited, so a
//! flood of new keys (addresses) costs no more memory than that.

use std::collections::HashMap;
use std::fmt;
use std::hash::Hash;
use std::str::FromStr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// So many events a period: `10/hour`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rate {
    /// Events a period (at least 1).
    pub count: u32,
    /// The period.
    pub per: Duration,
}

impl Rate {
    /// `count` events each `per`.
    pub const fn new(count: u32, per: Duration) -> Rate {
        Rate { count, per }
    }

    /// `count` a second.
    pub const fn per_second(count: u32) -> Rate {
        Rate::new(count, Duration::from_secs(1))
    }

    /// `count` a minute.
    pub const fn per_minute(count: u32) -> Rate {
        Rate::new(count, Duration::from_secs(60))
    }

    /// `count` an hour.
    pub const fn per_hour(count: u32) -> Rate {
        Rate::new(count, Duration::from_secs(3600))
    }

    /// `count` a day.
    pub const fn per_day(count: u32) -> Rate {
        Rate::new(count, Duration::from_secs(86_400))
    }

    /// The time one event's share of the budget takes to come back.
    fn interval(&self) -> Duration {
        self.per / self.count.max(1)
    }
}

impl fmt::Display for Rate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let seconds = self.per.as_secs();
        let unit = match seconds {
            1 => "second".to_string(),
            60 => "minute".to_string(),
            3600 => "hour".to_string(),
            86_400 => "day".to_string(),
            s => format!("{s}s"),
        };
        write!(f, "{}/{unit}", self.count)
    }
}

/// Why a rate cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{text}': a rate is a count and a period, such as 10/hour, 30/minute, 5/day or 100/90s")]
pub struct RateError {
    text: String,
}

impl FromStr for Rate {
    type Err = RateError;

    fn from_str(text: &str) -> Result<Rate, RateError> {
        let error = || RateError { text: text.to_string() };
        let (count, per) = text.trim().split_once('/').ok_or_else(error)?;
        let count: u32 = count.trim().parse().ok().filter(|&c| c > 0).ok_or_else(error)?;
        let per = match per.trim() {
            "s" | "sec" | "second" => Duration::from_secs(1),
            "m" | "min" | "minute" => Duration::from_secs(60),
            "h" | "hour" => Duration::from_secs(3600),
            "d" | "day" => Duration::from_secs(86_400),
            other => super::parse_duration(other).map_err(|_| error())?,
        };
        if per.is_zero() {
            return Err(error());
        }
        Ok(Rate { count, per })
    }
}

/// Refused: try again after this long.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limited {
    /// How long until the event would be allowed.
    pub retry_after: Duration,
}

/// A rate per key, in bounded memory.
pub struct Limiter<K> {
    rate: Rate,
    max_keys: usize,
    /// For each key, when its budget is whole again.
    whole_at: Mutex<HashMap<K, Instant>>,
}

impl<K: Hash + Eq + Clone> Limiter<K> {
    /// A limiter of `rate` per key, keeping at most `max_keys` keys.
    pub fn new(rate: Rate, max_keys: usize) -> Limiter<K> {
        Limiter { rate, max_keys: max_keys.max(1), whole_at: Mutex::new(HashMap::new()) }
    }

    /// The rate.
    pub fn rate(&self) -> Rate {
        self.rate
    }

    /// Counts one event of `key` at `now` if the rate allows it.
    pub fn check(&self, key: &K, now: Instant) -> Result<(), Limited> {
        let interval = self.rate.interval();
        // Events may come this much ahead of their even spacing: the burst.
        let tolerance = self.rate.per.saturating_sub(interval);
        let mut map = self.lock();
        if !map.contains_key(key) && map.len() >= self.max_keys {
            map.retain(|_, whole| *whole > now);
            if map.len() >= self.max_keys {
                return Err(Limited { retry_after: interval.max(Duration::from_secs(1)) });
            }
        }
        let whole = map.get(key).copied().filter(|&w| w > now).unwrap_or(now);
        let ahead = whole - now;
        if ahead > tolerance {
            return Err(Limited { retry_after: ahead - tolerance });
        }
        map.insert(key.clone(), whole + interval);
        Ok(())
    }

    /// Whether `key` would be allowed an event at `now`, without counting it.
    pub fn would_allow(&self, key: &K, now: Instant) -> bool {
        let tolerance = self.rate.per.saturating_sub(self.rate.interval());
        self.lock().get(key).is_none_or(|&whole| whole <= now + tolerance)
    }

    /// Forgets the keys whose budget is whole at `now`; how many are kept.
    pub fn sweep(&self, now: Instant) -> usize {
        let mut map = self.lock();
        map.retain(|_, whole| *whole > now);
        let kept = map.len();
        map.shrink_to(kept * 2);
        map.len()
    }

    /// How many keys are kept.
    pub fn keys(&self) -> usize {
        self.lock().len()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<K, Instant>> {
        self.whole_at.lock().unwrap_or_else(|e| e.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_read_and_write_back() {
        for (text, rate) in [
            ("10/hour", Rate::per_hour(10)),
            ("30/minute", Rate::per_minute(30)),
            ("5/day", Rate::per_day(5)),
            ("2/second", Rate::per_second(2)),
            ("7/h", Rate::per_hour(7)),
            ("100/90s", Rate::new(100, Duration::from_secs(90))),
            (" 3 / 2m ", Rate::new(3, Duration::from_secs(120))),
        ] {
            assert_eq!(text.parse::<Rate>(), Ok(rate), "{text}");
            assert_eq!(rate.to_string().parse::<Rate>(), Ok(rate), "{rate}");
        }
        for bad in ["", "10", "0/hour", "-1/hour", "10/fortnight", "10/0s", "ten/hour", "10/hour/2"] {
            assert!(bad.parse::<Rate>().is_err(), "{bad}");
        }
    }

    #[test]
    fn a_burst_of_the_whole_count_then_one_each_interval() {
        let limiter = Limiter::new(Rate::per_minute(3), 100);
        let t0 = Instant::now();
        for _ in 0..3 {
            assert_eq!(limiter.check(&"a", t0), Ok(()));
        }
        let refused = limiter.check(&"a", t0).unwrap_err();
        assert_eq!(refused.retry_after, Duration::from_secs(20));
        assert!(!limiter.would_allow(&"a", t0));
        // Another key has its own budget.
        assert_eq!(limiter.check(&"b", t0), Ok(()));
        // One more after 20 s, not two.
        let t20 = t0 + Duration::from_secs(20);
        assert!(limiter.would_allow(&"a", t20));
        assert_eq!(limiter.check(&"a", t20), Ok(()));
        assert!(limiter.check(&"a", t20).is_err());
        // Whole again a minute after the last.
        let later = t20 + Duration::from_secs(60);
        for _ in 0..3 {
            assert_eq!(limiter.check(&"a", later), Ok(()));
        }
    }

    #[test]
    fn memory_is_bounded_and_swept() {
        let limiter = Limiter::new(Rate::per_minute(10), 50);
        let t0 = Instant::now();
        for key in 0..50 {
            assert_eq!(limiter.check(&key, t0), Ok(()));
        }
        // Full: a new key is refused, a known one still counted.
        assert!(limiter.check(&1000, t0).is_err());
        assert_eq!(limiter.check(&7, t0), Ok(()));
        assert_eq!(limiter.keys(), 50);
        // Once their budgets are whole, keys are forgotten.
        let later = t0 + Duration::from_secs(61);
        assert_eq!(limiter.check(&1000, later), Ok(()), "a full map makes room when it can");
        assert_eq!(limiter.keys(), 1);
        assert_eq!(limiter.check(&1001, later), Ok(()));
        assert_eq!(limiter.sweep(later + Duration::from_secs(61)), 0);
    }
}
