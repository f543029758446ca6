//! The command-line contract for Sage Tafl, exercised on the built binary.

mod support;

use support::{arbiter, arbiter_with_input, assert_fails_naming, json, stderr, stdout};

const START: &str = "2aaaa2/k1aaaa1k/8/8/8/8/8/K1AAAA1K/2AAAA2 b Ss 0-0";

#[test]
fn moves_lists_the_eighteen_first_moves_in_byte_order() {
    let o = arbiter(&["moves", "sage"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 18);
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted);
    assert_eq!((lines[0], lines[17]), ("a2-a4", "h2-h4"));
    let escapes = arbiter(&["moves", "sage", "--position", "8/8/8/8/2A5/8/8/8/3S4 b -- 0-0"]);
    assert!(stdout(&escapes).starts_with("c5-E\nc5-W\n"), "{}", stdout(&escapes));
    let v = json(&arbiter(&["--json", "moves", "sage", "--position", "8/8/8/8/8/8/8/3aa3/3aa3 b S- 0-0"]));
    assert_eq!(v["moves"], serde_json::json!(["pass"]));
}

#[test]
fn perft_matches_the_reference_counts() {
    let o = arbiter(&["perft", "sage", "4"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o).lines().next(), Some("206756"));
    let j = arbiter(&["--json", "perft", "sage", "3"]);
    assert!(stdout(&j).starts_with("{\"depth\":3,\"nodes\":8194,\"seconds\":"), "{}", stdout(&j));
    let divide = json(&arbiter(&["--json", "perft", "sage", "2", "--divide"]));
    assert_eq!(divide["divide"]["T-d2"], serde_json::Value::Null);
    assert_eq!(divide["divide"]["a2-c4"], 18);
}

