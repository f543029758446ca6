//! The referee's game model with an injected clock: deadlines, secret
//! plays, replaced and refused plays, closing early, the end of a game, the
//! game file's checks, and records.

use arbiter_core::Seat;
use arbiter_games::record::Record;
use arbiter_games::scg::record_announcements;
use arbiter_games::scg::referee::{Receipt, RefereeGame, RefereeOptions};
use arbiter_games::scg::when::{HOUR, parse_instant};

fn names(list: &str) -> Vec<String> {
    list.split(',').map(str::to_string).collect()
}

fn t(text: &str) -> i64 {
    parse_instant(text).unwrap()
}

fn game(options: RefereeOptions) -> RefereeGame {
    RefereeGame::new(&names("Alice,Bob,Carol"), None, &[], options, 0, t("2026-11-23T09:00Z")).unwrap()
}

fn accepted(r: Receipt) -> Option<String> {
    match r {
        Receipt::Accepted { replaced, .. } => replaced,
        Receipt::Refused { reason, .. } => panic!("refused: {reason}"),
    }
}

#[test]
fn a_round_lasts_its_hours_and_closes_only_after_its_deadline_unless_forced() {
    let mut g = game(RefereeOptions::default());
    assert_eq!(g.deadline, Some(t("2026-11-26T09:00Z")));
    let before = t("2026-11-26T08:59Z");
    let e = g.close(before, false).unwrap_err();
    assert!(e.reason.contains("round 1 is open until Thu 26 Nov 2026, 09:00 UTC (1 minute from now)"), "{e}");
    assert_eq!(g.round, 1, "a refused close changes nothing");
    // A play at the deadline is late.
    let late = g.submit(Seat(0), "a1", t("2026-11-26T09:00Z")).unwrap_err();
    assert!(late.reason.contains("closed for plays at its deadline"), "{late}");
    let text = g.close(t("2026-11-26T10:30Z"), false).unwrap();
    assert!(text.contains("Closed Thu 26 Nov 2026, 10:30 UTC.\n"), "{text}");
    // Nobody played: everyone is doomed and shares the win.
    assert!(
        text.contains("The game is over: A (Alice), B (Bob) and C (Carol) share the win with 0 letters each."),
        "{text}"
    );
    assert!(g.is_over());
    assert_eq!(g.deadline, None);
    let forced = &mut game(RefereeOptions { round_hours: 24, ..RefereeOptions::default() });
    for (seat, sq) in [(0, "a1"), (1, "c3"), (2, "f6")] {
        accepted(forced.submit(Seat(seat), sq, t("2026-11-23T10:00Z")).unwrap());
    }
    forced.close(t("2026-11-23T11:00Z"), true).unwrap();
    assert_eq!(forced.round, 2);
    assert_eq!(
        forced.deadline,
        Some(t("2026-11-23T11:00Z") + 24 * HOUR),
        "the next deadline counts from the announcement"
    );
}

#[test]
fn plays_stay_secret_until_the_round_closes() {
    let mut g = game(RefereeOptions::default());
    let now = t("2026-11-24T12:00Z");
    accepted(g.submit(Seat(0), "c3", now).unwrap());
    accepted(g.submit(Seat(2), "e5", now).unwrap());
    let public = g.status_text(None, now);
    let bob = g.status_text(Some(Seat(1)), now);
    let alice = g.status_text(Some(Seat(0)), now);
    for view in [&public, &bob] {
        assert!(!view.contains("c3") && !view.contains("e5"), "{view}");
    }
    assert!(public.contains("Plays received: 2 of 3.") && public.contains("(1 day 21 hours from now)"), "{public}");
    assert!(bob.contains("B (Bob) has no valid play in this round yet."), "{bob}");
    assert!(alice.contains("Your play, A (Alice): c3 (received Tue 24 Nov 2026, 12:00 UTC).") && !alice.contains("e5"));
    let json = g.status_json(Some(Seat(1)), now).to_string();
    assert!(!json.contains("c3") && !json.contains("e5"), "{json}");
    assert!(g.status_json(Some(Seat(2)), now)["you"]["play"] == "e5");
    let after = g.status_text(None, t("2026-11-27T12:00Z"));
    assert!(after.contains("passed 1 day 3 hours ago: the referee closes the round"), "{after}");
    let text = g.close(t("2026-11-27T12:00Z"), false).unwrap();
    assert!(text.contains("A (Alice)  c3   placed") && text.contains("C (Carol)  e5   placed"), "{text}");
}

