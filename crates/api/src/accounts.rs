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
    /// Its mail address, if it gave one.
    pub email: Option<String>,
    /// What mail it wants.
    pub notify: Notify,
}

/// `PATCH /api/me`: what to change.
#[derive(Clone, Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MeChange {
    /// A new mail address; `null` removes it.
    #[serde(default, with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub email: Option<Option<String>>,
    /// A new password.
    #[serde(default)]
    pub password: Option<String>,
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
