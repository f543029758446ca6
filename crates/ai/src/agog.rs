//! What the search knows about A•G•O•G: material, the journeymen's race to
//! the enemy sanctum, journeyman safety, and golem advancement.

use arbiter_games::agog::{Agog, AgogMove, Color, Kind};

use crate::eval::Evaluator;

/// Values of one unit, in centi-golems.
const GOLEM: i32 = 100;
const HULK: i32 = 320;
const CORRUPT_GOLEM: i32 = 130;
const CORRUPT_HULK: i32 = 300;
/// A golem in the pool is worth a little: it lets the journeyman corrupt.
const POOLED: i32 = 15;
/// Per step the journeyman is closer to the enemy sanctum.
const JOURNEYMAN_STEP: i32 = 12;
/// Per enemy unit next to a journeyman.
const JOURNEYMAN_THREAT: i32 = 40;
/// Per step a golem has advanced.
const GOLEM_STEP: i32 = 3;

/// The A•G•O•G evaluator.
#[derive(Clone, Copy, Debug, Default)]
pub struct AgogEval;

/// Steps from `sq` to `target` moving along files and ranks.
fn distance(sq: u8, target: u8) -> i32 {
    ((sq % 8) as i32 - (target % 8) as i32).abs() + ((sq / 8) as i32 - (target / 8) as i32).abs()
}

fn side_score(p: &Agog, color: Color) -> i32 {
    let count = |kind: Kind| p.bitboard(color, kind).count_ones() as i32;
    let mut score = GOLEM * count(Kind::Golem)
        + HULK * count(Kind::Hulk)
        + CORRUPT_GOLEM * count(Kind::CorruptGolem)
        + CORRUPT_HULK * count(Kind::CorruptHulk)
        + POOLED * p.pool(color) as i32;
    let target = color.target_sanctum();
    let journeyman = p.bitboard(color, Kind::Journeyman);
    if journeyman != 0 {
        let sq = journeyman.trailing_zeros() as u8;
        score += JOURNEYMAN_STEP * (14 - distance(sq, target));
        let enemies = p.units_of(color.other());
        let around = [1i32, -1, 8, -8]
            .iter()
            .filter(|&&d| {
                let n = sq as i32 + d;
                (0..64).contains(&n) && (d.abs() == 8 || (n / 8) == (sq as i32 / 8)) && enemies & (1u64 << n) != 0
            })
            .count() as i32;
        score -= JOURNEYMAN_THREAT * around;
    }
    let mut golems = p.bitboard(color, Kind::Golem);
    while golems != 0 {
        let sq = golems.trailing_zeros() as u8;
        score += GOLEM_STEP * (14 - distance(sq, target));
        golems &= golems - 1;
    }
    score
}

impl Evaluator<Agog> for AgogEval {
    fn evaluate(&self, position: &Agog) -> i32 {
        let me = position.side();
        side_score(position, me) - side_score(position, me.other())
    }

    fn is_noisy(&self, _position: &Agog, mv: &AgogMove) -> bool {
        mv.is_capture()
    }

    fn order(&self, _position: &Agog, mv: &AgogMove) -> i32 {
        100 * mv.landings().len() as i32 + 10 * mv.corruptions() as i32 + i32::from(mv.promotion().is_some())
    }
}
