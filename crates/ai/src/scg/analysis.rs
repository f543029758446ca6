//! What self-play says about Single Capture Go: whether any seat is
//! favoured, how long games last, how many squares there are to choose
//! from as the grid fills, how games end.

use std::collections::BTreeMap;

use super::arena::ScgResult;
use crate::stats::MatchStats;

/// A summary of a set of self-play games with the same player in every
/// seat.
#[derive(Clone, Debug, PartialEq)]
pub struct ScgAnalysis {
    /// Games played.
    pub games: usize,
    /// Each seat's share of the wins (a shared win split among its
    /// winners) with its interval, in seat order; a fair game gives every
    /// seat one over the number of players.
    pub seats: Vec<MatchStats>,
    /// Games whose win was shared by two players or more.
    pub shared_wins: usize,
    /// Mean game length in rounds.
    pub mean_rounds: f64,
    /// Shortest and longest game.
    pub rounds_range: (u32, u32),
    /// Mean number of playable squares over all rounds of all games.
    pub mean_playable: f64,
    /// Mean number of playable squares at each round, while at least a
    /// tenth of the games last that long.
    pub playable_by_round: Vec<f64>,
    /// How many games ended each way (`last-standing`, `most-letters`,
    /// `stalled`, `stopped`).
    pub endings: BTreeMap<String, usize>,
}

/// Summarises games of `players` seats.
pub fn analyse(results: &[ScgResult], players: usize) -> ScgAnalysis {
    let games = results.len();
    let seats = (0..players)
        .map(|seat| {
            let shares: Vec<f64> = results.iter().map(|r| r.shares.get(seat).copied().unwrap_or(0.0)).collect();
            MatchStats::from_scores(&shares)
        })
        .collect();
    let ended = |r: &ScgResult| r.reason != "stalled" && r.reason != "stopped";
    let shared_wins = results.iter().filter(|r| ended(r) && r.shares.iter().filter(|&&s| s > 0.0).count() > 1).count();
    let total_rounds: u32 = results.iter().map(|r| r.rounds).sum();
    let longest = results.iter().map(|r| r.rounds).max().unwrap_or(0);
    let mut endings = BTreeMap::new();
    for r in results {
        *endings.entry(r.reason.clone()).or_insert(0) += 1;
    }
    let all_playable: usize = results.iter().flat_map(|r| r.playable.iter()).sum();
    let all_rounds: usize = results.iter().map(|r| r.playable.len()).sum();
    let mut playable_by_round = Vec::new();
    for round in 0..longest as usize {
        let here: Vec<usize> = results.iter().filter_map(|r| r.playable.get(round).copied()).collect();
        if here.is_empty() || here.len() * 10 < games {
            break;
        }
        playable_by_round.push(here.iter().sum::<usize>() as f64 / here.len() as f64);
    }
    ScgAnalysis {
        games,
        seats,
        shared_wins,
        mean_rounds: f64::from(total_rounds) / games.max(1) as f64,
        rounds_range: (results.iter().map(|r| r.rounds).min().unwrap_or(0), longest),
        mean_playable: all_playable as f64 / all_rounds.max(1) as f64,
        playable_by_round,
        endings,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scg::{ScgMatch, SeatPlayer};

    fn random_games(players: usize, games: usize) -> Vec<ScgResult> {
        let arena = ScgMatch {
            players,
            a: SeatPlayer::Random,
            a_seats: 1,
            b: SeatPlayer::Random,
            at_blocked: false,
            max_rounds: 400,
            stall_rounds: 20,
            seed: 7,
        };
        arena.run(games, || {}).unwrap()
    }

    #[test]
    fn seat_shares_add_up_to_the_games() {
        let results = random_games(3, 30);
        let a = analyse(&results, 3);
        assert_eq!(a.games, 30);
        assert_eq!(a.seats.len(), 3);
        let total: f64 = a.seats.iter().map(|s| s.score).sum();
        assert!((total - 1.0).abs() < 1e-9, "the seats share every game: {total}");
        assert_eq!(a.endings.values().sum::<usize>(), 30);
    }

    #[test]
    fn lengths_and_choices_match_the_games() {
        let results = random_games(2, 20);
        let a = analyse(&results, 2);
        let rounds: Vec<u32> = results.iter().map(|r| r.rounds).collect();
        assert_eq!(a.rounds_range, (*rounds.iter().min().unwrap(), *rounds.iter().max().unwrap()));
        for r in &results {
            assert_eq!(r.playable.len(), r.rounds as usize, "one count per round played");
        }
        // The empty 5×5 grid: all 25 squares are open in the first round,
        // two fewer after it unless the players collided.
        assert_eq!(a.playable_by_round[0], 25.0);
        assert!(a.playable_by_round[1] < 25.0 && a.playable_by_round[1] >= 23.0);
        assert!(a.mean_playable < 25.0 && a.mean_playable > 0.0);
    }
}
