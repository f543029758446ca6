//! Broadcast channels by game: each game with listeners on this server has
//! one, made when its first listener comes and dropped when a value finds
//! nobody listening. The games' changes ([`crate::hub`]) and their chat
//! ([`crate::chat_hub`]) each keep one set.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Arc, Mutex};

use arbiter_store::GameKey;
use tokio::sync::broadcast;

/// The channels of the games (or other keys `K`) that have listeners, for
/// values of type `T`.
#[derive(Clone)]
pub struct Topics<T, K = GameKey> {
    games: Arc<Mutex<HashMap<K, broadcast::Sender<T>>>>,
    /// How many values a slow listener may fall behind before it skips.
    backlog: usize,
}

impl<T: Clone, K: Hash + Eq + Clone> Topics<T, K> {
    /// Channels whose slow listeners skip beyond `backlog` values.
    pub fn new(backlog: usize) -> Topics<T, K> {
        Topics { games: Arc::default(), backlog }
    }

    /// Listens to the game `key`.
    pub fn subscribe(&self, key: &K) -> broadcast::Receiver<T> {
        let mut games = self.games.lock().unwrap_or_else(|e| e.into_inner());
        games.entry(key.clone()).or_insert_with(|| broadcast::channel(self.backlog).0).subscribe()
    }

    /// Tells the listeners of the game `key` of `value`.
    pub fn publish(&self, key: &K, value: T) {
        let mut games = self.games.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(sender) = games.get(key)
            && sender.send(value).is_err()
        {
            // Nobody listens any more.
            games.remove(key);
        }
    }

    /// Whether anyone here listens to `key`.
    pub fn has_listeners(&self, key: &K) -> bool {
        let games = self.games.lock().unwrap_or_else(|e| e.into_inner());
        games.get(key).is_some_and(|s| s.receiver_count() > 0)
    }
}

/// The personal channels on this server, by account: each gets a poke
/// when the account may have new notices or a new count.
pub type PersonalHub = Topics<Poke, arbiter_store::AccountId>;

/// What a personal channel is told.
#[derive(Clone, Debug)]
pub enum Poke {
    /// Look again: new notices may be kept, the count may have changed.
    Look,
    /// A notice to pass on as it is, kept nowhere (it is one's turn: the
    /// count says so for good), and look at the count again.
    Turn(Arc<arbiter_api::NoticeView>),
}
