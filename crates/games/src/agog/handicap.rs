//! Handicap starts: Black begins without golems closest to the centre.

use super::board::Square;

/// The largest handicap.
pub const MAX_HANDICAP: u8 = 10;

/// What each handicap is worth to White, in Elo, from handicap 0 to
/// [`MAX_HANDICAP`]: White's Elo edge over Black at that handicap, from
/// White's score in `arbiter analyse agog --games 400 --handicap-steps 10
/// --player level=3` (400 games a handicap; docs/RATINGS.md gives the
/// run). A rated game with a handicap is rated with the difference from
/// handicap 0.
pub const HANDICAP_ELO: &[i32] = &[-21, 67, 70, 141, 175, 205, 254, 318, 386, 455, 576];

// One value for every handicap, none missing.
const _: () = assert!(HANDICAP_ELO.len() == MAX_HANDICAP as usize + 1);

/// Squares (as in the rulings' table) of the Black golems removed for each
/// handicap, front row first, symmetric about the a1–h8 diagonal.
const TABLE: [&[Square]; 11] = {
    const D7: Square = 51;
    const E6: Square = 44;
    const E7: Square = 52;
    const F5: Square = 37;
    const F6: Square = 45;
    const F7: Square = 53;
    const G4: Square = 30;
    const G5: Square = 38;
    const G6: Square = 46;
    const G7: Square = 54;
    [
        &[],
        &[F6],
        &[E6, F5],
        &[E6, F5, F6],
        &[D7, E6, F5, G4],
        &[D7, E6, F5, F6, G4],
        &[D7, E6, E7, F5, G4, G5],
        &[D7, E6, E7, F5, F6, G4, G5],
        &[D7, E6, E7, F5, F6, G4, G5, G7],
        &[D7, E6, E7, F5, F6, F7, G4, G5, G6],
        &[D7, E6, E7, F5, F6, F7, G4, G5, G6, G7],
    ]
};

/// The Black golems removed at handicap `n` (none above the largest).
pub fn handicap_squares(n: u8) -> &'static [Square] {
    TABLE.get(n as usize).copied().unwrap_or(&[])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agog::square_name;

    fn names(n: u8) -> Vec<String> {
        handicap_squares(n).iter().map(|&s| square_name(s)).collect()
    }

    #[test]
    fn the_rule_texts_examples() {
        assert_eq!(names(1), ["f6"]);
        assert_eq!(names(2), ["e6", "f5"]);
        assert_eq!(names(3), ["e6", "f5", "f6"]);
    }

    #[test]
    fn each_step_removes_one_more_and_stays_symmetric() {
        for n in 1..=MAX_HANDICAP {
            let squares = handicap_squares(n);
            assert_eq!(squares.len(), n as usize);
            for &sq in squares {
                let mirrored = (sq % 8) * 8 + sq / 8;
                assert!(squares.contains(&mirrored), "handicap {n}: {} lacks its mirror", square_name(sq));
            }
        }
    }
}
