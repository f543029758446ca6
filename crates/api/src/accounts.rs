//! Accounts and sessions.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// `POST /api/accounts`: a new account.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewAccount {
    /// The name others see: 1 to 32 letters, digits, `-`, `_` or `.`.
    pub name: String,
    /// At least 8 characters.
    pub password: String,
    /// Where mail goes, if any.
    #[serde(default)]
    pub email: Option<String>,
}

/// An account as others may see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct AccountRef {
    /// Its id.
    pub id: i64,
    /// Its name.
    pub name: String,
    /// Whether it is a guest's (made at a click; no password, no mail,
    /// until the guest signs up and keeps it).
    #[serde(default)]
    pub guest: bool,
}

/// `POST /api/sessions`: signing in.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SignIn {
    /// The account's name.
    pub name: String,
    /// Its password.
    pub password: String,
}

/// A new session: the token to send as `Authorization: Bearer <token>`.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct SessionCreated {
    /// The token.
    pub token: String,
    /// Whose it is.
    pub account: AccountRef,
}

/// What mail the account wants.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Notify {
    /// Mail on the account's turn, a round's announcement and a game's end.
    pub email: bool,
}

/// A change of what mail the account wants.
#[derive(Clone, Copy, Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NotifyChange {
    /// Mail on or off.
    #[serde(default)]
    pub email: Option<bool>,
}

/// `GET /api/me`: the caller's own account.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Me {
    /// Its id.
    pub id: i64,
    /// Its name.
    pub name: String,
    /// Whether it is a guest's: it plays the computer and takes open seats;
    /// it cannot invite, open games to others, or get mail, until it signs
    /// up (`POST /api/accounts`), keeping its games.
    pub guest: bool,
    /// Whether it is a bot's: an engine plays it through the API
    /// (`POST /api/me/bot` made it one, for good); its seats show
    /// `kind: "bot"`.
    #[serde(default)]
    pub bot: bool,
    /// Its mail address, if it gave one.
    pub email: Option<String>,
    /// Whether the address was verified by the link mailed to it; until
    /// it is, no other mail goes to it.
    pub email_verified: bool,
    /// What mail it wants.
    pub notify: Notify,
    /// Recent mails to it that could not be delivered after every
    /// attempt, the newest first.
    pub failed_mail: Vec<FailedMail>,
}

/// A mail that could not be delivered.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct FailedMail {
    /// Its subject.
    pub subject: String,
    /// When it was to be sent.
    pub created: String,
    /// What the mail server said the last time.
    pub error: String,
}

/// `POST /api/me/email/verify`: the token of the link mailed to the
/// address.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct VerifyEmail {
    /// The `token` of the link (64 hex digits).
    pub token: String,
}

/// A password reset asked for (`POST /api/password-reset`).
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PasswordResetRequest {
    /// The account's name.
    pub name: String,
}

/// A new password set by a reset link (`POST /api/password-reset/confirm`).
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PasswordResetConfirm {
    /// The `token` of the link (64 hex digits).
    pub token: String,
    /// The new password: 8 to 1024 characters.
    pub password: String,
}

/// One of the caller's sessions (`GET /api/me/sessions`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct SessionView {
    /// Its number (`DELETE /api/me/sessions/{id}` ends it).
    pub id: i64,
    /// When it was started.
    pub created: String,
    /// When it was last used (to the hour).
    pub last_used: String,
    /// Whether it is the session of this request.
    pub current: bool,
    /// The address it was started from, if known.
    pub address: Option<String>,
}

/// `PATCH /api/me`: what to change.
#[derive(Clone, Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MeChange {
    /// A new mail address; `null` removes it.
    #[serde(default, with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub email: Option<Option<String>>,
    /// A new password; needs `current_password`.
    #[serde(default)]
    pub password: Option<String>,
    /// The password now, to set a new one.
    #[serde(default)]
    pub current_password: Option<String>,
    /// What mail it wants.
    #[serde(default)]
    pub notify: Option<NotifyChange>,
}

/// A field that may be absent (no change), `null` (clear it) or a value.
mod double_option {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer, T: Serialize>(value: &Option<Option<T>>, s: S) -> Result<S::Ok, S::Error> {
        match value {
            Some(inner) => inner.serialize(s),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<Option<T>>, D::Error> {
        Option::<T>::deserialize(d).map(Some)
    }
}
