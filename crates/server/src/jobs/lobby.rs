//! The lobby's list of open games, computed once per change and sent as
//! the same text to every lobby socket (it shows nobody anything of their
//! own). A change that may alter the list marks it stale; one task
//! computes it again — at most once per [`SETTLE`], however many changes
//! come — but only while someone watches, and publishes it only if it
//! differs.

use std::sync::Arc;
use std::time::Duration;

use arbiter_api::ServerMessage;
use arbiter_store::{GameFilter, GameState, Store};
use axum::extract::ws::Utf8Bytes;
use tokio::sync::{Notify, watch};

use crate::cache::GameCache;
use crate::table::Table;

/// How long the task lets changes gather before computing the list.
const SETTLE: Duration = Duration::from_millis(100);

/// The open games, as the lobby's sockets send them.
#[derive(Clone)]
pub struct LobbyFeed {
    /// The list as JSON (`{"type": "lobby", …}`); empty until computed.
    list: watch::Sender<Utf8Bytes>,
    /// Wakes the task: the list may have changed.
    stale: Arc<Notify>,
    /// How many times the list was computed (for tests and metrics).
    computed: Arc<std::sync::atomic::AtomicU64>,
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
        self.computed.load(std::sync::atomic::Ordering::Relaxed)
    }
}

/// The list as the lobby's sockets send it.
async fn open_games(store: &Store, kept: &GameCache) -> Option<String> {
    let filter = GameFilter { state: Some(GameState::Open), public: true, limit: 100, ..GameFilter::default() };
    let games = match store.games(&filter).await {
        Ok(games) => games,
        Err(e) => {
            tracing::warn!(error = %e, "the open games were not read");
            return None;
        }
    };
    // A game whose free seats are all kept for people invited is theirs
    // to join, not the lobby's.
    let games = games
        .into_iter()
        .filter(|stored| stored.has_open_seat())
        .map(|stored| match kept.get(&stored.key).filter(|kept| kept.stored.version == stored.version) {
            Some(kept) => Some(kept.summary()),
            None => Table::load(stored).ok().map(|t| t.summary()),
        })
        .collect::<Option<Vec<_>>>()?;
    serde_json::to_string(&ServerMessage::Lobby { games }).ok()
}

/// Runs forever: computes the list (from `store`, with the games `kept`
/// in memory) when it may have changed and someone watches, and publishes
/// it on `feed` when it differs.
pub async fn run(store: Store, kept: Arc<GameCache>, feed: LobbyFeed) {
    loop {
        feed.stale.notified().await;
        if feed.list.receiver_count() == 0 {
            // Computed again when a watcher comes.
            continue;
        }
        tokio::time::sleep(SETTLE).await;
        let Some(list) = open_games(&store, &kept).await else { continue };
        feed.computed.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        feed.list.send_if_modified(|shown| {
            let differs = shown.as_str() != list;
            if differs {
                *shown = Utf8Bytes::from(list);
            }
            differs
        });
    }
}
