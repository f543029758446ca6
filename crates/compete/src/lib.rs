//! Competition for Arbiter, as pure functions: the Glicko-2 rating of
//! players ([`glicko`]), many-player games rated as pairs with handicaps
//! valued in Elo ([`outcome`]), and the pairings of tournaments.
//! Tournaments are paired by the Swiss system as a maximum weight matching
//! ([`swiss`]), scheduled as round robins ([`round_robin`]) or split into
//! Single Capture Go tables ([`tables`]), and ranked with tiebreaks and a
//! crosstable ([`standings`]).

pub mod glicko;
pub mod outcome;
pub mod round_robin;
pub mod standings;
pub mod swiss;
pub mod tables;
