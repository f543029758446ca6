//! Single Capture Go on the command line: `moves`, `apply`, `show`,
//! `perft`, `record`, and the referee's `arbiter scg` commands end to end
//! on a temporary directory, with the clock set through `ARBITER_NOW`.

mod support;

use std::path::{Path, PathBuf};

use support::{arbiter, arbiter_with_input, assert_fails_naming, json, ok, path, run, scratch, stderr, stdout};

const MONDAY: &str = "2026-11-23T09:00Z";
const TUESDAY: &str = "2026-11-24T09:00Z";
const THURSDAY: &str = "2026-11-26T09:00Z";
const FRIDAY: &str = "2026-11-27T09:00Z";

#[test]
fn moves_lists_the_playable_squares_in_byte_order() {
    let two = ok(&arbiter(&["moves", "scg"]));
    assert_eq!(two.lines().count(), 25);
    assert_eq!(two.lines().take(3).collect::<Vec<_>>(), ["a1", "a2", "a3"]);
    let twelve = ok(&arbiter(&["moves", "scg", "--players", "12"]));
    let lines: Vec<&str> = twelve.lines().collect();
    assert_eq!(lines.len(), 144);
    assert_eq!(&lines[..5], ["a1", "a10", "a11", "a12", "a2"]);
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted);
    let blocked =
        ok(&arbiter(&["moves", "scg", "--position", "@..../...../...../...../..... AB", "--at-blocked", "on"]));
    assert_eq!(blocked.lines().count(), 24);
    assert!(!blocked.contains("a1\n"));
}

#[test]
fn apply_takes_whole_rounds_and_json_adds_the_doomed() {
    let o = arbiter(&["apply", "scg", "--players", "ABC", "A:c3,B:c3,C:d4"]);
    assert_eq!(ok(&o), "....../....../..@.../...C../....../...... ABC\nongoing\n");
    let j = arbiter(&["apply", "scg", "--json", "--players", "ABC", "A:c3,B:c3,C:d4", "A:a1,C:f6"]);
    assert_eq!(
        ok(&j).trim(),
        r#"{"position":"A...../....../..@.../...C../....../.....C AC","status":"ongoing","winners":[],"reason":null,"doomed":["B"]}"#
    );
    // Everyone doomed at once: the most letters win, a tie shares.
    let p = "A..../@..../...../....@/...@B AB";
    let tie = json(&arbiter(&["apply", "scg", "--json", "--position", p, "A:e4,B:a2"]));
    assert_eq!(tie["status"], "win");
    assert_eq!(tie["winners"], serde_json::json!(["A", "B"]));
    assert_eq!(tie["reason"], "most-letters");
    assert_eq!(tie["doomed"], serde_json::json!(["A", "B"]));
    let last = ok(&arbiter(&["apply", "scg", "--players", "3", "B:a1"]));
    assert_eq!(last.lines().nth(1), Some("win B last-standing"));
    let none = ok(&arbiter(&["apply", "scg", "--position", "@..../...../...../...../..... -"]));
    assert_eq!(none.lines().nth(1), Some("win - most-letters"));
}

