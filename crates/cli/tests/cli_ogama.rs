//! The command-line contract for Ogama, exercised on the built binary.

mod support;

use support::{arbiter, arbiter_with_input, assert_fails_naming, scratch, stderr, stdout};

/// Seed 1's deal (pinned by the engine's own tests).
const DEAL_1: &str = "o,b,o,b,b/b,o,o,b,o/b,b,o,o,b/o,o,.,o,b/b,b,o,o,b o";
/// Orange's toad on a2, Blue's on a1, both on single discs.
const PLACED: &str = "o,b,o,b,b/b,o,o,b,o/b,b,o,o,b/o*,o,.,o,b/b*,b,o,o,b o";
/// Orange to move; c3-c4 makes a six-disc tower topped orange.
const TOWER: &str = "b,.,.,.,o*/.,.,bbbbb,.,./.,.,o,.,./.,.,.,.,./oooo,oooo,oo,bbb*,bbb o";

#[test]
fn moves_list_the_toad_placements_first_in_byte_order() {
    let o = arbiter(&["moves", "ogama", "--seed", "1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    // Twelve orange discs, each a place for Orange's toad.
    assert_eq!(lines.len(), 12);
    assert!(lines.iter().all(|m| m.starts_with("T@")));
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted);
    let with_toads = stdout(&arbiter(&["moves", "ogama", "--position", PLACED]));
    let moves: Vec<&str> = with_toads.lines().collect();
    // Height 1 under Orange's toad: one step; the toad's own step to b2.
    assert!(moves.contains(&"Ta2-b2") && moves.contains(&"a5-a4") && moves.contains(&"b2-b1"), "{with_toads}");
    assert!(!moves.contains(&"b2-a2"), "a disc never lands on a toad");
    assert_eq!(moves.len(), 38);
}

#[test]
fn perft_counts_the_deal_of_a_seed() {
    let j = arbiter(&["--json", "perft", "ogama", "3", "--seed", "1"]);
    assert!(j.status.success(), "{}", stderr(&j));
    let text = stdout(&j);
    assert!(text.starts_with("{\"depth\":3,\"nodes\":5397,\"seconds\":"), "{text}");
    let reference = ".,.,.,bo,o/.,oo,oo*,o,o/bbbb,.,.,b,o/.,.,bb*,.,o/.,oo,bbb,.,b o";
    assert_eq!(stdout(&arbiter(&["perft", "ogama", "--position", reference, "2"])).lines().next(), Some("610"));
}

#[test]
fn apply_plays_placements_and_discs_and_reports_endings() {
    let o = arbiter(&["apply", "ogama", "--seed", "1", "T@a2", "T@a1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), format!("{PLACED}\nongoing\n"));
    assert_eq!(stdout(&arbiter(&["apply", "ogama", "--seed", "1"])), format!("{DEAL_1}\nongoing\n"));
    let tower = arbiter(&["--json", "apply", "ogama", "--position", TOWER, "c3-c4"]);
    assert_eq!(
        stdout(&tower).trim(),
        r#"{"position":"b,.,.,.,o*/.,.,bbbbbo,.,./.,.,.,.,./.,.,.,.,./oooo,oooo,oo,bbb*,bbb b","status":"win","winners":["o"],"reason":"tower"}"#
    );
    let no_singles = ".,.,b,.,bo*/.,.,.,.,./.,.,o,.,./.,.,.,.,./ooooo,ooooo,.,bbbbb,bbbbb* o";
    let end = arbiter(&["--json", "apply", "ogama", "--position", no_singles, "c3-c5"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&end)).unwrap();
    assert_eq!((v["status"].as_str(), v["reason"].as_str()), (Some("win"), Some("no-singles")));
    let late = arbiter(&["apply", "ogama", "--position", TOWER, "c3-c4", "Td1-e1"]);
    assert_fails_naming(&late, "'Td1-e1'", "a move after the end");
}

#[test]
fn show_draws_heights_colours_and_toads() {
    let o = arbiter(&["show", "ogama", "--position", TOWER]);
    let text = stdout(&o);
    assert!(text.lines().any(|l| l.starts_with("4 ") && l.contains("5:bbbbb")), "{text}");
    assert!(text.lines().any(|l| l.starts_with("1 ") && l.contains("3:bbb B")), "{text}");
    assert!(text.lines().any(|l| l.starts_with("5 ") && l.contains("1:o O")), "{text}");
    assert!(text.contains("Toads: Orange e5, Blue d1."), "{text}");
    let j: serde_json::Value = serde_json::from_str(&stdout(&arbiter(&["--json", "show", "ogama"]))).unwrap();
    assert_eq!(j["to_move"], "o");
    assert!(j["diagram"].as_str().unwrap().contains("not placed"));
}

#[test]
fn errors_name_the_token_and_exit_non_zero() {
    for (args, token) in [
        (vec!["apply", "ogama", "--seed", "1", "T@a1"], "'T@a1'"),
        (vec!["apply", "ogama", "--position", PLACED, "c3-e5"], "'c3-e5'"),
        (vec!["apply", "ogama", "--position", PLACED, "pass"], "'pass'"),
        (vec!["moves", "ogama", "--position", "o,b/b,o o"], "'o,b/b,o'"),
        (vec!["moves", "ogama", "--position", &PLACED.replace(" o", " x")], "'x'"),
        (vec!["moves", "ogama", "--seed", "2", "--position", PLACED], "'--seed'"),
        (vec!["moves", "ogama", "--variant", "classic"], "'--variant'"),
        (vec!["moves", "ogama", "--handicap", "2"], "'--handicap'"),
    ] {
        assert_fails_naming(&arbiter(&args), token, &format!("{args:?}"));
    }
}

#[test]
fn records_keep_the_seed_and_replay() {
    let dir = scratch("ogama-record");
    let file = dir.join("game.txt");
    std::fs::write(&file, "[Game \"ogama\"]\n[Result \"*\"]\n[Seed \"1\"]\n\n1. T@a2 T@a1 2. a5-a4 *\n").unwrap();
    let o = arbiter(&["record", file.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "[Game \"ogama\"]\n[Seed \"1\"]\n[Result \"*\"]\n\n1. T@a2 T@a1 2. a5-a4 *\n");
    // Seed 0 deals a blue disc to d2, where seed 1 dealt an orange one.
    assert!(arbiter(&["apply", "ogama", "--seed", "1", "T@d2"]).status.success());
    std::fs::write(&file, "[Game \"ogama\"]\n[Result \"*\"]\n[Seed \"0\"]\n\n1. T@d2 *\n").unwrap();
    let bad = arbiter(&["record", file.to_str().unwrap()]);
    assert!(!bad.status.success() && stderr(&bad).contains("move 1"), "{}", stderr(&bad));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn hot_seat_play_names_the_sides_and_saves_the_deal() {
    let dir = scratch("ogama-play");
    let save = dir.join("game.txt");
    let input = "T@a1\nT@a2\nT@a1\nmoves\nresign\n";
    let o = arbiter_with_input(
        &["play", "ogama", "--seed", "1", "--plain", "--save", save.to_str().unwrap(), "--first", "Ann"],
        input,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("T@c3 places your toad"), "{out}");
    assert!(out.contains("Illegal: 'T@a1'"), "{out}");
    assert!(out.contains("Blue to move>"), "{out}");
    assert!(out.contains("Orange resigns."), "{out}");
    let record = std::fs::read_to_string(&save).unwrap();
    for tag in ["[Game \"ogama\"]", "[Seed \"1\"]", "[Orange \"Ann\"]", "[Blue \"Blue\"]", "[Result \"0—1\"]"] {
        assert!(record.contains(tag), "{tag} in {record}");
    }
    assert!(record.trim_end().ends_with("1. T@a2 T@a1 0—1"), "{record}");
    assert!(arbiter(&["record", save.to_str().unwrap()]).status.success());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_engine_deals_from_its_seed() {
    let script = "game ogama seed=1\nshow\nplay T@a2\nplay T@a2\nlegal\nposition start\nshow\nquit\n";
    let o = arbiter_with_input(&["engine"], script);
    let out = stdout(&o);
    let answers: Vec<&str> = out.split("\n\n").collect();
    assert_eq!(answers[0], "=");
    assert_eq!(answers[1], format!("= {DEAL_1}"));
    assert_eq!(answers[2], "=");
    assert!(answers[3].starts_with("? ") && answers[3].contains("T@a2"), "{}", answers[3]);
    assert!(answers[4].starts_with("= T@a1\n"), "{}", answers[4]);
    assert_eq!(answers[6], format!("= {DEAL_1}"));
}
