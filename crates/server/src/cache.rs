//! The games this server has loaded lately, kept in memory so that a move
//! neither reads its game nor replays its record.
//!
//! A kept game may be out of date only if another server on the same
//! PostgreSQL database changed it: every change is stored with the version
//! it was made from, so a change made to an old copy is refused by the
//! store, and [`crate::change::change_game`] then loads the game afresh and
//! makes the change again. Reads on PostgreSQL check the stored version
//! first (one small query); on SQLite, which one server owns, every change
//! passes through here and the kept copy is the stored game.

use std::num::NonZeroUsize;
use std::sync::{Arc, Mutex};

use arbiter_store::GameKey;
use lru::LruCache;

use crate::table::Table;

/// How many games are kept when nothing else is said.
pub const DEFAULT_GAMES_KEPT: usize = 4096;

/// Loaded games by key, the least recently used forgotten first.
pub struct GameCache {
    games: Mutex<LruCache<GameKey, Arc<Table>>>,
}

impl GameCache {
    /// A cache keeping at most `capacity` games (at least one).
    pub fn new(capacity: usize) -> GameCache {
        let capacity = NonZeroUsize::new(capacity).unwrap_or(NonZeroUsize::MIN);
        GameCache { games: Mutex::new(LruCache::new(capacity)) }
    }

    /// The game kept under `key`, if any.
    pub fn get(&self, key: &GameKey) -> Option<Arc<Table>> {
        self.lock().get(key).cloned()
    }

    /// Keeps `table`, unless a newer version of it is kept already (two
    /// changes stored one after the other may finish in either order).
    pub fn keep(&self, table: Arc<Table>) {
        let mut games = self.lock();
        let newer_kept = games.peek(&table.stored.key).is_some_and(|kept| kept.stored.version > table.stored.version);
        if !newer_kept {
            games.put(table.stored.key.clone(), table);
        }
    }

    /// Forgets the game `key` (another server changed it).
    pub fn forget(&self, key: &GameKey) {
        self.lock().pop(key);
    }

    /// Forgets every kept game that `which` picks (games whose stored
    /// record changed outside the move path, as a guest's do when it signs
    /// up).
    pub fn forget_where(&self, which: impl Fn(&Table) -> bool) {
        let mut games = self.lock();
        let gone: Vec<GameKey> = games.iter().filter(|(_, t)| which(t)).map(|(k, _)| k.clone()).collect();
        for key in gone {
            games.pop(&key);
        }
    }

    /// How many games are kept.
    pub fn len(&self) -> usize {
        self.lock().len()
    }

    /// Whether no game is kept.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, LruCache<GameKey, Arc<Table>>> {
        self.games.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl Default for GameCache {
    fn default() -> Self {
        GameCache::new(DEFAULT_GAMES_KEPT)
    }
}
