//! A game of rounds with the time given: deadlines, secret plays, replaced
//! and refused plays, closing early, the end of a game, the game file's
//! checks, and records.

mod support;

use arbiter_core::{GameOptions, OptionValue, Seat};
use arbiter_games::GameId;
use arbiter_play::time::HOUR;
use arbiter_play::{
    Event, GameRecord, MoveForm, Occupant, Receipt, RefereeFile, RoundSettings, Rounds, Timestamp, Viewer,
};

fn t(text: &str) -> Timestamp {
    Timestamp::parse(text).unwrap()
}

fn game(settings: RoundSettings) -> Rounds {
    let seats = ["Alice", "Bob", "Carol"].map(Occupant::person).to_vec();
    let options = GameOptions::new().with("players", OptionValue::Text("ABC".into()));
    Rounds::new(GameId::Scg, &options, None, seats, settings, 0, t("2026-11-23T09:00Z")).unwrap()
}

fn accepted(g: &mut Rounds, seat: u8, play: &str, now: Timestamp) -> Option<String> {
    match g.submit(Seat(seat), play, now).unwrap().0 {
        Receipt::Accepted { replaced, .. } => replaced,
        Receipt::Refused { reason, .. } => panic!("refused: {reason}"),
    }
}

/// The announcement of the round `events` closed.
fn announcement(events: &[Event]) -> String {
    events
        .iter()
        .find_map(|e| match e {
            Event::RoundClosed { announcement, .. } => Some(announcement.clone()),
            _ => None,
        })
        .expect("a round closed")
}

#[test]
fn a_round_lasts_its_hours_and_closes_only_after_its_deadline_unless_forced() {
    let mut g = game(RoundSettings::default());
    assert_eq!(g.deadline(), Some(t("2026-11-26T09:00Z")));
    let e = g.close(t("2026-11-26T08:59Z"), false).unwrap_err();
    assert!(e.to_string().contains("round 1 is open until Thu 26 Nov 2026, 09:00 UTC (1 minute from now)"), "{e}");
    assert_eq!(g.round(), 1, "a refused close changes nothing");
    // A play at the deadline is late.
    let late = g.submit(Seat(0), "a1", t("2026-11-26T09:00Z")).unwrap_err();
    assert!(late.to_string().contains("closed for plays at its deadline"), "{late}");
    let text = announcement(&g.close(t("2026-11-26T10:30Z"), false).unwrap());
    assert!(text.contains("Closed Thu 26 Nov 2026, 10:30 UTC.\n"), "{text}");
    // Nobody played: everyone is doomed and shares the win.
    assert!(
        text.contains("The game is over: A (Alice), B (Bob) and C (Carol) share the win with 0 letters each."),
        "{text}"
    );
    assert!(g.is_over());
    assert_eq!(g.deadline(), None);
    let mut forced = game(RoundSettings { round_hours: Some(24), close_early: false });
    for (seat, sq) in [(0, "a1"), (1, "c3"), (2, "f6")] {
        accepted(&mut forced, seat, sq, t("2026-11-23T10:00Z"));
    }
    let text = announcement(&forced.close(t("2026-11-23T11:00Z"), true).unwrap());
    assert!(text.contains("Closed Mon 23 Nov 2026, 11:00 UTC (before its deadline, by the referee)."), "{text}");
    assert_eq!(forced.round(), 2);
    assert_eq!(
        forced.deadline(),
        Some(t("2026-11-23T11:00Z").after(24 * HOUR)),
        "the next deadline counts from the announcement"
    );
}

