//! The lobby's list of open games, as the lobby's sockets send it: the
//! same text to every one of them (it shows nobody anything of their
//! own). A change that may alter the list marks it stale; the lobby's job
//! ([`crate::jobs::lobby`]) computes it again while someone watches and
//! publishes it here.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use axum::extract::ws::Utf8Bytes;
use tokio::sync::{Notify, watch};

/// The open games, as the lobby's sockets send them.
#[derive(Clone)]
pub struct LobbyFeed {
    /// The list as JSON (`{"type": "lobby", …}`); empty until computed.
    list: watch::Sender<Utf8Bytes>,
    /// Wakes the task: the list may have changed.
    stale: Arc<Notify>,
    /// How many times the list was computed (for tests and metrics).
    computed: Arc<AtomicU64>,
}

impl Default for LobbyFeed {
    fn default() -> Self {
        LobbyFeed {
            list: watch::channel(Utf8Bytes::from_static("")).0,
            stale: Arc::new(Notify::new()),
            computed: Arc::default(),
        }
    }
}

impl LobbyFeed {
    /// The list may have changed.
    pub fn changed(&self) {
        self.stale.notify_one();
    }

    /// Follows the list: the receiver holds the newest list (empty text
    /// until it is first computed) and is told of each new one.
    pub fn subscribe(&self) -> watch::Receiver<Utf8Bytes> {
        let receiver = self.list.subscribe();
        // The list is computed only while someone watches: a first
        // watcher may find it stale.
        self.stale.notify_one();
        receiver
    }

    /// How many times the list has been computed.
    pub fn computed(&self) -> u64 {
        self.computed.load(Ordering::Relaxed)
    }

    /// Waits until the list may have changed.
    pub async fn stale(&self) {
        self.stale.notified().await;
    }

    /// Whether anyone follows the list.
    pub fn watched(&self) -> bool {
        self.list.receiver_count() > 0
    }

    /// Takes `list`, computed afresh, and tells the followers if it
    /// differs from the one they were shown.
    pub fn publish(&self, list: String) {
        self.computed.fetch_add(1, Ordering::Relaxed);
        self.list.send_if_modified(|shown| {
            let differs = shown.as_str() != list;
            if differs {
                *shown = Utf8Bytes::from(list);
            }
            differs
        });
    }
}
