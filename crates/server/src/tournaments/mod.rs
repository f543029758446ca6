//! Tournaments: round robins whose games all start at once, Swiss events
//! paired a round at a time by score once the round before has ended, and
//! Single Capture Go events split by rating into tables. A tournament's
//! games are ordinary games (their records name the tournament); when one
//! ends its result is kept with the tournament and, if it was the last of
//! its round, the next round is paired or the tournament ends. The
//! tournament job starts tournaments at their time and catches up with
//! anything a stopped server left undone.
//!
//! - [`settings`]: what an organiser chooses, checked.
//! - `plan`: what comes next, and the standings (pure).
//! - `advance`: starting rounds and ending events, stored once.
//! - `results`: how a finished game counts.
//! - `tell`: the notices and mail.
//! - `view`: what the API shows.

mod advance;
mod plan;
mod results;
pub mod settings;
mod tell;
mod view;

pub use advance::{advance, game_over, handle_due, no_such_tournament};
pub use settings::Settings;
pub use view::{summary, view};
