//! What an administrator does from the command line (`arbiter admin`),
//! on the database a server runs on: list accounts, disable and enable
//! them, make one an administrator, hand over a password reset link, call
//! a game off. A game is called off through the same path as any change
//! (its players are mailed the end, if `--smtp` is given), and every
//! server on the database hears at once what was done: its sockets show
//! the game over, and a disabled account's sockets close.

use std::sync::Arc;

use arbiter_store::{AccountListing, Backend, Disabled, GameKey, NewPasswordReset, RawRecord, Store, StoreError};

use crate::auth::{new_token, token_hash};
use crate::error::ApiError;
use crate::mail::reset::VALID_FOR;
use crate::mailer::{Mailer, MailerError};
use crate::state::AppState;

/// Accounts an administrator's list shows at most.
pub const LISTED_AT_MOST: i64 = 1000;

/// Games the damaged-game search reads at a time.
const DAMAGED_PAGE: i64 = 500;

/// A game whose stored record is damaged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DamagedGame {
    /// The game.
    pub key: GameKey,
    /// What is wrong with its record.
    pub reason: String,
}

/// What an administrator's command could not do.
#[derive(Debug, thiserror::Error)]
pub enum AdminError {
    /// No account has the name.
    #[error("'{0}': no such account")]
    NoAccount(String),
    /// The change was refused (no such game, a game over already).
    #[error(transparent)]
    Refused(#[from] ApiError),
    /// The database failed.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The `--smtp` URL or sender.
    #[error(transparent)]
    Mailer(#[from] MailerError),
}

/// An administrator's hold on the database.
pub struct Admin {
    state: AppState,
    public_url: String,
}

impl Admin {
    /// An administrator of `store`, whose links point to `public_url`;
    /// with `smtp` (a URL and a sender), the mail a change causes is
    /// queued for the running server to send.
    pub fn new(store: Store, public_url: &str, smtp: Option<(&str, &str)>) -> Result<Admin, AdminError> {
        let mut state = AppState::new(store);
        if let Some((url, from)) = smtp {
            state.mailer = Some(Arc::new(Mailer::new(url, from, public_url)?));
        }
        Ok(Admin { state, public_url: public_url.trim_end_matches('/').to_string() })
    }

    /// The accounts whose names start with `prefix` (any case), by name.
    pub async fn accounts(&self, prefix: &str) -> Result<Vec<AccountListing>, AdminError> {
        Ok(self.state.store.account_listing(prefix, LISTED_AT_MOST).await?)
    }

    /// Disables the account `name`: it cannot sign in, and its sessions
    /// end (every server closes their sockets).
    pub async fn disable(&self, name: &str) -> Result<Disabled, AdminError> {
        let now = self.state.clock.now();
        self.state.store.disable_account(name, now).await?.ok_or_else(|| AdminError::NoAccount(name.into()))
    }

    /// Lets the account `name` sign in again.
    pub async fn enable(&self, name: &str) -> Result<(), AdminError> {
        found(self.state.store.enable_account(name).await?, name)
    }

    /// Makes the account `name` an administrator.
    pub async fn grant_admin(&self, name: &str) -> Result<(), AdminError> {
        found(self.state.store.grant_admin(name).await?, name)
    }

    /// A link that sets a new password for the account `name`, for the
    /// administrator to hand over: it works once, for an hour, and the
    /// account's earlier link stops working.
    pub async fn reset_link(&self, name: &str) -> Result<String, AdminError> {
        let (account, _) =
            self.state.store.account_by_name(name).await?.ok_or_else(|| AdminError::NoAccount(name.into()))?;
        let token = new_token();
        let now = self.state.clock.now();
        let hash = token_hash(&token);
        let reset =
            NewPasswordReset { account: account.id, token_hash: &hash, now, expires: now.after(VALID_FOR), mail: None };
        self.state.store.start_password_reset(&reset).await?;
        Ok(format!("{}/reset?token={token}", self.public_url))
    }

    /// Calls the game `key` off: it is over and nobody won.
    pub async fn abort(&self, key: &str) -> Result<(), AdminError> {
        let key = GameKey(key.to_string());
        crate::verbs::finish::abort(&self.state, &key).await?;
        // PostgreSQL announced it with the change; a server on the same
        // SQLite file reads it from the announcements.
        if self.state.store.backend() == Backend::Sqlite {
            self.state.store.notify_changed(&key).await?;
        }
        Ok(())
    }

    /// The games whose stored records are damaged (they cannot be read or
    /// do not replay): each with why, looked for over every game, a page at
    /// a time.
    pub async fn damaged(&self) -> Result<Vec<DamagedGame>, AdminError> {
        let mut found = Vec::new();
        let mut after: Option<GameKey> = None;
        loop {
            let keys = self.state.store.game_keys_after(after.as_ref(), DAMAGED_PAGE).await?;
            for key in &keys {
                if let Some(reason) = self.damage_of(key).await? {
                    found.push(DamagedGame { key: key.clone(), reason });
                }
            }
            match keys.last() {
                Some(last) if keys.len() as i64 == DAMAGED_PAGE => after = Some(last.clone()),
                _ => return Ok(found),
            }
        }
    }

    /// The game `key` as stored, unparsed, and why it is damaged (`None`
    /// if it is not).
    pub async fn damaged_game(&self, key: &str) -> Result<(RawRecord, Option<String>), AdminError> {
        let key = GameKey(key.to_string());
        let raw = self.state.store.raw_record(&key).await?;
        let raw = raw.ok_or_else(|| AdminError::Refused(crate::change::no_such_game(&key)))?;
        Ok((raw, self.damage_of(&key).await?))
    }

    /// Why the stored game `key` is damaged, if it is: its row cannot be
    /// read, or its record does not replay.
    async fn damage_of(&self, key: &GameKey) -> Result<Option<String>, AdminError> {
        match self.state.store.game(key).await {
            Ok(Some(stored)) => Ok(crate::table::Table::load(stored).err().map(|e| e.to_string())),
            Ok(None) => Ok(None),
            Err(StoreError::Record { reason, .. }) => Ok(Some(reason)),
            Err(e) => Err(e.into()),
        }
    }

    /// Closes the database.
    pub async fn close(self) {
        self.state.store.close().await;
    }
}

/// `Ok` if an account called `name` was found.
fn found(found: bool, name: &str) -> Result<(), AdminError> {
    if found { Ok(()) } else { Err(AdminError::NoAccount(name.into())) }
}
