//! Rating one finished game of any number of players: every pair of them
//! as a game decided by their finishing order (ties are draws), each
//! pair's result weighted by 1/(players − 1), so that a game of twelve
//! moves a rating about as much as a game of two; each seat's edge from a
//! handicap shifts the expected score of every pair it is in.

use crate::glicko::{Outcome, Rating, Settings, rate};

/// One player of a finished game, as the game is rated.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Entrant {
    /// Their rating before the game (as stored).
    pub before: Rating,
    /// Days since their last rated game (0 for a player's first).
    pub idle_days: f64,
    /// Where they finished: a greater number finished better; equal
    /// numbers tied.
    pub place: u32,
    /// Their seat's edge in Elo from the game's terms (a handicap given
    /// to the seat; 0 for none).
    pub edge: f64,
}

/// Each entrant's rating after the game, in their order. A game of fewer
/// than two players rates nobody (each keeps their rating).
pub fn rate_game(entrants: &[Entrant], settings: &Settings) -> Vec<Rating> {
    if entrants.len() < 2 {
        return entrants.iter().map(|e| e.before).collect();
    }
    let weight = 1.0 / (entrants.len() - 1) as f64;
    // Everyone is rated against everyone's rating before the game, its
    // deviation grown for the time they were idle.
    let now: Vec<Rating> = entrants.iter().map(|e| e.before.after_idle(e.idle_days, settings)).collect();
    entrants
        .iter()
        .enumerate()
        .map(|(i, me)| {
            let outcomes: Vec<Outcome> = entrants
                .iter()
                .enumerate()
                .filter(|(j, _)| *j != i)
                .map(|(j, them)| Outcome {
                    opponent: now[j],
                    score: match me.place.cmp(&them.place) {
                        std::cmp::Ordering::Greater => 1.0,
                        std::cmp::Ordering::Equal => 0.5,
                        std::cmp::Ordering::Less => 0.0,
                    },
                    weight,
                    edge: me.edge - them.edge,
                })
                .collect();
            rate(me.before, &outcomes, me.idle_days * settings.periods_per_day, settings)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settled(rating: f64) -> Rating {
        Rating { rating, deviation: 60.0, volatility: 0.06 }
    }

    fn entrant(rating: f64, place: u32) -> Entrant {
        Entrant { before: settled(rating), idle_days: 1.0, place, edge: 0.0 }
    }

    #[test]
    fn two_players_are_one_plain_game() {
        let s = Settings::LICHESS;
        let after = rate_game(&[entrant(1500.0, 1), entrant(1600.0, 0)], &s);
        let plain =
            rate(settled(1500.0), &[Outcome::plain(settled(1600.0).after_idle(1.0, &s), 1.0)], s.periods_per_day, &s);
        assert_eq!(after[0], plain);
        assert!(after[1].rating < 1600.0);
    }

    #[test]
    fn twelve_players_move_a_rating_about_as_much_as_two() {
        let s = Settings::LICHESS;
        let two = rate_game(&[entrant(1500.0, 1), entrant(1500.0, 0)], &s);
        let mut twelve: Vec<Entrant> = (0..12).map(|i| entrant(1500.0, i)).collect();
        twelve[0].place = 100;
        let twelve = rate_game(&twelve, &s);
        let (gain2, gain12) = (two[0].rating - 1500.0, twelve[0].rating - 1500.0);
        assert!((gain12 / gain2 - 1.0).abs() < 0.1, "{gain12} against {gain2}");
    }

    #[test]
    fn ties_are_draws_and_order_counts() {
        let s = Settings::LICHESS;
        let after = rate_game(&[entrant(1500.0, 2), entrant(1500.0, 1), entrant(1500.0, 1), entrant(1500.0, 0)], &s);
        assert!(after[0].rating > after[1].rating);
        assert!((after[1].rating - after[2].rating).abs() < 1e-9);
        assert!(after[2].rating > after[3].rating);
        // Even players: what one gains the others lose.
        let total: f64 = after.iter().map(|r| r.rating - 1500.0).sum();
        assert!(total.abs() < 0.5, "{total}");
    }

    #[test]
    fn a_handicap_won_counts_for_less() {
        let s = Settings::LICHESS;
        let plain = rate_game(&[entrant(1500.0, 1), entrant(1500.0, 0)], &s);
        let given = rate_game(&[Entrant { edge: 120.0, ..entrant(1500.0, 1) }, entrant(1500.0, 0)], &s);
        assert!(given[0].rating < plain[0].rating);
        assert!(given[1].rating > plain[1].rating);
    }

    #[test]
    fn fewer_than_two_rate_nobody() {
        assert_eq!(rate_game(&[entrant(1400.0, 1)], &Settings::LICHESS), vec![settled(1400.0)]);
        assert!(rate_game(&[], &Settings::LICHESS).is_empty());
    }
}
