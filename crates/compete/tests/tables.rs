//! Single Capture Go tables for every field of 3 to 200 entrants: as few
//! tables as can seat them, each of 3 to 12, sizes within one of each
//! other with the larger first, contiguous by rating from the strongest.

use arbiter_compete::tables::{MAX_TABLE, MIN_TABLE, TooFewEntrants, seat_by_rating, table_sizes, tables};

#[test]
fn sizes_for_every_field_up_to_200() {
    for n in 3..=200 {
        let sizes = table_sizes(n).unwrap();
        assert_eq!(sizes.iter().sum::<usize>(), n);
        assert_eq!(sizes.len(), n.div_ceil(MAX_TABLE), "{n}: fewest tables");
        assert!(sizes.iter().all(|s| (MIN_TABLE..=MAX_TABLE).contains(s)), "{n}: {sizes:?}");
        assert!(sizes.windows(2).all(|w| w[0] >= w[1]), "{n}: larger first {sizes:?}");
        assert!(sizes[0] - sizes[sizes.len() - 1] <= 1, "{n}: {sizes:?}");
    }
}

#[test]
fn worked_examples() {
    assert_eq!(table_sizes(13).unwrap(), vec![7, 6]);
    assert_eq!(table_sizes(24).unwrap(), vec![12, 12]);
    assert_eq!(table_sizes(25).unwrap(), vec![9, 8, 8]);
    assert_eq!(table_sizes(12).unwrap(), vec![12]);
    assert_eq!(table_sizes(200).unwrap(), [vec![12; 13], vec![11; 4]].concat());
}

#[test]
fn fewer_than_three_is_an_error() {
    for n in 0..3 {
        assert_eq!(table_sizes(n), Err(TooFewEntrants { entrants: n }));
        assert!(seat_by_rating(&vec![1500.0; n]).is_err());
    }
}

#[test]
fn tables_are_contiguous_by_rating() {
    for n in 3..=200 {
        // Ratings in a scrambled order.
        let ratings: Vec<f64> = (0..n).map(|i| ((i * 37) % n) as f64).collect();
        let seated = seat_by_rating(&ratings).unwrap();
        let flat: Vec<usize> = seated.concat();
        assert_eq!(flat.len(), n);
        assert!(flat.windows(2).all(|w| ratings[w[0]] >= ratings[w[1]]), "{n}");
        let ranges = tables(n).unwrap();
        assert_eq!(seated.iter().map(Vec::len).collect::<Vec<_>>(), ranges.iter().map(|r| r.len()).collect::<Vec<_>>());
    }
}
