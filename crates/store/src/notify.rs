//! Telling the other servers on one PostgreSQL database that a game
//! changed: `NOTIFY arbiter_games, '<origin>:<key>'`, where the origin
//! tells the store that made the change (a store does not hear its own
//! changes). A change to a game announces itself in the transaction that
//! stores it, so it is heard exactly when it is committed. On SQLite there
//! is only one server, and nothing to tell.

use std::fmt;

use sqlx::postgres::PgListener;

use crate::error::StoreError;
use crate::games::GameKey;
use crate::open::{Pool, Store};

/// The channel changed games are announced on.
pub(crate) const CHANNEL: &str = "arbiter_games";

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
    /// The key of the next game changed. If the connection was lost it
    /// reconnects, and announcements made meanwhile are missed; an error
    /// means it could not (or the store was closed).
    pub async fn recv(&mut self) -> Result<GameKey, StoreError> {
        loop {
            let notification = self.inner.recv().await?;
            let payload = notification.payload();
            match payload.split_once(':').and_then(|(origin, key)| Some((origin.parse::<u64>().ok()?, key))) {
                Some((origin, _)) if origin == self.origin => continue,
                Some((_, key)) => return Ok(GameKey(key.to_string())),
                None => return Ok(GameKey(payload.to_string())),
            }
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

    /// A listener for games changed through the other stores on the
    /// database (PostgreSQL); `None` on SQLite, where this store makes
    /// every change.
    pub async fn listen(&self) -> Result<Option<Listener>, StoreError> {
        match &self.pool {
            Pool::Sqlite(_) => Ok(None),
            Pool::Postgres(pool) => {
                let mut inner = PgListener::connect_with(pool).await?;
                inner.listen(CHANNEL).await?;
                Ok(Some(Listener { inner, origin: self.origin }))
            }
        }
    }
}
