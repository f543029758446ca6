//! Where the server keeps accounts, sessions, games and mail.
//!
//! A [`Store`] is opened on a URL: `sqlite://arbiter.db` for one server
//! with its database embedded (the default; the file is made if missing,
//! written ahead (WAL) with `synchronous = FULL`, so a write that was
//! acknowledged survives the process being killed), or `postgres://…` for
//! several servers sharing one database. Opening runs the migrations in
//! `migrations/sqlite` or `migrations/postgres` (the same file names, SQL
//! per dialect) and refuses a database that a newer Arbiter has migrated
//! further ([`StoreError::Newer`]).
//!
//! # Tables
//!
//! Every time is a `BIGINT` of seconds since 1970 (UTC).
//!
//! - `accounts`: `id`, `name` as given, `name_key` (the name in ASCII
//!   lowercase, unique: names compare case-insensitively),
//!   `password_hash`, `email` (may be null), `email_verified` (no mail
//!   but the verification link goes to an address until it is),
//!   `notify_email`, `created`, `admin` (an administrator), `disabled`
//!   (when an administrator disabled it: it cannot sign in; null if not).
//! - `sessions`: `id`, `token_hash` (unique; the token itself is never
//!   stored), `account_id` (deleted with its account), `created`,
//!   `last_used` (a session unused for long has ended), `address` (where
//!   it was started from).
//! - `email_verifications`: a link's `token_hash`, `account_id`, the
//!   `email` it verifies, `created`, `expires`.
//! - `games`: `key` (chosen by the server), `game` (its identifier, e.g.
//!   `agog`), `state` (`open`, `active`, `finished`), `version`, `record`
//!   (the whole [`arbiter_play::GameRecord`] as JSON), `deadline` (may be
//!   null), `created`, `updated`, `creator_id` (null for games stored
//!   before creators were kept); indexed on `(state, updated)`, on
//!   `deadline` and on `(creator_id, state)`.
//! - `game_seats`: `(game_key, seat)` with at most one of `account_id`
//!   and `computer_level`; both null is an open seat; `standing`, how the
//!   seat came out of its finished game (`won`, `lost`, `drawn`,
//!   `aborted`, `unknown`; null while the game goes on). Indexed on
//!   `account_id` and on `(account_id, standing)`.
//! - `mail`: the outbox. A mail is queued in the same call that stores
//!   the change it tells of and sent later by a background job:
//!   `to_address`, `subject`, `body`, `created`, `next_attempt`,
//!   `attempts`, `sent` (null until sent), `failed` (when it was given
//!   up, after its last attempt), `last_error`; indexed on
//!   `(sent, next_attempt)` and `(account_id, failed)`.
//! - `password_resets`: a reset link's `token_hash`, `account_id`,
//!   `created`, `expires`.
//! - `tournaments`, `tournament_players`, `tournament_games` (each game
//!   of a round, its players and, once over, its result) and
//!   `tournament_byes`: see `migrations/*/0014_tournaments.sql`.
//! - `announcements` (SQLite only): what a process beside the server
//!   (`arbiter admin`) tells it — `origin`, `channel`, `payload`,
//!   `created` — read by the server's [`Listener`].
//!
//! # Concurrency
//!
//! Every change to a game goes through [`Store::update_game`] with the
//! version the caller read. In one transaction it advances the version
//! with a conditional `UPDATE … WHERE version = expected`, so of several
//! changes made from the same version exactly one is stored and the
//! others get [`StoreError::Stale`] (re-read and try again). Taking a seat
//! and queuing the change's mail happen in that same transaction, the seat
//! only if it is still open. On SQLite one writer task commits the changes
//! that arrive together in one transaction (group commit), each in a
//! savepoint of its own so a refused change leaves the others alone, and
//! answers each once the commit is on disk; every other writing
//! transaction begins with `BEGIN IMMEDIATE`, so writers queue (for up to
//! the busy timeout) instead of failing. On PostgreSQL each change has its
//! own transaction and the row lock of the conditional `UPDATE` orders
//! them.
//!
//! Several servers on one PostgreSQL database tell each other of changed
//! games with `NOTIFY arbiter_games, '<origin>:<key>'`, sent in the
//! transaction of the change (so heard only if it is committed); a store
//! does not hear its own ([`Store::notify_changed`], [`Store::listen`]).
//! On SQLite the same announcements are rows of `announcements`, which a
//! listener reads a few times a second: the server hears what an
//! administrator's command did to the file beside it.
//! Mail is taken to be sent under a lease ([`Store::take_due_mail`]), so
//! two servers never send the same mail.

