//! Running the built `arbiter` binary from the command-line tests.

#![allow(dead_code)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The binary with `args`, run in the temporary directory (so that a
/// command that writes a file under a default name never writes into the
/// source tree), with the referee's clock at `now` when given.
fn command(args: &[&str], now: Option<&str>) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_arbiter"));
    cmd.args(args).env_remove("ARBITER_NOW").current_dir(std::env::temp_dir());
    if let Some(t) = now {
        cmd.env("ARBITER_NOW", t);
    }
    cmd
}

/// Runs `arbiter` with `args`, the clock at `now` when given.
pub fn run(args: &[&str], now: Option<&str>) -> Output {
    command(args, now).output().expect("the binary runs")
}

/// Runs `arbiter` with `args`.
pub fn arbiter(args: &[&str]) -> Output {
    run(args, None)
}

/// Runs `arbiter` with `args`, `input` on standard input.
pub fn arbiter_with_input(args: &[&str], input: impl AsRef<[u8]>) -> Output {
    let mut child = command(args, None)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // A command that refuses at once exits before reading its input: the
    // pipe is then closed, which is not the test's failure.
    match child.stdin.take().unwrap().write_all(input.as_ref()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
        other => other.unwrap(),
    }
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

/// Standard output of a run that must have succeeded.
pub fn ok(o: &Output) -> String {
    assert!(o.status.success(), "failed: {}", stderr(o));
    stdout(o)
}

/// The JSON object a successful `--json` run printed.
pub fn json(o: &Output) -> serde_json::Value {
    serde_json::from_str(&ok(o)).unwrap()
}

/// A fresh, empty directory for one test, named after it.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("arbiter-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A path as a command-line argument.
pub fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Asserts that a run failed with one line on standard error containing
/// `token`, and printed nothing on standard output.
pub fn assert_fails_naming(o: &Output, token: &str, what: &str) {
    assert_eq!(o.status.code(), Some(1), "{what}: exit status {:?}: {}", o.status.code(), stderr(o));
    let err = stderr(o);
    assert_eq!(err.lines().count(), 1, "{what}: {err}");
    assert!(err.contains(token), "{what}: {err}");
    assert!(stdout(o).is_empty(), "{what}: {}", stdout(o));
}
