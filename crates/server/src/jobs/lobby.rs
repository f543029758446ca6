//! The lobby's list of open games ([`LobbyFeed`]), computed once per
//! change and sent as the same text to every lobby socket. A change that
//! may alter the list marks it stale; this task computes it again — at
//! most once per [`SETTLE`], however many changes come — but only while
//! someone watches, and publishes it only if it differs.

use std::sync::Arc;
use std::time::Duration;

use arbiter_api::ServerMessage;
use arbiter_store::{GameFilter, GameState, Store};

use crate::cache::GameCache;
use crate::lobby::LobbyFeed;
use crate::table::Table;

/// How long the task lets changes gather before computing the list.
const SETTLE: Duration = Duration::from_millis(100);

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
    // A damaged game (its record does not replay) is left out, not the
    // whole list.
    let games = games
        .into_iter()
        .filter(|stored| stored.has_open_seat())
        .filter_map(|stored| match kept.get(&stored.key).filter(|kept| kept.stored.version == stored.version) {
            Some(kept) => Some(kept.summary()),
            None => Table::load(stored).ok().map(|t| t.summary()),
        })
        .collect::<Vec<_>>();
    serde_json::to_string(&ServerMessage::Lobby { games }).ok()
}

/// Runs forever: computes the list (from `store`, with the games `kept`
/// in memory) when it may have changed and someone watches, and publishes
/// it on `feed` when it differs.
pub async fn run(store: Store, kept: Arc<GameCache>, feed: LobbyFeed) {
    loop {
        feed.stale().await;
        if !feed.watched() {
            // Computed again when a watcher comes.
            continue;
        }
        tokio::time::sleep(SETTLE).await;
        let Some(list) = open_games(&store, &kept).await else { continue };
        feed.publish(list);
    }
}
