//! What the server does without being asked: the computer's moves and the
//! deadlines (a player out of time, a round to close).

pub mod computer;
pub mod deadlines;