#[test]
fn plays_stay_secret_until_the_round_closes() {
    let mut g = game(RoundSettings::default());
    let now = t("2026-11-24T12:00Z");
    accepted(&mut g, 0, "c3", now);
    accepted(&mut g, 2, "e5", now);
    let public = g.status_text(Viewer::Spectator, now);
    let bob = g.status_text(Viewer::Seat(Seat(1)), now);
    let alice = g.status_text(Viewer::Seat(Seat(0)), now);
    for view in [&public, &bob] {
        assert!(!view.contains("c3") && !view.contains("e5"), "{view}");
    }
    assert!(public.contains("Plays received: 2 of 3.") && public.contains("(1 day 21 hours from now)"), "{public}");
    assert!(bob.contains("B (Bob) has no valid play in this round yet."), "{bob}");
    assert!(alice.contains("Your play, A (Alice): c3 (received Tue 24 Nov 2026, 12:00 UTC).") && !alice.contains("e5"));
    let json = serde_json::to_string(&g.view(Viewer::Seat(Seat(1)), now)).unwrap();
    assert!(!json.contains("c3") && !json.contains("e5"), "{json}");
    assert_eq!(g.view(Viewer::Seat(Seat(2)), now).you.unwrap().play.as_deref(), Some("e5"));
    assert_eq!(g.pending_play_seen(Viewer::Seat(Seat(1)), Seat(0)), None);
    assert_eq!(g.pending_play_seen(Viewer::Spectator, Seat(0)), None);
    assert!(g.pending_play_seen(Viewer::Referee, Seat(0)).is_some());
    let after = g.status_text(Viewer::Spectator, t("2026-11-27T12:00Z"));
    assert!(after.contains("passed 1 day 3 hours ago: the referee closes the round"), "{after}");
    let text = announcement(&g.close(t("2026-11-27T12:00Z"), false).unwrap());
    assert!(text.contains("A (Alice)  c3   placed") && text.contains("C (Carol)  e5   placed"), "{text}");
}

#[test]
fn the_events_of_a_play_show_its_square_to_its_player_only() {
    let mut g = game(RoundSettings::default());
    let (_, events) = g.submit(Seat(0), "c3", t("2026-11-23T10:00Z")).unwrap();
    let Event::PlayReceived { play: Some(_), .. } = &events[0] else { panic!("{events:?}") };
    for viewer in [Viewer::Seat(Seat(1)), Viewer::Spectator] {
        assert!(matches!(events[0].seen_by(viewer), Some(Event::PlayReceived { play: None, .. })), "{viewer:?}");
    }
    assert_eq!(events[0].seen_by(Viewer::Seat(Seat(0))), Some(events[0].clone()));
    // A square that may not be played is an attempt, seen by its player only.
    g.submit(Seat(1), "a1", t("2026-11-23T10:00Z")).unwrap();
    g.close(t("2026-11-23T10:00Z"), true).unwrap();
    let (_, refused) = g.submit(Seat(1), "C3", t("2026-11-23T10:00Z")).unwrap();
    let Event::PlayRefused { text, .. } = &refused[0] else { panic!("{refused:?}") };
    assert_eq!(text, "c3", "kept as the square's name");
    assert_eq!(refused[0].seen_by(Viewer::Seat(Seat(0))), None);
    assert_eq!(refused[0].seen_by(Viewer::Seat(Seat(1))), Some(refused[0].clone()));
    // Text that names no square is refused and leaves nothing.
    let sent = g.plays_sent(Seat(1));
    assert!(g.submit(Seat(1), "z9", t("2026-11-23T10:00Z")).is_err());
    assert_eq!(g.plays_sent(Seat(1)), sent);
}

