//! Round-robin schedules by the circle (Berger) method: with an even
//! number of slots, one player stays put and the others turn around the
//! circle a place each round; with an odd number of players a dummy takes
//! the fixed slot, and whoever meets the dummy has the bye that round.
//!
//! With the slots numbered 0 to m − 1 and k = m − 1 rounds, round r pairs
//! the fixed slot with player r and, for s = 1 … m/2 − 1, player r + s
//! with player r − s (mod k). Seats: player x is first in round r when
//! x − r (mod k) is odd, and the fixed player is first in even rounds
//! (from 0). Each player's seats so alternate round to round except
//! around their game with the fixed slot, and in a single round robin
//! their first and second seats differ by at most one. The second cycle of
//! a double round robin repeats the first with the seats swapped.

use std::fmt;

/// The fewest players scheduled.
pub const MIN_PLAYERS: usize = 3;

/// The most players scheduled.
pub const MAX_PLAYERS: usize = 12;

/// How many times each pair meets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cycles {
    /// Once.
    Single,
    /// Twice, once in each seat.
    Double,
}

/// One round of a schedule.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Round {
    /// The games, as (first seat, second seat), players numbered from 0.
    pub pairs: Vec<(usize, usize)>,
    /// The player without a game, with an odd number of players.
    pub bye: Option<usize>,
}

/// A number of players the schedules do not cover.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayerCountOutOfRange {
    /// The number asked for.
    pub players: usize,
}

impl fmt::Display for PlayerCountOutOfRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a round robin takes {MIN_PLAYERS} to {MAX_PLAYERS} players, not {}", self.players)
    }
}

impl std::error::Error for PlayerCountOutOfRange {}

/// The rounds of a round robin of `players` players (numbered from 0):
/// `players − 1` rounds (or `players` with an odd count) in a single round
/// robin, twice as many in a double.
pub fn schedule(players: usize, cycles: Cycles) -> Result<Vec<Round>, PlayerCountOutOfRange> {
    if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
        return Err(PlayerCountOutOfRange { players });
    }
    let slots = players + players % 2;
    let fixed = slots - 1;
    let turning = slots - 1;
    let mut rounds: Vec<Round> = (0..turning)
        .map(|r| {
            let mut round = Round::default();
            if fixed < players {
                round.pairs.push(if r % 2 == 0 { (fixed, r) } else { (r, fixed) });
            } else {
                round.bye = Some(r);
            }
            for s in 1..slots / 2 {
                let (up, down) = ((r + s) % turning, (r + turning - s) % turning);
                round.pairs.push(if s % 2 == 1 { (up, down) } else { (down, up) });
            }
            round
        })
        .collect();
    if cycles == Cycles::Double {
        let second: Vec<Round> = rounds
            .iter()
            .map(|round| Round { pairs: round.pairs.iter().map(|&(a, b)| (b, a)).collect(), bye: round.bye })
            .collect();
        rounds.extend(second);
    }
    Ok(rounds)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_players() {
        let rounds = schedule(4, Cycles::Single).unwrap();
        let pairs: Vec<_> = rounds.iter().map(|r| r.pairs.clone()).collect();
        assert_eq!(pairs, vec![vec![(3, 0), (1, 2)], vec![(1, 3), (2, 0)], vec![(3, 2), (0, 1)]]);
    }

    #[test]
    fn out_of_range() {
        assert_eq!(schedule(2, Cycles::Single), Err(PlayerCountOutOfRange { players: 2 }));
        assert_eq!(schedule(13, Cycles::Double), Err(PlayerCountOutOfRange { players: 13 }));
    }
}
