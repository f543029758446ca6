//! Telling the other servers on one PostgreSQL database that a game
//! changed: `NOTIFY arbiter_games, '<origin>:<key>'`, where the origin
//! tells the store that made the change (a store does not hear its own
//! changes). A change to a game announces itself in the transaction that
//! stores it, so it is heard exactly when it is committed. Sessions that
//! ended (signed out, revoked, a password changed) are announced on
//! `arbiter_sessions` as `'<origin>:<id>,<id>,…'`, so that every server
//! closes their sockets.
//!
//! On SQLite one server runs, but another process may change the file
//! beside it (`arbiter admin`): such announcements are rows of the
//! `announcements` table, which the server's listener reads a few times a
//! second and the sweep deletes after an hour.

use std::collections::VecDeque;
use std::fmt;
use std::time::Duration;

use arbiter_play::Timestamp;
use sqlx::SqlitePool;
use sqlx::postgres::PgListener;

use crate::error::StoreError;
use crate::games::GameKey;
use crate::open::{Pool, Store};
use crate::sessions::SessionId;

/// The channel changed games are announced on.
pub(crate) const CHANNEL: &str = "arbiter_games";

/// The channel ended sessions are announced on.
pub(crate) const SESSIONS_CHANNEL: &str = "arbiter_sessions";

/// The channel of chat messages written (`<origin>:<game>:<id>`).
pub(crate) const CHAT_CHANNEL: &str = "arbiter_chat";

/// The channel of accounts with new notices (`<origin>:<id>,<id>,…`).
pub(crate) const NOTICES_CHANNEL: &str = "arbiter_notices";

/// Session numbers announced in one notification at most (a payload is
/// under 8,000 bytes).
const SESSIONS_A_NOTIFICATION: usize = 400;

/// What a listener hears.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Heard {
    /// A game changed.
    Game(GameKey),
    /// These sessions ended.
    SessionsEnded(Vec<SessionId>),
    /// A chat message was written in a game: the game and the message.
    Chat(GameKey, i64),
    /// These accounts have new notices.
    Notices(Vec<crate::accounts::AccountId>),
}

/// The text announcing a change to `key` made through the store `origin`.
pub(crate) fn announcement(origin: u64, key: &GameKey) -> String {
    format!("{origin}:{key}")
}

/// Seconds since 1970 by the system's clock (when an announcement was
/// made, for the sweep).
fn unix_now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}

/// How often a listener on SQLite reads the announcements.
const POLL: Duration = Duration::from_millis(200);

/// Announcements read at once on SQLite.
const POLL_BATCH: i64 = 200;

/// How long an announcement row is kept on SQLite (seconds).
const ANNOUNCEMENTS_KEPT: i64 = 3600;

/// Hears of games changed and sessions ended through the other stores on
/// the same database: on PostgreSQL it holds one of the store's
/// connections, on SQLite it reads the `announcements` table.
pub struct Listener {
    inner: Inner,
    /// The store listening: its own changes are not news.
    origin: u64,
}

/// Where a listener hears from.
enum Inner {
    Postgres(Box<PgListener>),
    Sqlite { pool: SqlitePool, last: i64, heard: VecDeque<(String, String)> },
}

impl fmt::Debug for Listener {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Listener").field("channel", &CHANNEL).finish_non_exhaustive()
    }
}

/// What an announcement on `channel` with `payload` (`<origin>:<rest>`)
/// tells a store whose origin is `own`: nothing if it made it.
fn heard(own: u64, channel: &str, payload: &str) -> Option<Heard> {
    let (origin, rest) = match payload.split_once(':') {
        Some((origin, rest)) => (origin.parse::<u64>().ok(), rest),
        None => (None, payload),
    };
    if origin == Some(own) {
        return None;
    }
    if channel == CHAT_CHANNEL {
        let (key, id) = rest.rsplit_once(':')?;
        return Some(Heard::Chat(GameKey(key.to_string()), id.parse().ok()?));
    }
    if channel == NOTICES_CHANNEL {
        let ids = rest.split(',').filter_map(|id| id.parse().ok()).map(crate::accounts::AccountId).collect();
        return Some(Heard::Notices(ids));
    }
    if channel == SESSIONS_CHANNEL {
        let ids = rest.split(',').filter_map(|id| id.parse().ok()).map(SessionId).collect();
        return Some(Heard::SessionsEnded(ids));
    }
    Some(Heard::Game(GameKey(rest.to_string())))
}