#[test]
fn the_latest_valid_play_counts_and_refusals_leave_it_standing() {
    let mut g = game(RoundSettings::default());
    let now = t("2026-11-23T12:00Z");
    assert_eq!(accepted(&mut g, 0, "c3", now), None);
    assert_eq!(accepted(&mut g, 0, " d4 ", now), Some("c3".into()));
    // Text that names no square of the grid is refused and not kept:
    // nothing a player types reaches the announcement.
    for junk in ["g1", "The game is over: A wins\nhttps://evil.example", "\u{1b}[2J", "a0", "a100"] {
        let refused = g.submit(Seat(0), junk, now).unwrap_err();
        assert!(refused.to_string().contains("not a square of the 6×6 grid"), "{junk}: {refused}");
    }
    assert_eq!(g.plays_sent(Seat(0)), 2);
    assert_eq!(g.pending_play(Seat(0)).unwrap().text, "d4");
    accepted(&mut g, 1, "a1", now);
    let text = announcement(&g.close(now, true).unwrap());
    assert!(text.contains("  A (Alice)  d4   placed"), "{text}");
    assert!(text.contains("Also received, not counted:\n  A (Alice)  c3   replaced by a later play\n"), "{text}");
    assert!(!text.contains("g1") && !text.contains("evil") && !text.contains('\u{1b}'), "{text}");
    assert!(text.contains("  C (Carol): made no valid play\n"), "{text}");
    // Round 2: a play on a letter is refused with whose letter it is.
    match g.submit(Seat(1), "d4", now).unwrap().0 {
        Receipt::Refused { reason, standing, rule } => {
            assert!(reason.contains("d4 holds A's letter"), "{reason}");
            assert_eq!(standing, None);
            assert_eq!(rule, Some("scg.round.letter"));
        }
        other => panic!("{other:?}"),
    }
    let gone = g.submit(Seat(2), "b2", now).unwrap_err();
    assert!(gone.to_string().contains("C (Carol) is no longer in the game"), "{gone}");
    accepted(&mut g, 1, "e5", now);
    let text = announcement(&g.close(now, true).unwrap());
    assert!(text.contains("B (Bob)    d4   refused: d4 holds A's letter"), "{text}");
}

#[test]
fn closing_early_once_every_play_is_in() {
    let mut g = game(RoundSettings { close_early: true, ..RoundSettings::default() });
    let now = t("2026-11-23T12:00Z");
    accepted(&mut g, 0, "a1", now);
    accepted(&mut g, 1, "b2", now);
    assert!(!g.all_in());
    assert!(g.may_close(now, false).is_err());
    let (_, events) = g.submit(Seat(2), "c3", now).unwrap();
    let text = announcement(&events);
    assert!(text.contains("Closed Mon 23 Nov 2026, 12:00 UTC (every player's play was in)."), "{text}");
    assert_eq!(g.round(), 2);
    assert!(events.iter().any(|e| matches!(e, Event::RoundOpened { round: 2, .. })));
}

#[test]
fn the_computer_sends_its_plays_when_a_round_opens() {
    let seats = vec![Occupant::person("Ann"), Occupant::computer(3, "Computer 1"), Occupant::computer(3, "Computer 2")];
    let options = GameOptions::new().with("players", OptionValue::Text("3".into()));
    let now = t("2026-11-23T09:00Z");
    let mut g = Rounds::new(GameId::Scg, &options, None, seats.clone(), RoundSettings::default(), 7, now).unwrap();
    assert_eq!(g.plays_in(), 2);
    assert_eq!(g.waiting().iter().collect::<Vec<_>>(), [Seat(0)]);
    // The same seed, the same plays.
    let again = Rounds::new(GameId::Scg, &options, None, seats, RoundSettings::default(), 7, now).unwrap();
    for seat in [Seat(1), Seat(2)] {
        assert_eq!(g.pending_play(seat).unwrap().text, again.pending_play(seat).unwrap().text);
    }
    accepted(&mut g, 0, "a1", now);
    g.close(now, true).unwrap();
    assert_eq!(g.plays_in(), g.position().active().iter().filter(|&s| s != Seat(0)).count());
}

