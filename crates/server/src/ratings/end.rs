//! The players a change rates when it ends a rated game: every seat held
//! by an account, with where it finished and the edge its handicap gave.

use arbiter_store::{RatedEnd, RatedSeat, SeatHolder};

use crate::table::Table;

/// The rating of the rated game `table` as a change has just ended it;
/// `None` if the game is casual, not over, called off, ended before every
/// side moved, or has fewer than two accounts seated.
pub fn rated_end(table: &Table) -> Option<RatedEnd> {
    let record = &table.stored.record;
    if !record.rated {
        return None;
    }
    let places = table.play.finishing_places()?;
    let edge = first_seat_edge(record);
    let seats: Vec<RatedSeat> = table
        .stored
        .seats
        .iter()
        .filter_map(|seat| match seat.holder {
            SeatHolder::Account(account) => Some(RatedSeat {
                seat: seat.seat,
                account,
                place: *places.get(usize::from(seat.seat))?,
                edge: if seat.seat == 0 { edge } else { 0.0 },
            }),
            _ => None,
        })
        .collect();
    (seats.len() >= 2).then(|| RatedEnd { pool: record.rating_pool(), seats })
}

/// The edge in Elo a game's handicap gives its first seat: the game's
/// measured value of the handicap, less that of none (the first seat's
/// own edge without a handicap is not a handicap's).
pub fn first_seat_edge(record: &arbiter_play::GameRecord) -> f64 {
    let table = record.game.info().handicap_elo;
    let handicap = record.options.number("handicap").unwrap_or(0);
    let value = |h: u64| usize::try_from(h).ok().and_then(|h| table.get(h)).copied();
    match (value(handicap), value(0)) {
        (Some(with), Some(without)) => f64::from(with - without),
        _ => 0.0,
    }
}

#[cfg(test)]
mod tests {
    use arbiter_core::{GameOptions, OptionValue};
    use arbiter_games::GameId;
    use arbiter_play::GameRecord;

    use super::first_seat_edge;

    #[test]
    fn a_handicap_gives_the_first_seat_its_measured_worth_beyond_none() {
        let agog = |handicap| {
            GameRecord::new(GameId::Agog, GameOptions::new().with("handicap", OptionValue::Number(handicap)))
        };
        let table = GameId::Agog.info().handicap_elo;
        assert_eq!(first_seat_edge(&agog(0)), 0.0);
        assert_eq!(first_seat_edge(&agog(3)), f64::from(table[3] - table[0]));
        assert!(first_seat_edge(&agog(10)) > first_seat_edge(&agog(3)));
        assert_eq!(first_seat_edge(&GameRecord::new(GameId::Sage, GameOptions::new())), 0.0);
    }
}
