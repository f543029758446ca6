//! Standings of a tournament from its finished results: each player's
//! score and tiebreaks, their rank, and a crosstable.
//!
//! Players are ranked by score, then Sonneborn–Berger (the scores of the
//! opponents beaten plus half the scores of those drawn), then Buchholz
//! (the opponents' scores added up), then the points scored in the games
//! among exactly the players still tied, then rating. Players share a rank
//! only when all of these are equal. A bye scores its points but adds
//! nothing to either tiebreak.
//!
//! A Single Capture Go table of n players counts as a game between every
//! pair of them, decided by the finishing order (ahead wins, level draws),
//! each pair's game worth 1/(n − 1) of a game: a player scores (the number
//! they finished ahead of + half the number level with them) / (n − 1)
//! points, so a table is worth one point to share as a game of two is, and
//! its opponents count 1/(n − 1) each in the tiebreaks.
//!
//! The sums are kept exact (in fractions of a point common to every table
//! size), so ties are found exactly; the values reported are in points.

use std::fmt;

/// One finished result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// A game of two players.
    Pair {
        /// The player in the first seat.
        first: usize,
        /// The player in the second seat.
        second: usize,
        /// The first seat's score in half points: 2 won, 1 drawn, 0 lost.
        first_score: u32,
    },
    /// A bye, worth points but no opponent.
    Bye {
        /// The player given it.
        player: usize,
        /// Its worth in half points: 2 for a pairing bye, 1 for a
        /// half-point bye.
        points: u32,
    },
    /// A Single Capture Go table's game.
    Table {
        /// The finishing order, winners first: each entry is the players
        /// who finished level in that place.
        finish: Vec<Vec<usize>>,
    },
}

/// A result against one opponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Versus {
    /// Won (or finished ahead at a table).
    Win,
    /// Drawn (or finished level).
    Draw,
    /// Lost (or finished behind).
    Loss,
}

/// One game between a player and an opponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Encounter {
    /// The game: its index in the results.
    pub game: usize,
    /// Its result for the player.
    pub result: Versus,
}

/// One player's line in the standings.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    /// The player, by index.
    pub player: usize,
    /// Their rank from 1; tied players share one (1, 2, 2, 4…).
    pub rank: usize,
    /// Their score in points.
    pub score: f64,
    /// Their Sonneborn–Berger score.
    pub sonneborn_berger: f64,
    /// Their Buchholz score.
    pub buchholz: f64,
    /// Their points in the games among the players tied with them on
    /// score and both tiebreaks (0 when nobody is).
    pub head_to_head: f64,
    /// Their rating.
    pub rating: f64,
}

/// What is wrong with a list of results.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StandingsError {
    /// A result names a player beyond the players given.
    UnknownPlayer {
        /// The result, by index.
        game: usize,
        /// The player named.
        player: usize,
    },
    /// A result has a player twice (playing themself).
    PlayerTwice {
        /// The result, by index.
        game: usize,
        /// The player.
        player: usize,
    },
    /// A score or bye beyond 2 half points.
    ScoreOutOfRange {
        /// The result, by index.
        game: usize,
    },
    /// A table of fewer than two players, an empty place, or more
    /// players than exact sums allow.
    BadTable {
        /// The result, by index.
        game: usize,
    },
}

impl fmt::Display for StandingsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StandingsError::UnknownPlayer { game, player } => write!(f, "result {game} names unknown player {player}"),
            StandingsError::PlayerTwice { game, player } => write!(f, "result {game} has player {player} twice"),
            StandingsError::ScoreOutOfRange { game } => write!(f, "result {game} scores more than 2 half points"),
            StandingsError::BadTable { game } => write!(f, "result {game} is not a table of 2 or more players"),
        }
    }
}

impl std::error::Error for StandingsError {}

/// For each player, for each opponent, their games, in the order of the
/// results.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Crosstable {
    cells: Vec<Vec<Vec<Encounter>>>,
}

impl Crosstable {
    /// The number of players.
    pub fn players(&self) -> usize {
        self.cells.len()
    }

    /// The games of `player` against `opponent`, with `player`'s results.
    pub fn between(&self, player: usize, opponent: usize) -> &[Encounter] {
        &self.cells[player][opponent]
    }
}

