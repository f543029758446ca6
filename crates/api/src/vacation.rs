//! A player's vacations: a yearly allowance of days, counted by the hour,
//! during which their clocks stand still in days-per-move games.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// `GET /api/me/vacation` (and the answer to every change): the
/// allowance left, the vacation running and those booked.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct VacationView {
    /// Days left this calendar year (hours left / 24).
    pub days_left: f64,
    /// Hours left this calendar year: what a vacation may still take.
    pub hours_left: i64,
    /// The calendar year (UTC) counted.
    pub year: i32,
    /// The days a year allows.
    pub allowance: u32,
    /// The vacation running now.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub current: Option<VacationSpan>,
    /// The vacations booked ahead, soonest first.
    pub booked: Vec<VacationSpan>,
    /// Whether a vacation starts by itself when a move is 12 hours from
    /// running out of time (and days are left).
    pub auto: bool,
    /// The caller's running games whose clocks a vacation does not stop:
    /// Single Capture Go (the referee's deadlines are the game's) and
    /// games made "without vacation".
    pub not_stopped: Vec<NotStopped>,
}

/// A vacation, running or booked.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct VacationSpan {
    /// Its number (`DELETE /api/me/vacation/{id}` takes back one booked).
    pub id: i64,
    /// When it begins (RFC 3339).
    pub from: String,
    /// When it ends (RFC 3339).
    pub until: String,
    /// Whether it started by itself.
    pub auto: bool,
}

/// A running game whose clock a vacation does not stop, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct NotStopped {
    /// The game's id.
    pub game: String,
    /// Why (`the referee's deadlines are the game's`, `made without
    /// vacation`).
    pub reason: String,
}

/// `POST /api/me/vacation`: a vacation from now (no `from`) or booked
/// ahead, until `until`.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewVacation {
    /// When it begins (RFC 3339); absent: now.
    #[serde(default)]
    pub from: Option<String>,
    /// When it ends (RFC 3339): at least an hour after it begins, within
    /// the days left of each year it touches.
    pub until: String,
}

/// `PATCH /api/me/vacation`: the automatic start before a timeout.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct VacationAuto {
    /// Whether a vacation starts by itself when a move is 12 hours from
    /// running out of time.
    pub auto: bool,
}
