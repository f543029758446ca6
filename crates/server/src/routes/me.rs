//! `/api/me`: the caller's own account — its mail address (verified by a
//! link), its notifications, its password (changed only with the current
//! one, ending every other session), and its sessions.

use arbiter_api::{ErrorBody, FailedMail, Me, MeChange, Notify, SessionView, VerifyEmail};
use arbiter_store::{Account, AccountChange, SessionId, VerifyRefusal};
use axum::extract::rejection::{JsonRejection, PathRejection};
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::routing::{delete, get, post};
use axum::{Json, Router};

use crate::auth::{self, InSession, MaybeSession, SignedIn, token_hash};
use crate::error::ApiError;
use crate::limits::check;
use crate::routes::accounts::{check_email, check_password};
use crate::state::AppState;

/// The routes of the caller's account.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/me", get(me).patch(change_me))
        .route("/api/me/sessions", get(sessions))
        .route("/api/me/sessions/{id}", delete(end_session))
        .route("/api/me/email/verify", post(verify_email))
        .route("/api/me/email/resend", post(resend_link))
        .route("/api/me/bot", post(become_bot))
}

/// Failed mails shown at most.
const FAILED_SHOWN: i64 = 5;

/// The account as its owner sees it.
async fn me_of(state: &AppState, account: Account) -> Result<Me, ApiError> {
    let failed = state.store.failed_mail(account.id, FAILED_SHOWN).await?;
    Ok(Me {
        id: account.id.0,
        name: account.name,
        guest: account.guest,
        bot: account.bot,
        email: account.email,
        email_verified: account.email_verified,
        notify: Notify { email: account.notify_email },
        failed_mail: failed
            .into_iter()
            .map(|f| FailedMail { subject: f.subject, created: f.created.rfc3339(), error: f.error })
            .collect(),
    })
}

#[utoipa::path(get, path = "/api/me", tag = "accounts", security(("bearer" = [])),
    responses((status = 200, body = Me), (status = 401, body = ErrorBody)))]
pub(crate) async fn me(State(state): State<AppState>, SignedIn(account): SignedIn) -> Result<Json<Me>, ApiError> {
    Ok(Json(me_of(&state, account).await?))
}

#[utoipa::path(patch, path = "/api/me", request_body = MeChange, tag = "accounts", security(("bearer" = [])),
    responses((status = 200, body = Me), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, description = "a new password without the right current_password; a guest's address or password", body = ErrorBody),
        (status = 429, description = "too many password or address changes; see Retry-After", body = ErrorBody)))]
pub(crate) async fn change_me(
    State(state): State<AppState>,
    InSession(session): InSession,
    body: Result<Json<MeChange>, JsonRejection>,
) -> Result<Json<Me>, ApiError> {
    let Json(change) = body?;
    let account = session.account;
    if account.guest && (change.email.is_some() || change.password.is_some()) {
        return Err(ApiError::forbidden(
            "a guest has no password and gets no mail: sign up (POST /api/accounts) to keep this account",
        ));
    }
    let new_email = match &change.email {
        Some(Some(email)) if account.email.as_deref() != Some(email.as_str()) => {
            check_email(email)?;
            Some(email.clone())
        }
        _ => None,
    };
    let password_hash = match &change.password {
        Some(password) => {
            check_password(password)?;
            let Some(current) = change.current_password.clone() else {
                return Err(ApiError::forbidden("give current_password to set a new password"));
            };
            check(&state.guards.password_changes, &account.id, "too many password changes")?;
            let stored = state.store.password_hash(account.id).await?.unwrap_or_default();
            if !state.hasher.verify(current, stored).await? {
                return Err(ApiError::forbidden("current_password is not the account's password"));
            }
            Some(state.hasher.hash(password.clone()).await?)
        }
        None => None,
    };
    if new_email.is_some() {
        check(&state.guards.address_changes, &account.id, "too many new mail addresses")?;
    }
    let password_changed = password_hash.is_some();
    let change =
        AccountChange { email: change.email, password_hash, notify_email: change.notify.and_then(|n| n.email) };
    let account = state.store.update_account(account.id, &change).await?;
    if password_changed {
        let ended = state.store.delete_sessions_of(account.id, Some(session.session)).await?;
        auth::sessions_ended(&state, &ended).await;
    }
    if let Some(email) = new_email
        && let Err(e) = crate::mail::verify::send_link(&state, &account, &email).await
    {
        tracing::info!(account = %account.id, error = %e, "no verification link was sent");
    }
    Ok(Json(me_of(&state, account).await?))
}

