//! What the tests of the store, the server and the binary share, so that
//! each is written once:
//!
//! - [`TestDatabase`]: a database of a test's own, a SQLite file in a
//!   temporary folder or a PostgreSQL database made through
//!   `TEST_DATABASE_URL` and dropped afterwards ([`postgres`]);
//! - [`ApiClient`]: a client of a server's HTTP interface (accounts,
//!   games, views) and its WebSockets, whether the server runs in the
//!   test's process or as `arbiter serve`;
//! - [`SmtpListener`]: a mail server on loopback that keeps what it is
//!   sent;
//! - [`run_sql`]: statements run straight on a test's database;
//! - [`files_not_named_as_modules`]: the check that a test binary made of
//!   one module per file left none out.

mod client;
mod database;
mod modules;
pub mod postgres;
pub mod relay;
mod smtp;
mod sql;

pub use client::{ApiClient, PASSWORD, Socket, next_message, socket_closed, view_at_ply};
pub use database::TestDatabase;
pub use modules::files_not_named_as_modules;
pub use smtp::{Received, SmtpListener, verification_token};
pub use sql::run_sql;
