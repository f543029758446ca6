//! What one person may make the server do: how many accounts an address
//! registers, how often anyone signs in or changes a password, how many
//! games an account creates and plays against the computer, how many plays
//! a player of a game of rounds sends a round, how much mail a new address
//! gets, how many sockets an account or address holds. Every limit has a
//! default here and a flag of `arbiter serve`; every refusal is a 429 with
//! `Retry-After` ([`too_many`]). The limiters keep their keys in bounded
//! memory and are swept by [`Guards::sweep`].

pub mod address;
pub mod backoff;
pub mod rate;

use std::time::{Duration, Instant};

use arbiter_api::ErrorCode;
use arbiter_store::AccountId;

pub use address::{AddressKey, ClientAddress};
pub use backoff::Backoff;
pub use rate::{Limited, Limiter, Rate};

use crate::error::ApiError;

/// Every limit, with its default.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Accounts one address may register.
    pub registrations_per_address: Rate,
    /// Accounts registered in all.
    pub registrations: Rate,
    /// Sign-in attempts one address may make, whatever the names.
    pub sign_ins_per_address: Rate,
    /// Failed sign-ins to one account before each further attempt waits.
    pub sign_in_free_failures: u32,
    /// The longest an account's next sign-in attempt waits after failures
    /// (from an address its owner has not signed in from lately).
    pub sign_in_longest_wait: Duration,
    /// Password changes one account may make.
    pub password_changes_per_account: Rate,
    /// Passwords hashed at once (each takes 19 MiB and a core for tens of
    /// milliseconds).
    pub hashes_at_once: usize,
    /// Passwords waiting to be hashed at most; beyond, 429.
    pub hash_queue: usize,
    /// New mail addresses (each is mailed a link) one account may give.
    pub address_changes_per_account: Rate,
    /// Verification mails one address may receive.
    pub verification_mails_per_address: Rate,
    /// Password reset links one account may be mailed.
    pub reset_mails_per_account: Rate,
    /// Games one account may create.
    pub games_per_account: Rate,
    /// Games one address may create.
    pub games_per_address: Rate,
    /// Positions (`POST /api/positions`) asked for per address.
    pub positions_per_address: Rate,
    /// Players' pages and name completions (`GET /api/players…`) asked
    /// for per address.
    pub players_per_address: Rate,
    /// Chat messages one account may write, in a burst (a second).
    pub chat_burst_per_account: Rate,
    /// Chat messages one account may write, over a minute.
    pub chat_per_account: Rate,
    /// Offers one account may make, accept or decline (each may change
    /// a game and tell its players).
    pub offers_per_account: Rate,
    /// Reads and changes of one's conditional lines one account may make
    /// (a change replays every line it sets).
    pub conditionals_per_account: Rate,
    /// Vacations one account may start, book, end or switch (each start
    /// and end is told to every game of theirs).
    pub vacations_per_account: Rate,
    /// The days of vacation each account has a calendar year.
    pub vacation_days: u32,
    /// Reads of one's notices (`GET /api/me/notices`, which counts the
    /// games waiting) one account may make.
    pub notice_reads_per_account: Rate,
    /// Tournaments one account may create.
    pub tournaments_per_account: Rate,
    /// Tournaments not over that one account may organise at once.
    pub open_tournaments_per_account: u32,
    /// Joins, departures, removals and starts of tournaments one account
    /// may ask for.
    pub tournament_entries_per_account: Rate,
    /// Unfinished games with a computer seat one account may have created.
    pub computer_games_per_account: u32,
    /// Plays (counted or refused) one player of a game of rounds may send a
    /// round.
    pub plays_per_round: u32,
    /// Searches for computer seats run at once.
    pub searches: usize,
    /// Searches of one account's games run at once.
    pub searches_per_account: usize,
    /// WebSockets one account may hold open.
    pub sockets_per_account: usize,
    /// WebSockets one address may hold open.
    pub sockets_per_address: usize,
    /// How often a WebSocket is pinged; one that answers nothing for two
    /// of these is closed.
    pub socket_ping: Duration,
    /// Attempts to send a mail before it is given up.
    pub mail_attempts: u32,
    /// How long a session lasts unused.
    pub session_lifetime: Duration,
    /// Keys (addresses, accounts) a limiter keeps at most.
    pub limiter_keys: usize,
}

