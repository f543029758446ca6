//! Matches of Single Capture Go: player A in some seats (one by default),
//! player B in every other seat (a head-to-head game with two players), A's
//! seats moving round the table from game to game.

use arbiter_core::{Seat, SeatSet, SimultaneousGame, SimultaneousNotation, Status};
use arbiter_games::record::Record;
use arbiter_games::scg::{Letters, Scg, ScgConfig, Square};
use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use super::search::{SearchParams, search};

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SeatPlayer {
    /// A bot with this search (its seed is set per game and seat).
    Bot(SearchParams),
    /// Uniformly random playable squares.
    Random,
}

/// A match.
#[derive(Clone, Debug)]
pub struct ScgMatch {
    /// Players per game, 2 to 12.
    pub players: usize,
    /// Player A.
    pub a: SeatPlayer,
    /// How many seats A takes in each game (at least one, fewer than
    /// `players`).
    pub a_seats: usize,
    /// Player B (every other seat).
    pub b: SeatPlayer,
    /// Whether `@` squares are blocked.
    pub at_blocked: bool,
    /// A game still going after this many rounds is stopped and shared
    /// among the players still in it.
    pub max_rounds: u32,
    /// A game whose position has not changed for this many rounds in a
    /// row (everyone colliding on the same `@` square, any other play
    /// being fatal) is stopped the same way.
    pub stall_rounds: u32,
    /// Base seed: game `i` uses `seed + i`.
    pub seed: u64,
}

/// One finished game.
#[derive(Clone, Debug)]
pub struct ScgResult {
    /// Its number, from 0.
    pub index: usize,
    /// A's seats.
    pub a_seats: SeatSet,
    /// A's share of the win: the part of it going to A's seats (a win
    /// shared by k is split in k; a stopped game is split among those
    /// still in it).
    pub score_a: f64,
    /// Whether A's seats took the whole win.
    pub a_won_alone: bool,
    /// Each seat's share of the win, in seat order (shared as for
    /// `score_a`).
    pub shares: Vec<f64>,
    /// Rounds played.
    pub rounds: u32,
    /// The squares open to play at the start of each round (every player
    /// still in may choose among them).
    pub playable: Vec<usize>,
    /// Why it ended (`last-standing`, `most-letters`, or `stalled` or
    /// `stopped` when the match stopped it).
    pub reason: String,
    /// The record.
    pub record: Record,
}

impl ScgMatch {
    fn square(&self, who: SeatPlayer, p: &Scg, seat: Seat, seed: u64, rng: &mut Xoshiro256PlusPlus) -> Option<Square> {
        match who {
            SeatPlayer::Random => {
                let playable = p.playable();
                let n = playable.count();
                (n > 0).then(|| playable.nth(rng.random_range(0..n)).expect("in range"))
            }
            SeatPlayer::Bot(params) => search(p, seat, &SearchParams { seed, ..params }).map(|d| d.square),
        }
    }

    /// Plays game `index`.
    pub fn play(&self, index: usize) -> Result<ScgResult, String> {
        let seed = self.seed.wrapping_add(index as u64);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let letters = Letters::first(self.players);
        let mut p = Scg::start(&ScgConfig { letters: Some(letters), at_blocked: self.at_blocked });
        let a_seats: SeatSet = (0..self.a_seats.max(1)).map(|j| Seat(((index + j) % self.players) as u8)).collect();
        let mut record = Record::default();
        record.set_tag("Game", "scg");
        record.set_tag("Players", letters.as_string());
        if self.at_blocked {
            record.set_tag("AtBlocked", "on");
        }
        let mut rounds = 0;
        let mut unchanged = 0;
        let mut playable = Vec::new();
        while !p.status().is_over() && rounds < self.max_rounds && unchanged < self.stall_rounds {
            playable.push(p.playable().count() as usize);
            let mut plays = Vec::new();
            for seat in p.active().iter() {
                let who = if a_seats.contains(seat) { self.a } else { self.b };
                let seat_seed =
                    seed.wrapping_mul(0x9E37_79B9).wrapping_add(u64::from(seat.0) << 32 | u64::from(rounds));
                if let Some(sq) = self.square(who, &p, seat, seat_seed, &mut rng) {
                    plays.push((seat, sq));
                }
            }
            record.moves.push(p.round_string(&plays));
            let next = p.resolve(&plays);
            unchanged = if next.hash() == p.hash() { unchanged + 1 } else { 0 };
            p = next;
            rounds += 1;
        }
        let (sharers, reason) = match p.status() {
            Status::Over(o) => (o.winners, o.reason.to_string()),
            Status::Ongoing => {
                let why = if unchanged >= self.stall_rounds { "stalled" } else { "stopped" };
                (p.active(), why.to_string())
            }
        };
        let shares: Vec<f64> = (0..self.players)
            .map(|i| if sharers.contains(Seat(i as u8)) { 1.0 / sharers.len() as f64 } else { 0.0 })
            .collect();
        let score_a = a_seats.iter().map(|s| shares[usize::from(s.0)]).sum::<f64>();
        let a_won_alone = p.status().is_over() && !sharers.is_empty() && sharers.iter().all(|s| a_seats.contains(s));
        let result = match p.status().outcome() {
            Some(o) => o.winners.iter().map(|s| p.seat_label(s)).collect::<Vec<_>>().join(","),
            None => "*".into(),
        };
        record.set_tag("Result", result.clone());
        record.result = Some(result);
        Ok(ScgResult { index, a_seats, score_a, a_won_alone, shares, rounds, playable, reason, record })
    }

    /// Plays games `0..games` in parallel; `progress` is called after each.
    pub fn run(&self, games: usize, progress: impl Fn() + Sync) -> Result<Vec<ScgResult>, String> {
        crate::arena::play_all(games, progress, |i| self.play(i))
    }
}
