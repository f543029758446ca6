//! Mail: a player whose account wants mail hears when it is their turn,
//! when a Single Capture Go round opens (the referee's announcement), and
//! when a game ends. Mails are queued in the database in the transaction
//! that stores the change they tell of (so a change is never stored
//! without its mail, nor a mail queued for a change that was not) and
//! sent by a background job over SMTP; a failure is logged and retried
//! later, and never touches the game.

mod compose;
mod send;

pub use compose::{Snapshot, for_change, queue, wake};
pub use send::{Mailer, MailerError, run, send_due};
