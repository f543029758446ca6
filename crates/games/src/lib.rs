//! The rules engines of Arbiter, typed for search and type-erased (text in,
//! text out) for the command line and the server.

pub mod agog;
pub mod any;
pub mod ogama;
pub mod record;
pub mod sage;
pub mod scg;

pub use any::{AnyGame, GameKind};
