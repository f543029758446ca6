//! What the server does without being asked: the computer's moves, the
//! deadlines (a player out of time, a round to close), the lobby's list,
//! and sweeping away what has expired.

pub mod computer;
pub mod deadlines;
pub mod lobby;
pub mod searches;
pub mod sweep;
pub mod waiting;
