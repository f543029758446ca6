//! Who is calling: tokens (random, stored only as their SHA-256), Argon2id
//! password hashes computed off the async threads, and the extractors that
//! read the caller from `Authorization: Bearer …` or the session cookie.

use arbiter_store::Account;
use argon2::Argon2;
use argon2::password_hash::rand_core::{OsRng, RngCore};
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use axum::extract::FromRequestParts;
use axum::http::HeaderMap;
use axum::http::header::{AUTHORIZATION, COOKIE};
use axum::http::request::Parts;
use sha2::{Digest, Sha256};

use crate::error::ApiError;
use crate::state::AppState;

/// The name of the cookie that carries the browser's token.
pub const COOKIE_NAME: &str = "arbiter_session";

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

/// Hashes a password with Argon2id on a blocking thread.
pub async fn hash_password(password: String) -> Result<String, ApiError> {
    tokio::task::spawn_blocking(move || {
        let salt = SaltString::generate(&mut OsRng);
        Argon2::default()
            .hash_password(password.as_bytes(), &salt)
            .map(|h| h.to_string())
            .map_err(|e| ApiError::malformed(format!("the password cannot be hashed: {e}")))
    })
    .await
    .map_err(|_| ApiError::malformed("the password cannot be hashed"))?
}

/// A hash of a password nobody has, checked when a name is unknown so
/// that a wrong name takes as long as a wrong password.
pub async fn verify_nobody(password: String) {
    static NOBODY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    let hash = match NOBODY.get() {
        Some(h) => h.clone(),
        None => {
            let h = hash_password(new_token()).await.unwrap_or_default();
            NOBODY.get_or_init(|| h).clone()
        }
    };
    let _ = verify_password(password, hash).await;
}

/// Whether `password` matches `hash`, checked on a blocking thread.
pub async fn verify_password(password: String, hash: String) -> bool {
    tokio::task::spawn_blocking(move || {
        PasswordHash::new(&hash)
            .is_ok_and(|parsed| Argon2::default().verify_password(password.as_bytes(), &parsed).is_ok())
    })
    .await
    .unwrap_or(false)
}

/// The token a request carries, if any: the bearer token first, else the
/// session cookie.
pub fn request_token(headers: &HeaderMap) -> Option<String> {
    if let Some(value) = headers.get(AUTHORIZATION).and_then(|v| v.to_str().ok()) {
        return value.strip_prefix("Bearer ").map(|t| t.trim().to_string());
    }
    headers.get_all(COOKIE).iter().filter_map(|v| v.to_str().ok()).flat_map(|v| v.split(';')).find_map(|c| {
        let (name, value) = c.trim().split_once('=')?;
        (name == COOKIE_NAME).then(|| value.to_string())
    })
}

/// The caller, signed in or not.
pub struct Caller(pub Option<Account>);

/// A caller who must be signed in (401 otherwise).
pub struct SignedIn(pub Account);

impl FromRequestParts<AppState> for Caller {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let Some(token) = request_token(&parts.headers) else { return Ok(Caller(None)) };
        match state.store.session_account(&token_hash(&token)).await? {
            Some(account) => Ok(Caller(Some(account))),
            None => Err(ApiError::unauthorized("the token is not valid (signed out, or never issued)")),
        }
    }
}

impl FromRequestParts<AppState> for SignedIn {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        match Caller::from_request_parts(parts, state).await? {
            Caller(Some(account)) => Ok(SignedIn(account)),
            Caller(None) => Err(ApiError::unauthorized("sign in first: send Authorization: Bearer <token>")),
        }
    }
}