impl Default for Limits {
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get()).max(1);
        Limits {
            registrations_per_address: Rate::per_hour(10),
            registrations: Rate::per_hour(500),
            sign_ins_per_address: Rate::per_minute(30),
            sign_in_free_failures: 5,
            sign_in_longest_wait: Duration::from_secs(15 * 60),
            password_changes_per_account: Rate::per_hour(5),
            hashes_at_once: (cores / 2).max(1),
            hash_queue: 32,
            address_changes_per_account: Rate::per_hour(5),
            verification_mails_per_address: Rate::per_day(5),
            reset_mails_per_account: Rate::per_hour(3),
            games_per_account: Rate::per_hour(60),
            games_per_address: Rate::per_hour(120),
            positions_per_address: Rate::per_minute(300),
            players_per_address: Rate::per_minute(300),
            chat_burst_per_account: Rate::per_second(1),
            chat_per_account: Rate::per_minute(20),
            offers_per_account: Rate::per_minute(20),
            conditionals_per_account: Rate::per_minute(60),
            vacations_per_account: Rate::per_hour(20),
            vacation_days: 30,
            notice_reads_per_account: Rate::per_minute(60),
            tournaments_per_account: Rate::per_day(10),
            open_tournaments_per_account: 10,
            tournament_entries_per_account: Rate::per_minute(30),
            computer_games_per_account: 10,
            plays_per_round: 20,
            searches: cores,
            searches_per_account: (cores / 2).max(1),
            sockets_per_account: 32,
            sockets_per_address: 256,
            socket_ping: Duration::from_secs(30),
            mail_attempts: 8,
            session_lifetime: Duration::from_secs(30 * 86_400),
            limiter_keys: 100_000,
        }
    }
}

/// Reads a duration: seconds (`90`), or a number with a unit (`90s`,
/// `15m`, `2h`, `30d`).
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    let text = text.trim();
    let split = text.find(|c: char| !c.is_ascii_digit()).unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let error =
        || format!("'{text}': a duration is a number of seconds, or a number with s, m, h or d (90s, 15m, 30d)");
    let number: u64 = number.parse().map_err(|_| error())?;
    let seconds = match unit.trim() {
        "" | "s" => 1,
        "m" => 60,
        "h" => 3600,
        "d" => 86_400,
        _ => return Err(error()),
    };
    number.checked_mul(seconds).map(Duration::from_secs).ok_or_else(error)
}

/// A 429 saying `what` and when to try again.
pub fn too_many(what: &str, retry_after: Duration) -> ApiError {
    let seconds = retry_after.as_secs() + u64::from(retry_after.subsec_nanos() > 0);
    let seconds = seconds.max(1);
    ApiError::new(ErrorCode::TooManyRequests, format!("{what}; try again in {}", in_words(seconds)))
        .retry_after(seconds)
}

/// `40 seconds`, `3 minutes`, `2 hours`.
fn in_words(seconds: u64) -> String {
    let (n, unit) = match seconds {
        0..=119 => (seconds, "second"),
        120..=7199 => (seconds.div_ceil(60), "minute"),
        _ => (seconds.div_ceil(3600), "hour"),
    };
    format!("{n} {unit}{}", if n == 1 { "" } else { "s" })
}

/// The limiters of a running server, made from its [`Limits`].
pub struct Guards {
    /// Registrations per address.
    pub registrations_per_address: Limiter<AddressKey>,
    /// Registrations in all.
    pub registrations: Limiter<()>,
    /// Sign-in attempts per address.
    pub sign_ins_per_address: Limiter<AddressKey>,
    /// Failed sign-ins per account.
    pub sign_in_failures: Backoff<AccountId>,
    /// Password changes per account.
    pub password_changes: Limiter<AccountId>,
    /// New mail addresses per account.
    pub address_changes: Limiter<AccountId>,
    /// Verification mails per address (its lowercase text).
    pub verification_mails: Limiter<String>,
    /// Password reset mails per account.
    pub reset_mails: Limiter<AccountId>,
    /// Games created per account.
    pub games_per_account: Limiter<AccountId>,
    /// Games created per address.
    pub games_per_address: Limiter<AddressKey>,
    /// Positions asked for per address.
    pub positions_per_address: Limiter<AddressKey>,
    /// Players' pages and name completions per address.
    pub players_per_address: Limiter<AddressKey>,
    /// Chat messages per account, a second.
    pub chat_burst: Limiter<AccountId>,
    /// Chat messages per account, a minute.
    pub chat: Limiter<AccountId>,
    /// Offers made and answered per account.
    pub offers: Limiter<AccountId>,
    /// Conditional lines read or set per account.
    pub conditionals: Limiter<AccountId>,
    /// Vacations started, booked, ended or switched per account.
    pub vacations: Limiter<AccountId>,
    /// Reads of one's notices per account.
    pub notice_reads: Limiter<AccountId>,
    /// Tournaments created per account.
    pub tournaments: Limiter<AccountId>,
    /// Tournament entries (joins, departures, removals, starts) per
    /// account.
    pub tournament_entries: Limiter<AccountId>,
}

