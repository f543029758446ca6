//! `/api/accounts`, `/api/sessions`: registration, signing in and out.
//!
//! Registration is limited per address and in all; signing in per
//! address, and per account by a back-off after failures that an address
//! its owner has signed in from lately does not face, so a stranger
//! guessing from many addresses cannot lock the owner out. Passwords are
//! hashed on the bounded pool ([`crate::hashing`]).

use std::time::Instant;

use arbiter_api::{AccountRef, ErrorBody, NewAccount, SessionCreated, SignIn};
use axum::extract::State;
use axum::extract::rejection::JsonRejection;
use axum::http::header::SET_COOKIE;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{delete, post};
use axum::{Json, Router};

use crate::auth::{self, COOKIE_NAME, Caller};
use crate::error::ApiError;
use crate::limits::{ClientAddress, check, too_many};
use crate::state::AppState;

/// The routes of registration and sessions.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/accounts", post(register))
        .route("/api/sessions", post(sign_in))
        .route("/api/sessions/current", delete(sign_out))
}

/// How every guest's name begins; nobody else's may.
pub(crate) const GUEST_PREFIX: &str = "guest-";

/// Whether `name` is a guest's (only guests' names begin [`GUEST_PREFIX`]).
pub(crate) fn is_guest_name(name: &str) -> bool {
    name.get(..GUEST_PREFIX.len()).is_some_and(|start| start.eq_ignore_ascii_case(GUEST_PREFIX))
}

/// A name others see: 1 to 32 letters, digits, `-`, `_` or `.`; names
/// that begin `guest-` are the guests'.
pub(crate) fn check_new_name(name: &str) -> Result<(), ApiError> {
    check_name(name)?;
    if name.to_ascii_lowercase().starts_with(GUEST_PREFIX) {
        return Err(ApiError::malformed(format!("'{name}': names that begin '{GUEST_PREFIX}' are the guests'")));
    }
    Ok(())
}

/// A name as it may be written: 1 to 32 letters, digits, `-`, `_` or `.`.
pub(crate) fn check_name(name: &str) -> Result<(), ApiError> {
    let ok = (1..=32).contains(&name.len())
        && name.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
    if ok {
        Ok(())
    } else {
        let shown: String = name.chars().take(40).collect();
        Err(ApiError::malformed(format!("'{shown}': a name is 1 to 32 letters, digits, '-', '_' or '.'")))
    }
}

/// A password: 8 to 1024 characters.
pub(crate) fn check_password(password: &str) -> Result<(), ApiError> {
    match password.chars().count() {
        8..=1024 => Ok(()),
        n => Err(ApiError::malformed(format!("a password has 8 to 1024 characters, not {n}"))),
    }
}

/// A mail address: one `@`, no spaces or line breaks, at most 254 bytes.
pub(crate) fn check_email(email: &str) -> Result<(), ApiError> {
    let ok = email.len() <= 254
        && email.split('@').count() == 2
        && email.split('@').all(|part| !part.is_empty())
        && !email.chars().any(|c| c.is_whitespace() || c.is_control() || matches!(c, '<' | '>' | ',' | ';'));
    if ok {
        Ok(())
    } else {
        let shown: String = email.chars().take(60).collect();
        Err(ApiError::malformed(format!("'{shown}': not a mail address")))
    }
}

/// The session cookie holding `token` (`Secure` behind HTTPS).
pub(crate) fn session_cookie(state: &AppState, token: &str) -> String {
    let secure = if state.settings.secure_cookie() { "; Secure" } else { "" };
    format!("{COOKIE_NAME}={token}; Path=/; HttpOnly; SameSite=Lax{secure}")
}

/// The cookie that forgets the session.
pub(crate) fn expired_cookie(state: &AppState) -> String {
    let secure = if state.settings.secure_cookie() { "; Secure" } else { "" };
    format!("{COOKIE_NAME}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0{secure}")
}

#[utoipa::path(post, path = "/api/accounts", request_body = NewAccount, tag = "accounts",
    responses((status = 201, description = "the account; a guest who signs up keeps theirs (the same id, their games, their session)", body = AccountRef),
        (status = 400, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 401, description = "a token that is not valid", body = ErrorBody),
        (status = 409, description = "the name is taken", body = ErrorBody),
        (status = 429, description = "too many accounts from this address, or in all; see Retry-After", body = ErrorBody)))]
