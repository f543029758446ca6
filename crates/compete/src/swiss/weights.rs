//! The weight of each possible pair (and of each possible bye), built from
//! the pairing's criteria in priority order so that the heaviest matching
//! is the best pairing lexicographically (see the module doc of
//! [`super`]).

use super::colour::{Strength, breaks_absolute, breaks_limit, clash, loser_strength};
use super::field::Field;
use super::matching::Weight;

/// The criteria, highest priority first; each is a number per pair (and
/// per bye), greater being better.
#[derive(Clone, Copy, Debug)]
#[repr(usize)]
pub(super) enum Criterion {
    /// Every player paired: 1 for every pair, so more pairs always weigh
    /// more.
    Paired,
    /// 1 when the two have not met.
    Fresh,
    /// For the bye only: 1 when its player has had no more byes than any
    /// other active player.
    ByeDue,
    /// For the bye only: its player's rank from the top (0 for the
    /// leader), so the lowest-ranked gets it.
    ByeLowest,
    /// 1 unless both are at a colour difference of ±2 on the same side.
    WithinTwo,
    /// 1 unless both must have the same colour absolutely (difference ±2
    /// or the same colour in their last two games).
    NoThirdInARow,
    /// The score groups present less one, less the number of score groups
    /// between the two players' (0 within a group).
    ScoreGroups,
    /// The widest score gap squared less this pair's score gap squared.
    ScoreGap,
    /// The most (twice the field) less the pair's distance from the Dutch
    /// ideal: within a group of g, players g/2 places apart; across groups,
    /// the lowest of the upper group against the highest of the lower.
    Dutch,
    /// 1 unless both are due the same colour.
    ColourDue,
    /// 1 unless the one who gives way had a strong (or absolute)
    /// preference.
    StrongColourDue,
}

/// The number of criteria.
pub(super) const CRITERIA: usize = 11;

/// The weights of the whole field: each criterion's multiplier, chosen so
/// that a better value of a criterion outweighs all criteria below it
/// summed over a whole pairing.
pub(super) struct Weights<'a> {
    field: &'a Field,
    scale: [Weight; CRITERIA],
    groups: Weight,
    widest_gap: Weight,
    dutch_most: Weight,
}

/// The greatest weight used, leaving room for the solver's doubled duals.
const LIMIT: Weight = 1 << 120;

impl<'a> Weights<'a> {
    pub(super) fn new(field: &'a Field) -> Weights<'a> {
        let n = field.len();
        let groups = field.group_size.len().saturating_sub(1) as Weight;
        let widest = match (field.score.first(), field.score.last()) {
            (Some(top), Some(bottom)) => Weight::from(top - bottom),
            _ => 0,
        };
        let widest_gap = widest * widest;
        let dutch_most = 2 * n as Weight;
        let pairs = n.div_ceil(2) as Weight;
        let most: [Weight; CRITERIA] = [1, 1, 1, n as Weight, 1, 1, groups, widest_gap, dutch_most, 1, 1];
        let mut count = [pairs; CRITERIA];
        count[Criterion::ByeDue as usize] = 1;
        count[Criterion::ByeLowest as usize] = 1;
        // From the bottom up; a field too large for exact weights drops
        // its lowest criteria (from about 1,500 players).
        let mut dropped = 0;
        let scale = loop {
            let mut scale = [0; CRITERIA];
            let mut multiplier: Weight = 1;
            let mut fits = true;
            for k in (0..CRITERIA - dropped).rev() {
                scale[k] = multiplier;
                match most[k]
                    .checked_mul(count[k])
                    .and_then(|s| s.checked_add(1))
                    .and_then(|s| s.checked_mul(multiplier))
                {
                    Some(next) if next <= LIMIT => multiplier = next,
                    _ => {
                        fits = false;
                        break;
                    }
                }
            }
            if fits {
                break scale;
            }
            dropped += 1;
            assert!(dropped < CRITERIA - 2, "a field of {n} players is too large to pair");
        };
        Weights { field, scale, groups, widest_gap, dutch_most }
    }

    /// The weight of a pair or bye from its value under each criterion.
    fn total(&self, values: &[(Criterion, Weight)]) -> Weight {
        values.iter().map(|&(c, v)| v * self.scale[c as usize]).sum()
    }

    /// Whether the players ranked `a` and `b` may meet without breaking a
    /// criterion above the bye's: they have not met, and their colours
    /// allow it.
    pub(super) fn compatible(&self, a: usize, b: usize) -> bool {
        let f = self.field;
        !f.have_met(a, b) && !breaks_absolute(&f.preference[a], &f.preference[b])
    }

    /// The weight of pairing the players ranked `a` and `b` (`a < b`).
    pub(super) fn pair(&self, a: usize, b: usize) -> Weight {
        let f = self.field;
        let (pa, pb) = (&f.preference[a], &f.preference[b]);
        let gap = Weight::from(f.score[a].abs_diff(f.score[b]));
        let (ga, gb) = (f.group[a], f.group[b]);
        let dutch = if ga == gb {
            let apart = 2 * (f.place_in_group[b] - f.place_in_group[a]);
            apart.abs_diff(f.group_size[ga])
        } else {
            // The upper player should be the lowest of their group, the
            // lower the highest of theirs.
            (f.group_size[ga] - 1 - f.place_in_group[a]) + f.place_in_group[b]
        };
        let strong_loser = loser_strength(pa, pb).is_some_and(|s| s >= Strength::Strong);
        self.total(&[
            (Criterion::Paired, 1),
            (Criterion::Fresh, Weight::from(!f.have_met(a, b))),
            (Criterion::WithinTwo, Weight::from(!breaks_limit(pa, pb))),
            (Criterion::NoThirdInARow, Weight::from(!breaks_absolute(pa, pb))),
            (Criterion::ScoreGroups, self.groups - (gb - ga) as Weight),
            (Criterion::ScoreGap, self.widest_gap - gap * gap),
            (Criterion::Dutch, self.dutch_most - dutch as Weight),
            (Criterion::ColourDue, Weight::from(!clash(pa, pb))),
            (Criterion::StrongColourDue, Weight::from(!strong_loser)),
        ])
    }

    /// The weight of giving the bye to the player ranked `a`: as a pair
    /// that breaks nothing, with the bye's own criteria.
    pub(super) fn bye(&self, a: usize) -> Weight {
        self.total(&[
            (Criterion::Paired, 1),
            (Criterion::Fresh, 1),
            (Criterion::ByeDue, Weight::from(self.field.bye_due[a])),
            (Criterion::ByeLowest, a as Weight),
            (Criterion::WithinTwo, 1),
            (Criterion::NoThirdInARow, 1),
            (Criterion::ScoreGroups, self.groups),
            (Criterion::ScoreGap, self.widest_gap),
            (Criterion::Dutch, self.dutch_most),
            (Criterion::ColourDue, 1),
            (Criterion::StrongColourDue, 1),
        ])
    }
}
