//! What people and the server do to a game, one module a verb or actor:
//! [`moves`] (a move or a play), [`finish`] (resigning, a deadline
//! passed, calling a game off), [`seats`] (taking a seat, the people a
//! new game invites, declining an invitation), [`offers`] (takebacks,
//! draws, rematches offered, accepted, declined), [`create`] (a new game,
//! a rematch) and [`computer`] (the computer's move or plays).
//!
//! Each verb takes the [`AppState`](crate::state::AppState) and typed
//! inputs and returns the game after it or an
//! [`ApiError`](crate::error::ApiError); every change goes through
//! [`crate::change::change_game`]. The HTTP routes, the live socket, moves
//! by mail, the jobs and the administrator's commands all call the same
//! verbs: a route only reads the request, applies its limits and writes
//! the answer.

pub mod computer;
pub mod create;
pub mod finish;
pub mod moves;
pub mod offers;
pub mod seats;

use arbiter_core::Seat;
use arbiter_store::AccountId;

use crate::error::ApiError;
use crate::table::Table;

/// The seat `account` holds in `table`, or 403.
fn seat_of(table: &Table, account: AccountId) -> Result<Seat, ApiError> {
    table.seats_of(account).first().copied().ok_or_else(|| ApiError::forbidden("you have no seat in this game"))
}