#[utoipa::path(post, path = "/api/me/email/verify", request_body = VerifyEmail, tag = "accounts",
    responses((status = 200, description = "the address is verified", body = Me), (status = 400, body = ErrorBody),
        (status = 403, description = "the link is another account's", body = ErrorBody),
        (status = 404, description = "no such link: used, replaced, expired, or the address changed since", body = ErrorBody)))]
pub(crate) async fn verify_email(
    State(state): State<AppState>,
    MaybeSession(session): MaybeSession,
    body: Result<Json<VerifyEmail>, JsonRejection>,
) -> Result<Json<Me>, ApiError> {
    let Json(VerifyEmail { token }) = body?;
    if token.len() != 64 || !token.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(ApiError::malformed("a link's token is 64 hex digits"));
    }
    match state.store.verify_email(&token_hash(&token), state.clock.now()).await? {
        Ok(account) => {
            if session.is_some_and(|s| s.account.id != account.id) {
                tracing::info!(account = %account.id, "an address was verified while another account was signed in");
            }
            Ok(Json(me_of(&state, account).await?))
        }
        Err(refusal) => Err(ApiError::not_found(match refusal {
            VerifyRefusal::Unknown => {
                "this link does not verify anything: it was used, replaced by a newer one, or never sent"
            }
            VerifyRefusal::Expired => "this link has expired: ask for a new one on your account page",
            VerifyRefusal::AddressChanged => "the account's address changed since this link was sent",
        })),
    }
}

#[utoipa::path(post, path = "/api/me/email/resend", tag = "accounts", security(("bearer" = [])),
    responses((status = 204, description = "a new link is on its way"), (status = 401, body = ErrorBody),
        (status = 409, description = "no address, or it is verified already", body = ErrorBody),
        (status = 429, description = "asked too often; see Retry-After", body = ErrorBody)))]
pub(crate) async fn resend_link(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
) -> Result<StatusCode, ApiError> {
    let Some(email) = account.email.clone() else {
        return Err(ApiError::conflict("the account has no mail address"));
    };
    if account.email_verified {
        return Err(ApiError::conflict(format!("'{email}' is verified already")));
    }
    if state.mailer.is_none() {
        return Err(ApiError::conflict("this server sends no mail"));
    }
    check(&state.guards.address_changes, &account.id, "too many links asked for")?;
    crate::mail::verify::send_link(&state, &account, &email).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(post, path = "/api/me/bot", tag = "accounts", security(("bearer" = [])),
    responses((status = 200, description = "the account is a bot's now, for good", body = Me),
        (status = 401, body = ErrorBody),
        (status = 409, description = "a guest's account, or one that holds or is invited to a seat", body = ErrorBody)))]
pub(crate) async fn become_bot(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
) -> Result<Json<Me>, ApiError> {
    if account.guest {
        return Err(ApiError::conflict(
            "a guest's account cannot be a bot: sign up (POST /api/accounts) with a new account for the bot",
        ));
    }
    match state.store.make_bot(account.id).await? {
        Some(bot) => {
            if !account.bot {
                tracing::info!(account = %bot.id, "an account became a bot");
            }
            Ok(Json(me_of(&state, bot).await?))
        }
        None => Err(ApiError::conflict(
            "this account has games (it holds or is invited to a seat): a bot account is a new one, with no games",
        )),
    }
}

#[utoipa::path(get, path = "/api/me/sessions", tag = "accounts", security(("bearer" = [])),
    responses((status = 200, description = "the account's sessions, the newest first", body = Vec<SessionView>),
        (status = 401, body = ErrorBody)))]
pub(crate) async fn sessions(
    State(state): State<AppState>,
    InSession(session): InSession,
) -> Result<Json<Vec<SessionView>>, ApiError> {
    let listed = state.store.sessions_of(session.account.id, state.sessions_unused_since()).await?;
    Ok(Json(
        listed
            .into_iter()
            .map(|s| SessionView {
                id: s.id.0,
                created: s.created.rfc3339(),
                last_used: s.last_used.rfc3339(),
                current: s.id == session.session,
                address: s.address,
            })
            .collect(),
    ))
}

#[utoipa::path(delete, path = "/api/me/sessions/{id}", tag = "accounts", security(("bearer" = [])),
    params(("id" = i64, Path, description = "the session")),
    responses((status = 204, description = "the session ended; its sockets closed"), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 404, description = "not one of the caller's sessions", body = ErrorBody)))]
pub(crate) async fn end_session(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    path: Result<Path<i64>, PathRejection>,
) -> Result<StatusCode, ApiError> {
    let Path(id) = path?;
    let id = SessionId(id);
    if !state.store.delete_session_of(account.id, id).await? {
        return Err(ApiError::not_found(format!("'{id}': not one of your sessions")));
    }
    auth::sessions_ended(&state, &[id]).await;
    Ok(StatusCode::NO_CONTENT)
}
