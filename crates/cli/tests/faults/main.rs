//! Faults survived, each against the real `arbiter serve` with clients
//! that record every answer they got, compared afterwards with what is
//! stored: every move answered 2xx is stored exactly once; every move
//! answered with an error or not at all is stored once or not at all, and
//! sent again with the same ply is applied at most once. One binary, a
//! module a fault (docs/OPERATING.md, "Faults"; the figures in
//! docs/PERFORMANCE.md, "Faults").

#[path = "../support_server/mod.rs"]
mod support_server;

mod backup;
mod damaged;
mod database;
mod disk_full;
mod replaced;

/// The faults are tested one at a time: each runs servers under load, and
/// what a test asserts of time (a refusal within seconds, not a hang)
/// takes the machine to be its own.
static ONE_AT_A_TIME: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// Holds the machine for one fault's test until dropped.
async fn one_at_a_time() -> tokio::sync::MutexGuard<'static, ()> {
    ONE_AT_A_TIME.lock().await
}

/// Every `.rs` file of this folder is a module of this binary.
#[test]
fn every_file_is_a_module() {
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests").join("faults");
    let missing = arbiter_testkit::files_not_named_as_modules(&folder);
    assert!(missing.is_empty(), "files not named as modules in main.rs: {missing:?}");
}
