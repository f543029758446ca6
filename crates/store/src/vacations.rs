//! Vacations as kept: an account's stretches away, each from when to when
//! it was to end, when it ended if earlier, and whether every game of the
//! account has been told it is over. Reading and writing them:
//! `vacation_queries.rs`.

use arbiter_play::Timestamp;

use crate::accounts::AccountId;

/// A vacation, running, booked or over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Vacation {
    /// Its number.
    pub id: i64,
    /// Whose it is.
    pub account: AccountId,
    /// When it begins.
    pub from: Timestamp,
    /// When it was to end.
    pub until: Timestamp,
    /// When it ended, if earlier (a move, the player ending it).
    pub ended: Option<Timestamp>,
    /// Whether it started by itself (a move close to running out).
    pub auto: bool,
}

impl Vacation {
    /// When it ends (or ended).
    pub fn end(&self) -> Timestamp {
        self.ended.unwrap_or(self.until)
    }

    /// The stretch it covers, as it counts against the allowance.
    pub fn stretch(&self) -> (Timestamp, Timestamp) {
        (self.from, self.end())
    }

    /// Whether it runs at `now`.
    pub fn is_on(&self, now: Timestamp) -> bool {
        self.from <= now && now < self.end()
    }
}

/// A vacation's row: id, account, starts, ends, ended, auto.
pub(crate) type VacationRow = (i64, i64, i64, i64, Option<i64>, bool);

/// A vacation read from its row.
pub(crate) fn vacation_of((id, account, starts, ends, ended, auto): VacationRow) -> Vacation {
    Vacation {
        id,
        account: AccountId(account),
        from: Timestamp::from_unix(starts),
        until: Timestamp::from_unix(ends),
        ended: ended.map(Timestamp::from_unix),
        auto,
    }
}
