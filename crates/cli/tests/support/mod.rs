//! Running the built `arbiter` binary from the command-line tests.

#![allow(dead_code)]

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// Runs `arbiter` with `args`.
pub fn arbiter(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arbiter")).args(args).output().expect("the binary runs")
}

/// Runs `arbiter` with `args`, `input` on standard input.
pub fn arbiter_with_input(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

/// Standard output as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

/// Standard error as text.
pub fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

/// A fresh, empty directory for one test, named after it.
pub fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("arbiter-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Asserts that a run failed with one line on standard error containing
/// `token`, and printed nothing on standard output.
pub fn assert_fails_naming(o: &Output, token: &str, what: &str) {
    assert!(!o.status.success(), "{what}: succeeded");
    let err = stderr(o);
    assert_eq!(err.lines().count(), 1, "{what}: {err}");
    assert!(err.contains(token), "{what}: {err}");
    assert!(stdout(o).is_empty(), "{what}: {}", stdout(o));
}
