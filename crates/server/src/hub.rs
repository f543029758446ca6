//! Who hears of a change to a game: its WebSockets. A change made here is
//! sent at once to this process's listeners and, on PostgreSQL, announced
//! to every other server on the database, whose listeners then load the
//! game and hear of it too. (The lobby has its own feed:
//! [`crate::jobs::lobby`].)

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use arbiter_store::GameKey;
use tokio::sync::broadcast;

use crate::table::Table;

/// How many changes a slow listener may fall behind before it skips to
/// the newest (it then shows the newest view, which is all it needs).
const BACKLOG: usize = 16;

/// The channels of the games that have listeners.
#[derive(Clone, Default)]
pub struct Hub {
    games: Arc<Mutex<HashMap<GameKey, broadcast::Sender<Arc<Table>>>>>,
}

impl Hub {
    /// Listens to a game's changes.
    pub fn subscribe(&self, key: &GameKey) -> broadcast::Receiver<Arc<Table>> {
        let mut games = self.games.lock().unwrap_or_else(|e| e.into_inner());
        games.entry(key.clone()).or_insert_with(|| broadcast::channel(BACKLOG).0).subscribe()
    }

    /// Tells this process's listeners of `table`, the game as it now is.
    pub fn publish(&self, table: Arc<Table>) {
        let mut games = self.games.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(sender) = games.get(&table.stored.key)
            && sender.send(table.clone()).is_err()
        {
            // Nobody listens any more.
            games.remove(&table.stored.key);
        }
    }

    /// Whether anyone here listens to `key`.
    pub fn has_listeners(&self, key: &GameKey) -> bool {
        let games = self.games.lock().unwrap_or_else(|e| e.into_inner());
        games.get(key).is_some_and(|s| s.receiver_count() > 0)
    }
}
