//! The heaviest matching of the whole field, sought over a few likely
//! partners per player and proved against all other pairs by the duals.

use super::field::Field;
use super::matching::{Weight, solve};
use super::weights::Weights;

/// Fields up to this many players are matched over every pair at once.
const DENSE_UP_TO: usize = 96;

/// Likely partners on each side: neighbours in rank, and neighbours of
/// the Dutch partner (half the score group away).
const NEIGHBOURS: usize = 6;

/// At most this many pairs per player join the graph in each round of
/// checking (the most improving first), so that it stays sparse.
const ADDED_PER_PLAYER: usize = 4;

/// For each ranked player, their mate: another rank, or `field.len()` for
/// the bye (the dummy player of an odd field).
pub(super) fn best_matching(field: &Field, weights: &Weights) -> Vec<Option<usize>> {
    if field.len() <= DENSE_UP_TO { dense(field, weights) } else { sparse(field, weights) }
}

/// The matching over every pair.
pub(super) fn dense(field: &Field, weights: &Weights) -> Vec<Option<usize>> {
    let n = field.len();
    let mut edges = Vec::with_capacity(n * (n + 1) / 2);
    for a in 0..n {
        for b in a + 1..n {
            edges.push((a, b, weights.pair(a, b)));
        }
    }
    add_byes(field, weights, &mut edges);
    solve(vertices(field), &edges).0
}

/// The matching over likely pairs, grown by every pair the duals say
/// could improve it until none can: the same optimum as [`dense`].
pub(super) fn sparse(field: &Field, weights: &Weights) -> Vec<Option<usize>> {
    let n = field.len();
    let mut chosen = PairSet::new(n);
    let mut edges = Vec::new();
    let mut offer = |a: usize, b: usize, edges: &mut Vec<(usize, usize, Weight)>| {
        let (a, b) = (a.min(b), a.max(b));
        if chosen.insert(a, b) {
            edges.push((a, b, weights.pair(a, b)));
        }
    };
    for a in 0..n {
        // The nearest in rank, then those nearest the Dutch partner (half
        // the score group further down), among the players `a` may meet.
        let g = field.group[a];
        let half = field.group_size[g] / 2;
        let mut centres = vec![a];
        if field.place_in_group[a] + half < field.group_size[g] {
            centres.push(a + half);
        }
        for centre in centres {
            let mut found = 0;
            for step in 0..4 * NEIGHBOURS {
                let b = if step.is_multiple_of(2) {
                    centre.checked_add(step / 2 + 1)
                } else {
                    centre.checked_sub(step / 2)
                };
                if let Some(b) = b.filter(|&b| b != a && b < n && weights.compatible(a, b)) {
                    offer(a, b, &mut edges);
                    found += 1;
                    if found == NEIGHBOURS {
                        break;
                    }
                }
            }
        }
    }
    add_byes(field, weights, &mut edges);
    loop {
        let (mates, certificate) = solve(vertices(field), &edges);
        let mut improving = Vec::new();
        for a in 0..n {
            for b in a + 1..n {
                if !chosen.contains(a, b) {
                    let w = weights.pair(a, b);
                    if let Some(cost) = certificate.shortfall(a, b, w) {
                        improving.push((cost, a, b, w));
                    }
                }
            }
        }
        if improving.is_empty() {
            return mates;
        }
        // The most improving first, a few per player at a time.
        improving.sort_unstable_by_key(|e| e.0);
        let mut added = vec![0; n];
        for (_, a, b, w) in improving {
            if added[a] < ADDED_PER_PLAYER || added[b] < ADDED_PER_PLAYER {
                added[a] += 1;
                added[b] += 1;
                chosen.insert(a, b);
                edges.push((a, b, w));
            }
        }
    }
}

/// The vertices of the matching: the field, and the bye's dummy when odd.
fn vertices(field: &Field) -> usize {
    field.len() + field.len() % 2
}

/// With an odd field, an edge from every player to the bye's dummy.
fn add_byes(field: &Field, weights: &Weights, edges: &mut Vec<(usize, usize, Weight)>) {
    let n = field.len();
    if n % 2 == 1 {
        edges.extend((0..n).map(|a| (a, n, weights.bye(a))));
    }
}

