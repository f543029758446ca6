//! A turn-based game through the play layer: whose turn it is, moves read
//! once and played as values, the computer's replies, undo, resignation,
//! a time limit per move driven by a clock the test sets, the events of
//! every change, and the record that holds it all.

use arbiter_core::{EndReason, GameOptions, GameStatus, OptionValue, Seat};
use arbiter_games::GameId;
use arbiter_play::time::DAY;
use arbiter_play::{
    Clock, Event, GameRecord, ManualClock, MoveForm, Occupant, PlayError, RefereeFile, Session, Timestamp,
};

fn now() -> Timestamp {
    Timestamp::parse("2026-11-23T09:00Z").unwrap()
}

fn people(game: GameId) -> Session {
    Session::new(game, &GameOptions::new(), None, vec![Occupant::person("Ann"), Occupant::person("Bo")], now()).unwrap()
}

#[test]
fn moves_are_read_once_and_played_by_the_player_to_move() {
    let mut s = people(GameId::Agog);
    assert_eq!(s.to_move(), Some(Seat(0)));
    let mv = s.parse_move("2e3").unwrap();
    assert_eq!(s.position().move_text(&mv), "e2-e3");
    // Not Black's turn: refused, nothing changes.
    let e = s.play(Seat(1), mv, now()).unwrap_err();
    assert_eq!(e.to_string(), "'e2-e3': it is w's turn, not b's");
    assert_eq!(s.ply(), 0);
    let events = s.play(Seat(0), mv, now()).unwrap();
    assert_eq!(events, vec![Event::MovePlayed { ply: 0, seat: Seat(0), mv }]);
    assert_eq!(s.to_move(), Some(Seat(1)));
    // An illegal move is refused with the rule's explanation.
    let e = s.parse_move("e6-e4").unwrap_err();
    assert!(matches!(&e, PlayError::Move(m) if m.token() == "e6-e4"), "{e}");
}

#[test]
fn the_end_of_a_game_is_an_event_and_no_move_follows_it() {
    let options = GameOptions::new();
    let seats = vec![Occupant::person("Ann"), Occupant::person("Bo")];
    let mut s = Session::new(GameId::Agog, &options, Some("8/8/8/8/8/8/j7/J7 w 0 0"), seats, now()).unwrap();
    let mv = s.parse_move("a1xa3").unwrap();
    let events = s.play(Seat(0), mv, now()).unwrap();
    let GameStatus::Over(o) = s.status() else { panic!("over") };
    assert_eq!((o.reason, o.winners.iter().collect::<Vec<_>>()), (EndReason::Capture, vec![Seat(0)]));
    assert_eq!(events.last(), Some(&Event::GameOver { status: s.status() }));
    assert!(matches!(s.parse_move("h8"), Err(PlayError::GameOver { .. })));
    assert!(matches!(s.resign(Seat(1)), Err(PlayError::GameOver { .. })));
    let text = s.replayed().to_text(MoveForm::Record);
    assert!(text.contains("[Setup \"8/8/8/8/8/8/j7/J7 w 0 0\"]") && text.ends_with("1. Jxa3 1—0\n"), "{text}");
}

#[test]
fn repetition_is_counted_move_by_move() {
    let mut s = people(GameId::Sage);
    for _ in 0..2 {
        for (seat, text) in [(0, "a2-a4"), (1, "a8-a6"), (0, "a4-a2"), (1, "a6-a8")] {
            assert!(!s.is_over(), "{text}");
            let mv = s.parse_move(text).unwrap();
            s.play(Seat(seat), mv, now()).unwrap();
        }
    }
    assert_eq!(s.status().outcome().map(|o| o.reason), Some(EndReason::Repetition));
    // Taken back, the position has been seen twice only: the game goes on.
    s.undo();
    assert!(!s.is_over());
}

#[test]
fn the_computer_replies_and_undo_takes_its_reply_back_too() {
    let seats = vec![Occupant::person("Ann"), Occupant::computer(2, "Arbiter level 2")];
    let mut s = Session::new(GameId::Ogama, &GameOptions::new(), None, seats, now()).unwrap();
    assert_eq!(s.computer_to_move(), None);
    assert_eq!(s.play_computer(now()), None, "not the computer's turn");
    let mv = s.position().legal_moves()[0];
    s.play(Seat(0), mv, now()).unwrap();
    assert_eq!(s.computer_to_move(), Some((Seat(1), 2)));
    let events = s.play_computer(now()).unwrap();
    assert!(matches!(events[0], Event::MovePlayed { seat: Seat(1), .. }));
    assert_eq!(s.ply(), 2);
    assert_eq!(s.undo(), vec![Event::MovesTakenBack { count: 2 }]);
    assert_eq!(s.ply(), 0);
    assert_eq!(s.undo(), vec![]);
}

#[test]
fn a_resignation_ends_the_game_and_may_be_taken_back() {
    let mut s = people(GameId::Agog);
    let events = s.resign(Seat(0)).unwrap();
    assert_eq!(events[0], Event::Resigned { seat: Seat(0) });
    let GameStatus::Over(o) = s.status() else { panic!("over") };
    assert_eq!((o.reason, o.winners.iter().collect::<Vec<_>>()), (EndReason::Resignation, vec![Seat(1)]));
    assert_eq!(s.to_move(), None);
    let record = s.record();
    assert_eq!(record.result.as_ref().map(|r| r.winners.clone()), Some(vec!["b".to_string()]));
    // The record keeps the resignation: read back, the game is over.
    assert!(Session::from_record(&record).unwrap().is_over());
    assert_eq!(s.undo(), vec![Event::ResignationWithdrawn { seat: Seat(0) }]);
    assert!(!s.is_over());
}

