//! Who hears of a change to a game: its WebSockets. A change made here is
//! sent at once to this process's listeners and, on PostgreSQL, announced
//! to every other server on the database, whose listeners then load the
//! game and hear of it too. (The lobby has its own feed:
//! [`crate::lobby`].)

use std::sync::Arc;

use arbiter_store::GameKey;
use tokio::sync::broadcast;

use crate::table::Table;
use crate::topics::Topics;

/// How many changes a slow listener may fall behind before it skips to
/// the newest (it then shows the newest view, which is all it needs).
const BACKLOG: usize = 16;

/// The channels of the games that have listeners.
#[derive(Clone)]
pub struct Hub {
    games: Topics<Arc<Table>>,
}

impl Default for Hub {
    fn default() -> Hub {
        Hub { games: Topics::new(BACKLOG) }
    }
}

impl Hub {
    /// Listens to a game's changes.
    pub fn subscribe(&self, key: &GameKey) -> broadcast::Receiver<Arc<Table>> {
        self.games.subscribe(key)
    }

    /// Tells this process's listeners of `table`, the game as it now is.
    pub fn publish(&self, table: Arc<Table>) {
        let key = table.stored.key.clone();
        self.games.publish(&key, table);
    }

    /// Whether anyone here listens to `key`.
    pub fn has_listeners(&self, key: &GameKey) -> bool {
        self.games.has_listeners(key)
    }
}
