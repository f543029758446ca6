//! Vacations: a stretch of time in which a player's clock stands still in
//! the days-per-move games that allow it, and the yearly allowance of
//! days they come out of, counted by the hour per calendar year (UTC).
//! Nothing here reads the clock or the store: the server keeps the
//! vacations and gives each game the stretches of its players
//! ([`Away`]); a game's deadline is worked out from them here.

use serde::{Deserialize, Serialize};
use time::OffsetDateTime;

use crate::time::{HOUR, Timestamp};

/// A stretch of a vacation as a game keeps it: its player's seat, from
/// when and until when the clock of that seat stands still.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Away {
    /// The seat's label (`w`).
    pub seat: String,
    /// When the vacation began.
    pub from: Timestamp,
    /// When it ends (or ended, if `ended`).
    pub until: Timestamp,
    /// Whether it is over: ended early (a move, the player) or run out.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub ended: bool,
}

impl Away {
    /// Whether the player is away at `now`: the vacation has begun, has
    /// not ended and runs past `now`.
    pub fn is_on(&self, now: Timestamp) -> bool {
        !self.ended && self.from <= now && now < self.until
    }
}

/// The deadline of a move due `allowed` seconds after `since`, its clock
/// standing still through `stretches` (the vacations of the player to
/// move, in any order): each stretch that begins before the clock has run
/// out pushes the deadline back by the part of it after `since`.
pub fn deadline_with(since: Timestamp, allowed: i64, stretches: &[(Timestamp, Timestamp)]) -> Timestamp {
    let mut sorted: Vec<(Timestamp, Timestamp)> =
        stretches.iter().copied().filter(|(_, until)| *until > since).collect();
    sorted.sort();
    let mut deadline = since.after(allowed);
    let mut counted_to = since;
    for (from, until) in sorted {
        let start = from.max(counted_to);
        if start >= deadline {
            break;
        }
        if until > start {
            deadline = deadline.after(until.since(start));
            counted_to = until;
        }
    }
    deadline
}

/// The calendar year (UTC) of `at`.
pub fn year_of(at: Timestamp) -> i32 {
    OffsetDateTime::from_unix_timestamp(at.unix()).map_or(1970, |d| d.year())
}

/// The first moment of the calendar year `year` (UTC).
pub fn year_start(year: i32) -> Timestamp {
    let date =
        time::Date::from_calendar_date(year.clamp(-9999, 9999), time::Month::January, 1).unwrap_or(time::Date::MIN);
    Timestamp::from_unix(date.midnight().assume_utc().unix_timestamp())
}

/// The hours of the stretch `from..until` that fall in `year`, a part
/// hour counted as a whole one.
pub fn hours_in_year(from: Timestamp, until: Timestamp, year: i32) -> i64 {
    let start = from.max(year_start(year));
    let end = until.min(year_start(year + 1));
    let seconds = end.since(start);
    if seconds <= 0 { 0 } else { (seconds + HOUR - 1) / HOUR }
}

/// The hours used (or booked) in `year` by the vacations `stretches`.
pub fn hours_used(stretches: &[(Timestamp, Timestamp)], year: i32) -> i64 {
    stretches.iter().map(|&(from, until)| hours_in_year(from, until, year)).sum()
}

/// Why a vacation may not be taken.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VacationRefused {
    /// It ends before it begins, or lasts less than an hour.
    #[error("a vacation lasts at least an hour: {from} to {until} does not")]
    TooShort {
        /// Its start.
        from: String,
        /// Its end.
        until: String,
    },
    /// It begins before now.
    #[error("a vacation begins now or later, not at {from}")]
    InThePast {
        /// Its start.
        from: String,
    },
    /// It begins after the end of next year.
    #[error("a vacation is booked at most until the end of next year: {until} is too far ahead")]
    TooFarAhead {
        /// Its end.
        until: String,
    },
    /// It overlaps a vacation already taken or booked.
    #[error("it overlaps the vacation from {from} to {until}")]
    Overlaps {
        /// That vacation's start.
        from: String,
        /// That vacation's end.
        until: String,
    },
    /// It needs more hours of a year than are left.
    #[error("it needs {needed} hours of {year}, and {left} are left of the {allowance} days a year allows")]
    OverAllowance {
        /// The year.
        year: i32,
        /// The hours it needs in that year.
        needed: i64,
        /// The hours left in that year.
        left: i64,
        /// The days a year allows.
        allowance: u32,
    },
}

