//! Monte Carlo search over simultaneous rounds: for each of a player's
//! best-looking squares, imagine the other players' plays (sampled from
//! how good their squares look to them), resolve the round, play the game
//! on quickly, and keep the square whose games go best. Squares are tried
//! in proportion to their promise (UCB1).

use arbiter_core::{Seat, SimultaneousGame, Status};
use arbiter_games::scg::{Scg, Square};
use rand::{Rng, RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use super::policy::{SUICIDE, best_of, killing_points, ranked, sample, score, softmax};
use super::tactics::Board;

/// Unchanged rounds in a row after which a playout stops.
const STALL_ROUNDS: u32 = 3;

/// How a search is run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchParams {
    /// Playouts in all (0: play the best-looking square).
    pub playouts: u32,
    /// Work in all, in plays simulated (one player's play in one round);
    /// the search stops at whichever of this and `playouts` comes first.
    pub work: u64,
    /// How sharply the final choice favours the most visited square: each
    /// candidate is drawn in proportion to its visits to this power.
    pub mix: f64,
    /// How many of the best-looking squares are considered.
    pub candidates: usize,
    /// Rounds a playout runs before it is judged unfinished.
    pub depth: u32,
    /// How sharply imagined opponents prefer their best-looking squares
    /// (lower is sharper).
    pub temperature: f32,
    /// Random squares a playout player looks at besides the urgent ones.
    pub tries: u32,
    /// Seed: the same seed, position and budget give the same square.
    pub seed: u64,
}

/// A chosen square and what the search saw.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision {
    /// The square.
    pub square: Square,
    /// Its mean reward in the playouts (a share of a win, 0 to 1), or its
    /// score when nothing was played out.
    pub value: f64,
    /// Playouts run.
    pub playouts: u32,
    /// Plays simulated in them.
    pub work: u64,
}

/// One playout player's square: the best of the urgent squares (dooming an
/// opponent, rescuing an own group in atari) and a few random ones.
fn quick_play<R: Rng + ?Sized>(board: &Board, p: &Scg, seat: Seat, tries: u32, rng: &mut R) -> Option<Square> {
    let urgent = (killing_points(board, seat, p.active().iter()) | board.atari_points[seat.index()]) & board.playable;
    let mut best = best_of(board, seat, tries, rng).map(|sq| (sq, score(board, seat, sq)));
    for sq in urgent.iter() {
        let s = score(board, seat, sq);
        if best.is_none_or(|b| s > b.1) {
            best = Some((sq, s));
        }
    }
    best.map(|b| b.0)
}

/// `seat`'s share of the game's result: 1 for a sole win, split for a
/// shared one; an unfinished game is shared among those still in it.
fn reward(p: &Scg, seat: Seat) -> f64 {
    match p.status() {
        Status::Over(o) if o.winners.contains(seat) => 1.0 / o.winners.len() as f64,
        Status::Over(_) => 0.0,
        Status::Ongoing if p.active().contains(seat) => 1.0 / p.active().len() as f64,
        Status::Ongoing => 0.0,
    }
}

/// Plays on from `p` with quick plays for everyone, at most `depth` rounds;
/// returns the final position and the number of plays simulated.
fn playout<R: Rng + ?Sized>(
    mut p: Scg,
    params: &SearchParams,
    rng: &mut R,
    board: &mut Board,
    plays: &mut Vec<(Seat, Square)>,
) -> (Scg, u64) {
    let mut unchanged = 0;
    let mut simulated = 0;
    for _ in 0..params.depth {
        if p.status().is_over() {
            break;
        }
        board.refresh(&p);
        plays.clear();
        for seat in p.active().iter() {
            if let Some(sq) = quick_play(board, &p, seat, params.tries, rng) {
                plays.push((seat, sq));
            }
        }
        simulated += plays.len() as u64;
        let next = p.resolve(plays);
        // Rounds that change nothing (everyone colliding on `@`) may go on
        // for ever: a few in a row end the playout unfinished.
        unchanged = if next.hash() == p.hash() { unchanged + 1 } else { 0 };
        p = next;
        if unchanged >= STALL_ROUNDS {
            break;
        }
    }
    (p, simulated)
}

/// Chooses `me`'s play in `p`, or `None` when `me` may not play.
pub fn search(p: &Scg, me: Seat, params: &SearchParams) -> Option<Decision> {
    if !p.active().contains(me) || p.status().is_over() {
        return None;
    }
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(params.seed ^ p.hash() ^ (u64::from(me.0) << 56));
    let board = Board::new(p);
    let mine = ranked(&board, me);
    mine.first()?;
    // Suicides are kept only if there is nothing else.
    let sensible = mine.iter().filter(|c| c.1 > SUICIDE / 2.0).count().max(1);
    let n = params.candidates.clamp(1, sensible);
    if params.playouts == 0 || params.work == 0 || n == 1 {
        // A square drawn by how good it looks: nearly always one of the
        // best, but not always the same one, so that two players never
        // collide on the same square round after round.
        let square = sample(&softmax(&mine[..n], params.temperature / 3.0), &mut rng).unwrap_or(mine[0].0);
        let value = mine.iter().find(|c| c.0 == square).map_or(0.0, |c| f64::from(c.1));
        return Some(Decision { square, value, playouts: 0, work: 0 });
    }
    let candidates = &mine[..n];
    let others: Vec<(Seat, Vec<(Square, f32)>)> =
        p.active().iter().filter(|&s| s != me).map(|s| (s, softmax(&ranked(&board, s), params.temperature))).collect();
    let mut visits = vec![0u32; n];
    let mut rewards = vec![0f64; n];
    let mut plays = Vec::with_capacity(12);
    let mut scratch = Vec::with_capacity(12);
    let mut work = board.clone();
    let mut spent = 0u64;
    let mut t = 0u32;
    while t < params.playouts && spent < params.work {
        let i = if (t as usize) < n {
            t as usize
        } else {
            let log_t = f64::from(t).ln();
            (0..n)
                .max_by(|&a, &b| {
                    let ucb =
                        |i: usize| rewards[i] / f64::from(visits[i]) + 0.7 * (log_t / f64::from(visits[i])).sqrt();
                    ucb(a).total_cmp(&ucb(b)).then(b.cmp(&a))
                })
                .expect("candidates")
        };
        plays.clear();
        plays.push((me, candidates[i].0));
        for (seat, weights) in &others {
            if let Some(sq) = sample(weights, &mut rng) {
                plays.push((*seat, sq));
            }
        }
        let next = p.resolve(&plays);
        let (end, plays_simulated) = playout(next, params, &mut rng, &mut work, &mut scratch);
        spent += plays.len() as u64 + plays_simulated;
        visits[i] += 1;
        rewards[i] += reward(&end, me);
        t += 1;
    }
    // A mixed choice, as simultaneous play calls for: each candidate in
    // proportion to the square of its visits, so that clear favourites are
    // nearly always played and near-equals are varied.
    let weights: Vec<f64> = visits.iter().map(|&v| f64::from(v).powf(params.mix)).collect();
    let mut x = rng.random::<f64>() * weights.iter().sum::<f64>();
    let mut best = n - 1;
    for (i, w) in weights.iter().enumerate() {
        if x < *w {
            best = i;
            break;
        }
        x -= w;
    }
    Some(Decision {
        square: candidates[best].0,
        value: rewards[best] / f64::from(visits[best].max(1)),
        playouts: t,
        work: spent,
    })
}
