//! Splitting the entrants of a Single Capture Go event into tables of 3 to
//! 12 players: as few tables as the entrants need, their sizes as equal as
//! can be (larger tables first), filled by rating so that the strongest
//! entrants sit together at table 1, the next strongest at table 2, and so
//! on (contiguous by rating, not snaked).

use std::fmt;
use std::ops::Range;

/// The fewest players at a table.
pub const MIN_TABLE: usize = 3;

/// The most players at a table.
pub const MAX_TABLE: usize = 12;

/// Too few entrants for a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooFewEntrants {
    /// The number of entrants.
    pub entrants: usize,
}

impl fmt::Display for TooFewEntrants {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a table takes at least {MIN_TABLE} players; there are {} entrants", self.entrants)
    }
}

impl std::error::Error for TooFewEntrants {}

/// The size of each table, table 1 first: ⌈n / 12⌉ tables, the first
/// `n mod tables` of them one larger than the rest. For example 13 → 7 + 6,
/// 24 → 12 + 12, 25 → 9 + 8 + 8.
pub fn table_sizes(entrants: usize) -> Result<Vec<usize>, TooFewEntrants> {
    if entrants < MIN_TABLE {
        return Err(TooFewEntrants { entrants });
    }
    let tables = entrants.div_ceil(MAX_TABLE);
    let (base, larger) = (entrants / tables, entrants % tables);
    Ok((0..tables).map(|t| base + usize::from(t < larger)).collect())
}

/// The places of each table's players among entrants sorted by rating
/// (highest first), table 1 first.
pub fn tables(entrants: usize) -> Result<Vec<Range<usize>>, TooFewEntrants> {
    let mut start = 0;
    Ok(table_sizes(entrants)?
        .into_iter()
        .map(|size| {
            start += size;
            start - size..start
        })
        .collect())
}

/// Seats the entrants with these ratings: each table's entrants as indices
/// into `ratings`, highest rating first (equal ratings by index), table 1
/// (the strongest) first.
pub fn seat_by_rating(ratings: &[f64]) -> Result<Vec<Vec<usize>>, TooFewEntrants> {
    let mut order: Vec<usize> = (0..ratings.len()).collect();
    order.sort_by(|&a, &b| ratings[b].total_cmp(&ratings[a]).then(a.cmp(&b)));
    Ok(tables(ratings.len())?.into_iter().map(|range| order[range].to_vec()).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        assert_eq!(table_sizes(13), Ok(vec![7, 6]));
        assert_eq!(table_sizes(24), Ok(vec![12, 12]));
        assert_eq!(table_sizes(25), Ok(vec![9, 8, 8]));
        assert_eq!(table_sizes(3), Ok(vec![3]));
        assert_eq!(table_sizes(2), Err(TooFewEntrants { entrants: 2 }));
        assert_eq!(tables(13), Ok(vec![0..7, 7..13]));
    }

    #[test]
    fn strongest_together() {
        let ratings = [1500.0, 1900.0, 1200.0, 1700.0, 1900.0, 1000.0, 1600.0];
        assert_eq!(seat_by_rating(&ratings), Ok(vec![vec![1, 4, 3, 6, 0, 2, 5]]));
        let many: Vec<f64> = (0..13).map(f64::from).collect();
        let seated = seat_by_rating(&many).unwrap();
        assert_eq!(seated[0], vec![12, 11, 10, 9, 8, 7, 6]);
        assert_eq!(seated[1], vec![5, 4, 3, 2, 1, 0]);
    }
}
