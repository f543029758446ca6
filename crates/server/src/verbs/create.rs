//! A new game: set up from what its creator asked for (the people its
//! seats invite found by name), then stored with its first deadline, its
//! mail and its notices; and a finished game's rematch.

use std::sync::Arc;

use arbiter_api::NewGame;
use arbiter_core::Seat;
use arbiter_store::{Account, AccountId, GameKey, GameState, OfferKind, SeatHolder, StoredGame};

use super::seats::{find_invitees, guest_may_create, new_invite_code};
use crate::change::{self, Changed};
use crate::error::ApiError;
use crate::state::AppState;
use crate::table::{self, Made, NewTable, Table};

/// A new game's key: 12 random letters and digits.
pub(crate) fn new_key() -> GameKey {
    GameKey(crate::auth::new_token().chars().take(12).collect())
}

/// Sets up the game `new` that `account` asks for, not stored yet: a
/// guest's game only against the computer, the invited people found.
pub async fn set_up(state: &AppState, account: &Account, new: NewGame) -> Result<NewTable, ApiError> {
    if account.guest {
        guest_may_create(&new)?;
    }
    let invitees = find_invitees(state, &new).await?;
    let now = state.clock.now();
    let creator = account.clone();
    let made = tokio::task::spawn_blocking(move || table::new_table(&new, &creator, &invitees, now))
        .await
        .map_err(|e| ApiError::task_failed("setting up the game", e))??;
    Ok(made)
}

/// Stores the game `made`, set up by [`set_up`] for `creator` (`private`:
/// with an invite code), and tells everyone concerned.
pub async fn create(
    state: &AppState,
    made: NewTable,
    creator: AccountId,
    private: bool,
) -> Result<Arc<Table>, ApiError> {
    let invite = private.then(new_invite_code);
    open_table(state, made, creator, invite).await
}

/// Stores the new game `made`, created by `creator` (`invite`: a
/// private game's code) with its first deadline, its mail and its
/// notices, keeps it and tells everyone concerned.
async fn open_table(
    state: &AppState,
    made: table::NewTable,
    creator: AccountId,
    invite: Option<String>,
) -> Result<Arc<Table>, ApiError> {
    let now = state.clock.now();
    let has_open = made.seats.iter().any(|s| s.holder.is_free());
    let stored = StoredGame {
        key: new_key(),
        record: made.record,
        state: if has_open { GameState::Open } else { GameState::Active },
        version: 1,
        seats: made.seats,
        deadline: None,
        created: now,
        updated: now,
        creator: Some(creator),
        invite,
        offers: Vec::new(),
        rematch: None,
        conditionals: Default::default(),
    };
    // The game, its first deadline and its mail are stored together.
    let mut table = Table::new(stored, made.play);
    table.stored.deadline = table.deadline();
    let taken = table.stored.seats.iter().filter(|s| !s.holder.is_free()).map(|s| Seat(s.seat));
    let created = Made::created(taken.collect::<Vec<_>>());
    let mail = crate::mail::for_change(state, &created, &table, now).await;
    let new_game = arbiter_store::NewGame {
        key: table.stored.key.clone(),
        record: table.record(),
        state: table.stored.state,
        seats: table.stored.seats.clone(),
        deadline: table.stored.deadline,
        now,
        creator: Some(creator),
        invite: table.stored.invite.clone(),
        awaited: Some(table.awaited()),
        mail,
        computer_games_limit: Some(state.settings.limits.computer_games_per_account),
    };
    let mailed = !new_game.mail.is_empty();
    table.stored = state.store.create_game(&new_game).await?;
    let (notices, turns): (Vec<_>, Vec<_>) =
        crate::notices::for_change(&created, &table).into_iter().partition(crate::notices::is_kept);
    let table = Arc::new(table.made_by(created));
    state.games.keep(table.clone());
    change::tell_this_server(state, &table);
    crate::notices::tell_turns(state, turns, now);
    if mailed {
        crate::mail::wake(state);
    }
    // The invitations' notices follow the game; one lost to a failure
    // here leaves the invitation in the lobby and the mail.
    match state.store.add_notices(&notices, now).await {
        Ok(()) => crate::notices::poke(state, arbiter_store::NewNotice::recipients_of(&notices)),
        Err(e) => tracing::warn!(error = %e, "an invitation's notices were not kept"),
    }
    Ok(table)
}

/// Makes the rematch of the finished game `key`, accepted (or offered
/// against the computer) by `me`: the new game is created, then the old
/// one names it. If another request made the rematch meanwhile, the new
/// game is called off and the old game's view names the one made first.
pub async fn rematch(state: &AppState, key: &GameKey, me: AccountId) -> Result<Arc<Table>, ApiError> {
    let old = change::load(state, key).await?;
    let mut seated = vec![me];
    seated.extend(old.stored.offers.iter().filter(|o| o.kind == OfferKind::Rematch).filter_map(|o| {
        match old.stored.seats.get(usize::from(o.by)).map(|s| &s.holder) {
            Some(SeatHolder::Account(a)) => Some(*a),
            _ => None,
        }
    }));
    let now = state.clock.now();
    let creator = old.stored.creator.filter(|c| seated.contains(c)).unwrap_or(me);
    let from = old.clone();
    let made = tokio::task::spawn_blocking(move || table::rematch_table(&from, &seated, now))
        .await
        .map_err(|e| ApiError::task_failed("setting up the rematch", e))??;
    let fresh = open_table(state, made, creator, old.stored.invite.as_ref().map(|_| new_invite_code())).await?;
    let new_key = fresh.stored.key.clone();
    let linked = new_key.clone();
    let result = change::change_game(state, key, move |table, _now| {
        if table.stored.rematch.is_some() {
            return Err(ApiError::conflict("the rematch is made already"));
        }
        table.stored.rematch = Some(linked.clone());
        table.stored.offers.retain(|o| o.kind != OfferKind::Rematch);
        Ok(Changed::default())
    })
    .await;
    match result {
        Ok((table, _)) => Ok(table),
        Err(e) => {
            // Made twice at once: the later game goes.
            let _ = super::finish::abort(state, &new_key).await;
            tracing::info!(game = %key, error = %e.message, "a second rematch was called off");
            change::load(state, key).await
        }
    }
}
