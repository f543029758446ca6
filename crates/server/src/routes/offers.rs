//! Offers in a game: a takeback, a draw, a rematch. A player offers; the
//! other side accepts or declines; an offer lapses when a move is made
//! ([`crate::change`] drops it). Against the computer a takeback and a
//! rematch are granted at once.

use std::sync::Arc;

use arbiter_api::{ErrorBody, GameView, OfferPost};
use arbiter_core::Seat;
use arbiter_games::GameId;
use arbiter_store::{AccountId, GameKey, Offer, OfferKind, SeatHolder};
use axum::extract::rejection::{JsonRejection, PathRejection};
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::routing::post;
use axum::{Json, Router};

use crate::auth::SignedIn;
use crate::change::{self, Changed};
use crate::error::ApiError;
use crate::limits::check;
use crate::state::AppState;
use crate::table::{self, Table, offer_kinds};

/// The routes of offers.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/games/{id}/offers", post(offer))
        .route("/api/games/{id}/offers/{kind}/accept", post(accept))
        .route("/api/games/{id}/offers/{kind}/decline", post(decline))
}

/// The kind an offer names, or 400.
fn kind_of(text: &str) -> Result<OfferKind, ApiError> {
    OfferKind::parse(text)
        .ok_or_else(|| ApiError::malformed(format!("'{text}': an offer is a takeback, a draw or a rematch")))
}

/// The caller's seat in `table`, or 403.
fn my_seat(table: &Table, account: AccountId) -> Result<Seat, ApiError> {
    table.seats_of(account).first().copied().ok_or_else(|| ApiError::forbidden("you have no seat in this game"))
}

/// Whether every seat of `table` but `seat` is the computer's.
fn against_computer(table: &Table, seat: Seat) -> bool {
    table.stored.seats.iter().filter(|s| s.seat != seat.0).all(|s| matches!(s.holder, SeatHolder::Computer(_)))
}

/// Refuses an offer of `kind` that `table` cannot take now: 422 where the
/// game's rules have no such thing, 409 where the moment is wrong.
fn check_offer(table: &Table, kind: OfferKind, seat: Seat) -> Result<(), ApiError> {
    let game = table.stored.record.game;
    if !offer_kinds(game).contains(&kind) {
        return Err(ApiError::illegal(match kind {
            OfferKind::Draw if game == GameId::Agog => {
                "A•G•O•G has no draws: its rules end every game with a winner, so a draw cannot be offered"
            }
            OfferKind::Takeback => {
                "Single Capture Go has no takebacks: a play stays secret until its round closes, and may be changed until then"
            }
            _ => "Single Capture Go ends by its rules only: a draw cannot be offered",
        }));
    }
    match kind {
        OfferKind::Takeback | OfferKind::Draw if table.is_over() => Err(ApiError::conflict("the game is over")),
        OfferKind::Takeback | OfferKind::Draw if table.state() != arbiter_store::GameState::Active => {
            Err(ApiError::conflict("the game has not begun: it waits for players"))
        }
        OfferKind::Takeback if table.play.clone().take_back(seat).is_none() => {
            Err(ApiError::conflict("you have made no move to take back"))
        }
        OfferKind::Draw if against_computer(table, seat) => {
            Err(ApiError::conflict("the computer plays on: it takes no draw offers"))
        }
        OfferKind::Rematch if !table.is_over() => Err(ApiError::conflict("a rematch is offered once the game is over")),
        OfferKind::Rematch if table.stored.rematch.is_some() => Err(ApiError::conflict(format!(
            "the rematch is made already: game {}",
            table.stored.rematch.as_ref().map_or("", |k| k.0.as_str())
        ))),
        _ => Ok(()),
    }
}

/// Grants a takeback or a draw offered by `by` in `table`: the change.
fn grant(table: &mut Table, kind: OfferKind, by: Seat) -> Result<Changed, ApiError> {
    let events = match kind {
        OfferKind::Takeback => {
            table.play.take_back(by).ok_or_else(|| ApiError::conflict("there is no move to take back"))?
        }
        OfferKind::Draw => table.play.agree_draw()?,
        OfferKind::Rematch => return Err(ApiError::conflict("a rematch is made by accepting it")),
    };
    table.stored.offers.retain(|o| o.kind != kind);
    Ok(Changed { events, ..Changed::default() })
}

/// The offer of `kind` standing by a seat other than `seat`.
fn offered_by_other(table: &Table, kind: OfferKind, seat: Seat) -> Option<Offer> {
    table.stored.offers.iter().copied().find(|o| o.kind == kind && o.by != seat.0)
}

#[utoipa::path(post, path = "/api/games/{id}/offers", request_body = OfferPost, tag = "offers", security(("bearer" = [])),
    params(("id" = String, Path, description = "the game")),
    responses((status = 201, description = "the game view, with the offer in `offers` (or granted at once: the game after it)", body = GameView),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, description = "the caller has no seat in the game", body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "the offer cannot apply now (the game is over, or not, no move to take back, offered already)", body = ErrorBody),
        (status = 429, description = "as many offers made or answered as one may in a minute; see Retry-After", body = ErrorBody),
        (status = 422, description = "the game's rules have no such thing: a draw in A•G•O•G, a takeback in Single Capture Go", body = ErrorBody)))]