/// The standings of the players with these ratings (players are indices
/// into `ratings`) after these results, first place first.
pub fn standings(ratings: &[f64], results: &[GameResult]) -> Result<Vec<Standing>, StandingsError> {
    let sheet = Sheet::new(ratings.len(), results)?;
    let n = ratings.len();
    // Points in ticks; tiebreaks in ticks² (a point's worth of opponent
    // score times a point's worth of result).
    let mut score = vec![0i128; n];
    for &(player, ticks) in &sheet.points {
        score[player] += ticks;
    }
    let mut sonneborn_berger = vec![0i128; n];
    let mut buchholz = vec![0i128; n];
    for m in &sheet.meetings {
        sonneborn_berger[m.player] += m.scored * score[m.opponent];
        buchholz[m.player] += m.weight * score[m.opponent];
    }
    let mut order: Vec<usize> = (0..n).collect();
    let primary = |p: usize| (score[p], sonneborn_berger[p], buchholz[p]);
    order.sort_by_key(|&p| std::cmp::Reverse(primary(p)));
    // Points in the games among each group still tied.
    let mut head_to_head = vec![0i128; n];
    let mut group = vec![usize::MAX; n];
    let mut start = 0;
    for chunk in order.chunk_by(|&a, &b| primary(a) == primary(b)) {
        if chunk.len() > 1 {
            for &p in chunk {
                group[p] = start;
            }
        }
        start += chunk.len();
    }
    for m in &sheet.meetings {
        if group[m.player] != usize::MAX && group[m.player] == group[m.opponent] {
            head_to_head[m.player] += m.scored;
        }
    }
    let key = |p: usize| (primary(p), head_to_head[p]);
    order.sort_by(|&a, &b| key(b).cmp(&key(a)).then(ratings[b].total_cmp(&ratings[a])).then(a.cmp(&b)));
    let tick = sheet.ticks_per_point as f64;
    let mut rows: Vec<Standing> = Vec::with_capacity(n);
    for (place, &p) in order.iter().enumerate() {
        let rank = match rows.last() {
            Some(last) if key(last.player) == key(p) && ratings[last.player].total_cmp(&ratings[p]).is_eq() => {
                last.rank
            }
            _ => place + 1,
        };
        rows.push(Standing {
            player: p,
            rank,
            score: score[p] as f64 / tick,
            sonneborn_berger: sonneborn_berger[p] as f64 / (tick * tick),
            buchholz: buchholz[p] as f64 / (tick * tick),
            head_to_head: head_to_head[p] as f64 / tick,
            rating: ratings[p],
        });
    }
    Ok(rows)
}

/// The crosstable of `players` players after these results.
pub fn crosstable(players: usize, results: &[GameResult]) -> Result<Crosstable, StandingsError> {
    let sheet = Sheet::new(players, results)?;
    let mut cells = vec![vec![Vec::new(); players]; players];
    for m in &sheet.meetings {
        let result = match (2 * m.scored).cmp(&m.weight) {
            std::cmp::Ordering::Greater => Versus::Win,
            std::cmp::Ordering::Equal => Versus::Draw,
            std::cmp::Ordering::Less => Versus::Loss,
        };
        cells[m.player][m.opponent].push(Encounter { game: m.game, result });
    }
    Ok(Crosstable { cells })
}

/// One player's side of a game against one opponent.
struct Meeting {
    game: usize,
    player: usize,
    opponent: usize,
    /// What the game counts for, in ticks: a whole point for a game of
    /// two, 1/(n − 1) of one for each opponent at a table of n.
    weight: i128,
    /// The player's points against this opponent, in ticks (at most the
    /// weight).
    scored: i128,
}

/// The results checked and put in ticks: whole fractions of a point fine
/// enough for every table size.
struct Sheet {
    ticks_per_point: i128,
    /// Points scored (games and byes), by player.
    points: Vec<(usize, i128)>,
    meetings: Vec<Meeting>,
}

