//! The store's tests: each module runs its cases on a SQLite file and on a
//! PostgreSQL database of its own.
//!
//! They are one test binary, each file a module, so that the support
//! code and the clients they drive the server with are compiled and
//! linked once rather than once a file. A file added to this folder
//! must be named below; `every_file_is_a_module` fails otherwise.

mod support;

mod accounts;
mod games;
mod mail;
mod notices;
mod notify;
mod open;
mod players;
mod sessions;
mod tournaments;
mod verifications;

/// Every `.rs` file of this folder is a module of this binary.
#[test]
fn every_file_is_a_module() {
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests").join("store");
    let missing = arbiter_testkit::files_not_named_as_modules(&folder);
    assert!(missing.is_empty(), "files not named as modules in main.rs: {missing:?}");
}
