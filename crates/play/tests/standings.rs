//! How each seat came out of a finished game, read from its record: the
//! winner won and the others lost, a draw is drawn for all, a game called
//! off is aborted for all, and a game that goes on has no standings.

use arbiter_core::{EndReason, GameOptions, OptionValue, Seat};
use arbiter_games::GameId;
use arbiter_play::record::ResultRecord;
use arbiter_play::{GameRecord, Match, Occupant, Standing, Timestamp};

fn now() -> Timestamp {
    Timestamp::parse("2026-11-25T10:00Z").unwrap()
}

fn sage() -> Match {
    let mut record = GameRecord::new(GameId::Sage, GameOptions::new());
    record.seats = vec![Occupant::person("Alice"), Occupant::person("Bob")];
    Match::start(&record, now()).unwrap()
}

fn scg() -> Match {
    let mut record = GameRecord::new(GameId::Scg, GameOptions::new().with("players", OptionValue::Text("ABC".into())));
    record.seats = ["Alice", "Bob", "Carol"].map(Occupant::person).to_vec();
    Match::start(&record, now()).unwrap()
}

#[test]
fn a_game_that_goes_on_has_no_standings() {
    assert_eq!(sage().record().standings(), None);
    assert_eq!(scg().record().standings(), None);
}

#[test]
fn the_winner_won_and_the_others_lost() {
    let mut game = sage();
    game.resign(Seat(0)).unwrap();
    assert_eq!(game.record().standings(), Some(vec![Standing::Lost, Standing::Won]));

    let mut record = scg().record();
    record.result = Some(ResultRecord { winners: vec!["B".into()], reason: Some(EndReason::LastStanding) });
    assert_eq!(record.standings(), Some(vec![Standing::Lost, Standing::Won, Standing::Lost]));
    record.result = Some(ResultRecord { winners: vec!["A".into(), "C".into()], reason: Some(EndReason::MostLetters) });
    assert_eq!(record.standings(), Some(vec![Standing::Won, Standing::Lost, Standing::Won]), "a shared win");
}

#[test]
fn a_game_called_off_is_aborted_for_every_seat() {
    let mut game = scg();
    game.abort().unwrap();
    assert_eq!(game.record().standings(), Some(vec![Standing::Aborted; 3]));
}

#[test]
fn a_draw_is_drawn_for_every_seat_and_a_win_without_winners_is_unknown() {
    let mut record = sage().record();
    record.result = Some(ResultRecord { winners: Vec::new(), reason: Some(EndReason::Repetition) });
    assert_eq!(record.standings(), Some(vec![Standing::Drawn; 2]));
    let mut rounds = scg().record();
    rounds.result = Some(ResultRecord { winners: Vec::new(), reason: Some(EndReason::MostLetters) });
    assert_eq!(rounds.standings(), Some(vec![Standing::Unknown; 3]), "the most letters always win");
    record.result = Some(ResultRecord { winners: vec!["Z".into()], reason: None });
    assert_eq!(record.standings(), Some(vec![Standing::Unknown; 2]), "no seat is called Z");
}

#[test]
fn every_standing_reads_back_from_its_word() {
    for standing in Standing::ALL {
        assert_eq!(Standing::parse(standing.as_str()), Some(standing));
    }
    assert_eq!(Standing::parse("Won"), None);
}
