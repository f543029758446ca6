//! Moments and spans for deadlines, records and people: whole seconds
//! since 1970 (UTC), read and written with the `time` crate. Nothing here
//! reads the clock; see [`crate::Clock`].

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;
use time::format_description::well_known::Rfc3339;
use time::{Date, Month, OffsetDateTime, Time};

/// Seconds in an hour.
pub const HOUR: i64 = 3_600;
/// Seconds in a day.
pub const DAY: i64 = 86_400;

/// A moment, in whole seconds since 1970-01-01 00:00 UTC. It is written
/// in RFC 3339 (`2026-11-25T14:00:00Z`) in JSON; whole seconds are read
/// too.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Timestamp(i64);

/// A moment that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("'{token}': a time is seconds since 1970 or YYYY-MM-DDTHH:MM[:SS]Z in UTC")]
pub struct TimeError {
    /// The text given.
    pub token: String,
}

impl Timestamp {
    /// The moment `seconds` after 1970-01-01 00:00 UTC.
    pub const fn from_unix(seconds: i64) -> Timestamp {
        Timestamp(seconds)
    }

    /// Seconds since 1970-01-01 00:00 UTC.
    pub const fn unix(self) -> i64 {
        self.0
    }

    /// The moment `seconds` later.
    pub const fn after(self, seconds: i64) -> Timestamp {
        Timestamp(self.0.saturating_add(seconds))
    }

    /// Seconds from `earlier` to this moment (negative if `earlier` is
    /// later).
    pub const fn since(self, earlier: Timestamp) -> i64 {
        self.0.saturating_sub(earlier.0)
    }

    fn date_time(self) -> Option<OffsetDateTime> {
        OffsetDateTime::from_unix_timestamp(self.0).ok()
    }

    /// The moment as people read it in a mail: `Wed 25 Nov 2026, 14:00 UTC`.
    pub fn for_people(self) -> String {
        match self.date_time() {
            Some(d) => format!(
                "{} {} {} {}, {:02}:{:02} UTC",
                &d.weekday().to_string()[..3],
                d.day(),
                &d.month().to_string()[..3],
                d.year(),
                d.hour(),
                d.minute()
            ),
            None => format!("{} seconds after 1970", self.0),
        }
    }

    /// The moment in RFC 3339, `2026-11-25T14:00:00Z`.
    pub fn rfc3339(self) -> String {
        self.date_time().and_then(|d| d.format(&Rfc3339).ok()).unwrap_or_else(|| self.0.to_string())
    }

    /// The day as record tags write it, `2026.11.25`.
    pub fn record_date(self) -> String {
        match self.date_time() {
            Some(d) => format!("{:04}.{:02}.{:02}", d.year(), d.month() as u8, d.day()),
            None => "????.??.??".into(),
        }
    }

    /// Reads a record tag's day (`2026.11.25`) as its first moment.
    pub fn parse_record_date(text: &str) -> Option<Timestamp> {
        let mut parts = text.split('.');
        let (y, m, d) = (parts.next()?, parts.next()?, parts.next()?);
        if parts.next().is_some() || y.len() != 4 || m.len() != 2 || d.len() != 2 {
            return None;
        }
        let month = Month::try_from(m.parse::<u8>().ok()?).ok()?;
        let date = Date::from_calendar_date(y.parse().ok()?, month, d.parse().ok()?).ok()?;
        Some(Timestamp(date.midnight().assume_utc().unix_timestamp()))
    }

    /// Reads a moment: seconds since 1970 (`1795615200`; negative before
    /// it, as a moment outside the years 0 to 9999 is written), or a UTC
    /// time `YYYY-MM-DDTHH:MM[:SS]Z` (`2026-11-25T14:00Z`).
    pub fn parse(text: &str) -> Result<Timestamp, TimeError> {
        let bad = || TimeError { token: text.to_string() };
        let digits = text.strip_prefix('-').unwrap_or(text);
        if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
            return text.parse().map(Timestamp).map_err(|_| bad());
        }
        let body = text.strip_suffix('Z').ok_or_else(bad)?;
        let (date, clock) = body.split_once('T').ok_or_else(bad)?;
        let number = |s: &str, digits: usize| -> Result<u32, TimeError> {
            if s.len() == digits && s.bytes().all(|b| b.is_ascii_digit()) {
                s.parse().map_err(|_| bad())
            } else {
                Err(bad())
            }
        };
        let d: Vec<&str> = date.split('-').collect();
        let c: Vec<&str> = clock.split(':').collect();
        if d.len() != 3 || !(2..=3).contains(&c.len()) {
            return Err(bad());
        }
        let year = number(d[0], 4)? as i32;
        let month = Month::try_from(number(d[1], 2)? as u8).map_err(|_| bad())?;
        let day = Date::from_calendar_date(year, month, number(d[2], 2)? as u8).map_err(|_| bad())?;
        let seconds = if c.len() == 3 { number(c[2], 2)? } else { 0 };
        let time = Time::from_hms(number(c[0], 2)? as u8, number(c[1], 2)? as u8, seconds as u8).map_err(|_| bad())?;
        Ok(Timestamp(day.with_time(time).assume_utc().unix_timestamp()))
    }
}

