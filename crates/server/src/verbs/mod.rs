//! What people and the server do to a game, one module a verb or actor:
//! [`moves`] (a move or a play), [`finish`] (resigning, a deadline
//! passed, calling a game off), [`seats`] (taking a seat, the people a
//! new game invites, declining an invitation), [`offers`] (takebacks,
//! draws, rematches offered, accepted, declined), [`create`] (a new game,
//! a rematch), [`computer`] (the computer's move or plays) and
//! [`conditionals`] (a player's lines of moves set ahead, and their
//! replies played when the moves they answer come) and [`vacation`] (a
//! player away, their clocks standing still).
//!
//! Each verb takes the [`AppState`](crate::state::AppState) and typed
//! inputs and returns the game after it or an
//! [`ApiError`](crate::error::ApiError); every change goes through
//! [`crate::change::change_game`]. The HTTP routes, the live socket, moves
//! by mail, the jobs and the administrator's commands all call the same
//! verbs: a route only reads the request, applies its limits and writes
//! the answer.

pub mod computer;
pub mod conditionals;
pub mod create;
pub mod finish;
pub mod moves;
pub mod offers;
pub mod seats;
pub mod vacation;

use arbiter_core::Seat;
use arbiter_store::AccountId;

use crate::error::ApiError;
use crate::table::Table;

/// Refuses a private game to an account that may not see it, as if it
/// did not exist (404).
fn seen_by(table: &Table, account: AccountId) -> Result<(), ApiError> {
    if table.may_watch(Some(account), None) { Ok(()) } else { Err(crate::change::no_such_game(&table.stored.key)) }
}

/// The seat `account` holds in `table`, or 403 (404 for a private game the
/// account may not see: it is not there for them).
fn seat_of(table: &Table, account: AccountId) -> Result<Seat, ApiError> {
    seen_by(table, account)?;
    table.seats_of(account).first().copied().ok_or_else(|| ApiError::forbidden("you have no seat in this game"))
}