pub(crate) async fn register(
    State(state): State<AppState>,
    address: ClientAddress,
    Caller(caller): Caller,
    body: Result<Json<NewAccount>, JsonRejection>,
) -> Result<(StatusCode, Json<AccountRef>), ApiError> {
    let Json(new) = body?;
    if !state.open_registration {
        return Err(ApiError::forbidden("registration is closed on this server"));
    }
    check_new_name(&new.name)?;
    check_password(&new.password)?;
    if let Some(email) = &new.email {
        check_email(email)?;
    }
    if state.store.account_by_name(&new.name).await?.is_some() {
        return Err(ApiError::conflict(format!("'{}': the name is taken", new.name)));
    }
    // A guest who signs up keeps the account, and with it their games.
    let guest = caller.filter(|a| a.guest);
    if guest.is_none() {
        check(&state.guards.registrations_per_address, &address.key(), "your address has registered enough accounts")?;
        check(&state.guards.registrations, &(), "the server takes no more new accounts for now")?;
    }
    let hash = state.hasher.hash(new.password).await?;
    let account = match guest {
        Some(guest) => state
            .store
            .claim_guest(guest.id, &new.name, &hash, new.email.as_deref())
            .await?
            .ok_or_else(|| ApiError::conflict("this guest has signed up already"))
            .inspect(|_| state.games.forget_where(|t| !t.seats_of(guest.id).is_empty()))?,
        None => {
            state
                .store
                .create_account(&arbiter_store::NewAccount {
                    name: &new.name,
                    password_hash: &hash,
                    email: new.email.as_deref(),
                    now: state.clock.now(),
                })
                .await?
        }
    };
    if let Some(email) = &new.email
        && let Err(e) = crate::mail::verify::send_link(&state, &account, email).await
    {
        // The account stands; the link can be asked for again later.
        tracing::info!(account = %account.id, error = %e, "no verification link was sent at registration");
    }
    Ok((StatusCode::CREATED, Json(AccountRef { id: account.id.0, name: account.name, guest: false })))
}

#[utoipa::path(post, path = "/api/sessions", request_body = SignIn, tag = "accounts",
    responses((status = 201, body = SessionCreated), (status = 400, body = ErrorBody),
        (status = 401, description = "a wrong name or password", body = ErrorBody),
        (status = 403, description = "the account is disabled (said only with its right password)", body = ErrorBody),
        (status = 429, description = "too many attempts from this address or at this account; see Retry-After", body = ErrorBody)))]
pub(crate) async fn sign_in(
    State(state): State<AppState>,
    address: ClientAddress,
    body: Result<Json<SignIn>, JsonRejection>,
) -> Result<Response, ApiError> {
    let Json(sign_in) = body?;
    let wrong = || ApiError::unauthorized("wrong name or password");
    // Nothing is kept for a name that cannot be one, nor hashed for a
    // password that cannot be one.
    check_name(&sign_in.name)?;
    if sign_in.password.chars().count() > 1024 {
        return Err(wrong());
    }
    check(&state.guards.sign_ins_per_address, &address.key(), "too many sign-in attempts from your address")?;
    let found = state.store.account_by_name(&sign_in.name).await?;
    // A missing account costs the same time as a wrong password.
    // A guest has no password: signing in as one is as for nobody.
    let Some((account, hash)) = found.filter(|(a, _)| !a.guest) else {
        state.hasher.verify_nobody(sign_in.password).await?;
        return Err(wrong());
    };
    let ip = address.0.to_string();
    if let Some(wait) = state.guards.sign_in_failures.wait(&account.id, Instant::now()) {
        // After failures, an address the owner has signed in from lately
        // goes on; any other waits its turn, its password unchecked.
        let lately = state.sessions_unused_since();
        if !state.store.has_session_from(account.id, &ip, lately).await? {
            return Err(too_many("too many failed sign-ins to this account", wait));
        }
    }
    if !state.hasher.verify(sign_in.password, hash).await? {
        state.guards.sign_in_failures.failed(&account.id, Instant::now());
        return Err(wrong());
    }
    state.guards.sign_in_failures.succeeded(&account.id);
    // Told only to whoever knows the password.
    if account.disabled.is_some() {
        return Err(ApiError::forbidden("this account is disabled; ask the site's administrator"));
    }
    let token = auth::new_token();
    state.store.create_session(&auth::token_hash(&token), account.id, state.clock.now(), Some(&ip)).await?;
    let cookie = session_cookie(&state, &token);
    let body = SessionCreated { token, account: AccountRef { id: account.id.0, name: account.name, guest: false } };
    Ok((StatusCode::CREATED, [(SET_COOKIE, cookie)], Json(body)).into_response())
}

#[utoipa::path(delete, path = "/api/sessions/current", tag = "accounts", security(("bearer" = [])),
    responses((status = 204, description = "signed out: the token stops working at once and the session's sockets close; a guest's unfinished games end (resigned once begun, called off before)"),
        (status = 401, body = ErrorBody), (status = 403, description = "a cookie request from another site", body = ErrorBody)))]
pub(crate) async fn sign_out(
    State(state): State<AppState>,
    Caller(caller): Caller,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let Some((token, _)) = auth::request_token(&headers) else {
        return Err(ApiError::unauthorized("sign in first: send Authorization: Bearer <token>"));
    };
    let Some(ended) = state.store.delete_session(&auth::token_hash(&token)).await? else {
        return Err(ApiError::unauthorized("the token is not valid (signed out, or never issued)"));
    };
    auth::sessions_ended(&state, &[ended]).await;
    // A guest signed out can never come back: their games end cleanly.
    if let Some(guest) = caller.filter(|a| a.guest) {
        crate::verbs::finish::guest_left(&state, guest.id).await;
    }
    Ok((StatusCode::NO_CONTENT, [(SET_COOKIE, expired_cookie(&state))]).into_response())
}