impl fmt::Display for Timestamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.rfc3339())
    }
}

/// A duration in words: `2 days 3 hours`, `45 minutes`.
pub fn span_in_words(seconds: i64) -> String {
    let s = seconds.max(0);
    let (days, hours, minutes) = (s / DAY, s % DAY / HOUR, s % HOUR / 60);
    let unit = |n: i64, one: &str| if n == 1 { format!("1 {one}") } else { format!("{n} {one}s") };
    match (days, hours, minutes) {
        (0, 0, m) => unit(m, "minute"),
        (0, h, 0) => unit(h, "hour"),
        (0, h, m) => format!("{} {}", unit(h, "hour"), unit(m, "minute")),
        (d, 0, _) => unit(d, "day"),
        (d, h, _) => format!("{} {}", unit(d, "day"), unit(h, "hour")),
    }
}

impl Serialize for Timestamp {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.rfc3339())
    }
}

impl<'de> Deserialize<'de> for Timestamp {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Timestamp, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Written {
            Seconds(i64),
            Text(String),
        }
        match Written::deserialize(deserializer)? {
            Written::Seconds(s) => Ok(Timestamp(s)),
            Written::Text(t) => match OffsetDateTime::parse(&t, &Rfc3339) {
                Ok(d) => Ok(Timestamp(d.unix_timestamp())),
                Err(_) => Timestamp::parse(&t).map_err(serde::de::Error::custom),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moments_read_and_print() {
        let t = Timestamp::parse("2026-11-25T14:00Z").unwrap();
        assert_eq!(Timestamp::parse(&t.unix().to_string()), Ok(t));
        assert_eq!(Timestamp::parse("2026-11-25T14:00:00Z"), Ok(t));
        assert_eq!(t.for_people(), "Wed 25 Nov 2026, 14:00 UTC");
        assert_eq!(t.rfc3339(), "2026-11-25T14:00:00Z");
        assert_eq!(t.record_date(), "2026.11.25");
        assert_eq!(Timestamp::parse_record_date("2026.11.25"), Some(t.after(-14 * HOUR)));
        assert_eq!(Timestamp::parse("1970-01-01T00:00Z"), Ok(Timestamp(0)));
        for bad in
            ["", "2026-11-25", "2026-11-25T14:00", "2026-02-30T10:00Z", "2026-11-25T25:00Z", "26-11-25T14:00Z", "x"]
        {
            assert_eq!(Timestamp::parse(bad), Err(TimeError { token: bad.into() }), "{bad}");
        }
        for bad in ["2026.13.01", "2026.11", "????.??.??", "2026.11.25.1"] {
            assert_eq!(Timestamp::parse_record_date(bad), None, "{bad}");
        }
    }

    #[test]
    fn json_writes_rfc3339_and_reads_seconds_too() {
        let t = Timestamp::parse("2026-11-25T14:00Z").unwrap();
        assert_eq!(serde_json::to_string(&t).unwrap(), "\"2026-11-25T14:00:00Z\"");
        assert_eq!(serde_json::from_str::<Timestamp>("\"2026-11-25T14:00:00Z\"").unwrap(), t);
        assert_eq!(serde_json::from_str::<Timestamp>(&t.unix().to_string()).unwrap(), t);
        assert!(serde_json::from_str::<Timestamp>("\"tomorrow\"").is_err());
    }

    #[test]
    fn spans_in_words() {
        assert_eq!(span_in_words(72 * HOUR), "3 days");
        assert_eq!(span_in_words(26 * HOUR + 120), "1 day 2 hours");
        assert_eq!(span_in_words(HOUR + 60), "1 hour 1 minute");
        assert_eq!(span_in_words(59), "0 minutes");
    }

    #[test]
    fn every_moment_writes_text_that_reads_back_to_it() {
        for seconds in [0, 1_795_615_200, -1, -62_135_596_800, -58_482_816_512_118_480, i64::MIN, i64::MAX] {
            let t = Timestamp::from_unix(seconds);
            assert_eq!(Timestamp::parse(&t.rfc3339()), Ok(t), "{}", t.rfc3339());
            let json = serde_json::to_string(&t).unwrap();
            assert_eq!(serde_json::from_str::<Timestamp>(&json).unwrap(), t, "{json}");
        }
        assert!(Timestamp::parse("-").is_err());
        assert!(Timestamp::parse("--5").is_err());
    }
}