#[test]
fn apply_prints_the_position_and_the_status() {
    let o = arbiter(&["apply", "sage", "d2-d4", "c8-c6", "T-d2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "2aaaa2/k2aaa1k/8/2a5/8/3A4/8/K1ASAA1K/2AAAA2 r -s 0-0\nongoing\n");
    let ongoing = json(&arbiter(&["--json", "apply", "sage"]));
    assert_eq!(ongoing, serde_json::json!({"position": START, "status": "ongoing", "winners": [], "reason": null}));
    let black =
        json(&arbiter(&["--json", "apply", "sage", "--position", "3s4/8/8/8/1A4a1/8/8/8/3S4 b -- 4-3", "b5-W"]));
    assert_eq!(
        black,
        serde_json::json!({"position": "3s4/8/8/8/6a1/8/8/8/3S4 r -- 5-3", "status": "win", "winners": ["b"], "reason": "score"})
    );
    let red = arbiter(&["apply", "sage", "--position", "8/8/8/8/7s/8/8/8/8 r -- 0-3", "h5-E"]);
    assert_eq!(stdout(&red), "8/8/8/8/8/8/8/8/8 b -- 0-6\nwin r score\n");
    let draw = json(&arbiter(&["--json", "apply", "sage", "--position", "8/8/8/8/7a/8/8/8/8 r -- 4-3", "h5-E"]));
    assert_eq!(draw["status"], "draw");
    assert_eq!(draw["winners"], serde_json::json!([]));
    assert_eq!(draw["reason"], "passes");
    // A pass is a move like any other.
    let pass = arbiter(&["apply", "sage", "--position", "8/8/8/8/8/8/8/3aa3/3aa3 b S- 0-0", "pass", "d2-d3"]);
    assert_eq!(stdout(&pass), "8/8/8/8/8/8/3a4/4a3/3aa3 b S- 0-0\nongoing\n");
}

#[test]
fn apply_sees_single_positions_only() {
    // The same shuffle three times over: `apply` judges the last position
    // alone, so repetition cannot end the game there.
    let shuffle = ["a2-a4", "a8-a6", "a4-a2", "a6-a8"];
    let mut args = vec!["apply", "sage"];
    for _ in 0..3 {
        args.extend(shuffle);
    }
    let o = arbiter(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), format!("{START}\nongoing\n"));
}

#[test]
fn errors_name_the_token_and_exit_non_zero() {
    for (args, token) in [
        (vec!["apply", "sage", "c2-c5"], "'c2-c5'"),
        (vec!["apply", "sage", "c2x4"], "'c2x4'"),
        (vec!["apply", "sage", "T-d3"], "'T-d3'"),
        (vec!["apply", "sage", "pass"], "'pass'"),
        (vec!["apply", "sage", "a2-c4", "z9-c4"], "'z9'"),
        (vec!["moves", "sage", "--position", "8/8 b Ss 0-0"], "'8/8'"),
        (vec!["moves", "sage", "--position", "2aaaa2/k1aaaa1k/8/8/8/8/8/K1AAAA1K/2AAAA2 w Ss 0-0"], "'w'"),
        (vec!["moves", "sage", "--position", "2aaaa2/k1aaaa1k/8/8/8/8/8/K1AAAA1K/2AAAA2 b SS 0-0"], "'SS'"),
        (vec!["moves", "sage", "--position", "2aaaa2/k1aaaa1k/8/8/8/8/8/K1AAAA1K/2AAAA2 b Ss 0:0"], "'0:0'"),
        (vec!["moves", "sage", "--seed", "3"], "'--seed'"),
        (vec!["moves", "sage", "--variant", "classic"], "'--variant'"),
        (vec!["moves", "sage", "--handicap", "2"], "'--handicap'"),
        (vec!["apply", "sage", "--position", "3s4/8/8/8/1A4a1/8/8/8/3S4 b -- 4-3", "b5-W", "g5-E"], "'g5-E'"),
    ] {
        assert_fails_naming(&arbiter(&args), token, &format!("{args:?}"));
    }
}

#[test]
fn show_draws_the_river_the_towers_and_the_scores() {
    let o = arbiter(&["show", "sage"]);
    assert!(o.status.success());
    let text = stdout(&o);
    assert!(text.starts_with("   a b c d e f g h\n9  . . a a a a . .\n"), "{text}");
    assert!(text.contains("5  ~ ~ ~ ~ ~ ~ ~ ~  river"), "{text}");
    assert!(text.contains("         [s]  Red's tower (Sage in)\n8  k"), "{text}");
    assert!(text.contains("2  K . A A A A . K\n         [S]  Black's tower (Sage in)"), "{text}");
    assert!(text.contains("Black to move.\nScore: Black 0, Red 0 (5 to win).\n"), "{text}");
    let later = stdout(&arbiter(&["show", "sage", "--position", "8/8/8/8/2A1S3/8/8/8/8 r -s 4-1"]));
    assert!(later.contains("5  ~ ~ A ~ S ~ ~ ~"), "{later}");
    assert!(later.contains("[ ]  Black's tower (empty)") && later.contains("[s]  Red's tower (Sage in)"), "{later}");
    assert!(later.contains("Red to move.\nScore: Black 4, Red 1"), "{later}");
    assert!(later.contains("Black's Sage: on e5.\nRed's Sage: in her tower."), "{later}");
    let v = json(&arbiter(&["--json", "show", "sage"]));
    assert_eq!(v["to_move"], "b");
    assert_eq!(v["position"], START);
}

#[test]
fn records_check_convert_and_keep_the_repetition_tag() {
    let dir = std::env::temp_dir().join(format!("arbiter-cli-sage-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.txt");
    let shuffle = "1. a2-a4 a8-a6 2. a4-a2 a6-a8 3. a2-a4 a8-a6 4. a4-a2 a6-a8";
    std::fs::write(&file, format!("[Game \"sage\"]\n[Result \"*\"]\n\n{shuffle}\n")).unwrap();
    let o = arbiter(&["record", file.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), format!("[Game \"sage\"]\n[Result \"½—½\"]\n\n{shuffle} ½—½\n"));
    std::fs::write(&file, format!("[Game \"sage\"]\n[Result \"*\"]\n[Repetition \"off\"]\n\n{shuffle} 5. c2-c4\n"))
        .unwrap();
    let o = arbiter(&["record", file.to_str().unwrap(), "--to", "long"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("[Repetition \"off\"]") && stdout(&o).ends_with("5. c2-c4 *\n"), "{}", stdout(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_engine_speaks_sage() {
    let input = "game sage\nlegal\nplay T-d2\nplay a2-c4\nshow\nposition 3s4/8/8/8/1A4a1/8/8/8/3S4 b -- 4-3\ngo depth 2\n\
                 play b5-W\nstatus\ngame sage repetition=off\nplay a2-a4\nplay a8-a6\nplay a4-a2\nplay a6-a8\nplay a2-a4\n\
                 play a8-a6\nplay a4-a2\nplay a6-a8\nstatus\ngame sage\nplay a2-a4\nplay a8-a6\nplay a4-a2\nplay a6-a8\n\
                 play a2-a4\nplay a8-a6\nplay a4-a2\nplay a6-a8\nstatus\ngo depth 1\ngame sage seed=1\nquit\n";
    let o = arbiter_with_input(&["engine"], input);
    assert!(o.status.success(), "{}", stderr(&o));
    let answers: Vec<String> = stdout(&o).split("\n\n").map(str::to_string).collect();
    assert_eq!(answers[0], "=");
    assert!(answers[1].starts_with("= a2-a4\na2-c4\n") && answers[1].ends_with("h2-h4"), "{}", answers[1]);
    assert!(answers[2].starts_with("? 'T-d2'"), "{}", answers[2]);
    assert_eq!(answers[3], "=");
    assert_eq!(answers[4], "= 2aaaa2/k1aaaa1k/8/8/8/2K5/8/2AAAA1K/2AAAA2 r Ss 0-0");
    assert_eq!(answers[6], "= b5-W");
    assert_eq!(answers[8], "= win b score");
    assert_eq!(answers[18], "= ongoing");
    assert_eq!(answers[28], "= draw repetition");
    assert_eq!(answers[29], "? the game is over (draw repetition)");
    assert!(answers[30].starts_with("? 'seed': not an option of sage"), "{}", answers[30]);
}

#[test]
fn the_arena_plays_sage_with_black_and_red() {
    let dir = std::env::temp_dir().join(format!("arbiter-arena-sage-{}", std::process::id()));
    let o = arbiter(&[
        "--json",
        "arena",
        "sage",
        "--a",
        "depth=2",
        "--b",
        "random",
        "--games",
        "4",
        "--records",
        dir.to_str().unwrap(),
    ]);
    let v = json(&o);
    assert_eq!(v["games"], 4);
    assert!(v["wins"].as_u64().unwrap() >= 3, "{v}");
    let record = std::fs::read_to_string(dir.join("game-0002.txt")).unwrap();
    assert!(record.contains("[Black \"random\"]") && record.contains("[Red \"depth=2\"]"), "{record}");
    assert!(arbiter(&["record", dir.join("game-0001.txt").to_str().unwrap()]).status.success());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn hot_seat_play_of_sage_saves_the_record() {
    let dir = std::env::temp_dir().join(format!("arbiter-play-sage-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let save = dir.join("game.txt");
    let position = "3s4/8/8/8/1A4a1/8/8/8/3S4 b -- 4-3";
    let o = arbiter_with_input(
        &["play", "sage", "--position", position, "--save", save.to_str().unwrap()],
        "b5-b3\nb5-W\n",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("Illegal: 'b5-b3'"), "{out}");
    assert!(out.contains("Black wins by score"), "{out}");
    let record = std::fs::read_to_string(&save).unwrap();
    assert!(record.contains("[Game \"sage\"]") && record.contains(&format!("[Setup \"{position}\"]")), "{record}");
    assert!(record.trim_end().ends_with("1. b5-W 1—0"), "{record}");
    assert!(record.contains("[Black \"Black\"]") && record.contains("[Red \"Red\"]"), "{record}");
    std::fs::remove_dir_all(&dir).unwrap();
}
