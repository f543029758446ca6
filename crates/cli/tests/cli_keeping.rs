//! Work is never lost: outputs that exist already are never written over
//! (the work goes to a free name, said), a missing folder is named before
//! any work starts, a game at the terminal is in its record file after
//! every move (even if the terminal is closed), and any game saved part
//! way goes on with `play --from`.

mod support;

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use support::{arbiter, arbiter_with_input, path, scratch, stderr, stdout};

#[test]
fn analyse_and_arena_never_write_over_earlier_results() {
    let dir = scratch("keep-outputs");
    let svg = dir.join("agog.svg");
    std::fs::write(&svg, "an earlier chart\n").unwrap();
    let o = arbiter(&["analyse", "agog", "--games", "2", "--player", "random", "--svg", path(&svg)]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stderr(&o).contains("'agog-1.svg'") || stderr(&o).contains("agog-1.svg"), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&svg).unwrap(), "an earlier chart\n");
    assert!(std::fs::read_to_string(dir.join("agog-1.svg")).unwrap().starts_with("<svg"));

    let records = dir.join("rec");
    let arena = |dir: &std::path::Path| {
        arbiter(&["arena", "agog", "--a", "random", "--b", "random", "--games", "2", "--records", path(dir)])
    };
    assert!(arena(&records).status.success());
    let first = std::fs::read_to_string(records.join("game-0001.txt")).unwrap();
    let again = arena(&records);
    assert!(again.status.success(), "{}", stderr(&again));
    assert!(stderr(&again).contains("holds records already") && stderr(&again).contains("rec-1"), "{}", stderr(&again));
    assert_eq!(std::fs::read_to_string(records.join("game-0001.txt")).unwrap(), first, "the first run's records stand");
    assert!(dir.join("rec-1/game-0002.txt").exists());

    // A folder that is not there is named as such at once, before the games.
    let o = arbiter(&["arena", "agog", "--a", "random", "--b", "random", "--records", path(&dir.join("no/such"))]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("there is no folder") && stderr(&o).trim().lines().count() == 1, "{}", stderr(&o));
    let o = arbiter(&["analyse", "agog", "--games", "2", "--svg", path(&dir.join("no/such.svg"))]);
    assert!(!o.status.success() && stderr(&o).contains("there is no folder"), "{}", stderr(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_game_saved_over_a_taken_name_goes_beside_it() {
    let dir = scratch("keep-play");
    let save = dir.join("ann-bo.txt");
    std::fs::write(&save, "notes\n").unwrap();
    let o = arbiter_with_input(&["play", "agog", "--save", path(&save)], "e2-e3\nquit\n");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stderr(&o).contains("exists already: writing to"), "{}", stderr(&o));
    assert!(stdout(&o).contains("Record saved to") && stdout(&o).contains("ann-bo-1.txt"), "{}", stdout(&o));
    assert_eq!(std::fs::read_to_string(&save).unwrap(), "notes\n");
    assert!(std::fs::read_to_string(dir.join("ann-bo-1.txt")).unwrap().contains("1. 2e3 *"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The moves of a game are in its file as soon as they are played: a
/// terminal closed (the process killed) in the middle loses nothing.
#[test]
fn a_game_killed_midway_keeps_every_move_played() {
    let dir = scratch("keep-killed");
    let save = dir.join("game.txt");
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["play", "sage", "--save", path(&save)])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"c2-c4\nc8-c6\n").unwrap();
    stdin.flush().unwrap();
    let start = Instant::now();
    let both = loop {
        let text = std::fs::read_to_string(&save).unwrap_or_default();
        if text.contains("1. c2-c4 c8-c6") || start.elapsed() > Duration::from_secs(30) {
            break text;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(both.contains("1. c2-c4 c8-c6 *"), "{both}");
    // What was saved goes on.
    let next = dir.join("next.txt");
    let o = arbiter_with_input(&["play", "sage", "--from", path(&save), "--save", path(&next)], "d2-d3\nquit\n");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(std::fs::read_to_string(&next).unwrap().contains("1. c2-c4 c8-c6 2. d2-d3 *"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_end_of_a_game_is_saved_with_its_result_and_undo_cannot_erase_it() {
    let dir = scratch("keep-end");
    let save = dir.join("game.txt");
    let o = arbiter_with_input(&["play", "agog", "--save", path(&save)], "e2-e3\nresign\nundo\nquit\n");
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("Black resigns; the record is saved in"), "{out}");
    assert!(!out.contains("Resignation withdrawn"), "{out}");
    let record = std::fs::read_to_string(&save).unwrap();
    assert!(record.contains("[Result \"1—0\"]"), "{record}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Each game, saved part way by `play`, goes on with `play --from`: the
/// moves stand, new ones follow, the source file is left as it was.
#[test]
fn every_game_continues_from_its_record() {
    let dir = scratch("keep-from");
    for (game, first, later, expect) in [
        ("agog", "e2-e3\nf5-f4\nquit\n", "e3-e4\nquit\n", "1. 2e3 5f4 2. "),
        ("sage", "c2-c4\nc8-c6\nquit\n", "d2-d3\nquit\n", "1. c2-c4 c8-c6 2. d2-d3"),
        ("ogama", "T@a2\nT@a1\nquit\n", "a5-a4\nquit\n", "1. T@a2 T@a1 2. a5-a4"),
    ] {
        let saved = dir.join(format!("{game}.txt"));
        let extra: &[&str] = if game == "ogama" { &["--seed", "1"] } else { &[] };
        let args = [&["play", game, "--save", path(&saved)][..], extra].concat();
        let o = arbiter_with_input(&args, first);
        assert!(o.status.success(), "{game}: {}", stderr(&o));
        let before = std::fs::read_to_string(&saved).unwrap();
        let next = dir.join(format!("{game}-next.txt"));
        let o = arbiter_with_input(&["play", game, "--from", path(&saved), "--save", path(&next)], later);
        assert!(o.status.success(), "{game}: {}{}", stdout(&o), stderr(&o));
        let after = std::fs::read_to_string(&next).unwrap();
        assert!(after.contains(expect), "{game}: {after}");
        assert_eq!(std::fs::read_to_string(&saved).unwrap(), before, "{game}: the source stands");
    }
    // Single Capture Go, against the computer: rounds continue.
    let saved = dir.join("scg.txt");
    let o = arbiter_with_input(&["play", "scg", "--players", "3", "--as", "A", "--save", path(&saved)], "c3\nquit\n");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(std::fs::read_to_string(&saved).unwrap().contains("A:c3"));
    let next = dir.join("scg-next.txt");
    let o =
        arbiter_with_input(&["play", "scg", "--from", path(&saved), "--as", "A", "--save", path(&next)], "a1\nquit\n");
    assert!(o.status.success(), "{}", stderr(&o));
    let after = std::fs::read_to_string(&next).unwrap();
    assert!(after.contains("A:c3") && after.contains("A:a1"), "{after}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn continuing_refuses_what_cannot_go_on() {
    let dir = scratch("keep-refuse");
    let over = dir.join("over.txt");
    assert!(arbiter_with_input(&["play", "agog", "--save", path(&over)], "e2-e3\nresign\n").status.success());
    for (args, token, why) in [
        (vec!["play", "agog", "--from", path(&over)], path(&over).to_string(), "the game is over"),
        (vec!["play", "sage", "--from", path(&over)], path(&over).to_string(), "a record of agog"),
        (
            vec!["play", "agog", "--from", path(&over), "--variant", "classic"],
            "--variant".into(),
            "fixes the game's options",
        ),
    ] {
        let o = arbiter_with_input(&args, "quit\n");
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        let e = stderr(&o);
        assert!(e.contains(&format!("'{token}'")) && e.contains(why), "{args:?}: {e}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
