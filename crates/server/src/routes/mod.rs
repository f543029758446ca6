//! The HTTP routes, one module a resource.

pub mod accounts;
pub mod games;
pub mod live;
pub mod me;
pub mod service;
