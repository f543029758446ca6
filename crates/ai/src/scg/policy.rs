//! How good a square looks to a player at a glance: a score from the
//! play's effect (own liberties, opponents doomed or put in atari, own weak
//! groups rescued), and quick ways to pick a play from those scores — the
//! best, a softmax sample (how the search imagines its opponents), or the
//! best of a few random squares (how its playouts play).

use arbiter_core::Seat;
use arbiter_games::scg::{Cells, Square};
use rand::{Rng, RngExt};

use super::tactics::Board;

/// The score of a play that leaves its own letter without liberty.
pub const SUICIDE: f32 = -100.0;

/// The score of `seat` playing `sq` on `board`.
pub fn score(board: &Board, seat: Seat, sq: Square) -> f32 {
    let e = board.effect(seat, sq);
    if e.liberties == 0 {
        return SUICIDE + 50.0 * e.dooms as f32;
    }
    let mut s = match e.liberties {
        1 => -30.0,
        2 => -6.0,
        3 => 0.0,
        _ => 2.0,
    };
    if e.liberties >= 2 {
        s += 40.0 * e.joins_atari as f32 + 5.0 * e.joins_two as f32;
    }
    s += 50.0 * e.dooms as f32 + 6.0 * e.ataris as f32;
    if e.on_at {
        s += 1.0;
    }
    s
}

/// Every playable square with its score for `seat`, best first (ties in
/// square order).
pub fn ranked(board: &Board, seat: Seat) -> Vec<(Square, f32)> {
    let mut all: Vec<(Square, f32)> = board.playable.iter().map(|sq| (sq, score(board, seat, sq))).collect();
    all.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    all
}

/// Cumulative softmax weights of `ranked` at `temperature`, for sampling.
pub fn softmax(ranked: &[(Square, f32)], temperature: f32) -> Vec<(Square, f32)> {
    let best = ranked.first().map_or(0.0, |r| r.1);
    let mut total = 0.0;
    ranked
        .iter()
        .map(|&(sq, s)| {
            total += ((s - best) / temperature).exp();
            (sq, total)
        })
        .collect()
}

/// A square drawn from cumulative weights.
pub fn sample<R: Rng + ?Sized>(cumulative: &[(Square, f32)], rng: &mut R) -> Option<Square> {
    let total = cumulative.last()?.1;
    let x = rng.random::<f32>() * total;
    Some(cumulative.iter().find(|c| c.1 >= x).unwrap_or(cumulative.last()?).0)
}

/// The best of `tries` random playable squares for `seat`.
pub fn best_of<R: Rng + ?Sized>(board: &Board, seat: Seat, tries: u32, rng: &mut R) -> Option<Square> {
    let count = board.playable.count();
    if count == 0 {
        return None;
    }
    let mut best: Option<(Square, f32)> = None;
    for _ in 0..tries {
        let sq = board.playable.nth(rng.random_range(0..count)).expect("in range");
        let s = score(board, seat, sq);
        if best.is_none_or(|b| s > b.1) {
            best = Some((sq, s));
        }
    }
    best.map(|b| b.0)
}

/// The squares whose play would doom some opponent of `seat` by filling
/// their last liberty.
pub fn killing_points(board: &Board, seat: Seat, players: impl Iterator<Item = Seat>) -> Cells {
    players.filter(|&q| q != seat).fold(Cells::EMPTY, |acc, q| acc | board.atari_points[q.index()])
}
