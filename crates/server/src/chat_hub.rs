//! Who hears of a chat message: the WebSockets of its game on this
//! server. A message written here is also announced to the other servers
//! on the database, which read it and tell their own sockets. Each socket
//! decides whether its viewer may read the room and has not muted the
//! writer.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use arbiter_store::{ChatMessage, GameKey};
use tokio::sync::broadcast;

/// How many messages a slow socket may fall behind before it skips some
/// (the room's page shows them all on a reload).
const BACKLOG: usize = 64;

/// The chat channels of the games that have sockets.
#[derive(Clone, Default)]
pub struct ChatHub {
    games: Arc<Mutex<HashMap<GameKey, broadcast::Sender<Arc<ChatMessage>>>>>,
}

impl ChatHub {
    /// Listens to a game's chat.
    pub fn subscribe(&self, key: &GameKey) -> broadcast::Receiver<Arc<ChatMessage>> {
        let mut games = self.games.lock().unwrap_or_else(|e| e.into_inner());
        games.entry(key.clone()).or_insert_with(|| broadcast::channel(BACKLOG).0).subscribe()
    }

    /// Tells this server's sockets of the game of `message` about it.
    pub fn publish(&self, message: Arc<ChatMessage>) {
        let mut games = self.games.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(sender) = games.get(&message.game)
            && sender.send(message.clone()).is_err()
        {
            games.remove(&message.game);
        }
    }
}