/// Checks a vacation `from..until` asked for at `now`, beside the
/// vacations `taken` (each as it counts: an ended one up to its end),
/// under `allowance` days a year.
pub fn check_new(
    from: Timestamp,
    until: Timestamp,
    now: Timestamp,
    taken: &[(Timestamp, Timestamp)],
    allowance: u32,
) -> Result<(), VacationRefused> {
    if until.since(from) < HOUR {
        return Err(VacationRefused::TooShort { from: from.rfc3339(), until: until.rfc3339() });
    }
    if from < now.after(-60) {
        return Err(VacationRefused::InThePast { from: from.rfc3339() });
    }
    if until > year_start(year_of(now) + 2) {
        return Err(VacationRefused::TooFarAhead { until: until.rfc3339() });
    }
    if let Some(&(f, u)) = taken.iter().find(|&&(f, u)| f < until && from < u) {
        return Err(VacationRefused::Overlaps { from: f.rfc3339(), until: u.rfc3339() });
    }
    for year in year_of(from)..=year_of(until) {
        let needed = hours_in_year(from, until, year);
        let left = i64::from(allowance) * 24 - hours_used(taken, year);
        if needed > left {
            return Err(VacationRefused::OverAllowance { year, needed, left: left.max(0), allowance });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::time::DAY;

    fn at(text: &str) -> Timestamp {
        Timestamp::parse(text).unwrap()
    }

    #[test]
    fn a_stretch_pushes_the_deadline_back_by_its_part_after_the_move() {
        let since = at("2026-11-02T12:00Z");
        assert_eq!(deadline_with(since, 3 * DAY, &[]), at("2026-11-05T12:00Z"));
        // Away from the day after, for two days: two days more.
        let away = [(at("2026-11-03T12:00Z"), at("2026-11-05T12:00Z"))];
        assert_eq!(deadline_with(since, 3 * DAY, &away), at("2026-11-07T12:00Z"));
        // Away since before the move: only the part after it counts.
        let away = [(at("2026-11-01T12:00Z"), at("2026-11-03T12:00Z"))];
        assert_eq!(deadline_with(since, 3 * DAY, &away), at("2026-11-06T12:00Z"));
        // Over before the move: nothing.
        let away = [(at("2026-10-01T12:00Z"), at("2026-11-02T12:00Z"))];
        assert_eq!(deadline_with(since, 3 * DAY, &away), at("2026-11-05T12:00Z"));
        // Beginning after the clock ran out: too late.
        let away = [(at("2026-11-05T12:00Z"), at("2026-11-09T12:00Z"))];
        assert_eq!(deadline_with(since, 3 * DAY, &away), at("2026-11-05T12:00Z"));
        // Two stretches, given out of order, both count.
        let away =
            [(at("2026-11-06T12:00Z"), at("2026-11-07T12:00Z")), (at("2026-11-03T12:00Z"), at("2026-11-05T12:00Z"))];
        assert_eq!(deadline_with(since, 3 * DAY, &away), at("2026-11-08T12:00Z"));
    }

    #[test]
    fn hours_are_counted_per_calendar_year_a_part_hour_whole() {
        assert_eq!(year_of(at("2026-12-31T23:59Z")), 2026);
        assert_eq!(year_start(2027), at("2027-01-01T00:00Z"));
        let (from, until) = (at("2026-12-30T00:00Z"), at("2027-01-02T00:30Z"));
        assert_eq!(hours_in_year(from, until, 2026), 48);
        assert_eq!(hours_in_year(from, until, 2027), 25);
        assert_eq!(hours_in_year(from, until, 2025), 0);
        assert_eq!(hours_used(&[(from, until), (at("2026-06-01T00:00Z"), at("2026-06-01T00:01Z"))], 2026), 49);
    }

    #[test]
    fn a_new_vacation_is_refused_with_its_reason() {
        let now = at("2026-11-02T12:00Z");
        let taken = [(at("2026-03-01T00:00Z"), at("2026-03-26T00:00Z"))];
        assert_eq!(check_new(now, now.after(5 * DAY), now, &taken, 30), Ok(()));
        assert_eq!(
            check_new(now, now.after(5 * DAY + 1), now, &taken, 30),
            Err(VacationRefused::OverAllowance { year: 2026, needed: 121, left: 120, allowance: 30 })
        );
        assert!(matches!(check_new(now, now.after(60), now, &[], 30), Err(VacationRefused::TooShort { .. })));
        assert!(matches!(check_new(now.after(-DAY), now, now, &[], 30), Err(VacationRefused::InThePast { .. })));
        assert!(matches!(
            check_new(at("2028-01-01T00:00Z"), at("2028-01-02T00:00Z"), now, &[], 30),
            Err(VacationRefused::TooFarAhead { .. })
        ));
        assert!(matches!(
            check_new(at("2026-03-25T00:00Z"), at("2026-03-27T00:00Z"), at("2026-03-01T00:00Z"), &taken, 30),
            Err(VacationRefused::Overlaps { .. })
        ));
        // Across the new year, each year's part from its own allowance.
        let from = at("2026-12-27T00:00Z");
        assert_eq!(check_new(from, at("2027-01-20T00:00Z"), now, &taken, 30), Ok(()));
    }
}
