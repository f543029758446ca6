//! Ratings on the server: which finished games are rated and how
//! ([`end`]), and what the rating terms of a new game and a seat taken
//! must be ([`terms`]).

pub mod end;
pub mod terms;
