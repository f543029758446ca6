//! One game behind one interface ([`Match`]): a seat taken starts the
//! clock only when asked, the moves are counted as they are listed, the
//! turn is one seat's in a game of turns and nobody's in a game of rounds,
//! and a round's view shows a pending play to its own player only.

use arbiter_core::{GameOptions, OptionValue, Seat};
use arbiter_games::GameId;
use arbiter_play::record::ClockSettings;
use arbiter_play::{Event, GameRecord, Match, MoveOutcome, Occupant, Timestamp, Viewer};

fn t(text: &str) -> Timestamp {
    Timestamp::parse(text).unwrap()
}

/// A Sage Tafl game of Alice and an open seat, one day a move.
fn open_game() -> GameRecord {
    let mut record = GameRecord::new(GameId::Sage, GameOptions::new());
    record.seats = vec![Occupant::person("Alice"), Occupant::default()];
    record.clock =
        Some(ClockSettings { days_per_move: Some(1), round_hours: None, close_early: false, no_vacation: false });
    record
}

/// A Single Capture Go game of three, a day a round.
fn rounds() -> Match {
    let mut record = GameRecord::new(GameId::Scg, GameOptions::new().with("players", OptionValue::Text("ABC".into())));
    record.seats = ["Alice", "Bob", "Carol"].map(Occupant::person).to_vec();
    record.clock =
        Some(ClockSettings { days_per_move: None, round_hours: Some(24), close_early: false, no_vacation: false });
    Match::start(&record, t("2026-11-23T09:00Z")).unwrap()
}

#[test]
fn a_seat_taken_is_an_event_and_starts_the_clock_only_when_the_game_starts() {
    let now = t("2026-11-24T10:00Z");
    let mut waiting = Match::from_record(&open_game()).unwrap();
    let events = waiting.take_seat(Seat(1), Occupant::person("Bob"), None).unwrap();
    assert_eq!(events, vec![Event::SeatTaken { seat: Seat(1) }]);
    assert_eq!(waiting.seats()[1], Occupant::person("Bob"));
    assert_eq!(waiting.deadline(), None, "not started: no clock");

    let mut starting = Match::from_record(&open_game()).unwrap();
    starting.take_seat(Seat(1), Occupant::person("Bob"), Some(now)).unwrap();
    assert_eq!(starting.record().started, Some(now));
    assert_eq!(starting.deadline(), Some(now.after(arbiter_play::time::DAY)));

    let refused = Match::from_record(&open_game()).unwrap().take_seat(Seat(5), Occupant::person("Eve"), None);
    assert!(refused.unwrap_err().to_string().contains("the game has 2 seats"));
}

#[test]
fn moves_are_counted_as_they_are_listed_and_the_turn_passes() {
    let mut record = open_game();
    record.seats[1] = Occupant::person("Bob");
    let now = t("2026-11-24T10:00Z");
    let mut game = Match::start(&record, now).unwrap();
    let first = game.turn().expect("someone moves first");
    let mv = game.legal_for(first)[0].mv.clone();
    let MoveOutcome::Applied(events) = game.submit(first, &mv, now, 20).unwrap() else { panic!("not applied") };
    assert!(matches!(events[0], Event::MovePlayed { ply: 0, seat, .. } if seat == first));
    assert_eq!(game.move_count(), game.move_texts().len());
    assert_eq!(game.move_count(), 1);
    assert_ne!(game.turn(), Some(first));
    assert_eq!(game.round_view(Viewer::Seat(first)), None, "a game of turns has no rounds");
}

#[test]
fn a_game_of_rounds_has_no_turn_and_shows_a_pending_play_to_its_player_only() {
    let mut game = rounds();
    let now = t("2026-11-23T10:00Z");
    assert_eq!(game.turn(), None);
    let MoveOutcome::Applied(_) = game.submit(Seat(0), "c3", now, 20).unwrap() else { panic!("not applied") };
    let mine = game.round_view(Viewer::Seat(Seat(0))).unwrap();
    assert_eq!((mine.round, mine.plays_in, mine.my_play.as_deref()), (1, 1, Some("c3")));
    for viewer in [Viewer::Seat(Seat(1)), Viewer::Spectator, Viewer::Referee] {
        let seen = game.round_view(viewer).unwrap();
        assert_eq!((seen.plays_in, seen.my_play), (1, None), "{viewer:?}");
    }
    assert_eq!(game.move_count(), 0);
    for (seat, play) in [(1, "d4"), (2, "e5")] {
        game.submit(Seat(seat), play, now, 20).unwrap();
    }
    let events = game.pass_time(t("2026-11-30T10:00Z")).unwrap();
    assert!(events.iter().any(|e| matches!(e, Event::RoundClosed { round: 1, .. })), "{events:?}");
    assert_eq!(game.move_count(), game.move_texts().len());
    assert_eq!(game.move_count(), 1);
    assert_eq!(game.round_view(Viewer::Spectator).unwrap().announcements.len(), 1);
}

#[test]
fn a_game_called_off_is_over_with_nobody_winning_and_stays_so_in_its_record() {
    let mut record = open_game();
    record.seats[1] = Occupant::person("Bob");
    let now = t("2026-11-24T10:00Z");
    let mut turns = Match::start(&record, now).unwrap();
    let first = turns.turn().unwrap();
    let mv = turns.legal_for(first)[0].mv.clone();
    turns.submit(first, &mv, now, 20).unwrap();
    let mut scg = rounds();
    scg.submit(Seat(0), "c3", t("2026-11-23T10:00Z"), 20).unwrap();
    for game in [&mut turns, &mut scg] {
        let events = game.abort().unwrap();
        let status = game.status();
        assert_eq!(events, vec![Event::GameOver { status }]);
        assert_eq!(status.word(), "aborted");
        assert!(game.is_over() && game.turn().is_none() && game.deadline().is_none());
        let outcome = status.outcome().unwrap();
        assert!(outcome.winners.is_empty() && !outcome.is_draw());
        assert!(game.abort().unwrap_err().to_string().contains("over"), "called off once only");
        // Read back from its record, it is still called off, its moves kept.
        let again = Match::from_record(&game.record()).unwrap();
        assert_eq!((again.status(), again.move_count()), (status, game.move_count()));
        assert!(again.is_over());
    }
    assert_eq!(turns.move_count(), 1);
    // The text record writes no result for it.
    let text = turns.replayed().to_text(arbiter_play::record::MoveForm::Record);
    assert!(text.contains("[Result \"*\"]"), "{text}");
}
