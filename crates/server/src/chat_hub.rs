//! Who hears of a chat message: the WebSockets of its game on this
//! server. A message written here is also announced to the other servers
//! on the database, which read it and tell their own sockets. Each socket
//! decides whether its viewer may read the room and has not muted the
//! writer.

use std::sync::Arc;

use arbiter_store::{ChatMessage, GameKey};
use tokio::sync::broadcast;

use crate::topics::Topics;

/// How many messages a slow socket may fall behind before it skips some
/// (the room's page shows them all on a reload).
const BACKLOG: usize = 64;

/// The chat channels of the games that have sockets.
#[derive(Clone)]
pub struct ChatHub {
    games: Topics<Arc<ChatMessage>>,
}

impl Default for ChatHub {
    fn default() -> ChatHub {
        ChatHub { games: Topics::new(BACKLOG) }
    }
}

impl ChatHub {
    /// Listens to a game's chat.
    pub fn subscribe(&self, key: &GameKey) -> broadcast::Receiver<Arc<ChatMessage>> {
        self.games.subscribe(key)
    }

    /// Tells this server's sockets of the game of `message` about it.
    pub fn publish(&self, message: Arc<ChatMessage>) {
        let key = message.game.clone();
        self.games.publish(&key, message);
    }
}
