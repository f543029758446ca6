//! What a tournament does next, and where its players stand, from the
//! tournament as stored: the glue between the store's rows and the pure
//! pairing and standings of `arbiter-compete`. Players are numbered by
//! their place in [`TournamentWhole::players`] (the order they joined).

use arbiter_compete::round_robin::{Cycles, schedule};
use arbiter_compete::standings::{GameResult, Standing, standings};
use arbiter_compete::swiss::{Seat, SwissPlayer, pair_round};
use arbiter_compete::tables::seat_by_rating;
use arbiter_store::{TableResult, TournamentGame, TournamentKind, TournamentState, TournamentWhole};

use super::settings::player_bounds;

/// The rating a player without one is seeded and paired at.
pub const UNRATED: f64 = 1500.0;

/// A round to start: its games (the players of each, in seat order) and
/// byes (a player and the bye's worth in half points).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlannedRound {
    /// The round's number, from 1.
    pub number: u32,
    /// Its games, board 1 first.
    pub games: Vec<Vec<usize>>,
    /// Its byes.
    pub byes: Vec<(usize, u32)>,
}

/// What a tournament does next.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Next {
    /// Nothing yet: not due to start, or a game is still being played.
    Wait,
    /// Start these rounds (a round robin starts all of them at once).
    Start {
        /// The rounds.
        rounds: Vec<PlannedRound>,
        /// The tournament's rounds, now known.
        rounds_planned: u32,
    },
    /// Its last round is over: it ends.
    End,
    /// It cannot be played: called off, saying why.
    CallOff(String),
}

/// Each player's rating, or [`UNRATED`].
pub fn ratings(whole: &TournamentWhole) -> Vec<f64> {
    whole.players.iter().map(|p| p.rating.map_or(UNRATED, |r| r.0)).collect()
}

/// The player numbers of a game's accounts (`None` for an account no
/// longer in the tournament).
fn seats_of(whole: &TournamentWhole, game: &TournamentGame) -> Option<Vec<usize>> {
    game.players.iter().map(|a| whole.players.iter().position(|p| p.account == *a)).collect()
}

/// What comes next for `whole`: an upcoming tournament's first rounds
/// (whether it is time to start is the caller's to say), a Swiss's next
/// round once every game has its result, or the end.
pub fn next(whole: &TournamentWhole) -> Next {
    let t = &whole.tournament;
    match t.state {
        TournamentState::Finished => Next::Wait,
        TournamentState::Upcoming => first_rounds(whole),
        TournamentState::Running if whole.games.iter().any(|g| g.result.is_none()) => Next::Wait,
        TournamentState::Running if t.kind == TournamentKind::Swiss && t.round < t.rounds_planned => {
            let active = whole.players.iter().filter(|p| p.withdrawn.is_none()).count();
            if active < 2 {
                return Next::End;
            }
            let pairing = pair_round(&swiss_players(whole));
            let round = PlannedRound {
                number: t.round + 1,
                games: pairing.boards.iter().map(|&(a, b)| vec![a, b]).collect(),
                byes: pairing.bye.map(|p| (p, 2)).into_iter().collect(),
            };
            Next::Start { rounds: vec![round], rounds_planned: t.rounds_planned }
        }
        TournamentState::Running => Next::End,
    }
}

/// The rounds a tournament starts with.
fn first_rounds(whole: &TournamentWhole) -> Next {
    let t = &whole.tournament;
    let n = whole.players.len();
    let (fewest, _, _) = player_bounds(t.kind);
    if n < fewest as usize {
        return Next::CallOff(format!(
            "too few players: {n} joined, and a {} needs at least {fewest}",
            match t.kind {
                TournamentKind::RoundRobin => "round robin",
                TournamentKind::DoubleRoundRobin => "double round robin",
                TournamentKind::Swiss => "Swiss",
                TournamentKind::ScgTables => "Single Capture Go event",
            }
        ));
    }
    let ratings = ratings(whole);
    // Seeded by rating, the highest first (equal ratings by who joined
    // first).
    let mut seeds: Vec<usize> = (0..n).collect();
    seeds.sort_by(|&a, &b| ratings[b].total_cmp(&ratings[a]).then(a.cmp(&b)));
    match t.kind {
        TournamentKind::RoundRobin | TournamentKind::DoubleRoundRobin => {
            let cycles = if t.kind == TournamentKind::RoundRobin { Cycles::Single } else { Cycles::Double };
            let Ok(schedule) = schedule(n, cycles) else {
                return Next::CallOff(format!("a round robin takes 3 to 12 players, not {n}"));
            };
            let rounds: Vec<PlannedRound> = (1u32..)
                .zip(schedule)
                .map(|(number, round)| PlannedRound {
                    number,
                    games: round.pairs.iter().map(|&(a, b)| vec![seeds[a], seeds[b]]).collect(),
                    byes: round.bye.map(|p| (seeds[p], 0)).into_iter().collect(),
                })
                .collect();
            let rounds_planned = u32::try_from(rounds.len()).unwrap_or(u32::MAX);
            Next::Start { rounds, rounds_planned }
        }
        TournamentKind::Swiss => {
            let pairing = pair_round(&swiss_players(whole));
            let round = PlannedRound {
                number: 1,
                games: pairing.boards.iter().map(|&(a, b)| vec![a, b]).collect(),
                byes: pairing.bye.map(|p| (p, 2)).into_iter().collect(),
            };
            Next::Start { rounds: vec![round], rounds_planned: t.rounds_planned }
        }
        TournamentKind::ScgTables => match seat_by_rating(&ratings) {
            Ok(tables) => Next::Start {
                rounds: vec![PlannedRound { number: 1, games: tables, byes: Vec::new() }],
                rounds_planned: 1,
            },
            Err(e) => Next::CallOff(e.to_string()),
        },
    }
}

