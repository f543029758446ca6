//! Telling the other servers on one PostgreSQL database that a game
//! changed: `NOTIFY arbiter_games, '<key>'`. On SQLite there is only one
//! server, and nothing to tell.

use std::fmt;

use sqlx::postgres::PgListener;

use crate::error::StoreError;
use crate::games::GameKey;
use crate::open::{Pool, Store};

/// The channel changed games are announced on.
const CHANNEL: &str = "arbiter_games";

/// Hears of games changed through any store on the same PostgreSQL
/// database (this one included). It holds one of the store's
/// connections.
pub struct Listener {
    inner: PgListener,
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
        let notification = self.inner.recv().await?;
        Ok(GameKey(notification.payload().to_string()))
    }
}

impl Store {
    /// Tells every listener on the database that the game `key` changed
    /// (PostgreSQL); does nothing on SQLite.
    pub async fn notify_changed(&self, key: &GameKey) -> Result<(), StoreError> {
        if let Pool::Postgres(pool) = &self.pool {
            sqlx::query("SELECT pg_notify($1, $2)").bind(CHANNEL).bind(key.0.as_str()).execute(pool).await?;
        }
        Ok(())
    }

    /// A listener for games changed through any store on the database
    /// (PostgreSQL); `None` on SQLite, where this store makes every change.
    pub async fn listen(&self) -> Result<Option<Listener>, StoreError> {
        match &self.pool {
            Pool::Sqlite(_) => Ok(None),
            Pool::Postgres(pool) => {
                let mut inner = PgListener::connect_with(pool).await?;
                inner.listen(CHANNEL).await?;
                Ok(Some(Listener { inner }))
            }
        }
    }
}
