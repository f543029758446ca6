//! `POST /api/sessions/guest`: play at once, with no account. A guest is
//! an account named `guest-` and eight random letters and digits, with no
//! password and no mail, signed in by the session this answers with. A
//! guest plays the computer and takes open seats; they do not invite, open
//! games to others or make private ones, and nobody invites them. Signing
//! up (`POST /api/accounts` in the guest's session) keeps the account and
//! its games. Guests come out of the registrations' limits, per address
//! and in all.

use arbiter_api::{AccountRef, ErrorBody, SessionCreated};
use axum::extract::State;
use axum::http::StatusCode;
use axum::http::header::SET_COOKIE;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};

use crate::auth;
use crate::error::ApiError;
use crate::limits::{ClientAddress, check};
use crate::routes::accounts::{GUEST_PREFIX, session_cookie};
use crate::state::AppState;

/// The route of guests' sessions.
pub fn router() -> Router<AppState> {
    Router::new().route("/api/sessions/guest", post(guest_session))
}

/// How many names are tried before giving up (eight random characters
/// from 36 almost never meet).
const TRIES: usize = 4;

#[utoipa::path(post, path = "/api/sessions/guest", tag = "accounts",
    responses((status = 201, description = "a guest's account and its session (the cookie is set too)", body = SessionCreated),
        (status = 403, description = "registration is closed on this server", body = ErrorBody),
        (status = 429, description = "too many accounts from this address, or in all; see Retry-After", body = ErrorBody)))]
pub(crate) async fn guest_session(State(state): State<AppState>, address: ClientAddress) -> Result<Response, ApiError> {
    if !state.open_registration {
        return Err(ApiError::forbidden("registration is closed on this server"));
    }
    check(&state.guards.registrations_per_address, &address.key(), "your address has made enough accounts")?;
    check(&state.guards.registrations, &(), "the server takes no more new accounts for now")?;
    let now = state.clock.now();
    let mut made = None;
    for _ in 0..TRIES {
        let suffix: String = auth::new_token()
            .chars()
            .filter(char::is_ascii_alphanumeric)
            .take(8)
            .collect::<String>()
            .to_ascii_lowercase();
        match state.store.create_guest(&format!("{GUEST_PREFIX}{suffix}"), now).await {
            Ok(account) => {
                made = Some(account);
                break;
            }
            Err(arbiter_store::StoreError::NameTaken { .. }) => continue,
            Err(e) => return Err(e.into()),
        }
    }
    let account = made.ok_or_else(|| ApiError::conflict("no free guest name was found; try again"))?;
    let token = auth::new_token();
    let ip = address.0.to_string();
    state.store.create_session(&auth::token_hash(&token), account.id, now, Some(&ip)).await?;
    let cookie = session_cookie(&state, &token);
    let body = SessionCreated { token, account: AccountRef { id: account.id.0, name: account.name, guest: true } };
    Ok((StatusCode::CREATED, [(SET_COOKIE, cookie)], Json(body)).into_response())
}