#[test]
fn bad_rounds_and_positions_exit_non_zero_naming_the_token() {
    for (args, token) in [
        (vec!["apply", "scg", "--players", "ABC", "A:c3,A:d4"], "'A:d4'"),
        (vec!["apply", "scg", "--position", "A..../...../...../...../..... AB", "B:a1"], "'B:a1': a1 holds A's letter"),
        (vec!["apply", "scg", "A:f1"], "'A:f1'"),
        (vec!["apply", "scg", "--players", "ABA"], "'ABA'"),
        (vec!["moves", "scg", "--position", "..../..../..../.... AB"], "'..../..../..../....'"),
        (vec!["moves", "scg", "--seed", "3"], "'--seed'"),
        (vec!["moves", "agog", "--players", "3"], "'--players'"),
        (vec!["perft", "scg", "2"], "'scg': perft counts the moves of turn-based games"),
    ] {
        let o = arbiter(&args);
        assert!(!o.status.success(), "{args:?}");
        let err = stderr(&o);
        assert!(err.starts_with("error: ") && err.contains(token), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

#[test]
fn show_draws_the_labelled_grid() {
    let o = ok(&arbiter(&["show", "scg", "--position", "A.@../...../...../...../....B AB"]));
    assert_eq!(
        o,
        "     1  2  3  4  5\n a   A  .  @  .  .\n b   .  .  .  .  .\n c   .  .  .  .  .\n d   .  .  .  .  .\n e   .  .  .  .  B\n\
         5×5 grid; players in the game: A B; @ squares playable\n"
    );
    let j = json(&arbiter(&["show", "scg", "--json", "--players", "4"]));
    assert_eq!(j["to_move"], "ABCD");
    assert!(j["diagram"].as_str().unwrap().contains("  1  2  3  4  5  6  7\n"));
}

#[test]
fn records_check_and_convert() {
    let dir = scratch("record");
    let file = dir.join("game.txt");
    std::fs::write(&file, "[Game \"scg\"]\n[Result \"*\"]\n[Players \"ABC\"]\n\n1. C:d4,A:c3,B:c3 2. A:a1 A\n")
        .unwrap();
    let o = ok(&arbiter(&["record", path(&file)]));
    assert_eq!(o, "[Game \"scg\"]\n[Players \"ABC\"]\n[Result \"A\"]\n\n1. A:c3,B:c3,C:d4 2. A:a1 A\n");
    std::fs::write(&file, "[Game \"scg\"]\n[Result \"*\"]\n[Players \"ABC\"]\n\n1. C:d4,A:c3,B:c3 2. A:a1 C\n")
        .unwrap();
    let bad = arbiter(&["record", path(&file)]);
    assert!(stderr(&bad).contains("'C': the final position says A"), "{}", stderr(&bad));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A four-player game (7×7 grid) opened on Monday, deadline Thursday.
fn open_game(dir: &Path, extra: &[&str]) -> PathBuf {
    let game = dir.join("game.json");
    let mut args = vec!["scg", "new", path(&game), "--players", "Alice,Bob,Carol,Dan"];
    args.extend_from_slice(extra);
    let out = ok(&run(&args, Some(MONDAY)));
    assert!(out.contains("Players: A (Alice), B (Bob), C (Carol), D (Dan)."), "{out}");
    let deadline = if extra.contains(&"24") { "Tue 24 Nov 2026, 09:00 UTC" } else { "Thu 26 Nov 2026, 09:00 UTC" };
    assert!(
        out.contains(&format!(
            "Round 1 begins now. Send your play, one square without a letter such as c3, to the referee by {deadline}."
        )),
        "{out}"
    );
    game
}

#[test]
fn the_referee_receives_plays_in_secret_and_announces_the_round() {
    let dir = scratch("referee");
    let game = open_game(&dir, &[]);
    let g = path(&game);
    // The rule text's example: Carol plays e7.
    assert!(
        ok(&run(&["scg", "play", g, "--as", "Carol", "e7"], Some(MONDAY))).contains("Received C (Carol)'s play e7.")
    );
    ok(&run(&["scg", "play", g, "--as", "A", "c3"], Some(MONDAY)));
    // A later valid play replaces an earlier one.
    let again = ok(&run(&["scg", "play", g, "--as", "alice", "d4"], Some(TUESDAY)));
    assert!(again.contains("it replaces c3"), "{again}");
    ok(&run(&["scg", "play", g, "--as", "Bob", "d4"], Some(TUESDAY)));
    // Off the grid: refused with the reason; nothing is kept.
    let refused = run(&["scg", "play", g, "--as", "Dan", "h1"], Some(TUESDAY));
    assert!(!refused.status.success());
    assert!(stderr(&refused).contains("'h1': refused: not a square of the 7×7 grid"), "{}", stderr(&refused));
    assert!(stderr(&refused).contains("(e7); D (Dan) has no valid play yet"), "{}", stderr(&refused));

    // Secrecy: nobody sees another's pending square.
    let public = ok(&run(&["scg", "status", g], Some(TUESDAY)));
    assert!(public.contains("Plays received: 3 of 4."), "{public}");
    let bobs = ok(&run(&["scg", "status", g, "--as", "Bob"], Some(TUESDAY)));
    for text in [&public, &bobs] {
        for secret in ["e7", "c3"] {
            assert!(!text.contains(secret), "{secret} shown in:\n{text}");
        }
    }
    assert!(bobs.contains("Your play, B (Bob): d4"), "{bobs}");
    let carols = ok(&run(&["scg", "status", g, "--as", "C"], Some(TUESDAY)));
    assert!(carols.contains("Your play, C (Carol): e7") && !carols.contains("d4"), "{carols}");
    let dans = json(&run(&["scg", "status", g, "--as", "Dan", "--json"], Some(TUESDAY)));
    assert_eq!(dans["you"]["play"], serde_json::Value::Null);
    assert_eq!(dans["you"]["refused"], serde_json::json!([]), "text that names no square is not kept");
    let text = dans.to_string();
    assert!(!text.contains("e7") && !text.contains("d4") && !text.contains("c3"), "{text}");

    // Closing before the deadline needs --force.
    let early = run(&["scg", "close", g], Some(TUESDAY));
    assert!(!early.status.success());
    assert!(stderr(&early).contains("round 1 is open until Thu 26 Nov 2026, 09:00 UTC (2 days from now)"));
    // After the deadline plays are refused, and the round may be closed.
    let late = run(&["scg", "play", g, "--as", "Dan", "a1"], Some(THURSDAY));
    assert!(stderr(&late).contains("closed for plays at its deadline"), "{}", stderr(&late));
    let announcement = ok(&run(&["scg", "close", g], Some(THURSDAY)));
    for line in [
        "Single Capture Go: results of round 1",
        "  A (Alice)  d4   collided with B (Bob): d4 holds @",
        "  B (Bob)    d4   collided with A (Alice): d4 holds @",
        "  C (Carol)  e7   placed",
        "  D (Dan)    no valid play",
        "  A (Alice)  c3   replaced by a later play",
        "  D (Dan): made no valid play",
        " e   .  .  .  .  .  .  C",
        "Remaining: A (Alice), B (Bob) and C (Carol).",
        "Round 2 begins now. Send your play by Sun 29 Nov 2026, 09:00 UTC.",
    ] {
        assert!(announcement.contains(line), "missing {line:?} in:\n{announcement}");
    }
    assert!(!announcement.contains("h1"), "never announced:\n{announcement}");
    // Plays on letters are refused; the earlier valid play stands.
    ok(&run(&["scg", "play", g, "--as", "Bob", "a1"], Some(FRIDAY)));
    let on_letter = run(&["scg", "play", g, "--as", "Bob", "e7"], Some(FRIDAY));
    assert!(
        stderr(&on_letter).contains(
            "e7 holds C's letter; a play names a square without a letter; B (Bob)'s earlier play a1 still counts"
        ),
        "{}",
        stderr(&on_letter)
    );
    let dan = run(&["scg", "play", g, "--as", "Dan", "a2"], Some(FRIDAY));
    assert!(stderr(&dan).contains("D (Dan) is no longer in the game"), "{}", stderr(&dan));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_game_to_its_end_then_exported_replays_to_the_same_announcements() {
    let dir = scratch("end");
    let game = open_game(&dir, &["--close-early", "--round-hours", "24"]);
    let g = path(&game);
    for (who, sq) in [("A", "a1"), ("B", "a2"), ("C", "g7")] {
        ok(&run(&["scg", "play", g, "--as", who, sq], Some(MONDAY)));
    }
    // The last play of the round closes it at once.
    let last = ok(&run(&["scg", "play", g, "--as", "D", "b1"], Some("2026-11-23T20:00Z")));
    assert!(last.contains("Every play is in: the round is closed."), "{last}");
    assert!(last.contains("  A (Alice): the group at a1 has no liberty; its letter becomes @"), "{last}");
    assert!(last.contains("Send your play by Tue 24 Nov 2026, 20:00 UTC."), "{last}");
    // Nobody but Carol plays round 2: she is the last player standing.
    ok(&run(&["scg", "play", g, "--as", "Carol", "g6"], Some(TUESDAY)));
    let end = ok(&run(&["scg", "close", g, "--force"], Some(TUESDAY)));
    assert!(end.contains("The game is over: C (Carol) is the last player standing and wins."), "{end}");
    let over = run(&["scg", "play", g, "--as", "Carol", "a5"], Some(TUESDAY));
    assert!(stderr(&over).contains("the game is over"));
    assert_eq!(ok(&run(&["scg", "status", g], Some(FRIDAY))), end);

    let record = ok(&arbiter(&["scg", "export", g]));
    assert!(
        record.contains("[Players \"ABCD\"]\n[A \"Alice\"]\n[B \"Bob\"]\n[C \"Carol\"]\n[D \"Dan\"]\n[Result \"C\"]\n")
    );
    assert!(record.ends_with("1. A:a1,B:a2,C:g7,D:b1 2. C:g6 C\n"), "{record}");
    let file = dir.join("game.txt");
    std::fs::write(&file, &record).unwrap();
    let replayed = ok(&arbiter(&["scg", "replay", path(&file)]));
    // The same announcements, without what only the game file knows (the
    // closing times and the next deadline).
    let history: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&game).unwrap()).unwrap();
    let strip = |a: &str| {
        a.lines()
            .filter(|l| !l.starts_with("Closed "))
            .map(|l| l.split(" Send your play by").next().unwrap())
            .collect::<Vec<_>>()
            .join("\n")
    };
    let referee: Vec<String> =
        history["rounds"].as_array().unwrap().iter().map(|r| strip(r["announcement"].as_str().unwrap())).collect();
    assert_eq!(strip(&replayed).trim_end(), referee.join("\n\n"));
    // A record becomes a game file again: here a finished one, whose
    // status is its final announcement as the record gives it.
    let again = dir.join("again.json");
    let continued = ok(&run(&["scg", "new", path(&again), "--from", path(&file)], Some(FRIDAY)));
    assert!(continued.ends_with("The game is over: C (Carol) is the last player standing and wins.\n"), "{continued}");
    assert_eq!(
        json(&run(&["scg", "status", path(&again), "--json"], Some(FRIDAY)))["winners"],
        serde_json::json!(["C"])
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_new_game_never_replaces_a_file_and_bad_files_are_refused_cleanly() {
    let dir = scratch("files");
    let game = open_game(&dir, &[]);
    let g = path(&game);
    let again = run(&["scg", "new", g, "--players", "Xena,Yuri"], Some(MONDAY));
    assert!(stderr(&again).contains("the file exists"), "{}", stderr(&again));
    // A torn file (what a non-atomic write could leave) is reported, not a panic.
    let text = std::fs::read_to_string(&game).unwrap();
    std::fs::write(&game, &text[..text.len() / 2]).unwrap();
    let torn = run(&["scg", "status", g], Some(MONDAY));
    assert!(!torn.status.success());
    assert!(stderr(&torn).contains("not a valid game file"), "{}", stderr(&torn));
    // A file whose rounds do not lead to its position is refused too.
    std::fs::write(&game, text.replace(".......", "A......")).unwrap();
    let edited = run(&["scg", "status", g], Some(MONDAY));
    assert!(stderr(&edited).contains("not a valid game file"), "{}", stderr(&edited));
    for (args, message) in [
        (vec!["scg", "new", "--players", "Solo"], "2 to 12 players"),
        (vec!["scg", "new", "--players", "Ann,ann"], "names must differ"),
        (vec!["scg", "new", "--players", "Ann,Bo", "--letters", "AAB"], "given twice"),
        (vec!["scg", "new", "--players", "Ann,Bo", "--round-hours", "0"], "at least one hour"),
        (vec!["scg", "new", "--players", "B,A"], "one-letter name must be the player's own letter"),
        (vec!["scg", "new", "--players", "Ann,"], "1 to 40 printable characters"),
    ] {
        let o = run(&args, Some(MONDAY));
        assert!(stderr(&o).contains(message), "{args:?}: {}", stderr(&o));
    }
    let clock = run(&["scg", "status", g], Some("yesterday"));
    assert!(stderr(&clock).contains("ARBITER_NOW: 'yesterday'"), "{}", stderr(&clock));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_computer_fills_seats() {
    let dir = scratch("bots");
    let game = dir.join("bots.json");
    let g = path(&game);
    let opened = ok(&run(
        &["scg", "new", g, "--players", "Alice", "--bots", "2", "--bot-level", "2", "--seed", "7"],
        Some(MONDAY),
    ));
    assert!(opened.contains("B (Computer 1), C (Computer 2)"), "{opened}");
    let status = ok(&run(&["scg", "status", g], Some(MONDAY)));
    assert!(status.contains("Plays received: 2 of 3."), "{status}");
    // Nobody sends a play for a computer seat, nor learns its play so.
    let file_before = std::fs::read_to_string(&game).unwrap();
    let bots = run(&["scg", "play", g, "--as", "B", "a1"], Some(MONDAY));
    assert_fails_naming(&bots, "'a1': B (Computer 1) is played by the computer", "a computer's seat");
    assert_eq!(std::fs::read_to_string(&game).unwrap(), file_before, "nothing changes");
    ok(&run(&["scg", "play", g, "--as", "Alice", "c3"], Some(MONDAY)));
    let closed = ok(&run(&["scg", "close", g, "--force"], Some(MONDAY)));
    assert!(closed.contains("B (Computer 1)") && !closed.contains("B (Computer 1)  no valid play"), "{closed}");
    let round2 = json(&run(&["scg", "status", g, "--json"], Some(MONDAY)));
    assert_eq!(round2["round"], 2);
    assert_eq!(round2["plays_in"], 2);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Everything Arbiter writes, Arbiter reads: a game saved at the terminal
/// (its computer seats named "computer, level 1") goes on with the
/// referee.
#[test]
fn a_game_saved_at_the_terminal_continues_with_the_referee() {
    let dir = scratch("continue");
    let save = dir.join("s3.txt");
    ok(&arbiter_with_input(
        &["play", "scg", "--players", "3", "--as", "A", "--level", "1", "--save", path(&save)],
        "a1\nquit\n",
    ));
    let record = std::fs::read_to_string(&save).unwrap();
    assert!(record.contains("[B \"computer, level 1\"]"), "{record}");
    let game = dir.join("cont.json");
    let out = ok(&run(&["scg", "new", path(&game), "--from", path(&save)], Some(MONDAY)));
    assert!(out.contains("round 2") || out.contains("The game is over"), "{out}");
    let status = ok(&run(&["scg", "status", path(&game)], Some(MONDAY)));
    assert!(status.contains("B (computer, level 1)"), "{status}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_game_at_the_terminal_against_the_computer() {
    let dir = scratch("play");
    let save = dir.join("game.txt");
    let o = arbiter_with_input(
        &["play", "scg", "--players", "3", "--as", "A", "--level", "1", "--save", path(&save)],
        "moves\nz9\nc3\nquit\n",
    );
    let out = stdout(&o);
    assert!(out.contains("A (you), your play> a1 a2 a3"), "{out}");
    let first = arbiter_with_input(&["play", "scg", "--as", "first", "--level", "1"], "undo\nresign\nquit\n");
    let said = stdout(&first);
    assert!(said.contains("A (you), your play> A round is final once it closes"), "{said}");
    assert!(said.contains("A player leaves Single Capture Go by making no valid play"), "{said}");
    assert!(!said.contains("Refused"), "undo and resign are not squares: {said}");
    assert!(out.contains("Refused: not a square of the 6×6 grid"), "{out}");
    assert!(out.contains("Single Capture Go: results of round 1"), "{out}");
    assert!(out.contains("B (computer, level 1)"), "{out}");
    let record = std::fs::read_to_string(&save).unwrap();
    assert!(record.contains("[A \"you\"]") && record.contains("\n1. A:c3,"), "{record}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_arena_seats_a_against_several_bs() {
    let o = json(&arbiter(&[
        "arena",
        "scg",
        "--players",
        "4",
        "--a",
        "level=1",
        "--b",
        "random",
        "--games",
        "8",
        "--threads",
        "1",
        "--json",
    ]));
    assert_eq!(o["games"], 8);
    assert_eq!(o["players"], 4);
    let won = o["a_won_alone"].as_u64().unwrap() + o["a_shared"].as_u64().unwrap() + o["a_lost"].as_u64().unwrap();
    assert_eq!(won, 8);
    assert!(o["win_interval"][0].as_f64().unwrap() <= o["win_rate"].as_f64().unwrap());
}

#[test]
fn the_arena_refuses_what_does_not_apply_to_the_game() {
    let scg = ["arena", "scg", "--a", "random", "--b", "random", "--games", "2"];
    assert_fails_naming(&arbiter(&[&scg[..], &["--handicap", "2"]].concat()), "--handicap", "a handicap");
    assert_fails_naming(&arbiter(&[&scg[..], &["--max-plies", "50"]].concat()), "--max-plies", "a ply limit");
    assert_fails_naming(
        &arbiter(&[&scg[..], &["--players", "3", "--a-seats", "3"]].concat()),
        "of the 3 seats",
        "every seat to A",
    );
    let sage = ["arena", "sage", "--a", "random", "--b", "random", "--games", "2", "--a-seats", "1"];
    assert_fails_naming(&arbiter(&sage), "--a-seats", "seats in a two-player game");
}

#[test]
fn analyse_reports_seats_lengths_choices_and_endings() {
    let dir = scratch("scg-analyse");
    let svg = dir.join("scg.svg");
    let o = json(&arbiter(&[
        "analyse",
        "scg",
        "--players",
        "3",
        "--player",
        "level=1",
        "--games",
        "12",
        "--threads",
        "1",
        "--svg",
        path(&svg),
        "--json",
    ]));
    assert_eq!(o["games"], 12);
    let seats = o["seats"].as_array().unwrap();
    assert_eq!(seats.iter().map(|s| s["player"].as_str().unwrap()).collect::<String>(), "ABC");
    let total: f64 = seats.iter().map(|s| s["score"].as_f64().unwrap()).sum();
    assert!((total - 1.0).abs() < 1e-9, "every game's win is shared out among the seats: {total}");
    let endings: u64 = o["endings"].as_object().unwrap().values().map(|n| n.as_u64().unwrap()).sum();
    assert_eq!(endings, 12);
    let first_round = o["playable_by_round"][0].as_f64().unwrap();
    assert!(first_round > 0.0 && o["mean_playable"].as_f64().unwrap() < first_round);
    let lo = o["rounds_range"][0].as_f64().unwrap();
    let hi = o["rounds_range"][1].as_f64().unwrap();
    assert!(lo <= o["mean_rounds"].as_f64().unwrap() && o["mean_rounds"].as_f64().unwrap() <= hi);
    let chart = std::fs::read_to_string(&svg).unwrap();
    assert!(chart.starts_with("<svg") && chart.contains("playable squares per round"), "{chart}");
    let text = stdout(&arbiter(&["analyse", "scg", "--player", "random", "--games", "4"]));
    assert!(text.contains("share of the wins by seat") && text.contains("endings: "), "{text}");
    assert_fails_naming(
        &arbiter(&["analyse", "scg", "--handicap-steps", "2", "--games", "2"]),
        "--handicap-steps",
        "handicaps",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_ladder_plays_each_level_head_to_head_against_the_one_below() {
    let o = json(&arbiter(&["ladder", "scg", "--games", "6", "--to", "3", "--threads", "1", "--json"]));
    let rungs = o["rungs"].as_array().unwrap();
    assert_eq!(rungs.len(), 2);
    for (rung, upper) in rungs.iter().zip(2..) {
        assert_eq!(rung["upper"], upper);
        assert_eq!(rung["games"], 6);
        let games = rung["wins"].as_u64().unwrap() + rung["losses"].as_u64().unwrap() + rung["draws"].as_u64().unwrap();
        assert_eq!(games, 6);
        assert!(rung["mean_rounds"].as_f64().unwrap() >= 1.0);
    }
    // The same games as the arena's match between the two levels.
    let arena = json(&arbiter(&["arena", "scg", "--a", "level=2", "--b", "level=1", "--games", "6", "--json"]));
    assert_eq!(arena["score"], rungs[0]["score"]);
    assert_fails_naming(&arbiter(&["ladder", "scg", "--players", "4", "--to", "2"]), "head to head", "four players");
}

/// A file of the test data, as text.
fn data(name: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(name)).unwrap()
}

/// Game files written by the first version of the referee (format 1) go on:
/// what the referee and the players see is what that version showed, the
/// round closes with the same announcement, and the file is written again
/// in today's format.
#[test]
fn referee_files_of_the_first_format_still_load() {
    let dir = scratch("format-1");
    let game = dir.join("open.json");
    std::fs::write(&game, data("referee-format-1-open.json")).unwrap();
    let g = path(&game);
    assert_eq!(
        ok(&run(&["scg", "status", g, "--as", "Bob"], Some(FRIDAY))),
        data("referee-format-1-open.status-bob.txt")
    );
    let public = ok(&run(&["scg", "status", g], Some(FRIDAY)));
    assert_eq!(public, data("referee-format-1-open.status.txt"));
    let carol = json(&run(&["--json", "scg", "status", g, "--as", "Carol"], Some(FRIDAY)));
    let before: serde_json::Value = serde_json::from_str(&data("referee-format-1-open.status-carol.json")).unwrap();
    assert_eq!(carol, before);
    // Reading the file changes nothing in it.
    assert_eq!(std::fs::read_to_string(&game).unwrap(), data("referee-format-1-open.json"));
    let closed = ok(&run(&["scg", "close", g], Some("2026-11-29T10:00Z")));
    assert_eq!(closed, data("referee-format-1-open.close.txt"));
    let file: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&game).unwrap()).unwrap();
    assert_eq!(file["format"], 2);
    assert_eq!(file["rounds"].as_array().unwrap().len(), 2);
    assert!(ok(&run(&["scg", "status", g], Some("2026-11-29T10:00Z"))).contains("round 3"));
    let record = ok(&arbiter(&["scg", "export", g]));
    assert!(record.contains("[D \"Computer 1\"]") && record.contains("1. A:d4,C:e7,D:b3 2. C:b2,D:a3 *"), "{record}");

    let finished = dir.join("finished.json");
    std::fs::write(&finished, data("referee-format-1-finished.json")).unwrap();
    let status = ok(&run(&["scg", "status", path(&finished)], Some(FRIDAY)));
    assert!(status.contains("The game is over: B (Bob) and C (Carol) share the win"), "{status}");
    let over = run(&["scg", "play", path(&finished), "--as", "Bob", "a1"], Some(FRIDAY));
    assert!(stderr(&over).contains("the game is over"), "{}", stderr(&over));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A command that finds the game file in use says that it waits, then
/// does its work once the file is free.
#[test]
fn a_command_waiting_for_the_game_file_says_so() {
    use std::io::BufRead;
    let dir = scratch("lock");
    let game = open_game(&dir, &[]);
    let lock =
        std::fs::OpenOptions::new().create(true).truncate(false).write(true).open(dir.join(".game.json.lock")).unwrap();
    lock.lock().unwrap();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["scg", "status", path(&game)])
        .env("ARBITER_NOW", MONDAY)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut waiting = String::new();
    std::io::BufReader::new(child.stderr.take().unwrap()).read_line(&mut waiting).unwrap();
    assert!(waiting.contains("waiting for") && waiting.contains("game.json"), "{waiting}");
    lock.unlock().unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8(out.stdout).unwrap().contains("Plays received: 0 of 4."));
    std::fs::remove_dir_all(&dir).unwrap();
}
