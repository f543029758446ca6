//! The command-line contract, exercised on the built binary.

mod support;

use std::process::{Command, Stdio};

use support::{arbiter, arbiter_with_input, assert_fails_naming, json, ok, stderr, stdout};

const START: &str = "2gggggj/3ggggg/G3gggg/GG3ggg/GGG3gg/GGGG3g/GGGGG3/JGGGGG2 w 0 0";

#[test]
fn moves_are_sorted_in_byte_order() {
    let o = arbiter(&["moves", "agog"]);
    assert!(o.status.success());
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 12);
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted);
    assert_eq!(lines[0], "a6-a7");
    let json = arbiter(&["moves", "agog", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&json)).unwrap();
    assert_eq!(v["moves"].as_array().unwrap().len(), 12);
}

#[test]
fn perft_prints_the_count_and_json() {
    let o = arbiter(&["perft", "agog", "4"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o).lines().next(), Some("22744"));
    assert!(stdout(&o).contains("nodes per second"));
    let j = arbiter(&["--json", "perft", "agog", "3", "--variant", "classic"]);
    let text = stdout(&j);
    assert!(text.starts_with("{\"depth\":3,\"nodes\":1848,\"seconds\":"), "{text}");
}

#[test]
fn apply_prints_the_position_and_status() {
    let o = arbiter(&["apply", "agog", "e2-e3", "6e5"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "2gggggj/3ggggg/G4ggg/GG2gggg/GGG3gg/GGGGG2g/GGGG4/JGGGGG2 w 0 0\nongoing\n");
    let j = arbiter(&["apply", "agog", "--json", "--position", "8/8/8/8/8/8/j7/J7 w 0 0", "a1xa3"]);
    assert_eq!(
        stdout(&j).trim(),
        r#"{"position":"8/8/8/8/8/J7/8/8 b 0 0","status":"win","winners":["w"],"reason":"capture"}"#
    );
    let ongoing = arbiter(&["apply", "agog", "--json"]);
    assert_eq!(
        stdout(&ongoing).trim(),
        format!(r#"{{"position":"{START}","status":"ongoing","winners":[],"reason":null}}"#)
    );
}

#[test]
fn a_promotion_may_be_two_arguments() {
    let p = "7j/8/8/8/4J3/c7/8/7g b 0 0";
    let two = arbiter(&["apply", "agog", "--position", p, "a3-a1", "h1=H"]);
    let one = arbiter(&["apply", "agog", "--position", p, "Ca1 h1=H"]);
    assert!(two.status.success(), "{}", stderr(&two));
    assert_eq!(stdout(&two), stdout(&one));
    assert!(stdout(&two).starts_with("7j/8/8/8/4J3/8/8/7h w 1 0"));
}

#[test]
fn errors_name_the_token_and_exit_non_zero() {
    for (args, token) in [
        (vec!["apply", "agog", "e2-e5"], "'e2-e5'"),
        (vec!["apply", "agog", "zz"], "'zz'"),
        (vec!["moves", "agog", "--position", "8/8 w 0 0"], "'8/8'"),
        (vec!["moves", "chess"], "'chess'"),
        (vec!["moves", "agog", "--variant", "modern"], "'modern'"),
        (vec!["moves", "agog", "--handicap", "11"], "'11'"),
    ] {
        assert_fails_naming(&arbiter(&args), token, &format!("{args:?}"));
    }
}

#[test]
fn show_draws_the_board_with_coordinates() {
    let o = arbiter(&["show", "agog", "--handicap", "1"]);
    let text = stdout(&o);
    assert!(text.contains("a b c d e f g h"));
    assert!(text.lines().any(|l| l.starts_with("6  G . . . g . g g")), "{text}");
}

#[test]
fn record_checks_and_converts() {
    let dir = std::env::temp_dir().join(format!("arbiter-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.txt");
    std::fs::write(&file, "[Game \"agog\"]\n[Result \"*\"]\n\n1. e2-e3 e6-e5 2. d2e2 *\n").unwrap();
    let o = arbiter(&["record", file.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "[Game \"agog\"]\n[Result \"*\"]\n\n1. 2e3 6e5 2. de2 *\n");
    let long = arbiter(&["record", file.to_str().unwrap(), "--to", "long"]);
    assert!(stdout(&long).contains("1. e2-e3 e6-e5 2. d2-e2 *"), "{}", stdout(&long));
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "[Game \"agog\"]\n[Result \"*\"]\n\n1. 2e3 6e5 2. e5 *\n").unwrap();
    let o = arbiter(&["record", bad.to_str().unwrap()]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("'e5'") && stderr(&o).contains("move 2"), "{}", stderr(&o));
    // The output file is never overwritten: the work goes to a free name
    // beside it, and the command says so.
    let out = dir.join("out.txt");
    std::fs::write(&out, "someone's notes\n").unwrap();
    let again = arbiter(&["record", file.to_str().unwrap(), "--output", out.to_str().unwrap()]);
    assert!(again.status.success(), "{}", stderr(&again));
    assert!(stderr(&again).contains("exists already: writing to") && stderr(&again).contains("out-1.txt"));
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "someone's notes\n");
    assert!(std::fs::read_to_string(dir.join("out-1.txt")).unwrap().contains("1. 2e3 6e5"));
    // A folder that does not exist is named as such, before any work.
    let nowhere = dir.join("no-such-folder/out.txt");
    let o = arbiter(&["record", file.to_str().unwrap(), "--output", nowhere.to_str().unwrap()]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("there is no folder"), "{}", stderr(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn hot_seat_play_explains_and_saves_the_record() {
    let dir = std::env::temp_dir().join(format!("arbiter-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let save = dir.join("game.txt");
    let input = "e2-e5\n2e3\nmoves\n6e5\nundo\ne6-e5\nresign\n";
    let o = arbiter_with_input(&["play", "agog", "--save", save.to_str().unwrap(), "--white", "Ann"], input);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("Illegal: 'e2-e5': a golem moves one square at a time"), "{out}");
    assert!(out.contains("   a b c d e f g h"));
    assert!(out.contains("White resigns."), "{out}");
    let record = std::fs::read_to_string(&save).unwrap();
    assert!(record.contains("[White \"Ann\"]"));
    assert!(record.contains("[Result \"0—1\"]"));
    assert!(record.trim_end().ends_with("1. 2e3 6e5 0—1"), "{record}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn play_explains_a_compulsory_capture() {
    let p = "8/3g4/8/3g4/3G4/1j6/1G6/J7 w 0 0";
    let dir = support::scratch("compulsory");
    let save = dir.join("game.txt");
    let o = arbiter_with_input(&["play", "agog", "--position", p, "--save", support::path(&save)], "b2xb4\nquit\n");
    let out = stdout(&o);
    assert!(!save.exists(), "no move played, no record written");
    assert!(out.contains("a longer capture is compulsory: d4xd6xd8 jumps 2 units, this jumps 1"), "{out}");
}

#[test]
fn a_reader_that_goes_away_is_not_an_error() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["perft", "agog", "3", "--divide"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let o = child.wait_with_output().unwrap();
    assert!(!stderr(&o).contains("panicked"), "{}", stderr(&o));
}

#[test]
fn the_arena_reports_a_match_and_writes_records() {
    let dir = std::env::temp_dir().join(format!("arbiter-arena-{}", std::process::id()));
    let o = arbiter(&[
        "--json",
        "arena",
        "agog",
        "--a",
        "depth=2",
        "--b",
        "random",
        "--games",
        "6",
        "--records",
        dir.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["games"], 6);
    assert_eq!(v["wins"].as_u64().unwrap() + v["losses"].as_u64().unwrap() + v["draws"].as_u64().unwrap(), 6);
    assert!(v["wins"].as_u64().unwrap() >= 5, "{v}");
    let record = std::fs::read_to_string(dir.join("game-0002.txt")).unwrap();
    assert!(record.contains("[White \"random\"]") && record.contains("[Black \"depth=2\"]"), "{record}");
    assert!(arbiter(&["record", dir.join("game-0001.txt").to_str().unwrap()]).status.success());
    std::fs::remove_dir_all(&dir).unwrap();
    let bad = arbiter(&["arena", "agog", "--a", "level=11", "--b", "random"]);
    assert!(!bad.status.success() && stderr(&bad).contains("'11'"));
}

#[test]
fn analyse_reports_self_play_statistics_and_charts() {
    let dir = std::env::temp_dir().join(format!("arbiter-analyse-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("chart.svg");
    let o = arbiter(&[
        "--json",
        "analyse",
        "agog",
        "--games",
        "4",
        "--player",
        "depth=1",
        "--handicap-steps",
        "1",
        "--svg",
        svg.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let settings = v["settings"].as_array().unwrap();
    assert_eq!(settings.len(), 2);
    assert_eq!(settings[0]["games"], 4);
    assert_eq!(settings[0]["branching_by_ply"][0], 12.0);
    let endings: u64 = settings[1]["endings"].as_object().unwrap().values().map(|n| n.as_u64().unwrap()).sum();
    assert_eq!(endings, 4);
    assert!(std::fs::read_to_string(&svg).unwrap().starts_with("<svg"));
    assert!(std::fs::read_to_string(dir.join("chart.handicap.svg")).unwrap().contains("handicap"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bytes_that_are_not_utf8_are_refused_and_the_engine_goes_on() {
    let o = arbiter_with_input(&["engine"], b"game agog\nplay e2\xff-e3\n\xfe\xfe\nplay e2-e3\nquit\n");
    assert!(o.status.success(), "{}", stderr(&o));
    let answers: Vec<String> = stdout(&o).split_terminator("\n\n").map(String::from).collect();
    assert_eq!(answers.len(), 5, "{answers:?}");
    assert!(answers[1].starts_with("? '\u{fffd}-e3'"), "{answers:?}");
    assert!(answers[2].starts_with("? unknown command"), "{answers:?}");
    assert_eq!(answers[3], "=", "the game goes on: {answers:?}");
}

#[test]
fn the_ai_may_be_given_a_time_cap_a_move() {
    let dir = std::env::temp_dir().join(format!("arbiter-movetime-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let save = dir.join("game.txt");
    let args = ["play", "agog", "--as", "first", "--level", "10", "--movetime", "50", "--save", save.to_str().unwrap()];
    let o = arbiter_with_input(&args, "e2-e3\nresign\n");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("Black (Arbiter level 10) plays "), "{}", stdout(&o));
    let record = std::fs::read_to_string(&save).unwrap();
    assert!(record.contains("[Black \"Arbiter level 10\"]") && record.contains("1. 2e3 "), "{record}");
    std::fs::remove_dir_all(&dir).unwrap();
    for (args, token) in
        [(&["play", "agog", "--movetime", "0"][..], "'0'"), (&["play", "scg", "--movetime", "100"][..], "--movetime")]
    {
        let o = arbiter(args);
        assert!(!o.status.success() && stderr(&o).contains(token), "{args:?}: {}", stderr(&o));
    }
}

/// Every bad input gets one line naming the token and exit status 1, in
/// JSON under `--json`; Elo figures are finite and inside their interval.
#[test]
fn the_error_contract_holds_for_every_kind_of_bad_input() {
    for (args, token) in [
        (&["perft", "agog", "abc"][..], "'abc'"),
        (&["perft", "agog", "-1"][..], "'-1'"),
        (&["moves"][..], "<GAME>"),
        (&["bogus"][..], "'bogus'"),
        (&[][..], "no command given"),
        (&["play", "agog", "--level", "4294967296"][..], "1..=10"),
        (&["arena", "agog", "--a", "random", "--b", "random", "--games", "0"][..], "'0'"),
        (&["record", "/no/such/record.txt"][..], "No such file"),
    ] {
        assert_fails_naming(&arbiter(args), token, &format!("{args:?}"));
    }
    for args in [&["--json", "perft", "agog", "abc"][..], &["play", "agog", "--json"][..]] {
        let o = arbiter(args);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        let e: serde_json::Value = serde_json::from_str(stderr(&o).trim()).expect("one JSON object");
        assert!(e["error"]["message"].as_str().is_some() && e["error"]["token"].as_str().is_some(), "{e}");
    }
    assert!(arbiter(&["--help"]).status.success() && arbiter(&["--version"]).status.success());
    // A clean sweep: no estimate, and a bound the score supports.
    let sweep = json(&arbiter(&["--json", "arena", "agog", "--a", "level=3", "--b", "random", "--games", "4"]));
    assert_eq!((sweep["wins"].as_u64(), sweep["elo"].is_null()), (Some(4), true), "{sweep}");
    assert!(sweep["elo_interval"][0].as_f64().unwrap() > 0.0 && sweep["elo_interval"][1].is_null(), "{sweep}");
    let text = ok(&arbiter(&["arena", "agog", "--a", "level=3", "--b", "random", "--games", "4"]));
    assert!(text.contains("no estimate: A won every game (95% interval +") && !text.contains("inf"), "{text}");
}

/// `--as` takes what people type: first or second, a side's name or its
/// letter, in any case.
#[test]
fn play_takes_a_side_by_its_name_or_letter() {
    let dir = std::env::temp_dir().join(format!("arbiter-as-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (game, side, person) in [
        ("agog", "white", "White to move>"),
        ("agog", "B", "Black to move>"),
        ("sage", "RED", "Red to move>"),
        ("sage", "black", "Black to move>"),
        ("ogama", "second", "Blue to move>"),
    ] {
        let save = dir.join(format!("{game}-{side}.txt"));
        let args = ["play", game, "--as", side, "--level", "1", "--save", save.to_str().unwrap()];
        let o = arbiter_with_input(&args, "quit\n");
        assert!(o.status.success(), "{game} --as {side}: {}", stderr(&o));
        assert!(stdout(&o).contains(person), "{game} --as {side}: {}", stdout(&o));
    }
    assert_fails_naming(&arbiter(&["play", "agog", "--as", "purple"]), "'purple'", "an unknown side");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Work that takes long says so at once: a perft that cannot end in a
/// lifetime gives its size and its time before it starts, and a deep
/// search of the engine reports each depth it completes.
#[test]
fn long_work_gives_a_sign_of_life() {
    use std::io::BufRead;
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["perft", "agog", "99"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    std::io::BufReader::new(child.stderr.take().unwrap()).read_line(&mut first).unwrap();
    child.kill().unwrap();
    let _ = child.wait();
    assert!(first.starts_with("perft 99 of agog: about ") && first.contains("years"), "{first}");
    let o = arbiter_with_input(&["engine"], "game agog\ngo depth 4\nquit\n");
    let log = stderr(&o);
    for depth in 1..=4 {
        assert!(log.contains(&format!("info depth {depth} score ")), "{log}");
    }
    assert!(stdout(&o).starts_with("=\n\n= "), "{}", stdout(&o));
}
