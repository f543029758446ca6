//! The one path every change to a game takes: load it, change it through
//! the play layer on a blocking thread (a round's closing may run the
//! computer's searches), store it only if nobody changed it meanwhile,
//! then tell its listeners and let the computer and the deadline job know.

use std::sync::Arc;

use arbiter_play::Timestamp;
use arbiter_store::{AccountId, GameKey, GameState, GameUpdate, StoreError};

use crate::error::ApiError;
use crate::state::AppState;
use crate::table::{Play, Table};

/// What a change did besides changing the game.
#[derive(Debug, Default)]
pub struct Changed {
    /// A seat given to an account (the store checks it was open).
    pub seat_taken: Option<(u8, AccountId)>,
    /// A refusal to answer with once the change is stored (a refused
    /// Single Capture Go play is kept as an attempt, then refused).
    pub refusal: Option<ApiError>,
}

/// Loads the game `key`.
pub async fn load(state: &AppState, key: &GameKey) -> Result<Table, ApiError> {
    match state.store.game(key).await? {
        Some(stored) => Table::load(stored),
        None => Err(ApiError::not_found(format!("'{key}': no such game"))),
    }
}

/// Changes the game `key` with `change` at the present moment and stores
/// it. A change made meanwhile by another request is refused with 409.
pub async fn change_game<F>(state: &AppState, key: &GameKey, change: F) -> Result<(Arc<Table>, Changed), ApiError>
where
    F: FnOnce(&mut Table, Timestamp) -> Result<Changed, ApiError> + Send + 'static,
{
    let table = load(state, key).await?;
    let before = crate::mail::Snapshot::of(&table);
    let now = state.clock.now();
    let version = table.stored.version;
    let (table, changed) = tokio::task::spawn_blocking(move || {
        let mut table = table;
        change(&mut table, now).map(|changed| (table, changed))
    })
    .await
    .map_err(|_| ApiError::malformed("the change could not be made"))??;
    let update = GameUpdate {
        record: table.record(),
        state: table.state(),
        deadline: table.deadline(),
        seat_taken: changed.seat_taken,
        now,
    };
    let stored = state.store.update_game(key, version, &update).await.map_err(|e| match e {
        StoreError::Stale { .. } => ApiError::conflict(format!("'{key}': the game changed meanwhile; load it again")),
        other => other.into(),
    })?;
    let table = Arc::new(Table { stored, play: table.play });
    after_change(state, before, table.clone()).await;
    Ok((table, changed))
}

/// Tells everyone concerned that `table` changed from `before`: this
/// server's listeners, the other servers on the database, the deadline
/// job, the computer, and the players by mail.
pub async fn after_change(state: &AppState, before: crate::mail::Snapshot, table: Arc<Table>) {
    state.hub.publish(table.clone());
    if let Err(e) = state.store.notify_changed(&table.stored.key).await {
        tracing::warn!(error = %e, game = %table.stored.key, "other servers were not told of a change");
    }
    state.deadlines.notify_one();
    schedule_computer(state, &table);
    crate::mail::queue_for_change(state, before, &table).await;
}

/// Starts the computer's move in `table` if it is the computer's turn. A
/// search runs on a blocking thread under a bounded number of permits, so
/// a slow search never stalls a request; its move is stored like anyone's,
/// for the ply it was searched at.
pub fn schedule_computer(state: &AppState, table: &Arc<Table>) {
    if table.state() != GameState::Active {
        return;
    }
    let Play::Turns(session) = &table.play else { return };
    if session.computer_to_move().is_none() {
        return;
    }
    let state = state.clone();
    let key = table.stored.key.clone();
    let ply = table.ply();
    tokio::spawn(async move {
        let Ok(_permit) = state.searches.clone().acquire_owned().await else { return };
        let result = change_game(&state, &key, move |table, now| {
            if table.ply() != ply {
                return Err(ApiError::conflict("moved meanwhile"));
            }
            match &mut table.play {
                Play::Turns(session) => match session.play_computer(now) {
                    Some(_) => Ok(Changed::default()),
                    None => Err(ApiError::conflict("not the computer's turn")),
                },
                Play::Rounds(_) => Err(ApiError::conflict("rounds fill their computer seats themselves")),
            }
        })
        .await;
        if let Err(e) = result {
            tracing::debug!(game = %key, error = %e, "the computer did not move");
        }
    });
}
