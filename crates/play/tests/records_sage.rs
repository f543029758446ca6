//! Sage Tafl game records: results (`1—0` Black, `0—1` Red, `½—½`), the
//! Setup and Repetition tags, passes, lossless import and export.

mod support;

use arbiter_play::MoveForm;
use support::{last_position, long_moves, replay, result, tag};

#[test]
fn black_wins_1_0_and_red_wins_0_1() {
    let black =
        replay("[Game \"sage\"]\n[Result \"*\"]\n[Setup \"3s4/8/8/8/1A4a1/8/8/8/3S4 b -- 4-3\"]\n\n1. b5-W\n").unwrap();
    assert_eq!(result(&black), "1—0");
    assert_eq!(tag(&black, "Result").as_deref(), Some("1—0"));
    let red =
        replay("[Game \"sage\"]\n[Result \"*\"]\n[Setup \"8/8/8/8/7s/8/8/8/8 r -- 0-3\"]\n\n1... h5-E\n").unwrap();
    assert_eq!(result(&red), "0—1");
    assert!(red.to_text(MoveForm::Record).ends_with("1... h5-E 0—1\n"), "{}", red.to_text(MoveForm::Record));
    let wrong = replay("[Game \"sage\"]\n[Result \"*\"]\n[Setup \"8/8/8/8/7s/8/8/8/8 r -- 0-3\"]\n\n1... h5-E 1—0\n")
        .unwrap_err();
    assert!(wrong.contains("0—1"), "{wrong}");
}

#[test]
fn repetition_draws_unless_the_tag_turns_it_off() {
    let moves = "1. a2-a4 a8-a6 2. a4-a2 a6-a8 3. a2-a4 a8-a6 4. a4-a2 a6-a8";
    let on = replay(&format!("[Game \"sage\"]\n[Result \"*\"]\n\n{moves}\n")).unwrap();
    assert_eq!(result(&on), "½—½");
    let more = replay(&format!("[Game \"sage\"]\n[Result \"*\"]\n\n{moves} 5. a2-a4\n")).unwrap_err();
    assert!(more.contains("already over"), "{more}");
    let off = replay(&format!("[Game \"sage\"]\n[Result \"*\"]\n[Repetition \"off\"]\n\n{moves} 5. a2-a4\n")).unwrap();
    assert_eq!(result(&off), "*");
    assert_eq!(tag(&off, "Repetition").as_deref(), Some("off"));
}

#[test]
fn two_forced_passes_draw() {
    // Red's last piece escapes; nobody has a piece left and neither has five.
    let log =
        replay("[Game \"sage\"]\n[Result \"*\"]\n[Setup \"8/8/8/8/7a/8/8/8/8 r -- 4-3\"]\n\n1... h5-E\n").unwrap();
    assert_eq!(result(&log), "½—½");
    let end = log.line.current();
    assert_eq!(log.line.status().describe(|s| end.seat_label(s)), "draw passes");
}

#[test]
fn passes_towers_and_escapes_round_trip() {
    let text = "[Game \"sage\"]\n[Setup \"8/8/8/8/8/8/8/3aa3/3aa3 b S- 0-0\"]\n[Result \"*\"]\n\n1. pass d2-d3 2. T-d2 d3-d4 *\n";
    let log = replay(text).unwrap();
    assert_eq!(long_moves(&log), ["pass", "d2-d3", "T-d2", "d3-d4"]);
    assert_eq!(log.to_text(MoveForm::Record), text);
    let again = replay(&log.to_text(MoveForm::Record)).unwrap();
    assert_eq!(again.to_text(MoveForm::Record), text);
    assert_eq!(last_position(&again), "8/8/8/8/8/3a4/8/3Sa3/3aa3 b -- 0-0");
}

#[test]
fn illegal_and_malformed_moves_name_the_move() {
    let e = replay("[Game \"sage\"]\n[Result \"*\"]\n\n1. c2-c5\n").unwrap_err();
    assert!(e.contains("'c2-c5'") && e.contains("move 1"), "{e}");
    let e = replay("[Game \"sage\"]\n[Result \"*\"]\n\n1. c2-c4 c7-c5\n").unwrap_err();
    assert!(e.contains("c7-c5"), "{e}");
    let e = replay("[Game \"sage\"]\n[Result \"*\"]\n[Setup \"8/8/8/8/8/8/8/8/8 x -- 0-0\"]\n\n1. pass\n").unwrap_err();
    assert!(e.contains("'x'"), "{e}");
    let e = replay("[Game \"sage\"]\n[Result \"*\"]\n[Repetition \"maybe\"]\n\n1. c2-c4\n").unwrap_err();
    assert!(e.contains("'maybe'"), "{e}");
    // A tag of another game's option names that tag.
    let e = replay("[Game \"sage\"]\n[Result \"*\"]\n[Seed \"3\"]\n\n1. c2-c4\n").unwrap_err();
    assert_eq!(e, "'Seed': not an option of sage");
}