impl Guards {
    /// The limiters of `limits`.
    pub fn new(limits: &Limits) -> Guards {
        let keys = limits.limiter_keys;
        Guards {
            registrations_per_address: Limiter::new(limits.registrations_per_address, keys),
            registrations: Limiter::new(limits.registrations, 1),
            sign_ins_per_address: Limiter::new(limits.sign_ins_per_address, keys),
            sign_in_failures: Backoff::new(limits.sign_in_free_failures, limits.sign_in_longest_wait),
            password_changes: Limiter::new(limits.password_changes_per_account, keys),
            address_changes: Limiter::new(limits.address_changes_per_account, keys),
            verification_mails: Limiter::new(limits.verification_mails_per_address, keys),
            reset_mails: Limiter::new(limits.reset_mails_per_account, keys),
            games_per_account: Limiter::new(limits.games_per_account, keys),
            games_per_address: Limiter::new(limits.games_per_address, keys),
            positions_per_address: Limiter::new(limits.positions_per_address, keys),
            players_per_address: Limiter::new(limits.players_per_address, keys),
            chat_burst: Limiter::new(limits.chat_burst_per_account, keys),
            chat: Limiter::new(limits.chat_per_account, keys),
            offers: Limiter::new(limits.offers_per_account, keys),
            conditionals: Limiter::new(limits.conditionals_per_account, keys),
            vacations: Limiter::new(limits.vacations_per_account, keys),
            notice_reads: Limiter::new(limits.notice_reads_per_account, keys),
            tournaments: Limiter::new(limits.tournaments_per_account, keys),
            tournament_entries: Limiter::new(limits.tournament_entries_per_account, keys),
        }
    }

    /// Forgets what no longer limits anyone; the keys kept in all.
    pub fn sweep(&self, now: Instant) -> usize {
        self.registrations_per_address.sweep(now)
            + self.registrations.sweep(now)
            + self.sign_ins_per_address.sweep(now)
            + self.sign_in_failures.sweep(now)
            + self.password_changes.sweep(now)
            + self.address_changes.sweep(now)
            + self.verification_mails.sweep(now)
            + self.reset_mails.sweep(now)
            + self.games_per_account.sweep(now)
            + self.games_per_address.sweep(now)
            + self.positions_per_address.sweep(now)
            + self.chat_burst.sweep(now)
            + self.chat.sweep(now)
            + self.offers.sweep(now)
            + self.conditionals.sweep(now)
            + self.vacations.sweep(now)
            + self.notice_reads.sweep(now)
            + self.players_per_address.sweep(now)
            + self.tournaments.sweep(now)
            + self.tournament_entries.sweep(now)
    }
}

/// Checks `key` against `limiter` now; a 429 saying `what` otherwise.
pub fn check<K: std::hash::Hash + Eq + Clone>(limiter: &Limiter<K>, key: &K, what: &str) -> Result<(), ApiError> {
    limiter.check(key, Instant::now()).map_err(|limited| too_many(what, limited.retry_after))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_with_their_units() {
        assert_eq!(parse_duration("90"), Ok(Duration::from_secs(90)));
        assert_eq!(parse_duration("90s"), Ok(Duration::from_secs(90)));
        assert_eq!(parse_duration("15m"), Ok(Duration::from_secs(900)));
        assert_eq!(parse_duration("2h"), Ok(Duration::from_secs(7200)));
        assert_eq!(parse_duration("30d"), Ok(Duration::from_secs(30 * 86_400)));
        for bad in ["", "s", "1w", "-3", "1.5h", "99999999999999999999d"] {
            assert!(parse_duration(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_refusal_says_when_to_try_again_in_words_and_header() {
        let error = too_many("too many accounts from your address", Duration::from_millis(1500));
        assert_eq!(error.code, ErrorCode::TooManyRequests);
        assert_eq!(error.retry_after, Some(2));
        assert_eq!(error.message, "too many accounts from your address; try again in 2 seconds");
        assert_eq!(too_many("x", Duration::from_secs(600)).message, "x; try again in 10 minutes");
        assert_eq!(too_many("x", Duration::from_secs(9000)).message, "x; try again in 3 hours");
        assert_eq!(too_many("x", Duration::ZERO).retry_after, Some(1));
    }
}