/// A set of pairs of ranks, as a bit matrix.
struct PairSet {
    words: usize,
    bits: Vec<u64>,
}

impl PairSet {
    fn new(n: usize) -> PairSet {
        let words = n.div_ceil(64);
        PairSet { words, bits: vec![0; n * words] }
    }

    /// Adds the pair `a < b`; true when it was not there.
    fn insert(&mut self, a: usize, b: usize) -> bool {
        let (word, bit) = (a * self.words + b / 64, 1 << (b % 64));
        let new = self.bits[word] & bit == 0;
        self.bits[word] |= bit;
        new
    }

    fn contains(&self, a: usize, b: usize) -> bool {
        self.bits[a * self.words + b / 64] & (1 << (b % 64)) != 0
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Seat, SwissPlayer};
    use super::*;
    use proptest::prelude::*;

    /// A field after some rounds of made-up history: scores, meetings and
    /// colours drawn at random (not from a real tournament, which is what
    /// makes the sparse start miss often).
    fn field(seed: Vec<(u8, u8, u8, bool)>) -> Vec<SwissPlayer> {
        let n = seed.len();
        seed.iter()
            .enumerate()
            .map(|(i, &(score, opponent, colours, withdrawn))| SwissPlayer {
                rating: 1500.0 + f64::from(opponent) * 3.0,
                score: u32::from(score % 9),
                opponents: vec![(i + 1 + usize::from(opponent)) % n, (i * 7 + usize::from(colours)) % n],
                colours: (0..colours % 5)
                    .map(|k| if (colours >> k) & 1 == 1 { Seat::First } else { Seat::Second })
                    .collect(),
                byes: u32::from(colours % 3 == 0),
                late_join_byes: 0,
                withdrawn: withdrawn && i % 5 == 0,
            })
            .collect()
    }

    fn total(weights: &Weights, n: usize, mates: &[Option<usize>]) -> Weight {
        (0..n)
            .filter_map(|a| match mates[a] {
                Some(b) if b == n => Some(weights.bye(a)),
                Some(b) if b > a => Some(weights.pair(a, b)),
                _ => None,
            })
            .sum()
    }

    /// Plays a round of `pair_round`'s pairing with results from `seed`.
    fn play(players: &mut [SwissPlayer], seed: u64, round: u64) {
        let pairing = super::super::pair_round(players);
        for (board, &(first, second)) in pairing.boards.iter().enumerate() {
            let first_score = ((seed >> ((board as u64 + round * 7) % 60)) % 3) as u32;
            players[first].score += first_score;
            players[second].score += 2 - first_score;
            players[first].opponents.push(second);
            players[second].opponents.push(first);
            players[first].colours.push(Seat::First);
            players[second].colours.push(Seat::Second);
        }
        if let Some(b) = pairing.bye {
            players[b].score += 2;
            players[b].byes += 1;
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]

        #[test]
        fn sparse_finds_the_dense_optimum_in_a_tournament(n in 97usize..150, rounds in 1u64..6, seed in any::<u64>()) {
            let mut players: Vec<SwissPlayer> =
                (0..n).map(|i| SwissPlayer { rating: 1000.0 + ((i as u64 * 7919 + seed) % 1400) as f64, ..SwissPlayer::default() }).collect();
            for round in 0..rounds {
                play(&mut players, seed, round);
            }
            let f = Field::new(&players);
            let w = Weights::new(&f);
            let (d, s) = (dense(&f, &w), sparse(&f, &w));
            prop_assert_eq!(total(&w, f.len(), &d), total(&w, f.len(), &s));
        }

        #[test]
        fn sparse_finds_the_dense_optimum(seed in proptest::collection::vec((0u8..255, 0u8..255, 0u8..255, any::<bool>()), 20..140)) {
            let players = field(seed);
            let f = Field::new(&players);
            let w = Weights::new(&f);
            let (d, s) = (dense(&f, &w), sparse(&f, &w));
            prop_assert!(s.iter().all(Option::is_some));
            prop_assert_eq!(total(&w, f.len(), &d), total(&w, f.len(), &s));
        }
    }
}