#[test]
fn a_player_who_runs_out_of_time_loses() {
    let clock = ManualClock::new(now());
    let mut s = people(GameId::Sage);
    s.set_days_per_move(Some(3));
    assert_eq!(s.deadline(), Some(now().after(3 * DAY)));
    clock.advance(DAY);
    let mv = s.parse_move("c2-c4").unwrap();
    s.play(Seat(0), mv, clock.now()).unwrap();
    // The deadline counts from the last move.
    assert_eq!(s.deadline(), Some(now().after(4 * DAY)));
    clock.advance(3 * DAY - 1);
    assert_eq!(s.check_time(clock.now()), vec![]);
    clock.advance(1);
    let events = s.check_time(clock.now());
    assert_eq!(events[0], Event::TimedOut { seat: Seat(1) });
    assert_eq!(s.status().outcome().map(|o| o.reason), Some(EndReason::Timeout));
    assert_eq!(s.status().winners().iter().collect::<Vec<_>>(), [Seat(0)]);
    assert_eq!(s.deadline(), None);
}

#[test]
fn the_record_holds_seats_times_and_moves_and_reads_back() {
    let clock = ManualClock::new(now());
    let options = GameOptions::new().with("seed", OptionValue::Number(12));
    let seats = vec![Occupant::person("Ann"), Occupant::computer(1, "Arbiter level 1")];
    let mut s = Session::new(GameId::Ogama, &options, None, seats, clock.now()).unwrap();
    for _ in 0..3 {
        let mv = s.position().legal_moves()[0];
        s.play(Seat(0), mv, clock.now()).unwrap();
        clock.advance(60);
        s.play_computer(clock.now()).unwrap();
    }
    let record = s.record();
    assert_eq!(record.moves.len(), 6);
    assert_eq!(record.moves[1].at, Some(now().after(60)));
    let json = RefereeFile::to_json(&record);
    let read: GameRecord = RefereeFile::from_json(&json).unwrap();
    let again = Session::from_record(&read).unwrap();
    assert_eq!(again.position(), s.position());
    assert_eq!(again.seats(), s.seats());
    assert_eq!(again.record(), record);
    // The moves from any ply on are the record's tail, texts and times.
    for from in 0..=7 {
        let tail = record.moves.get(from..).unwrap_or_default();
        assert_eq!(s.move_records(from), tail, "from {from}");
        let texts: Vec<String> = tail.iter().map(|m| m.text.clone()).collect();
        assert_eq!(s.move_texts_from(from), texts, "from {from}");
    }
    let text = s.replayed().to_text(MoveForm::Record);
    assert!(text.contains("[Seed \"12\"]") && text.contains("[Blue \"Arbiter level 1\"]"), "{text}");
    assert_eq!(GameRecord::from_text(&text).unwrap().line.current(), s.position());
}

#[test]
fn seats_must_fit_the_game() {
    let one = vec![Occupant::person("Ann")];
    let e = Session::new(GameId::Agog, &GameOptions::new(), None, one, now()).unwrap_err();
    assert_eq!(e.to_string(), "'1': agog has 2 seats");
    let eleven = vec![Occupant::person("Ann"), Occupant::computer(11, "X")];
    let e = Session::new(GameId::Agog, &GameOptions::new(), None, eleven, now()).unwrap_err();
    assert_eq!(e.to_string(), "'11': levels are 1 to 10");
    let e = Session::new(GameId::Scg, &GameOptions::new(), None, vec![], now()).unwrap_err();
    assert!(e.to_string().contains("play it in rounds"), "{e}");
    let bad = GameOptions::new().with("handicap", OptionValue::Number(11));
    let e = Session::new(GameId::Agog, &bad, None, vec![], now()).unwrap_err();
    assert_eq!(e.to_string(), "'11': the handicap is 0 to 10");
}

#[test]
fn a_takeback_undoes_the_askers_last_move_and_the_reply_to_it() {
    let mut s = people(GameId::Sage);
    assert_eq!(s.take_back(Seat(0)), None, "nobody has moved");
    let first = s.position().legal_moves()[0];
    s.play(Seat(0), first, now()).unwrap();
    let after_first = s.position().position_string();
    assert_eq!(s.last_mover(), Some(Seat(0)));
    let reply = s.position().legal_moves()[0];
    s.play(Seat(1), reply, now()).unwrap();
    assert_eq!(s.last_mover(), Some(Seat(1)));
    // Black takes back its own move only.
    assert_eq!(s.take_back(Seat(1)), Some(vec![Event::MovesTakenBack { count: 1 }]));
    assert_eq!(s.position().position_string(), after_first);
    s.play(Seat(1), reply, now()).unwrap();
    // White takes back its move and Black's reply: White is to move at the start.
    assert_eq!(s.take_back(Seat(0)), Some(vec![Event::MovesTakenBack { count: 2 }]));
    assert_eq!((s.ply(), s.to_move()), (0, Some(Seat(0))));
    assert_eq!(s.record().moves.len(), 0);
}

#[test]
fn a_draw_by_agreement_ends_the_game_with_no_winner() {
    let mut s = people(GameId::Ogama);
    let events = s.agree_draw().unwrap();
    let GameStatus::Over(o) = s.status() else { panic!("over") };
    assert_eq!(events, vec![Event::GameOver { status: s.status() }]);
    assert!(o.is_draw() && o.reason == EndReason::Agreement);
    assert!(s.agree_draw().is_err(), "over already");
    assert_eq!(s.take_back(Seat(0)), None);
    // The record keeps the agreement, and reads back drawn.
    let again = Session::from_record(&s.record()).unwrap();
    assert_eq!(again.status(), s.status());
}
