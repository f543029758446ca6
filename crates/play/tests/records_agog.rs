//! A•G•O•G game records: results as the rule text writes them, replay
//! checks, lossless import and export.

mod support;

use support::{long_moves, replay, result, tag};

#[test]
fn a_white_win_is_1_0_and_a_black_win_0_1() {
    let white = replay("[Game \"agog\"]\n[Result \"*\"]\n[Setup \"8/8/8/8/8/8/j7/J7 w 0 0\"]\n\n1. Jxa3\n").unwrap();
    assert_eq!(result(&white), "1—0");
    assert_eq!(tag(&white, "Result").as_deref(), Some("1—0"));
    let black =
        replay("[Game \"agog\"]\n[Result \"*\"]\n[Setup \"8/8/8/8/8/1j6/1J6/8 b 0 0\"]\n\n1... Jxb1\n").unwrap();
    assert_eq!(result(&black), "0—1");
    let text = black.to_text(arbiter_play::MoveForm::Record);
    assert!(text.ends_with("1... Jxb1 0—1\n"), "{text}");
    // The ASCII forms are read too and written with the rule text's dash.
    let ascii =
        replay("[Game \"agog\"]\n[Setup \"8/8/8/8/8/8/j7/J7 w 0 0\"]\n[Result \"1-0\"]\n\n1. Jxa3 1-0\n").unwrap();
    assert_eq!(result(&ascii), "1—0");
    assert_eq!(tag(&ascii, "Result").as_deref(), Some("1—0"));
}

#[test]
fn a_result_that_contradicts_the_board_is_refused() {
    let e =
        replay("[Game \"agog\"]\n[Result \"*\"]\n[Setup \"8/8/8/8/8/8/j7/J7 w 0 0\"]\n\n1. Jxa3 0—1\n").unwrap_err();
    assert!(e.contains("'0—1'") && e.contains("1—0"), "{e}");
}

#[test]
fn a_resignation_is_a_decisive_result_on_an_open_board() {
    let log = replay("[Game \"agog\"]\n[Result \"0—1\"]\n\n1. 2e3 6e5 0—1\n").unwrap();
    assert_eq!(result(&log), "0—1");
    assert!(!log.line.status().is_over());
}

#[test]
fn moves_after_the_end_are_refused() {
    let e = replay("[Game \"agog\"]\n[Result \"*\"]\n[Setup \"8/8/8/8/8/8/j7/J7 w 0 0\"]\n\n1. Jxa3 h8\n").unwrap_err();
    assert!(e.contains("already over"), "{e}");
}

#[test]
fn export_is_canonical_and_reimports_to_the_same_text() {
    let text = "[Game \"agog\"]\n[Result \"*\"]\n[Variant \"classic\"]\n[White \"Ann\"]\n[Black \"Bo\"]\n[Handicap \"2\"]\n\n\
                1. e2-e3 e7-e6 2. a6b6 h3-g3 *\n";
    let log = replay(text).unwrap();
    let out = log.to_text(arbiter_play::MoveForm::Record);
    assert_eq!(
        out,
        "[Game \"agog\"]\n[Variant \"classic\"]\n[Handicap \"2\"]\n[White \"Ann\"]\n[Black \"Bo\"]\n[Result \"*\"]\n\n\
         1. 2e3 7e6 2. ab6 hg3 *\n"
    );
    assert_eq!(replay(&out).unwrap().to_text(arbiter_play::MoveForm::Record), out);
    assert_eq!(long_moves(&log), ["e2-e3", "e7-e6", "a6-b6", "h3-g3"]);
}

#[test]
fn record_errors_name_the_move() {
    for (text, needle) in [
        ("1. e3\n", "Game"),
        ("\u{feff}[Game \"go\"]\n", "'go'"),
        ("[Game \"go\"]\n[Result \"*\"]\n\n1. e3\n", "'go'"),
        ("[Game \"agog\"]\n[Result \"*\"]\n[Variant \"modern\"]\n", "'modern'"),
        ("[Game \"agog\"]\n[Result \"*\"]\n[Handicap \"x\"]\n", "'x'"),
        ("[Game \"agog\"]\n[Result \"*\"]\n[Setup \"8/8 w 0 0\"]\n", "'8/8'"),
        ("[Game \"agog\"]\n[Result \"*\"]\n\n1. 2e3 e5\n", "move 1 (e5)"),
        ("[Game \"agog\"]\n\n1. 2e3 *\n", "'Result': a record needs a [Result"),
    ] {
        let e = replay(text).unwrap_err();
        assert!(e.contains(needle), "{text:?}: {e}");
    }
}

#[test]
fn a_byte_order_mark_before_a_record_is_passed_over() {
    let log = replay("\u{feff}[Game \"agog\"]\n[Result \"*\"]\n\n1. 2e3 *\n").unwrap();
    assert_eq!(long_moves(&log), ["e2-e3"]);
}
