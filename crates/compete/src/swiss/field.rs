//! The active players of a round as the pairing sees them: ranked, in
//! score groups, with who has met whom and the colours they are due.

use super::SwissPlayer;
use super::colour::{Preference, preference};

/// The active players, ranked: by score (highest first), then rating
/// (highest first), then index (lowest first).
pub(super) struct Field {
    /// Player indices (into the caller's slice) in rank order.
    pub(super) ranked: Vec<usize>,
    /// Each ranked player's score in half points.
    pub(super) score: Vec<u32>,
    /// Each ranked player's score group: 0 for the top score, 1 for the
    /// next score present, …
    pub(super) group: Vec<usize>,
    /// Each ranked player's place within their score group (from 0).
    pub(super) place_in_group: Vec<usize>,
    /// The size of each score group.
    pub(super) group_size: Vec<usize>,
    /// Each ranked player's colour preference.
    pub(super) preference: Vec<Preference>,
    /// Whether each ranked player may get the bye: none has had fewer
    /// pairing byes.
    pub(super) bye_due: Vec<bool>,
    /// Who has met whom, as a bit matrix over ranks.
    met: Vec<u64>,
    words: usize,
}

impl Field {
    pub(super) fn new(players: &[SwissPlayer]) -> Field {
        let mut ranked: Vec<usize> = (0..players.len()).filter(|&i| !players[i].withdrawn).collect();
        ranked.sort_by(|&a, &b| {
            let (pa, pb) = (&players[a], &players[b]);
            pb.score.cmp(&pa.score).then(pb.rating.total_cmp(&pa.rating)).then(a.cmp(&b))
        });
        let n = ranked.len();
        let mut rank_of = vec![usize::MAX; players.len()];
        for (r, &p) in ranked.iter().enumerate() {
            rank_of[p] = r;
        }
        let score: Vec<u32> = ranked.iter().map(|&p| players[p].score).collect();
        let mut group = Vec::with_capacity(n);
        let mut place_in_group = Vec::with_capacity(n);
        let mut group_size: Vec<usize> = Vec::new();
        for r in 0..n {
            if r == 0 || score[r] != score[r - 1] {
                group_size.push(0);
            }
            group.push(group_size.len() - 1);
            place_in_group.push(group_size[group_size.len() - 1]);
            *group_size.last_mut().expect("a group") += 1;
        }
        let fewest_byes = ranked.iter().map(|&p| players[p].byes).min().unwrap_or(0);
        let bye_due = ranked.iter().map(|&p| players[p].byes == fewest_byes).collect();
        let preference = ranked.iter().map(|&p| preference(&players[p].colours)).collect();
        let words = n.div_ceil(64);
        let mut field = Field {
            ranked,
            score,
            group,
            place_in_group,
            group_size,
            preference,
            bye_due,
            met: vec![0; n * words],
            words,
        };
        for (r, &p) in field.ranked.clone().iter().enumerate() {
            for &o in &players[p].opponents {
                if let Some(&q) = rank_of.get(o).filter(|&&q| q != usize::MAX && q != r) {
                    field.set_met(r, q);
                    field.set_met(q, r);
                }
            }
        }
        field
    }

    /// The number of active players.
    pub(super) fn len(&self) -> usize {
        self.ranked.len()
    }

    fn set_met(&mut self, a: usize, b: usize) {
        self.met[a * self.words + b / 64] |= 1 << (b % 64);
    }

    /// Whether the players ranked `a` and `b` have met.
    pub(super) fn have_met(&self, a: usize, b: usize) -> bool {
        self.met[a * self.words + b / 64] & (1 << (b % 64)) != 0
    }
}
