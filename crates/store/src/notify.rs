//! Telling the other servers on one PostgreSQL database that a game
//! changed: `NOTIFY arbiter_games, '<origin>:<key>'`, where the origin
//! tells the store that made the change (a store does not hear its own
//! changes). A change to a game announces itself in the transaction that
//! stores it, so it is heard exactly when it is committed. Sessions that
//! ended (signed out, revoked, a password changed) are announced on
//! `arbiter_sessions` as `'<origin>:<id>,<id>,…'`, so that every server
//! closes their sockets. On SQLite there is only one server, and nothing
//! to tell.

use std::fmt;

use sqlx::postgres::PgListener;

use crate::error::StoreError;
use crate::games::GameKey;
use crate::open::{Pool, Store};
use crate::sessions::SessionId;

/// The channel changed games are announced on.
pub(crate) const CHANNEL: &str = "arbiter_games";

/// The channel ended sessions are announced on.
pub(crate) const SESSIONS_CHANNEL: &str = "arbiter_sessions";

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
}

/// The text announcing a change to `key` made through the store `origin`.
pub(crate) fn announcement(origin: u64, key: &GameKey) -> String {
    format!("{origin}:{key}")
}

/// Hears of games changed through the other stores on the same
/// PostgreSQL database. It holds one of the store's connections.
pub struct Listener {
    inner: PgListener,
    /// The store listening: its own changes are not news.
    origin: u64,
}

impl fmt::Debug for Listener {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Listener").field("channel", &CHANNEL).finish_non_exhaustive()
    }
}

impl Listener {
    /// The next thing another server announced: a game changed, or
    /// sessions ended. If the connection was lost it reconnects, and
    /// announcements made meanwhile are missed; an error means it could
    /// not (or the store was closed).
    pub async fn recv(&mut self) -> Result<Heard, StoreError> {
        loop {
            let notification = self.inner.recv().await?;
            let payload = notification.payload();
            let (origin, rest) = match payload.split_once(':') {
                Some((origin, rest)) => (origin.parse::<u64>().ok(), rest),
                None => (None, payload),
            };
            if origin == Some(self.origin) {
                continue;
            }
            if notification.channel() == SESSIONS_CHANNEL {
                let ids = rest.split(',').filter_map(|id| id.parse().ok()).map(SessionId).collect();
                return Ok(Heard::SessionsEnded(ids));
            }
            return Ok(Heard::Game(GameKey(rest.to_string())));
        }
    }
}

impl Store {
    /// Tells the other stores' listeners on the database that the game
    /// `key` changed (PostgreSQL); does nothing on SQLite.
    /// [`Store::update_game`] tells them by itself.
    pub async fn notify_changed(&self, key: &GameKey) -> Result<(), StoreError> {
        if let Pool::Postgres(pool) = &self.pool {
            sqlx::query("SELECT pg_notify($1, $2)")
                .bind(CHANNEL)
                .bind(announcement(self.origin, key))
                .execute(pool)
                .await?;
        }
        Ok(())
    }

    /// Tells the other stores' listeners on the database that the
    /// sessions `ids` ended (PostgreSQL); does nothing on SQLite.
    pub async fn notify_sessions_ended(&self, ids: &[SessionId]) -> Result<(), StoreError> {
        if let Pool::Postgres(pool) = &self.pool {
            for chunk in ids.chunks(SESSIONS_A_NOTIFICATION) {
                let list = chunk.iter().map(ToString::to_string).collect::<Vec<_>>().join(",");
                sqlx::query("SELECT pg_notify($1, $2)")
                    .bind(SESSIONS_CHANNEL)
                    .bind(format!("{}:{list}", self.origin))
                    .execute(pool)
                    .await?;
            }
        }
        Ok(())
    }

    /// A listener for games changed and sessions ended through the other
    /// stores on the database (PostgreSQL); `None` on SQLite, where this
    /// store makes every change.
    pub async fn listen(&self) -> Result<Option<Listener>, StoreError> {
        match &self.pool {
            Pool::Sqlite(_) => Ok(None),
            Pool::Postgres(pool) => {
                let mut inner = PgListener::connect_with(pool).await?;
                inner.listen_all([CHANNEL, SESSIONS_CHANNEL]).await?;
                Ok(Some(Listener { inner, origin: self.origin }))
            }
        }
    }
}