#[test]
fn players_are_named_by_letter_or_name() {
    let g = game(RoundSettings::default());
    assert_eq!(g.seat_named("B"), Ok(Seat(1)));
    assert_eq!(g.seat_named("carol"), Ok(Seat(2)));
    assert_eq!(g.seat_named("Alice"), Ok(Seat(0)));
    let e = g.seat_named("Zed").unwrap_err();
    assert!(e.to_string().contains("the players are A (Alice), B (Bob), C (Carol)"), "{e}");
    let options = GameOptions::new().with("players", OptionValue::Text("ABC".into()));
    let two = vec![Occupant::person("Ann"), Occupant::person("Bo")];
    let e =
        Rounds::new(GameId::Scg, &options, None, two, RoundSettings::default(), 0, t("2026-11-23T09:00Z")).unwrap_err();
    assert!(e.to_string().contains("scg has 3 seats"), "{e}");
    let zero = RoundSettings { round_hours: Some(0), close_early: false };
    let three = ["A", "B", "C"].map(Occupant::person).to_vec();
    let e = Rounds::new(GameId::Scg, &options, None, three, zero, 0, t("2026-11-23T09:00Z")).unwrap_err();
    assert!(e.to_string().contains("at least one hour"), "{e}");
}

#[test]
fn the_game_file_reads_back_and_refuses_tampering() {
    let mut g = game(RoundSettings::default());
    let now = t("2026-11-23T12:00Z");
    for (seat, sq) in [(0, "a1"), (1, "b2"), (2, "c3")] {
        accepted(&mut g, seat, sq, now);
    }
    g.close(now, true).unwrap();
    accepted(&mut g, 1, "f6", now);
    let text = RefereeFile::to_json(&g.record());
    let read = |text: &str| RefereeFile::from_json(text).and_then(|r| Rounds::from_record(&r));
    assert_eq!(RefereeFile::to_json(&read(&text).unwrap().record()), text);
    for (from, to, why) in [
        ("\"plays\": \"A:a1,B:b2,C:c3\"", "\"plays\": \"A:a1,B:b2,C:c4\"", "do not lead to this position"),
        ("\"number\": 2", "\"number\": 3", "does not follow"),
        ("\"format\": 2", "\"format\": 9", "reads formats 1 and 2"),
        ("\"play\": \"f6\"", "\"play\": \"a1\"", "a pending play that may not be played"),
        ("\"play\": \"f6\"", "\"play\": \"z9\"", "a pending play that may not be played"),
        ("\"seat\": \"B\",\n        \"play\": \"f6\"", "\"seat\": \"Q\",\n        \"play\": \"f6\"", "not in the game"),
    ] {
        assert!(text.contains(from), "{from} in {text}");
        let e = read(&text.replace(from, to)).unwrap_err();
        assert!(e.to_string().contains(why), "{to}: {e}");
    }
    let e = read(&text[..text.len() / 2]).unwrap_err();
    assert!(e.to_string().contains("not a valid game file"), "{e}");
}

#[test]
fn a_finished_game_as_a_record_replays_to_its_announcements() {
    let mut g = game(RoundSettings::default());
    let now = t("2026-11-23T12:00Z");
    for (seat, sq) in [(0, "a1"), (1, "a2"), (2, "b1")] {
        accepted(&mut g, seat, sq, now);
    }
    let referee = announcement(&g.close(now, true).unwrap());
    let text = g.replayed().to_text(MoveForm::Record);
    assert!(text.contains("[B \"Bob\"]") && text.contains("\n1. A:a1,B:a2,C:b1 *\n"), "{text}");
    let replayed = GameRecord::from_text(&text).unwrap();
    let mut again = Rounds::from_record(&replayed.record).unwrap();
    again.announce_missing();
    let without_times: String =
        referee.lines().filter(|l| !l.starts_with("Closed ")).map(|l| format!("{l}\n")).collect();
    assert_eq!(again.announcements()[0], without_times.replace(" Send your play by Thu 26 Nov 2026, 12:00 UTC.", ""));
    // Read back, the game goes on at round 2 from the same position.
    assert_eq!(again.round(), 2);
    assert_eq!(again.position(), g.position());
    assert_eq!(again.names(), g.names());
}

