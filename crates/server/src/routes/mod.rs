//! The HTTP routes, one module a resource.

pub mod accounts;
pub mod catalog;
pub mod chat;
pub mod conditionals;
pub mod games;
pub mod guests;
pub mod invitations;
pub mod live;
pub mod me;
pub mod metrics;
pub mod notices;
pub mod offers;
pub mod password_reset;
pub mod players;
pub mod positions;
pub mod ratings;
pub mod service;
pub mod tournaments;
pub mod vacation;
