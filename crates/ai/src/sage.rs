//! What the search knows about Sage Tafl: points scored, material, the
//! race down the river (pieces in the river with a clear run to an end,
//! pieces on the banks), and the Sage's safety and freedom.

use arbiter_games::sage::{
    Bits, Color, Dir, Kind, RIVER, RIVER_EAST, RIVER_RANK, RIVER_WEST, Sage, SageMove, Square, bit, file_of, rank_of,
    squares,
};

use crate::eval::Evaluator;

/// Per point scored (five win).
const POINT: i32 = 400;
/// Pieces on the board.
const APPRENTICE: i32 = 100;
const SKYSHIP: i32 = 130;
/// A Sage still in her tower has a move to spend before she can run.
const SAGE_IN_TOWER: i32 = -40;
/// An apprentice in the river with a clear run to an end: one move from
/// a point.
const RUN_CLEAR: i32 = 160;
/// An apprentice in the river without a clear run.
const IN_RIVER: i32 = 45;
/// An apprentice on a bank, one step from the river.
const ON_BANK: i32 = 20;
/// The Sage on a5 or h5 (three points next move) or elsewhere in the river.
const SAGE_AT_END: i32 = 700;
const SAGE_IN_RIVER: i32 = 120;
/// Per step the Sage is from the nearest river end.
const SAGE_DISTANCE: i32 = 12;
/// Per enemy piece orthogonally next to the Sage.
const SAGE_THREAT: i32 = 35;

/// The Sage Tafl evaluator.
#[derive(Clone, Copy, Debug, Default)]
pub struct SageEval;

/// Whether the river is empty between `sq` (excluded) and the end past
/// which `dir` leads.
fn clear_run(sq: Square, dir: Dir, occupied: Bits) -> bool {
    let file = file_of(sq) as u32;
    let row = (occupied & RIVER) >> (RIVER_RANK * 8);
    let beyond = match dir {
        Dir::West => row & ((1 << file) - 1),
        _ => row >> (file + 1),
    };
    beyond == 0
}

/// King steps from `sq` to the nearer river end.
fn steps_to_river_end(sq: Square) -> i32 {
    let (f, r) = (file_of(sq) as i32, rank_of(sq) as i32);
    let dr = (r - RIVER_RANK as i32).abs();
    let to_west = f.max(dr);
    let to_east = (7 - f).max(dr);
    to_west.min(to_east)
}

fn side_score(p: &Sage, color: Color) -> i32 {
    let occupied = p.occupied();
    let mut score = POINT * p.score(color) as i32
        + APPRENTICE * p.pieces(color, Kind::Apprentice).count_ones() as i32
        + SKYSHIP * p.pieces(color, Kind::Skyship).count_ones() as i32;
    for sq in squares(p.pieces(color, Kind::Apprentice)) {
        let rank = rank_of(sq);
        if rank == RIVER_RANK {
            let run = clear_run(sq, Dir::West, occupied) || clear_run(sq, Dir::East, occupied);
            score += if run { RUN_CLEAR } else { IN_RIVER };
        } else if rank.abs_diff(RIVER_RANK) == 1 {
            score += ON_BANK;
        }
    }
    if p.in_tower(color) {
        score += SAGE_IN_TOWER;
    }
    if let Some(sq) = p.sage_square(color) {
        if sq == RIVER_WEST || sq == RIVER_EAST {
            score += SAGE_AT_END;
        } else if rank_of(sq) == RIVER_RANK {
            score += SAGE_IN_RIVER;
        }
        score -= SAGE_DISTANCE * steps_to_river_end(sq);
        let enemies = p.occupied_by(color.other());
        let around = [(1i32, 0i32), (-1, 0), (0, 1), (0, -1)]
            .iter()
            .filter(|(df, dr)| {
                let (f, r) = (file_of(sq) as i32 + df, rank_of(sq) as i32 + dr);
                (0..8).contains(&f) && (0..9).contains(&r) && enemies & bit((r * 8 + f) as Square) != 0
            })
            .count() as i32;
        score -= SAGE_THREAT * around;
    }
    score
}

impl Evaluator<Sage> for SageEval {
    fn evaluate(&self, position: &Sage) -> i32 {
        let me = position.side();
        side_score(position, me) - side_score(position, me.other())
    }

    fn is_noisy(&self, position: &Sage, mv: &SageMove) -> bool {
        matches!(mv, SageMove::Escape(..)) || position.captures(mv) != 0
    }

    fn order(&self, position: &Sage, mv: &SageMove) -> i32 {
        let captured = position.captures(mv).count_ones() as i32;
        let escape = i32::from(matches!(mv, SageMove::Escape(..)));
        let into_river = match *mv {
            SageMove::Step(_, to) => i32::from(rank_of(to) == RIVER_RANK),
            _ => 0,
        };
        100 * captured + 300 * escape + 5 * into_river
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_core::Notation;
    use arbiter_games::sage::{SageConfig, parse_square};

    fn position(text: &str) -> Sage {
        Sage::parse_position(text, &SageConfig::default()).unwrap()
    }

    #[test]
    fn a_clear_run_is_worth_more_than_a_blocked_one() {
        let clear = position("a6a/8/8/8/2A5/8/8/8/8 b -- 0-0");
        let blocked = position("8/8/8/8/a1A4a/8/8/8/8 b -- 0-0");
        let c5 = parse_square("c5").unwrap();
        assert!(clear_run(c5, Dir::West, clear.occupied()));
        assert!(clear_run(c5, Dir::East, clear.occupied()));
        assert!(!clear_run(c5, Dir::West, blocked.occupied()));
        assert!(!clear_run(c5, Dir::East, blocked.occupied()));
        assert!(SageEval.evaluate(&clear) > SageEval.evaluate(&blocked));
    }

    #[test]
    fn the_sage_is_closer_to_an_end_in_the_river() {
        assert_eq!(steps_to_river_end(parse_square("a5").unwrap()), 0);
        assert_eq!(steps_to_river_end(parse_square("d1").unwrap()), 4);
        assert_eq!(steps_to_river_end(parse_square("b3").unwrap()), 2);
    }
}
