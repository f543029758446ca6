//! Moves by mail. Every mail to a player about a game carries a
//! `Reply-To` `play+<token>@games.example` (`--mail-in-address`); the
//! token names the player, the game and the ply the mail was written at.
//! A reply comes back through the mail server: `arbiter mail-in` (a pipe
//! transport, one message on standard input) or `arbiter serve --lmtp`
//! ([`lmtp`]). Its first own line is the move (or a round's play),
//! `resign`, or a conditional line "if e7-e6 then d2-d4"
//! ([`line_in_words`]); it is played only if it comes from the account's verified
//! address, once per `Message-ID`, and under the ply guard, and it is
//! answered by mail to that address alone. Anything else is refused with
//! a reason in the log and to the mail server, and never answered (no
//! mail goes to an address nobody verified).

pub mod lmtp;
mod pipe;
mod reader;
mod take;

pub use crate::mailer::reply_to::{BadMailInAddress, MailInAddress, TOKEN_LENGTH, new_token};
pub use crate::verbs::conditionals::line_in_words;
pub use pipe::{PipeConfig, PipeError, take_one};
pub use reader::{Incoming, MAX_MAIL_BYTES, Unreadable, first_own_line, read};
pub use take::{MAIL_MOVES_AN_HOUR, Taken, TryLater, take};