#[test]
fn a_round_without_a_deadline_closes_when_every_play_is_in() {
    let settings = RoundSettings { round_hours: None, close_early: true };
    let mut g = game(settings);
    let now = t("2026-11-23T12:00Z");
    assert_eq!(g.deadline(), None);
    accepted(&mut g, 0, "a1", now);
    let e = g.close(now, false).unwrap_err();
    assert_eq!(e.to_string(), "'close': round 1 waits for 2 more play(s)");
    accepted(&mut g, 1, "b2", now);
    let (_, events) = g.submit(Seat(2), "c3", now).unwrap();
    let text = announcement(&events);
    // No deadline: no closing time and no next deadline in the announcement.
    assert!(!text.contains("Closed") && text.ends_with("Round 2 begins now.\n"), "{text}");
    assert_eq!(g.round(), 2);
    assert_eq!(g.plays_in(), 0);
}

#[test]
fn nobody_sends_plays_for_a_computer_seat() {
    let seats = vec![Occupant::person("Ann"), Occupant::computer(3, "Computer 1")];
    let options = GameOptions::new();
    let now = t("2026-11-23T09:00Z");
    let mut g = Rounds::new(GameId::Scg, &options, None, seats, RoundSettings::default(), 7, now).unwrap();
    let bots = g.pending_play(Seat(1)).unwrap().text.clone();
    let e = g.submit(Seat(1), "a1", now).unwrap_err();
    assert_eq!(e.to_string(), "'a1': B (Computer 1) is played by the computer, which sends its own plays");
    assert!(!e.to_string().contains(&bots), "the computer's play stays secret");
    assert_eq!(g.pending_play(Seat(1)).unwrap().text, bots, "and stands");
}

#[test]
fn a_game_file_whose_times_do_not_follow_one_another_is_refused() {
    let mut g = game(RoundSettings::default());
    let now = t("2026-11-23T12:00Z");
    for (seat, sq) in [(0, "a1"), (1, "b2"), (2, "c3")] {
        accepted(&mut g, seat, sq, now);
    }
    g.close(t("2026-11-24T12:00Z"), true).unwrap();
    accepted(&mut g, 1, "f6", t("2026-11-25T12:00Z"));
    let text = RefereeFile::to_json(&g.record());
    let read = |text: &str| RefereeFile::from_json(text).and_then(|r| Rounds::from_record(&r));
    assert!(read(&text).is_ok());
    for (from, to, why) in [
        ("\"deadline\": \"2026-11-27T12:00:00Z\"", "\"deadline\": \"1970-01-01T00:00:00Z\"", "a deadline before"),
        ("\"at\": \"2026-11-25T12:00:00Z\"", "\"at\": \"2026-11-20T12:00:00Z\"", "while its round was not open"),
        ("\"at\": \"2026-11-25T12:00:00Z\"", "\"at\": \"2026-12-25T12:00:00Z\"", "while its round was not open"),
        (
            "\"closed\": \"2026-11-24T12:00:00Z\"",
            "\"closed\": \"2026-11-22T12:00:00Z\"",
            "closed before it was announced",
        ),
    ] {
        assert!(text.contains(from), "{from} in {text}");
        let e = read(&text.replace(from, to)).unwrap_err();
        assert!(e.to_string().contains(why), "{to}: {e}");
    }
}

#[test]
fn a_game_played_in_turns_is_not_a_game_of_rounds() {
    let text = "[Game \"sage\"]\n[Result \"*\"]\n\n1. e2-e3 *\n";
    let record = GameRecord::from_text(text).unwrap().record;
    let Err(e) = Rounds::from_record(&record) else { panic!("a game of sage is refused") };
    assert!(e.to_string().contains("sage is played in turns"), "{e}");
    let file = RefereeFile::to_json(&record);
    let Err(e) = RefereeFile::from_json(&file).and_then(|r| Rounds::from_record(&r)) else {
        panic!("its file is refused")
    };
    assert!(e.to_string().starts_with("'sage': "), "{e}");
}

