//! Who is calling: tokens (random, stored only as their SHA-256), and the
//! extractors that read the caller from `Authorization: Bearer …` or the
//! session cookie. A session unused for the server's session lifetime has
//! ended; its last use is written at most once an hour, so a request does
//! not write. Passwords are hashed in [`crate::hashing`].

use arbiter_store::{Account, SessionId, SignedSession};
use argon2::password_hash::rand_core::{OsRng, RngCore};
use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::HeaderMap;
use axum::http::header::{AUTHORIZATION, COOKIE};
use axum::http::request::Parts;
use sha2::{Digest, Sha256};

use crate::error::ApiError;
use crate::limits::ClientAddress;
use crate::state::AppState;

/// The name of the cookie that carries the browser's token.
pub const COOKIE_NAME: &str = "arbiter_session";

/// How stale a session's last use may be written (seconds): a request
/// writes it only when it is older.
const TOUCH_EVERY: i64 = 3600;

/// A new random token (32 bytes, as 64 hex digits).
pub fn new_token() -> String {
    let mut bytes = [0u8; 32];
    OsRng.fill_bytes(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// What the database keeps of a token.
pub fn token_hash(token: &str) -> [u8; 32] {
    Sha256::digest(token.as_bytes()).into()
}

/// How a request carries its token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Carrier {
    /// `Authorization: Bearer …`.
    Bearer,
    /// The session cookie (a browser).
    Cookie,
}

/// The token a request carries, if any, and how: the bearer token first,
/// else the session cookie.
pub fn request_token(headers: &HeaderMap) -> Option<(String, Carrier)> {
    if let Some(value) = headers.get(AUTHORIZATION).and_then(|v| v.to_str().ok()) {
        return value.strip_prefix("Bearer ").map(|t| (t.trim().to_string(), Carrier::Bearer));
    }
    headers.get_all(COOKIE).iter().filter_map(|v| v.to_str().ok()).flat_map(|v| v.split(';')).find_map(|c| {
        let (name, value) = c.trim().split_once('=')?;
        (name == COOKIE_NAME).then(|| (value.to_string(), Carrier::Cookie))
    })
}

/// The session a request is signed in under, found once per request.
#[derive(Clone, Debug)]
struct Found(Option<SignedSession>);

/// The session `parts` carries, if any: read from the store once and kept
/// with the request. A token that names no session (signed out, ended,
/// never issued) is 401.
async fn session_of(parts: &mut Parts, state: &AppState) -> Result<Option<SignedSession>, ApiError> {
    if let Some(Found(found)) = parts.extensions.get::<Found>() {
        return Ok(found.clone());
    }
    let found = match request_token(&parts.headers) {
        None => None,
        Some((token, _)) => {
            let now = state.clock.now();
            match state.store.session(&token_hash(&token), state.sessions_unused_since()).await? {
                Some(session) => {
                    if now.since(session.last_used) >= TOUCH_EVERY {
                        let (store, id) = (state.store.clone(), session.session);
                        tokio::spawn(async move {
                            if let Err(e) = store.touch_session(id, now).await {
                                tracing::warn!(error = %e, "a session's last use was not written");
                            }
                        });
                    }
                    Some(session)
                }
                None => {
                    return Err(ApiError::unauthorized(
                        "the token is not valid (signed out, unused for too long, or never issued)",
                    ));
                }
            }
        }
    };
    parts.extensions.insert(Found(found.clone()));
    Ok(found)
}

/// The caller, signed in or not.
pub struct Caller(pub Option<Account>);

/// A caller who must be signed in (401 otherwise).
pub struct SignedIn(pub Account);

/// A signed-in caller with their session (401 otherwise).
pub struct InSession(pub SignedSession);

/// The caller's session, if signed in.
pub struct MaybeSession(pub Option<SignedSession>);

impl FromRequestParts<AppState> for MaybeSession {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        Ok(MaybeSession(session_of(parts, state).await?))
    }
}

impl FromRequestParts<AppState> for Caller {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        Ok(Caller(session_of(parts, state).await?.map(|s| s.account)))
    }
}

impl FromRequestParts<AppState> for InSession {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        match session_of(parts, state).await? {
            Some(session) => Ok(InSession(session)),
            None => Err(ApiError::unauthorized("sign in first: send Authorization: Bearer <token>")),
        }
    }
}

impl FromRequestParts<AppState> for SignedIn {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        InSession::from_request_parts(parts, state).await.map(|InSession(s)| SignedIn(s.account))
    }
}

/// The session `id`'s sockets and other servers are told it ended.
pub async fn sessions_ended(state: &AppState, ids: &[SessionId]) {
    if ids.is_empty() {
        return;
    }
    state.sockets.end_sessions(ids);
    if let Err(e) = state.store.notify_sessions_ended(ids).await {
        tracing::warn!(error = %e, "other servers were not told of sessions that ended");
    }
}

/// Who a request comes from: see [`crate::limits::address`].
impl FromRequestParts<AppState> for ClientAddress {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let peer = parts
            .extensions
            .get::<ConnectInfo<std::net::SocketAddr>>()
            .map(|ConnectInfo(peer)| peer.ip())
            .ok_or_else(|| ApiError::malformed("the connection's address is not known"))?;
        Ok(ClientAddress(crate::limits::address::client_of(peer, &parts.headers, &state.settings.trusted_proxies)))
    }
}