/// The players as the Swiss pairing sees them, after every game with a
/// result and every bye.
pub fn swiss_players(whole: &TournamentWhole) -> Vec<SwissPlayer> {
    let ratings = ratings(whole);
    let mut players: Vec<SwissPlayer> = whole
        .players
        .iter()
        .zip(&ratings)
        .map(|(p, &rating)| SwissPlayer { rating, withdrawn: p.withdrawn.is_some(), ..SwissPlayer::default() })
        .collect();
    for game in &whole.games {
        let Some(seats) = seats_of(whole, game) else { continue };
        let [first, second] = seats[..] else { continue };
        let points = pair_points(game.result.as_ref());
        players[first].opponents.push(second);
        players[second].opponents.push(first);
        players[first].colours.push(Seat::First);
        players[second].colours.push(Seat::Second);
        if let Some((a, b)) = points {
            players[first].score += a;
            players[second].score += b;
        }
    }
    for bye in &whole.byes {
        let Some(p) = whole.players.iter().position(|e| e.account == bye.account) else { continue };
        players[p].score += bye.points;
        match bye.points {
            2 => players[p].byes += 1,
            1 => players[p].late_join_byes += 1,
            _ => {}
        }
    }
    players
}

/// A game of two's points in half points for each seat (`None` while
/// not over; a game called off scores nothing).
fn pair_points(result: Option<&TableResult>) -> Option<(u32, u32)> {
    match result? {
        TableResult::CalledOff => Some((0, 0)),
        TableResult::Places(places) => match places[..] {
            [a, b] if a > b => Some((2, 0)),
            [a, b] if a < b => Some((0, 2)),
            [_, _] => Some((1, 1)),
            _ => None,
        },
    }
}

/// Each seat's points from a finished game: a game of two 1, ½ or 0; a
/// table of n the players it finished ahead of, and half those level,
/// over n − 1; a game called off nothing.
pub fn seat_points(result: &TableResult, seats: usize) -> Vec<f64> {
    match result {
        TableResult::CalledOff => vec![0.0; seats],
        TableResult::Places(places) => {
            let others = places.len().saturating_sub(1).max(1) as f64;
            places
                .iter()
                .map(|mine| {
                    let ahead = places.iter().filter(|p| *p < mine).count() as f64;
                    let level = places.iter().filter(|p| *p == mine).count().saturating_sub(1) as f64;
                    (ahead + level / 2.0) / others
                })
                .collect()
        }
    }
}

/// The results of `whole` as the standings count them.
pub fn game_results(whole: &TournamentWhole) -> Vec<GameResult> {
    let mut results = Vec::new();
    for game in &whole.games {
        let (Some(result), Some(seats)) = (&game.result, seats_of(whole, game)) else { continue };
        match (result, &seats[..]) {
            (TableResult::CalledOff, _) => {}
            (TableResult::Places(_), &[first, second]) => {
                if let Some((a, _)) = pair_points(Some(result)) {
                    results.push(GameResult::Pair { first, second, first_score: a });
                }
            }
            (TableResult::Places(places), _) => {
                let mut order: Vec<usize> = (0..seats.len()).collect();
                order.sort_by(|&a, &b| places[b].cmp(&places[a]));
                let mut finish: Vec<Vec<usize>> = Vec::new();
                let mut last = None;
                for i in order {
                    if last == Some(places[i]) {
                        if let Some(group) = finish.last_mut() {
                            group.push(seats[i]);
                        }
                    } else {
                        finish.push(vec![seats[i]]);
                    }
                    last = Some(places[i]);
                }
                results.push(GameResult::Table { finish });
            }
        }
    }
    for bye in &whole.byes {
        if let Some(player) = whole.players.iter().position(|p| p.account == bye.account) {
            results.push(GameResult::Bye { player, points: bye.points });
        }
    }
    results
}

/// The standings of `whole`, first place first (empty if its results do
/// not add up, which the store's checks rule out).
pub fn standings_of(whole: &TournamentWhole) -> Vec<Standing> {
    standings(&ratings(whole), &game_results(whole)).unwrap_or_else(|e| {
        tracing::error!(tournament = whole.tournament.id, error = %e, "a tournament's standings do not add up");
        Vec::new()
    })
}