/// Runs `$body` with `$pool` bound to the store's pool, whichever the
/// backend: the SQL is written once, with `$1`-style parameters, which
/// SQLite and PostgreSQL both read.
macro_rules! on_pool {
    ($store:expr, $pool:ident => $body:expr) => {
        match &$store.pool {
            $crate::open::Pool::Sqlite($pool) => $body,
            $crate::open::Pool::Postgres($pool) => $body,
        }
    };
}

/// Evaluates `$body` (a `Result<_, StoreError>`) with `$tx` bound to a
/// reading transaction that sees the database at one moment, so rows
/// read by several statements agree with each other (a game's row and
/// its moves, while a change commits between the two reads): a deferred
/// transaction on SQLite (its snapshot is taken at the first read), a
/// read-only repeatable-read one on PostgreSQL.
macro_rules! in_read_snapshot {
    ($store:expr, $tx:ident => $body:expr) => {
        match &$store.pool {
            $crate::open::Pool::Sqlite(pool) => {
                let mut $tx = pool.begin().await?;
                let out = $body?;
                $tx.commit().await?;
                Ok::<_, $crate::error::StoreError>(out)
            }
            $crate::open::Pool::Postgres(pool) => {
                let mut $tx = pool.begin_with("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY").await?;
                let out = $body?;
                $tx.commit().await?;
                Ok::<_, $crate::error::StoreError>(out)
            }
        }
    };
}

/// Runs `$body` with `$tx` bound to a writing transaction (`BEGIN
/// IMMEDIATE` on SQLite); `$body` commits it.
macro_rules! in_write_transaction {
    ($store:expr, $tx:ident => $body:expr) => {
        match &$store.pool {
            $crate::open::Pool::Sqlite(pool) => {
                let mut $tx = pool.begin_with("BEGIN IMMEDIATE").await?;
                $body
            }
            $crate::open::Pool::Postgres(pool) => {
                let mut $tx = pool.begin().await?;
                $body
            }
        }
    };
}

mod account_queries;
mod accounts;
mod admin;
mod backup;
mod change;
mod chat;
mod conditional_queries;
mod conditionals;
mod damaged;
mod error;
mod game_moves;
mod game_queries;
mod game_rows;
mod games;
mod guests;
mod key;
mod mail;
mod mail_in;
mod mail_queries;
mod notice_queries;
mod notices;
mod notify;
mod offers;
mod open;
mod password_resets;
mod pg_plain_change;
mod pg_writer;
mod players;
mod rated_end;
mod rating_queries;
mod ratings;
mod returning;
mod sessions;
mod sqlite_writer;
mod tournament_queries;
mod tournament_rounds;
mod tournaments;
mod update;
mod vacation_queries;
mod vacations;
mod verifications;

pub use accounts::{Account, AccountChange, AccountId, NewAccount};
pub use admin::{AccountListing, Disabled};
pub use backup::{Backup, backup_sqlite};
pub use chat::{ChatMessage, ROOM_KEPT, Room};
pub use conditionals::{Conditionals, ConditionalsWrite, SeatLines};
pub use damaged::RawRecord;
pub use error::StoreError;
pub use game_moves::MovesWrite;
pub use games::{
    FoundColumns, GameFilter, GameKey, GameState, GameUpdate, NewGame, SeatHolder, SeatRating, StoredGame, StoredSeat,
};
pub use guests::GUEST_PASSWORD_HASH;
pub use mail::{MailToken, NewMail, QueuedMail, ReplyTo};
pub use mail_in::MAIL_IN_KEPT;
pub use mail_queries::{FailedMail, MailCounts};
pub use notices::{NewNotice, Notice, NoticeKind, TournamentNotice};
pub use notify::{Heard, Listener};
pub use offers::{Offer, OfferKind};
pub use open::{Backend, Store};
pub use password_resets::{NewPasswordReset, PasswordReset, ResetRefusal};
pub use players::{Player, Tally};
pub use ratings::{LeaderboardLine, RatedEnd, RatedSeat, RatingPoint, SETTINGS as RATING_SETTINGS, StoredRating};
pub use sessions::{SessionId, SessionInfo, SignedSession};
pub use tournament_queries::TOURNAMENTS_A_PAGE;
pub use tournaments::{
    Departure, Entrant, EntryRefusal, NewTournament, RoundStart, StoredTournament, TableResult, TournamentBye,
    TournamentEnd, TournamentGame, TournamentKind, TournamentState, TournamentWhole,
};
pub use vacation_queries::VACATION_GAMES;
pub use vacations::Vacation;
pub use verifications::{NewVerification, VerifyRefusal};
