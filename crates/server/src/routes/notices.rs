//! `GET /api/me/notices`: what the personal channel told a person, for a
//! client that was away, and how many games wait for their move.

use arbiter_api::{ErrorBody, NoticeView, Notices};
use arbiter_play::Timestamp;
use arbiter_store::Notice;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::routing::get;
use axum::{Json, Router};
use serde::Deserialize;

use crate::auth::SignedIn;
use crate::error::ApiError;
use crate::limits::check;
use crate::state::AppState;

/// The routes of notices.
pub fn router() -> Router<AppState> {
    Router::new().route("/api/me/notices", get(notices))
}

/// `GET /api/me/notices` filters.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub(crate) struct NoticesQuery {
    /// Only notices at or after this time (RFC 3339); without it, the
    /// last 30 days' (at most 100, the oldest first).
    since: Option<String>,
    /// Only notices after this one (a notice's `id`): the next page.
    after: Option<i64>,
}

/// A notice as the API writes it.
pub(crate) fn view_of(notice: &Notice) -> NoticeView {
    NoticeView {
        id: notice.id,
        kind: notice.kind.as_str().to_string(),
        game: notice.game.as_ref().map(|g| g.0.clone()),
        tournament: notice.tournament,
        seat: notice.seat.clone(),
        text: notice.text.clone(),
        at: notice.at.rfc3339(),
    }
}

#[utoipa::path(get, path = "/api/me/notices", params(NoticesQuery), tag = "notices", security(("bearer" = [])),
    responses((status = 200, body = Notices), (status = 400, description = "a `since` that is not a time", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 429, description = "read as often as one may in a minute; see Retry-After", body = ErrorBody)))]
pub(crate) async fn notices(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    query: Result<Query<NoticesQuery>, QueryRejection>,
) -> Result<Json<Notices>, ApiError> {
    let Query(query) = query?;
    check(&state.guards.notice_reads, &account.id, "you have read your notices as often as one may for now")?;
    let since = match query.since.as_deref() {
        None => None,
        Some(text) => Some(
            Timestamp::parse(text)
                .map_err(|_| ApiError::malformed(format!("'{text}': since is a time such as 2026-11-25T09:00:00Z")))?,
        ),
    };
    let found = state.store.notices(account.id, query.after.unwrap_or(0), since).await?;
    let your_turn = crate::notices::your_turn(&state, account.id).await?;
    Ok(Json(Notices { notices: found.iter().map(view_of).collect(), your_turn }))
}
