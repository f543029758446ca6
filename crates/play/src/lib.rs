//! A game of Arbiter being played, whatever shows it: the terminal, the
//! engine protocol, the mail referee and the server all drive these types
//! and none re-implements them.
//!
//! - [`Session`]: a turn-based game — moves, people and the computer in
//!   the seats, undo, resignation, a time limit per move.
//! - [`Rounds`]: a simultaneous game — secret plays, rounds closed at
//!   their deadline (or when every play is in), announcements.
//! - [`GameRecord`]: one serde record of a game that the text record, the
//!   referee's file and the database read and write.
//! - [`Event`] and [`Viewer`]: what each change emits, and who may see it.
//! - [`Clock`] and [`Timestamp`]: the time, which tests set.

pub mod announce;
mod bulletin;
pub mod changes;
mod clock;
pub mod computer;
mod error;
mod events;
pub mod record;
pub mod rounds;
mod seats;
mod session;
mod table;
pub mod time;
pub mod vacation;

pub use bulletin::{RefusedView, RoundsView, SeatView, YouView};
pub use clock::{Clock, ManualClock, SystemClock};
pub use error::PlayError;
pub use events::{Event, Viewer};
pub use record::{GameRecord, MoveForm, MoveRecord, RecordError, RefereeFile, Replayed, Standing};
pub use rounds::{Receipt, RoundSettings, Rounds};
pub use seats::{Occupant, Player};
pub use session::Session;
pub use table::{Match, Numbering, Outcome as MoveOutcome, RoundView};
pub use time::Timestamp;
