//! What the server does without being asked: the database's watch, the
//! computer's moves, the deadlines (a player out of time, a round to close), the lobby's list,
//! sweeping away what has expired, and filling in the standings of games
//! that finished before they were kept, tournaments, and vacations.

pub mod awaited;
pub mod computer;
pub mod database;
pub mod deadlines;
pub mod lobby;
pub mod standings;
pub mod sweep;
pub mod tournaments;
pub mod vacations;
