//! What self-play says about a game: how often each seat wins (the first
//! player's edge, or whether a seat of a many-player game is favoured),
//! how long games last, how many choices there are as a game goes on, how
//! games end.

use arbiter_core::EndReason;

use crate::arena::GameResult;
use crate::stats::MatchStats;

/// A summary of a set of self-play games with the same player in every
/// seat.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// Games played.
    pub games: usize,
    /// Each seat's share of the wins (a draw, a shared win or a game cut
    /// off split among those it goes to) with its interval, in seat order:
    /// the first is the first player's score.
    pub seats: Vec<MatchStats>,
    /// Games that ended with a win shared by two players or more.
    pub shared_wins: usize,
    /// Mean game length in plies (rounds).
    pub mean_length: f64,
    /// Shortest and longest game.
    pub length_range: (usize, usize),
    /// Mean number of choices (legal moves, or plays open) over all plies
    /// (rounds) of all games.
    pub mean_choices: f64,
    /// Mean number of choices at each ply (round), while at least a tenth
    /// of the games last that long.
    pub choices_by_step: Vec<f64>,
    /// How many games ended each way, in the order of the reasons' words.
    pub endings: Vec<(EndReason, usize)>,
}

/// Summarises games.
pub fn analyse(results: &[GameResult]) -> Analysis {
    let games = results.len();
    let seat_count = results.first().map_or(0, |r| r.shares.len());
    let seats = (0..seat_count)
        .map(|seat| {
            let shares: Vec<f64> = results.iter().map(|r| r.shares.get(seat).copied().unwrap_or(0.0)).collect();
            MatchStats::from_scores(&shares)
        })
        .collect();
    let shared_wins = results.iter().filter(|r| r.game_status.winners().len() > 1).count();
    let total_length: usize = results.iter().map(GameResult::length).sum();
    let longest = results.iter().map(GameResult::length).max().unwrap_or(0);
    let all_choices: usize = results.iter().flat_map(|r| r.choices.iter()).sum();
    let all_steps: usize = results.iter().map(|r| r.choices.len()).sum();
    let mut choices_by_step = Vec::new();
    for step in 0..longest {
        let here: Vec<usize> = results.iter().filter_map(|r| r.choices.get(step).copied()).collect();
        if here.is_empty() || here.len() * 10 < games {
            break;
        }
        choices_by_step.push(here.iter().sum::<usize>() as f64 / here.len() as f64);
    }
    let mut endings: Vec<(EndReason, usize)> = Vec::new();
    for r in results {
        match endings.iter_mut().find(|(reason, _)| *reason == r.reason()) {
            Some((_, n)) => *n += 1,
            None => endings.push((r.reason(), 1)),
        }
    }
    endings.sort_by_key(|(reason, _)| reason.word());
    Analysis {
        games,
        seats,
        shared_wins,
        mean_length: total_length as f64 / games.max(1) as f64,
        length_range: (results.iter().map(GameResult::length).min().unwrap_or(0), longest),
        mean_choices: all_choices as f64 / all_steps.max(1) as f64,
        choices_by_step,
        endings,
    }
}

#[cfg(test)]
mod tests {
    use arbiter_core::{GameOptions, OptionValue};
    use arbiter_games::GameId;

    use super::*;
    use crate::arena::{Match, Player};

    fn random_games(game: GameId, options: GameOptions, games: usize) -> Vec<GameResult> {
        Match::new(game, options, Player::Random, Player::Random, 7).run(games, || {}).unwrap()
    }

    #[test]
    fn seat_shares_add_up_to_the_games() {
        let options = GameOptions::new().with("players", OptionValue::Text("ABC".into()));
        let results = random_games(GameId::Scg, options, 30);
        let a = analyse(&results);
        assert_eq!(a.games, 30);
        assert_eq!(a.seats.len(), 3);
        let total: f64 = a.seats.iter().map(|s| s.score).sum();
        assert!((total - 1.0).abs() < 1e-9, "the seats share every game: {total}");
        assert_eq!(a.endings.iter().map(|(_, n)| n).sum::<usize>(), 30);
    }

    #[test]
    fn lengths_and_choices_match_the_games() {
        let results = random_games(GameId::Scg, GameOptions::new(), 20);
        let a = analyse(&results);
        let lengths: Vec<usize> = results.iter().map(GameResult::length).collect();
        assert_eq!(a.length_range, (*lengths.iter().min().unwrap(), *lengths.iter().max().unwrap()));
        for r in &results {
            assert_eq!(r.choices.len(), r.length(), "one count per round played");
        }
        // The empty 5×5 grid: all 25 squares are open in the first round,
        // two fewer after it unless the players collided.
        assert_eq!(a.choices_by_step[0], 25.0);
        assert!(a.choices_by_step[1] < 25.0 && a.choices_by_step[1] >= 23.0);
        assert!(a.mean_choices < 25.0 && a.mean_choices > 0.0);
    }

    #[test]
    fn the_first_player_scores_by_the_winners_of_each_game() {
        let results = random_games(GameId::Agog, GameOptions::new(), 24);
        let a = analyse(&results);
        let first: f64 = results.iter().map(|r| r.shares[0]).sum::<f64>() / 24.0;
        assert!((a.seats[0].score - first).abs() < 1e-12);
        assert!((a.seats[0].score + a.seats[1].score - 1.0).abs() < 1e-9);
        // The first move of A•G•O•G has 12 choices.
        assert_eq!(a.choices_by_step[0], 12.0);
        assert!(a.endings.windows(2).all(|w| w[0].0.word() < w[1].0.word()));
    }
}
