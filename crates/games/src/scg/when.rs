//! Instants for the referee: seconds since 1970 (UTC), read from and
//! written for people. The referee's logic never reads the clock: every
//! operation is given "now".

use arbiter_core::TextError;
use time::{Date, Month, OffsetDateTime, Time};

/// A moment, in whole seconds since 1970-01-01 00:00 UTC.
pub type Instant = i64;

/// Seconds in an hour.
pub const HOUR: i64 = 3_600;

/// The moment as people read it in a mail: `Wed 25 Nov 2026, 14:00 UTC`.
pub fn format_instant(t: Instant) -> String {
    match OffsetDateTime::from_unix_timestamp(t) {
        Ok(d) => format!(
            "{} {} {} {}, {:02}:{:02} UTC",
            &d.weekday().to_string()[..3],
            d.day(),
            &d.month().to_string()[..3],
            d.year(),
            d.hour(),
            d.minute()
        ),
        Err(_) => format!("{t} seconds after 1970"),
    }
}

/// The moment in ISO 8601 (`2026-11-25T14:00:00Z`), for JSON.
pub fn iso_instant(t: Instant) -> String {
    match OffsetDateTime::from_unix_timestamp(t) {
        Ok(d) => format!(
            "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}Z",
            d.year(),
            d.month() as u8,
            d.day(),
            d.hour(),
            d.minute(),
            d.second()
        ),
        Err(_) => t.to_string(),
    }
}

/// The day in record tags' form, `2026.11.25`.
pub fn record_date(t: Instant) -> String {
    match OffsetDateTime::from_unix_timestamp(t) {
        Ok(d) => format!("{:04}.{:02}.{:02}", d.year(), d.month() as u8, d.day()),
        Err(_) => "????.??.??".into(),
    }
}

/// A duration in words: `2 days 3 hours`, `45 minutes`.
pub fn format_span(seconds: i64) -> String {
    let s = seconds.max(0);
    let (days, hours, minutes) = (s / 86_400, s % 86_400 / 3_600, s % 3_600 / 60);
    let unit = |n: i64, one: &str| if n == 1 { format!("1 {one}") } else { format!("{n} {one}s") };
    match (days, hours, minutes) {
        (0, 0, m) => unit(m, "minute"),
        (0, h, 0) => unit(h, "hour"),
        (0, h, m) => format!("{} {}", unit(h, "hour"), unit(m, "minute")),
        (d, 0, _) => unit(d, "day"),
        (d, h, _) => format!("{} {}", unit(d, "day"), unit(h, "hour")),
    }
}

/// Reads a moment: seconds since 1970 (`1795615200`), or a UTC time
/// `YYYY-MM-DDTHH:MM[:SS]Z` (`2026-11-25T14:00Z`).
pub fn parse_instant(text: &str) -> Result<Instant, TextError> {
    let bad = || TextError::new(text, "a time is seconds since 1970 or YYYY-MM-DDTHH:MM[:SS]Z in UTC");
    if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
        return text.parse().map_err(|_| bad());
    }
    let body = text.strip_suffix('Z').ok_or_else(bad)?;
    let (date, clock) = body.split_once('T').ok_or_else(bad)?;
    let number = |s: &str, digits: usize| -> Result<u32, TextError> {
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
    Ok(day.with_time(time).assume_utc().unix_timestamp())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn instants_read_and_print() {
        let t = parse_instant("2026-11-25T14:00Z").unwrap();
        assert_eq!(parse_instant(&t.to_string()), Ok(t));
        assert_eq!(parse_instant("2026-11-25T14:00:00Z"), Ok(t));
        assert_eq!(format_instant(t), "Wed 25 Nov 2026, 14:00 UTC");
        assert_eq!(iso_instant(t), "2026-11-25T14:00:00Z");
        assert_eq!(record_date(t), "2026.11.25");
        assert_eq!(parse_instant("1970-01-01T00:00Z"), Ok(0));
        for bad in
            ["", "2026-11-25", "2026-11-25T14:00", "2026-02-30T10:00Z", "2026-11-25T25:00Z", "26-11-25T14:00Z", "x"]
        {
            assert!(parse_instant(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn spans_in_words() {
        assert_eq!(format_span(72 * HOUR), "3 days");
        assert_eq!(format_span(26 * HOUR + 120), "1 day 2 hours");
        assert_eq!(format_span(HOUR + 60), "1 hour 1 minute");
        assert_eq!(format_span(59), "0 minutes");
    }
}