#[test]
fn the_latest_valid_play_counts_and_refusals_leave_it_standing() {
    let mut g = game(RefereeOptions::default());
    let now = t("2026-11-23T12:00Z");
    assert_eq!(accepted(g.submit(Seat(0), "c3", now).unwrap()), None);
    assert_eq!(accepted(g.submit(Seat(0), " d4 ", now).unwrap()), Some("c3".into()));
    match g.submit(Seat(0), "g1", now).unwrap() {
        Receipt::Refused { reason, standing } => {
            assert!(reason.contains("not a square of the 6×6 grid"), "{reason}");
            assert_eq!(standing.as_deref(), Some("d4"));
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(g.pending_play(Seat(0)).unwrap().text, "d4");
    accepted(g.submit(Seat(1), "a1", now).unwrap());
    let text = g.close(now, true).unwrap();
    assert!(text.contains("  A (Alice)  d4   placed"), "{text}");
    assert!(text.contains("Also received, not counted:\n  A (Alice)  c3   replaced by a later play\n  A (Alice)  g1   refused: not a square"), "{text}");
    assert!(text.contains("  C (Carol): made no valid play\n"), "{text}");
    // Round 2: a play on a letter is refused with whose letter it is.
    match g.submit(Seat(1), "d4", now).unwrap() {
        Receipt::Refused { reason, .. } => assert!(reason.contains("d4 holds A's letter"), "{reason}"),
        other => panic!("{other:?}"),
    }
    let gone = g.submit(Seat(2), "b2", now).unwrap_err();
    assert!(gone.reason.contains("C (Carol) is no longer in the game"), "{gone}");
}

#[test]
fn closing_early_once_every_play_is_in() {
    let mut g = game(RefereeOptions { close_early: true, ..RefereeOptions::default() });
    let now = t("2026-11-23T12:00Z");
    accepted(g.submit(Seat(0), "a1", now).unwrap());
    accepted(g.submit(Seat(1), "b2", now).unwrap());
    assert!(!g.all_in());
    assert!(g.may_close(now, false).is_err());
    accepted(g.submit(Seat(2), "c3", now).unwrap());
    assert!(g.all_in());
    let text = g.close(now, false).unwrap();
    assert!(text.contains("Closed Mon 23 Nov 2026, 12:00 UTC (every player's play was in)."), "{text}");
}

#[test]
fn players_are_named_by_letter_or_name() {
    let g = game(RefereeOptions::default());
    assert_eq!(g.seat("B"), Ok(Seat(1)));
    assert_eq!(g.seat("carol"), Ok(Seat(2)));
    assert_eq!(g.seat("Alice"), Ok(Seat(0)));
    let e = g.seat("Zed").unwrap_err();
    assert!(e.reason.contains("the players are A (Alice), B (Bob), C (Carol)"), "{e}");
    for (list, reason) in [("Alice", "2 to 12"), ("Al,al", "must differ"), ("Ann,", "1 to 40")] {
        let e = RefereeGame::new(&names(list), None, &[], RefereeOptions::default(), 0, 0).unwrap_err();
        assert!(e.reason.contains(reason), "{list}: {e}");
    }
    assert!(RefereeGame::new(&names("A,B"), None, &[], RefereeOptions::default(), 0, 0).is_ok());
    let swapped = RefereeGame::new(&names("B,A"), None, &[], RefereeOptions::default(), 0, 0).unwrap_err();
    assert!(swapped.reason.contains("one-letter name must be the player's own letter"));
}

#[test]
fn the_game_file_reads_back_and_refuses_tampering() {
    let mut g = game(RefereeOptions::default());
    let now = t("2026-11-23T12:00Z");
    accepted(g.submit(Seat(0), "a1", now).unwrap());
    accepted(g.submit(Seat(1), "b2", now).unwrap());
    accepted(g.submit(Seat(2), "c3", now).unwrap());
    g.close(now, true).unwrap();
    accepted(g.submit(Seat(1), "f6", now).unwrap());
    let text = g.to_json();
    assert_eq!(RefereeGame::from_json(&text).unwrap(), g);
    for (from, to, why) in [
        ("\"plays\": \"A:a1,B:b2,C:c3\"", "\"plays\": \"A:a1,B:b2,C:c4\"", "do not lead to this position"),
        ("\"round\": 2", "\"round\": 3", "disagree"),
        ("\"format\": 1", "\"format\": 9", "reads format 1"),
        ("\"text\": \"f6\"", "\"text\": \"a1\"", "a pending play that may not be played"),
        ("\"text\": \"f6\"", "\"text\": \"z9\"", "a pending play that may not be played"),
    ] {
        assert!(text.contains(from), "{from}");
        let e = RefereeGame::from_json(&text.replace(from, to)).unwrap_err();
        assert!(e.reason.contains(why), "{to}: {e}");
    }
    let e = RefereeGame::from_json(&text[..text.len() / 2]).unwrap_err();
    assert!(e.reason.starts_with("not a valid game file"), "{e}");
}

#[test]
fn a_finished_game_as_a_record_replays_to_its_announcements_and_continues_from_a_record() {
    let mut g = game(RefereeOptions::default());
    let now = t("2026-11-23T12:00Z");
    for (seat, sq) in [(0, "a1"), (1, "a2"), (2, "b1")] {
        accepted(g.submit(Seat(seat), sq, now).unwrap());
    }
    g.close(now, true).unwrap();
    let record = g.to_record();
    assert_eq!(record.moves, ["A:a1,B:a2,C:b1"]);
    assert_eq!(record.tag("B"), Some("Bob"));
    let replayed = record_announcements(&Record::parse(&record.to_text()).unwrap()).unwrap();
    let referee = &g.history[0].announcement;
    let without_times: String =
        referee.lines().filter(|l| !l.starts_with("Closed ")).map(|l| format!("{l}\n")).collect();
    assert_eq!(replayed[0], without_times.replace(" Send your play by Thu 26 Nov 2026, 12:00 UTC.", ""));
    // Continued from its record, the game goes on at round 2.
    let again = RefereeGame::from_record(&record, RefereeOptions::default(), now).unwrap();
    assert_eq!(again.round, 2);
    assert_eq!(again.position, g.position);
    assert_eq!(again.players, g.players);
    assert_eq!(again.history[0].announcement, replayed[0]);
}
