//! `/api/password-reset`: a forgotten password. Asking mails a link to the
//! account's verified address ([`crate::mail::reset`]) and answers 202
//! whatever the name, so nobody learns which names exist or have an
//! address; the link's token sets a new password once within the hour
//! and ends every session of the account, its sockets closing at once.
//! Both count against the sign-in attempts of the caller's address, and
//! no password is hashed for a link that does not work.

use arbiter_api::{ErrorBody, PasswordResetConfirm, PasswordResetRequest};
use arbiter_store::ResetRefusal;
use axum::extract::State;
use axum::extract::rejection::JsonRejection;
use axum::http::StatusCode;
use axum::routing::post;
use axum::{Json, Router};

use crate::auth::{self, token_hash};
use crate::error::ApiError;
use crate::limits::{ClientAddress, check};
use crate::routes::accounts::{check_name, check_password};
use crate::state::AppState;

/// The routes of password resets.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/password-reset", post(request_reset))
        .route("/api/password-reset/confirm", post(confirm_reset))
}

#[utoipa::path(post, path = "/api/password-reset", request_body = PasswordResetRequest, tag = "accounts",
    responses((status = 202, description = "if the account has a verified address, a link is on its way (the answer is the same either way)"),
        (status = 400, description = "not a name", body = ErrorBody),
        (status = 429, description = "too many attempts from this address; see Retry-After", body = ErrorBody)))]
pub(crate) async fn request_reset(
    State(state): State<AppState>,
    address: ClientAddress,
    body: Result<Json<PasswordResetRequest>, JsonRejection>,
) -> Result<StatusCode, ApiError> {
    let Json(PasswordResetRequest { name }) = body?;
    check_name(&name)?;
    check(&state.guards.sign_ins_per_address, &address.key(), "too many sign-in attempts from your address")?;
    if let Some((account, _)) = state.store.account_by_name(&name).await? {
        match crate::mail::reset::send_link(&state, &account).await {
            Ok(sent) => tracing::info!(account = %account.id, sent, "a password reset was asked for"),
            Err(e) => tracing::warn!(account = %account.id, error = %e, "no password reset link was sent"),
        }
    }
    Ok(StatusCode::ACCEPTED)
}

#[utoipa::path(post, path = "/api/password-reset/confirm", request_body = PasswordResetConfirm, tag = "accounts",
    responses((status = 204, description = "the password is set; every session of the account ended and its sockets closed"),
        (status = 400, body = ErrorBody),
        (status = 404, description = "no such link: used, replaced by a newer one, expired, or never sent", body = ErrorBody),
        (status = 429, description = "too many attempts from this address; see Retry-After", body = ErrorBody)))]
pub(crate) async fn confirm_reset(
    State(state): State<AppState>,
    address: ClientAddress,
    body: Result<Json<PasswordResetConfirm>, JsonRejection>,
) -> Result<StatusCode, ApiError> {
    let Json(PasswordResetConfirm { token, password }) = body?;
    if token.len() != 64 || !token.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(ApiError::malformed("a link's token is 64 hex digits"));
    }
    check_password(&password)?;
    check(&state.guards.sign_ins_per_address, &address.key(), "too many sign-in attempts from your address")?;
    let hash = token_hash(&token);
    state.store.password_reset_account(&hash, state.clock.now()).await?.map_err(refused)?;
    let password_hash = state.hasher.hash(password).await?;
    let reset = state.store.reset_password(&hash, &password_hash, state.clock.now()).await?.map_err(refused)?;
    tracing::info!(account = %reset.account, sessions = reset.ended.len(), "a password was reset");
    auth::sessions_ended(&state, &reset.ended).await;
    Ok(StatusCode::NO_CONTENT)
}

/// Why a link did not reset, as a 404.
fn refused(refusal: ResetRefusal) -> ApiError {
    ApiError::not_found(match refusal {
        ResetRefusal::Unknown => "this link resets nothing: it was used, replaced by a newer one, or never sent",
        ResetRefusal::Expired => "this link has expired (a link works for an hour): ask for a new one",
    })
}
