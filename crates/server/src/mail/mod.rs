//! Mail: a player whose account wants mail hears when it is their turn,
//! when a round of a game of rounds opens (the referee's announcement), and
//! when a game ends. Mails are queued in the database in the transaction
//! that stores the change they tell of (so a change is never stored
//! without its mail, nor a mail queued for a change that was not) and
//! sent by a background job over SMTP; a failure is logged and retried
//! later, given up after its attempts (and shown to the account), and
//! never touches the game. Mail about games goes only to verified
//! addresses; an address is verified by a link mailed to it
//! ([`verify`]).

mod compose;
pub mod reset;
mod send;
pub mod verify;

pub use compose::{for_change, for_tournament, reply_address, wake};
pub use send::{run, send_due};
