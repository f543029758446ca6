//! `/api/accounts`, `/api/sessions`, `/api/me`: registration, signing in
//! and out, and the caller's own account.

use std::net::SocketAddr;

use arbiter_api::{AccountRef, ErrorBody, ErrorCode, Me, MeChange, NewAccount, Notify, SessionCreated, SignIn};
use arbiter_store::{Account, AccountChange};
use axum::extract::rejection::JsonRejection;
use axum::extract::{ConnectInfo, State};
use axum::http::header::SET_COOKIE;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{delete, get, post};
use axum::{Json, Router};

use crate::auth::{self, COOKIE_NAME, SignedIn};
use crate::error::ApiError;
use crate::state::AppState;

/// The routes of accounts and sessions.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/accounts", post(register))
        .route("/api/sessions", post(sign_in))
        .route("/api/sessions/current", delete(sign_out))
        .route("/api/me", get(me).patch(change_me))
}

/// A name others see: 1 to 32 letters, digits, `-`, `_` or `.`.
fn check_name(name: &str) -> Result<(), ApiError> {
    let ok = (1..=32).contains(&name.chars().count())
        && name.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
    if ok {
        Ok(())
    } else {
        Err(ApiError::malformed(format!("'{name}': a name is 1 to 32 letters, digits, '-', '_' or '.'")))
    }
}

/// A password: 8 to 1024 characters.
fn check_password(password: &str) -> Result<(), ApiError> {
    match password.chars().count() {
        8..=1024 => Ok(()),
        n => Err(ApiError::malformed(format!("a password has 8 to 1024 characters, not {n}"))),
    }
}

/// A mail address: one `@`, no spaces or line breaks, at most 254 bytes.
fn check_email(email: &str) -> Result<(), ApiError> {
    let ok = email.len() <= 254
        && email.split('@').count() == 2
        && email.split('@').all(|part| !part.is_empty())
        && !email.chars().any(|c| c.is_whitespace() || c.is_control() || matches!(c, '<' | '>' | ',' | ';'));
    if ok { Ok(()) } else { Err(ApiError::malformed(format!("'{email}': not a mail address"))) }
}

fn me_of(account: Account) -> Me {
    Me { id: account.id.0, name: account.name, email: account.email, notify: Notify { email: account.notify_email } }
}

#[utoipa::path(post, path = "/api/accounts", request_body = NewAccount, tag = "accounts",
    responses((status = 201, body = AccountRef), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 409, description = "the name is taken", body = ErrorBody)))]
pub(crate) async fn register(
    State(state): State<AppState>,
    body: Result<Json<NewAccount>, JsonRejection>,
) -> Result<(StatusCode, Json<AccountRef>), ApiError> {
    let Json(new) = body?;
    if !state.open_registration {
        return Err(ApiError::forbidden("registration is closed on this server"));
    }
    check_name(&new.name)?;
    check_password(&new.password)?;
    if let Some(email) = &new.email {
        check_email(email)?;
    }
    let hash = auth::hash_password(new.password).await?;
    let account = state
        .store
        .create_account(&arbiter_store::NewAccount {
            name: &new.name,
            password_hash: &hash,
            email: new.email.as_deref(),
            now: state.clock.now(),
        })
        .await?;
    Ok((StatusCode::CREATED, Json(AccountRef { id: account.id.0, name: account.name })))
}

#[utoipa::path(post, path = "/api/sessions", request_body = SignIn, tag = "accounts",
    responses((status = 201, body = SessionCreated), (status = 400, body = ErrorBody),
        (status = 401, description = "a wrong name or password", body = ErrorBody), (status = 429, body = ErrorBody)))]
pub(crate) async fn sign_in(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    body: Result<Json<SignIn>, JsonRejection>,
) -> Result<Response, ApiError> {
    let Json(sign_in) = body?;
    let ip = peer.ip();
    let name_key = (ip, sign_in.name.to_ascii_lowercase());
    if state.sign_ins.check_key(&name_key).is_err() || state.sign_ins_by_address.check_key(&ip).is_err() {
        return Err(ApiError::new(ErrorCode::TooManyRequests, "too many sign-in attempts; wait a minute"));
    }
    let wrong = || ApiError::unauthorized("wrong name or password");
    let found = state.store.account_by_name(&sign_in.name).await?;
    // A missing account costs the same time as a wrong password.
    let (account, hash) = match found {
        Some(found) => found,
        None => {
            auth::verify_nobody(sign_in.password).await;
            return Err(wrong());
        }
    };
    if !auth::verify_password(sign_in.password, hash).await {
        return Err(wrong());
    }
    let token = auth::new_token();
    state.store.create_session(&auth::token_hash(&token), account.id, state.clock.now()).await?;
    let cookie = format!("{COOKIE_NAME}={token}; Path=/; HttpOnly; SameSite=Lax");
    let body = SessionCreated { token, account: AccountRef { id: account.id.0, name: account.name } };
    Ok((StatusCode::CREATED, [(SET_COOKIE, cookie)], Json(body)).into_response())
}

#[utoipa::path(delete, path = "/api/sessions/current", tag = "accounts", security(("bearer" = [])),
    responses((status = 204, description = "signed out: the token stops working at once"), (status = 401, body = ErrorBody)))]
pub(crate) async fn sign_out(State(state): State<AppState>, headers: HeaderMap) -> Result<Response, ApiError> {
    let Some(token) = auth::request_token(&headers) else {
        return Err(ApiError::unauthorized("sign in first: send Authorization: Bearer <token>"));
    };
    if !state.store.delete_session(&auth::token_hash(&token)).await? {
        return Err(ApiError::unauthorized("the token is not valid (signed out, or never issued)"));
    }
    let expired = format!("{COOKIE_NAME}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0");
    Ok((StatusCode::NO_CONTENT, [(SET_COOKIE, expired)]).into_response())
}

#[utoipa::path(get, path = "/api/me", tag = "accounts", security(("bearer" = [])),
    responses((status = 200, body = Me), (status = 401, body = ErrorBody)))]
pub(crate) async fn me(SignedIn(account): SignedIn) -> Json<Me> {
    Json(me_of(account))
}

#[utoipa::path(patch, path = "/api/me", request_body = MeChange, tag = "accounts", security(("bearer" = [])),
    responses((status = 200, body = Me), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
pub(crate) async fn change_me(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    body: Result<Json<MeChange>, JsonRejection>,
) -> Result<Json<Me>, ApiError> {
    let Json(change) = body?;
    if let Some(Some(email)) = &change.email {
        check_email(email)?;
    }
    let password_hash = match change.password {
        Some(password) => {
            check_password(&password)?;
            Some(auth::hash_password(password).await?)
        }
        None => None,
    };
    let change =
        AccountChange { email: change.email, password_hash, notify_email: change.notify.and_then(|n| n.email) };
    Ok(Json(me_of(state.store.update_account(account.id, &change).await?)))
}
