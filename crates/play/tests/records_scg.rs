//! Single Capture Go records: one round per number, the winners' letters
//! as the result, and errors that name the round.

mod support;

use arbiter_play::MoveForm;
use support::{long_moves, replay, tag};

#[test]
fn a_record_numbers_one_round_per_move_number() {
    let text =
        "[Game \"scg\"]\n[Players \"ABC\"]\n[A \"Alice\"]\n[Result \"*\"]\n\n1. A:c3,B:c3,C:d4 2. C:a1,B:a2,A:f6 *\n";
    let log = replay(text).unwrap();
    assert_eq!(long_moves(&log), ["A:c3,B:c3,C:d4", "A:f6,B:a2,C:a1"]);
    assert_eq!(
        log.to_text(MoveForm::Record),
        "[Game \"scg\"]\n[Players \"ABC\"]\n[A \"Alice\"]\n[Result \"*\"]\n\n1. A:c3,B:c3,C:d4 2. A:f6,B:a2,C:a1 *\n"
    );
    // A finished game ends with its winners' letters.
    let won = "[Game \"scg\"]\n[Result \"*\"]\n[Players \"ABC\"]\n\n1. A:c3 A\n";
    let log = replay(won).unwrap();
    assert_eq!(tag(&log, "Result").as_deref(), Some("A"));
    assert!(log.to_text(MoveForm::Record).ends_with("1. A:c3 A\n"));
    let shared = "[Game \"scg\"]\n[Result \"*\"]\n\n1. - A,B\n";
    let log = replay(shared).unwrap();
    assert_eq!(tag(&log, "Result").as_deref(), Some("A,B"));
}

#[test]
fn bad_records_name_the_round() {
    for (text, token, reason) in [
        ("[Game \"scg\"]\n[Result \"*\"]\n\n1. A:c3,B:c3 A:a1\n", "A:a1", "expected move number 2."),
        ("[Game \"scg\"]\n[Result \"*\"]\n\n1. A:c3,B:z9\n", "B:z9", "move 1 (A:c3,B:z9)"),
        ("[Game \"scg\"]\n[Result \"*\"]\n\n1. A:c3,B:d4 2. A:c3,B:a1\n", "A:c3", "move 2"),
        ("[Game \"scg\"]\n[Result \"*\"]\n\n1. A:c3 2. B:a1\n", "B:a1", "already over"),
        ("[Game \"scg\"]\n[Result \"*\"]\n\n1. A:c3 B\n", "B", "the final position says A"),
        ("[Game \"scg\"]\n[Result \"*\"]\n[Players \"AA\"]\n\n1. A:c3\n", "AA", "given twice"),
        ("[Game \"scg\"]\n[Result \"*\"]\n[AtBlocked \"yes\"]\n\n", "yes", "on or off"),
        ("[Game \"scg\"]\n[Result \"*\"]\n\n1. A:c3,B:d4 C\n", "C", "not a player"),
        (
            "[Game \"scg\"]\n[Result \"*\"]\n[Setup \"@..../...../...../...../..... -\"]\n\n",
            "@..../...../...../...../..... -",
            "who won",
        ),
    ] {
        let e = replay(text).unwrap_err();
        assert!(e.starts_with(&format!("'{token}': ")), "{text}: {e}");
        assert!(e.contains(reason), "{text}: {e}");
    }
}
