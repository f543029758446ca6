//! Swiss pairing on the principles of FIDE's Dutch system, found as the
//! heaviest matching of the field rather than greedily.
//!
//! Every pair of active players is an edge, and with an odd field a
//! dummy player stands for the bye. An edge's weight is a number whose
//! digits, in a mixed radix, are the criteria below in priority order:
//! each criterion's multiplier exceeds the most that all the criteria
//! under it can add up to over a whole pairing (their greatest value per
//! edge times the number of edges in a pairing, plus one), so the
//! heaviest matching is the lexicographically best pairing. Weights are
//! 128-bit integers, exact throughout.
//!
//! | criterion (highest first) | value of a pair | value of the bye |
//! | --- | --- | --- |
//! | paired | 1 | 1 |
//! | not met before | 1 if they have not met | 1 |
//! | no second bye | 0 | 1 if its player has had no more pairing byes than any other |
//! | lowest gets the bye | 0 | its player's rank from the top (0 for the leader) |
//! | colour difference within ±2 | 0 if both are at +2, or both at −2 | 1 |
//! | no colour three times running | 0 if both are due the same colour absolutely (±2, or the same colour twice running) | 1 |
//! | score groups | (groups − 1) − the number of group boundaries the pair crosses | groups − 1 |
//! | score gap | (widest gap)² − (score gap)² | (widest gap)² |
//! | Dutch order | 2n − distance from the Dutch ideal | 2n |
//! | colour due | 0 if both are due the same colour | 1 |
//! | strong colour due | 0 if the one who gives way was due it strongly | 1 |
//!
//! So: everyone active is paired; no two players meet twice while a
//! pairing without a repeat exists, and otherwise repeats are as few as
//! can be; an odd field's bye goes to the lowest-ranked player (lowest
//! score, then rating) among those with the fewest byes; no colour
//! difference passes ±2 and nobody gets a colour three times running
//! where a pairing avoids it (FIDE's absolute colour criteria); then
//! players meet their own score group as far as possible, counted as in
//! FIDE by the number of players who float, a float across two boundaries
//! counting two: a lone leader plays the best of the next group rather
//! than dropping to the bottom so that two others can pair level; then
//! score gaps are as small and even as can be; within a group the top
//! half meets the bottom half (1 against g/2 + 1, …) and a floater is the
//! lowest of its group meeting the highest of the next; last, as many
//! players as can get the colour they are due, strong preferences first.
//!
//! Each pair's seats go by the colours due: where the two are due
//! different colours both get theirs; where both are due the same, the
//! stronger preference (absolute, strong, mild), then the greater
//! colour difference, then the higher-ranked gets it; where neither has
//! played yet, the higher-ranked takes the first seat on boards 1, 3, 5…
//! and the second on boards 2, 4, 6…. Boards are ordered by the pair's
//! higher score, then their total, then the higher-ranked player's rank.
//!
//! Half-point byes for joining late count in the score but are no bye for
//! the bye rule. Withdrawn players are never paired and get no bye.
//!
//! Speed: the matching is solved over a few likely partners per player
//! (neighbours in rank, the Dutch partner's neighbours, and the bye for
//! all), then checked against every other pair by the solution's duals;
//! pairs that could improve it are added and it is solved again, so the
//! result is the optimum over all pairs. A round of 1,000 players takes
//! 0.1 to 0.6 s on two cores (see `examples/swiss_1000.rs`). Beyond about
//! 1,500 players the weights would pass 120 bits, and the lowest criteria
//! are dropped, the strong colour preference first.

mod candidates;
mod colour;
mod field;
pub mod matching;
mod weights;

pub use colour::Seat;

use field::Field;
use weights::Weights;

/// One player as the Swiss pairing sees them. Players are indices into the
/// slice passed to [`pair_round`]; opponents name those indices.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SwissPlayer {
    /// Their rating: within a score group, the higher rating ranks higher
    /// (equal ratings by index, the lower first).
    pub rating: f64,
    /// Their score in half points (a win 2, a draw 1), byes included.
    pub score: u32,
    /// The players they have met, by index (a bye is no opponent).
    pub opponents: Vec<usize>,
    /// The seat they had in each game played, oldest first (a bye has no
    /// seat).
    pub colours: Vec<Seat>,
    /// The full-point byes the pairing has given them.
    pub byes: u32,
    /// Half-point byes for joining late: in the score, but not a bye for
    /// the rule that nobody gets a second bye while another has none.
    pub late_join_byes: u32,
    /// Withdrawn: never paired again and given no bye.
    pub withdrawn: bool,
}

/// The pairing of a round.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pairing {
    /// The games, board 1 first, as (first seat, second seat).
    pub boards: Vec<(usize, usize)>,
    /// The player given the one-point bye, with an odd number of active
    /// players.
    pub bye: Option<usize>,
}

/// Pairs the next round of the players who have not withdrawn.
pub fn pair_round(players: &[SwissPlayer]) -> Pairing {
    let field = Field::new(players);
    let n = field.len();
    if n == 0 {
        return Pairing::default();
    }
    let weights = Weights::new(&field);
    let mates = candidates::best_matching(&field, &weights);
    let mut pairs = Vec::with_capacity(n / 2);
    let mut bye = None;
    for (a, &mate) in mates.iter().enumerate() {
        match mate {
            Some(b) if b == n => bye = Some(a),
            Some(b) if b > a => pairs.push((a, b)),
            Some(_) => {}
            None => unreachable!("a complete graph has a perfect matching"),
        }
    }
    let score = &field.score;
    pairs.sort_by_key(|&(a, b)| (std::cmp::Reverse(score[a]), std::cmp::Reverse(score[a] + score[b]), a));
    let boards = pairs
        .iter()
        .enumerate()
        .map(|(board, &(a, b))| {
            let (first, second) = colour::seat((a, &field.preference[a]), (b, &field.preference[b]), board);
            (field.ranked[first], field.ranked[second])
        })
        .collect();
    Pairing { boards, bye: bye.map(|a| field.ranked[a]) }
}
