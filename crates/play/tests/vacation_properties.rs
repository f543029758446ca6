//! Vacations' arithmetic on any moments: a deadline only ever moves later,
//! by no more than the vacations last; hours are counted whole and in the
//! years they fall in; a new vacation is accepted or refused, never a
//! panic, and one accepted fits every year's allowance.

use arbiter_play::Timestamp;
use arbiter_play::time::{DAY, HOUR};
use arbiter_play::vacation::{check_new, deadline_with, hours_in_year, hours_used, year_of};
use proptest::prelude::*;

/// Moments from 1990 to 2100.
fn moment() -> impl Strategy<Value = Timestamp> {
    (631_152_000i64..4_102_444_800).prop_map(Timestamp::from_unix)
}

/// A stretch of up to 60 days.
fn stretch() -> impl Strategy<Value = (Timestamp, Timestamp)> {
    (moment(), 0i64..60 * DAY).prop_map(|(from, length)| (from, from.after(length)))
}

proptest! {
    #[test]
    fn a_deadline_moves_later_by_at_most_the_time_away(
        since in moment(),
        days in 1i64..365,
        stretches in proptest::collection::vec(stretch(), 0..6),
    ) {
        let plain = since.after(days * DAY);
        let deadline = deadline_with(since, days * DAY, &stretches);
        prop_assert!(deadline >= plain);
        let away: i64 = stretches.iter().map(|(f, u)| u.since(*f)).sum();
        prop_assert!(deadline.since(plain) <= away);
        // Away only before the move became due: nothing changes.
        let before: Vec<_> = stretches.iter().map(|&(f, u)| (since.after(-u.since(f) - 1), since)).collect();
        prop_assert_eq!(deadline_with(since, days * DAY, &before), plain);
    }

    #[test]
    fn hours_are_whole_and_fall_in_their_years((from, until) in stretch()) {
        let years = year_of(from)..=year_of(until);
        let total: i64 = years.clone().map(|y| hours_in_year(from, until, y)).sum();
        let seconds = until.since(from);
        prop_assert!(total * HOUR >= seconds);
        prop_assert!(total * HOUR < seconds + 2 * HOUR * (years.count() as i64));
        prop_assert_eq!(hours_in_year(from, until, year_of(from) - 1), 0);
        prop_assert_eq!(hours_used(&[(from, until)], year_of(until) + 1), 0);
    }

    #[test]
    fn a_vacation_is_accepted_within_the_allowance_or_refused(
        (from, until) in stretch(),
        now in moment(),
        taken in proptest::collection::vec(stretch(), 0..4),
        allowance in 0u32..60,
    ) {
        if check_new(from, until, now, &taken, allowance).is_ok() {
            prop_assert!(until.since(from) >= HOUR);
            prop_assert!(!taken.iter().any(|&(f, u)| f < until && from < u));
            for year in year_of(from)..=year_of(until) {
                let used = hours_used(&taken, year) + hours_in_year(from, until, year);
                prop_assert!(used <= i64::from(allowance) * 24);
            }
        }
    }
}