impl Sheet {
    fn new(players: usize, results: &[GameResult]) -> Result<Sheet, StandingsError> {
        // Twice the least common multiple of the table sizes less one:
        // half points, and a table's share of them, are whole ticks.
        let mut common: i128 = 1;
        for (game, result) in results.iter().enumerate() {
            check(game, result, players)?;
            if let GameResult::Table { finish } = result {
                let others = finish.iter().map(Vec::len).sum::<usize>() as i128 - 1;
                common = lcm(common, others).filter(|&c| c <= 1 << 40).ok_or(StandingsError::BadTable { game })?;
            }
        }
        let half = common;
        let ticks_per_point = 2 * half;
        let mut points = Vec::new();
        let mut meetings = Vec::new();
        for (game, result) in results.iter().enumerate() {
            match result {
                &GameResult::Pair { first, second, first_score } => {
                    let (a, b) = (i128::from(first_score) * half, i128::from(2 - first_score) * half);
                    points.push((first, a));
                    points.push((second, b));
                    let weight = ticks_per_point;
                    meetings.push(Meeting { game, player: first, opponent: second, weight, scored: a });
                    meetings.push(Meeting { game, player: second, opponent: first, weight, scored: b });
                }
                &GameResult::Bye { player, points: p } => points.push((player, i128::from(p) * half)),
                GameResult::Table { finish } => {
                    let others = finish.iter().map(Vec::len).sum::<usize>() as i128 - 1;
                    let weight = ticks_per_point / others;
                    for (place, level) in finish.iter().enumerate() {
                        for &player in level {
                            let mut total = 0;
                            for (other_place, other_level) in finish.iter().enumerate() {
                                for &opponent in other_level.iter().filter(|&&o| o != player) {
                                    let scored = match place.cmp(&other_place) {
                                        std::cmp::Ordering::Less => weight,
                                        std::cmp::Ordering::Equal => weight / 2,
                                        std::cmp::Ordering::Greater => 0,
                                    };
                                    total += scored;
                                    meetings.push(Meeting { game, player, opponent, weight, scored });
                                }
                            }
                            points.push((player, total));
                        }
                    }
                }
            }
        }
        Ok(Sheet { ticks_per_point, points, meetings })
    }
}

/// Checks one result's players and scores.
fn check(game: usize, result: &GameResult, players: usize) -> Result<(), StandingsError> {
    let named: Vec<usize> = match result {
        &GameResult::Pair { first, second, first_score } => {
            if first_score > 2 {
                return Err(StandingsError::ScoreOutOfRange { game });
            }
            vec![first, second]
        }
        &GameResult::Bye { player, points } => {
            if points > 2 {
                return Err(StandingsError::ScoreOutOfRange { game });
            }
            vec![player]
        }
        GameResult::Table { finish } => {
            if finish.iter().any(Vec::is_empty) || finish.iter().map(Vec::len).sum::<usize>() < 2 {
                return Err(StandingsError::BadTable { game });
            }
            finish.concat()
        }
    };
    for (k, &player) in named.iter().enumerate() {
        if player >= players {
            return Err(StandingsError::UnknownPlayer { game, player });
        }
        if named[..k].contains(&player) {
            return Err(StandingsError::PlayerTwice { game, player });
        }
    }
    Ok(())
}

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// The least common multiple, if it fits.
fn lcm(a: i128, b: i128) -> Option<i128> {
    (a / gcd(a, b)).checked_mul(b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_are_fine_enough() {
        // Tables of 3 and 4: sixths of a half point... a twelfth of a point.
        let results = [
            GameResult::Table { finish: vec![vec![0], vec![1], vec![2]] },
            GameResult::Table { finish: vec![vec![0], vec![1, 2], vec![3]] },
        ];
        let sheet = Sheet::new(4, &results).unwrap();
        assert_eq!(sheet.ticks_per_point, 12);
        let table = standings(&[1500.0; 4], &results).unwrap();
        let score = |p: usize| table.iter().find(|s| s.player == p).unwrap().score;
        assert!((score(0) - 2.0).abs() < 1e-12);
        assert!((score(1) - (0.5 + 0.5)).abs() < 1e-12);
        assert!((score(2) - (0.0 + 0.5)).abs() < 1e-12);
        assert!(score(3).abs() < 1e-12);
    }

    #[test]
    fn errors() {
        let bad = |r: GameResult| standings(&[0.0; 3], &[r]).unwrap_err();
        assert_eq!(
            bad(GameResult::Pair { first: 0, second: 3, first_score: 1 }),
            StandingsError::UnknownPlayer { game: 0, player: 3 }
        );
        assert_eq!(
            bad(GameResult::Pair { first: 1, second: 1, first_score: 1 }),
            StandingsError::PlayerTwice { game: 0, player: 1 }
        );
        assert_eq!(
            bad(GameResult::Pair { first: 0, second: 1, first_score: 3 }),
            StandingsError::ScoreOutOfRange { game: 0 }
        );
        assert_eq!(bad(GameResult::Bye { player: 0, points: 4 }), StandingsError::ScoreOutOfRange { game: 0 });
        assert_eq!(bad(GameResult::Table { finish: vec![vec![0]] }), StandingsError::BadTable { game: 0 });
        assert_eq!(bad(GameResult::Table { finish: vec![vec![0], vec![]] }), StandingsError::BadTable { game: 0 });
    }
}