/// A game of Alice and two computer seats whose plays wait their turn.
fn deferring(settings: RoundSettings) -> Rounds {
    let seats = vec![Occupant::person("Alice"), Occupant::computer(3, "Bot one"), Occupant::computer(5, "Bot two")];
    let options = GameOptions::new().with("players", OptionValue::Text("ABC".into()));
    Rounds::new_deferring_computer(GameId::Scg, &options, None, seats, settings, 7, t("2026-11-23T09:00Z")).unwrap()
}

#[test]
fn deferred_computer_plays_wait_to_be_sent_and_are_never_missed() {
    let now = t("2026-11-23T10:00Z");
    let mut g = deferring(RoundSettings { close_early: true, ..RoundSettings::default() });
    assert!(g.computer_to_play(), "nothing sent at the opening");
    assert_eq!(g.plays_in(), 0);
    accepted(&mut g, 0, "a1", now);
    assert_eq!(g.round(), 1, "the computer's plays are awaited");
    // Sent: every play is in, and the round closes early.
    let events = g.send_computer_plays(now).unwrap();
    assert!(events.iter().any(|e| matches!(e, Event::RoundClosed { .. })), "{events:?}");
    assert_eq!(g.round(), 2);
    assert!(g.computer_to_play(), "round 2 waits for them again");
    assert!(g.send_computer_plays(now).unwrap().iter().any(|e| matches!(e, Event::PlayReceived { .. })));
    assert!(!g.computer_to_play());
    assert!(g.send_computer_plays(now).unwrap().is_empty(), "nothing more to send");

    // The same plays as a game that sends them at once.
    let seats = vec![Occupant::person("Alice"), Occupant::computer(3, "Bot one"), Occupant::computer(5, "Bot two")];
    let options = GameOptions::new().with("players", OptionValue::Text("ABC".into()));
    let at_once =
        Rounds::new(GameId::Scg, &options, None, seats, RoundSettings::default(), 7, t("2026-11-23T09:00Z")).unwrap();
    let mut later = deferring(RoundSettings::default());
    later.send_computer_plays(now).unwrap();
    for seat in [Seat(1), Seat(2)] {
        assert_eq!(later.pending_play(seat).map(|p| &p.text), at_once.pending_play(seat).map(|p| &p.text));
    }

    // A round closed at its deadline before they were sent: sent then, so
    // no computer seat is doomed for waiting.
    let mut g = deferring(RoundSettings::default());
    accepted(&mut g, 0, "a1", now);
    let text = announcement(&g.close(t("2026-11-26T09:00Z"), false).unwrap());
    assert!(!text.contains("made no valid play"), "{text}");
    assert_eq!(g.position().active().len(), 3, "{text}");
}

#[test]
fn players_finish_by_the_round_they_were_doomed_in_and_the_winner_first() {
    let mut g = game(RoundSettings::default());
    let now = t("2026-11-23T12:00Z");
    // Carol sends no play in round 1 and is doomed; Bob none in round 2.
    accepted(&mut g, 0, "a1", now);
    accepted(&mut g, 1, "c3", now);
    g.close(now, true).unwrap();
    assert_eq!(g.finishing_places(), vec![1, 1, 0], "Alice and Bob survived one round, Carol none");
    let played = arbiter_play::Match::Rounds(Box::new(g.clone()));
    assert_eq!(played.finishing_places(), None, "not over: not rated yet");
    accepted(&mut g, 0, "b2", now);
    g.close(now, true).unwrap();
    assert!(g.is_over(), "Alice is the last standing");
    assert_eq!(g.finishing_places(), vec![u32::MAX, 1, 0]);
    let over = arbiter_play::Match::Rounds(Box::new(g));
    assert_eq!(over.finishing_places(), Some(vec![u32::MAX, 1, 0]));
}
