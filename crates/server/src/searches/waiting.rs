//! Which games wait for the computer, and queuing them with the fair
//! scheduler ([`super`]) under the account their searches are
//! counted under. Both a change to a game and the computer's workers ask
//! this; neither asks the other.

use std::sync::Arc;

use arbiter_store::{AccountId, GameState, SeatHolder};

use super::Searches;
use crate::table::Table;

/// The account a game's searches are counted under: its creator, or for a
/// game stored before creators were kept its first player.
fn owner(table: &Table) -> AccountId {
    table.stored.creator.unwrap_or_else(|| {
        table
            .stored
            .seats
            .iter()
            .find_map(|s| match s.holder {
                SeatHolder::Account(a) => Some(a),
                _ => None,
            })
            .unwrap_or(AccountId(0))
    })
}

/// Whether `table` waits for the computer: its move, or its plays.
pub fn waits_for_computer(table: &Table) -> bool {
    if table.state() != GameState::Active {
        return false;
    }
    table.play.computer_to_act()
}

/// Queues the computer's search in `table` with `searches` if it waits for one.
pub fn schedule(searches: &Searches, table: &Arc<Table>) {
    if waits_for_computer(table) {
        searches.submit(owner(table), table.stored.key.clone());
    }
}
