//! Competition for Arbiter, as pure functions: the Glicko-2 rating of
//! players ([`glicko`]), many-player games rated as pairs with handicaps
//! valued in Elo ([`outcome`]), and the pairings of tournaments.

pub mod glicko;
pub mod outcome;
