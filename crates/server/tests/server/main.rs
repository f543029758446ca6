//! The server's tests: each module drives a real `arbiter serve` router on
//! 127.0.0.1 over HTTP and WebSockets, on a SQLite file and on PostgreSQL.
//!
//! They are one test binary, each file a module, so that the support
//! code and the clients they drive the server with are compiled and
//! linked once rather than once a file. A file added to this folder
//! must be named below; `every_file_is_a_module` fails otherwise.

#[macro_use]
mod support;

mod a_fifth_game;
mod accounts;
mod admin;
mod attacks_accounts;
mod attacks_games;
mod attacks_sockets;
mod board_changes;
mod boards;
mod bots;
mod chat;
mod client;
mod conditionals;
mod connections;
mod connections_to_the_database;
mod fixtures;
mod game_described;
mod games;
mod guests;
mod invitations;
mod live;
mod mail;
mod mail_in;
mod metrics;
mod notices;
mod offers;
mod openapi;
mod parsers_properties;
mod players;
mod private_games;
mod ratings;
mod scg;
mod tournaments;
mod vacation;

/// Every `.rs` file of this folder is a module of this binary.
#[test]
fn every_file_is_a_module() {
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests").join("server");
    let missing = arbiter_testkit::files_not_named_as_modules(&folder);
    assert!(missing.is_empty(), "files not named as modules in main.rs: {missing:?}");
}
