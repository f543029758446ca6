//! Who hears of a change: every WebSocket of a game, and the lobby. A
//! change made here is sent at once to this process's listeners and, on
//! PostgreSQL, announced to every other server on the database, whose
//! listeners then load the game and hear of it too.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use arbiter_store::GameKey;
use tokio::sync::broadcast;

use crate::table::Table;

/// How many changes a slow listener may fall behind before it skips to
/// the newest (it then shows the newest view, which is all it needs).
const BACKLOG: usize = 16;

/// The channels of the games that have listeners, and the lobby's.
#[derive(Clone)]
pub struct Hub {
    games: Arc<Mutex<HashMap<GameKey, broadcast::Sender<Arc<Table>>>>>,
    lobby: broadcast::Sender<()>,
}

impl Default for Hub {
    fn default() -> Self {
        Hub { games: Arc::default(), lobby: broadcast::channel(BACKLOG).0 }
    }
}

impl Hub {
    /// Listens to a game's changes.
    pub fn subscribe(&self, key: &GameKey) -> broadcast::Receiver<Arc<Table>> {
        let mut games = self.games.lock().unwrap_or_else(|e| e.into_inner());
        games.entry(key.clone()).or_insert_with(|| broadcast::channel(BACKLOG).0).subscribe()
    }

    /// Listens to the lobby (a game was created, filled, or ended).
    pub fn subscribe_lobby(&self) -> broadcast::Receiver<()> {
        self.lobby.subscribe()
    }

    /// Tells this process's listeners of `table`, the game as it now is,
    /// and the lobby's if `lobby` (the open games may look different).
    pub fn publish(&self, table: Arc<Table>, lobby: bool) {
        let mut games = self.games.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(sender) = games.get(&table.stored.key)
            && sender.send(table.clone()).is_err()
        {
            // Nobody listens any more.
            games.remove(&table.stored.key);
        }
        if lobby {
            let _ = self.lobby.send(());
        }
    }

    /// Tells the lobby's listeners that the open games may have changed.
    pub fn publish_lobby(&self) {
        let _ = self.lobby.send(());
    }

    /// Whether anyone here listens to `key`.
    pub fn has_listeners(&self, key: &GameKey) -> bool {
        let games = self.games.lock().unwrap_or_else(|e| e.into_inner());
        games.get(key).is_some_and(|s| s.receiver_count() > 0)
    }
}
