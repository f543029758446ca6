//! Mail: a player whose account wants mail hears when it is their turn,
//! when a Single Capture Go round opens (the referee's announcement), and
//! when a game ends. Mails are queued in the database right after the
//! change they tell of and sent by a background job over SMTP; a failure
//! is logged and retried later, and never touches the game.

mod compose;
mod send;

pub use compose::{Snapshot, queue_for_change};
pub use send::{Mailer, MailerError, run, send_due};