impl Listener {
    /// The next thing another process announced: a game changed, or
    /// sessions ended. If the connection was lost it reconnects, and
    /// announcements made meanwhile may be missed; an error means it
    /// could not (or the store was closed).
    pub async fn recv(&mut self) -> Result<Heard, StoreError> {
        loop {
            let (channel, payload) = match &mut self.inner {
                Inner::Postgres(inner) => {
                    let notification = inner.recv().await?;
                    (notification.channel().to_string(), notification.payload().to_string())
                }
                Inner::Sqlite { pool, last, heard } => match heard.pop_front() {
                    Some(next) => next,
                    None => {
                        tokio::time::sleep(POLL).await;
                        let rows = sqlx::query_as::<_, (i64, String, String)>(
                            "SELECT id, channel, payload FROM announcements WHERE id > $1 ORDER BY id LIMIT $2",
                        )
                        .bind(*last)
                        .bind(POLL_BATCH)
                        .fetch_all(&*pool)
                        .await?;
                        for (id, channel, payload) in rows {
                            *last = id;
                            heard.push_back((channel, payload));
                        }
                        continue;
                    }
                },
            };
            if let Some(news) = heard(self.origin, &channel, &payload) {
                return Ok(news);
            }
        }
    }
}

impl Store {
    /// Tells the other stores' listeners on the database that the game
    /// `key` changed. On PostgreSQL [`Store::update_game`] tells them by
    /// itself; on SQLite a process beside the server (an administrator's
    /// command) tells it this way after a change.
    pub async fn notify_changed(&self, key: &GameKey) -> Result<(), StoreError> {
        self.announce(CHANNEL, &announcement(self.origin, key)).await
    }

    /// Tells the other stores' listeners on the database that the
    /// sessions `ids` ended.
    pub async fn notify_sessions_ended(&self, ids: &[SessionId]) -> Result<(), StoreError> {
        for chunk in ids.chunks(SESSIONS_A_NOTIFICATION) {
            let list = chunk.iter().map(ToString::to_string).collect::<Vec<_>>().join(",");
            self.announce(SESSIONS_CHANNEL, &format!("{}:{list}", self.origin)).await?;
        }
        Ok(())
    }

    /// Tells the other stores' listeners on the database that the chat
    /// message `id` was written in the game `key`.
    pub async fn notify_chat(&self, key: &GameKey, id: i64) -> Result<(), StoreError> {
        self.announce(CHAT_CHANNEL, &format!("{}:{key}:{id}", self.origin)).await
    }

    /// Announces `payload` on `channel`: a notification on PostgreSQL, a
    /// row of `announcements` on SQLite.
    pub(crate) async fn announce(&self, channel: &str, payload: &str) -> Result<(), StoreError> {
        match &self.pool {
            Pool::Postgres(pool) => {
                sqlx::query("SELECT pg_notify($1, $2)").bind(channel).bind(payload).execute(pool).await?;
            }
            Pool::Sqlite(pool) => {
                sqlx::query("INSERT INTO announcements (origin, channel, payload, created) VALUES ($1, $2, $3, $4)")
                    .bind(self.origin as i64)
                    .bind(channel)
                    .bind(payload)
                    .bind(unix_now())
                    .execute(pool)
                    .await?;
            }
        }
        Ok(())
    }

    /// Deletes the announcements older than an hour (SQLite; PostgreSQL
    /// keeps none); how many.
    pub async fn delete_old_announcements(&self, now: Timestamp) -> Result<u64, StoreError> {
        match &self.pool {
            Pool::Postgres(_) => Ok(0),
            Pool::Sqlite(pool) => Ok(sqlx::query("DELETE FROM announcements WHERE created < $1")
                .bind(now.unix().saturating_sub(ANNOUNCEMENTS_KEPT))
                .execute(pool)
                .await?
                .rows_affected()),
        }
    }

    /// A listener for games changed and sessions ended through the other
    /// stores on the database, from now on.
    pub async fn listen(&self) -> Result<Listener, StoreError> {
        let inner = match &self.pool {
            Pool::Sqlite(pool) => {
                let last = sqlx::query_scalar::<_, i64>("SELECT COALESCE(MAX(id), 0) FROM announcements")
                    .fetch_one(pool)
                    .await?;
                Inner::Sqlite { pool: pool.clone(), last, heard: VecDeque::new() }
            }
            Pool::Postgres(pool) => {
                let mut inner = PgListener::connect_with(pool).await?;
                inner.listen_all([CHANNEL, SESSIONS_CHANNEL, CHAT_CHANNEL, NOTICES_CHANNEL]).await?;
                Inner::Postgres(Box::new(inner))
            }
        };
        Ok(Listener { inner, origin: self.origin })
    }
}
