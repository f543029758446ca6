//! Sage Tafl perft: the specification's reference counts from the start
//! and this engine's regression table (`data/sage-perft.txt`).

use arbiter_core::{Game, Notation, perft, perft_divide};
use arbiter_games::sage::{Sage, SageConfig};

#[test]
fn the_specification_reference_counts() {
    let start = Sage::start(&SageConfig::default());
    for (d, n) in [18u64, 324, 8_194, 206_756].into_iter().enumerate() {
        assert_eq!(perft(&start, d as u32 + 1), n, "depth {}", d + 1);
    }
}

#[test]
fn perft_table() {
    let table = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/sage-perft.txt")).unwrap();
    let mut rows = 0;
    for line in table.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let (text, counts) = line.split_once(';').unwrap();
        let position = Sage::parse_position(text.trim(), &SageConfig::default()).unwrap();
        for (depth, expected) in counts.split_whitespace().enumerate() {
            assert_eq!(perft(&position, depth as u32 + 1), expected.parse::<u64>().unwrap(), "{line}");
        }
        rows += 1;
    }
    assert_eq!(rows, 7);
}

#[test]
fn the_start_splits_evenly_between_the_two_wings() {
    // The start is symmetric about the line between files d and e: each
    // move and its mirror image lead to trees of the same size.
    let start = Sage::start(&SageConfig::default());
    let divide: Vec<(String, u64)> =
        perft_divide(&start, 3).into_iter().map(|(m, n)| (start.move_string(&m), n)).collect();
    let mirror = |s: &str| -> String {
        s.chars().map(|c| if ('a'..='h').contains(&c) { (b'h' - (c as u8 - b'a')) as char } else { c }).collect()
    };
    for (mv, n) in &divide {
        let twin = divide.iter().find(|(m, _)| *m == mirror(mv)).unwrap();
        assert_eq!(twin.1, *n, "{mv} and {}", twin.0);
    }
}