pub(crate) async fn offer(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    path: Result<Path<String>, PathRejection>,
    body: Result<Json<OfferPost>, JsonRejection>,
) -> Result<(StatusCode, Json<GameView>), ApiError> {
    let Path(id) = path?;
    let Json(post) = body?;
    let kind = kind_of(&post.kind)?;
    check(&state.guards.offers, &account.id, "you have made or answered as many offers as one may for now")?;
    let key = GameKey(id);
    let me = account.id;
    let table = change::load(&state, &key).await?;
    let seat = my_seat(&table, me)?;
    check_offer(&table, kind, seat)?;
    // A rematch the other side offered, or against the computer: made now.
    if kind == OfferKind::Rematch && (offered_by_other(&table, kind, seat).is_some() || against_computer(&table, seat))
    {
        let table = make_rematch(&state, &key, me).await?;
        return Ok((StatusCode::CREATED, Json(table.view(Some(me)))));
    }
    let (table, _) = change::change_game(&state, &key, move |table, _now| {
        let seat = my_seat(table, me)?;
        check_offer(table, kind, seat)?;
        if let Some(theirs) = offered_by_other(table, kind, seat) {
            // Making the offer the other side made accepts it.
            return grant(table, kind, Seat(theirs.by));
        }
        if kind == OfferKind::Takeback && against_computer(table, seat) {
            return grant(table, kind, seat);
        }
        if table.stored.offers.iter().any(|o| o.kind == kind && o.by == seat.0) {
            return Err(ApiError::conflict(format!("you have offered a {kind} already")));
        }
        table.stored.offers.push(Offer { kind, by: seat.0, ply: table.ply() });
        let notices = crate::notices::for_offer(table, kind, seat);
        Ok(Changed { notices, ..Changed::default() })
    })
    .await?;
    Ok((StatusCode::CREATED, Json(table.view(Some(me)))))
}

#[utoipa::path(post, path = "/api/games/{id}/offers/{kind}/accept", tag = "offers", security(("bearer" = [])),
    params(("id" = String, Path, description = "the game"), ("kind" = String, Path, description = "takeback, draw or rematch")),
    responses((status = 200, description = "the game view after it (a rematch: the old game's, with `rematch` naming the new one)", body = GameView),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, description = "the caller has no seat in the game", body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "no such offer from the other side stands, or it cannot apply now", body = ErrorBody),
        (status = 429, description = "as many offers made or answered as one may in a minute; see Retry-After", body = ErrorBody)))]
pub(crate) async fn accept(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    path: Result<Path<(String, String)>, PathRejection>,
) -> Result<Json<GameView>, ApiError> {
    let Path((id, kind)) = path?;
    let kind = kind_of(&kind)?;
    check(&state.guards.offers, &account.id, "you have made or answered as many offers as one may for now")?;
    let key = GameKey(id);
    let me = account.id;
    let none_stands = move || ApiError::conflict(format!("no {kind} is offered to you in this game"));
    if kind == OfferKind::Rematch {
        let table = change::load(&state, &key).await?;
        let seat = my_seat(&table, me)?;
        offered_by_other(&table, kind, seat).ok_or_else(none_stands)?;
        check_offer(&table, kind, seat)?;
        let table = make_rematch(&state, &key, me).await?;
        return Ok(Json(table.view(Some(me))));
    }
    let (table, _) = change::change_game(&state, &key, move |table, _now| {
        let seat = my_seat(table, me)?;
        let theirs = offered_by_other(table, kind, seat).ok_or_else(none_stands)?;
        grant(table, kind, Seat(theirs.by))
    })
    .await?;
    Ok(Json(table.view(Some(me))))
}

#[utoipa::path(post, path = "/api/games/{id}/offers/{kind}/decline", tag = "offers", security(("bearer" = [])),
    params(("id" = String, Path, description = "the game"), ("kind" = String, Path, description = "takeback, draw or rematch")),
    responses((status = 200, description = "the game view, the offer gone (the offerer may withdraw their own this way)", body = GameView),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, description = "the caller has no seat in the game", body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "no such offer stands", body = ErrorBody),
        (status = 429, description = "as many offers made or answered as one may in a minute; see Retry-After", body = ErrorBody)))]
pub(crate) async fn decline(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    path: Result<Path<(String, String)>, PathRejection>,
) -> Result<Json<GameView>, ApiError> {
    let Path((id, kind)) = path?;
    let kind = kind_of(&kind)?;
    check(&state.guards.offers, &account.id, "you have made or answered as many offers as one may for now")?;
    let key = GameKey(id);
    let me = account.id;
    let (table, _) = change::change_game(&state, &key, move |table, _now| {
        my_seat(table, me)?;
        let before = table.stored.offers.len();
        table.stored.offers.retain(|o| o.kind != kind);
        if table.stored.offers.len() == before {
            return Err(ApiError::conflict(format!("no {kind} is offered in this game")));
        }
        Ok(Changed::default())
    })
    .await?;
    Ok(Json(table.view(Some(me))))
}

/// Makes the rematch of the finished game `key`, accepted (or offered
/// against the computer) by `me`: the new game is created, then the old
/// one names it. If another request made the rematch meanwhile, the new
/// game is called off and the old game's view names the one made first.
async fn make_rematch(state: &AppState, key: &GameKey, me: AccountId) -> Result<Arc<Table>, ApiError> {
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
    let fresh = super::games::open_table(
        state,
        made,
        creator,
        old.stored.invite.as_ref().map(|_| super::invitations::new_invite_code()),
    )
    .await?;
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
            let _ = change::change_game(state, &new_key, |table, _now| {
                let events = table.play.abort()?;
                Ok(Changed { events, ..Changed::default() })
            })
            .await;
            tracing::info!(game = %key, error = %e.message, "a second rematch was called off");
            change::load(state, key).await
        }
    }
}
