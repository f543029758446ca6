//! `GET /api/service`: how the server finds its database now, and the
//! outages it saw, for an operator's monitoring and a status page.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// `GET /api/service`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct ServiceView {
    /// The database, as this server finds it.
    pub database: DatabaseService,
}

/// The database, as the server asks it every second.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct DatabaseService {
    /// Whether it answered the last time it was asked.
    pub up: bool,
    /// Since when it has not answered (RFC 3339), while it does not.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub down_since: Option<String>,
    /// The outages seen since the server started.
    pub outages: u64,
    /// The last outage that ended.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_outage: Option<OutageView>,
}

/// An outage of the database that ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct OutageView {
    /// When the database stopped answering (RFC 3339).
    pub began: String,
    /// When it answered again (RFC 3339).
    pub ended: String,
    /// How long it lasted, in seconds.
    pub seconds: i64,
}
