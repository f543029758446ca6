//! Perft regression values for A•G•O•G: the reference counts of the
//! specification to depth 5, and this engine's own depth-6 counts (agreed
//! with the independent reference implementation) to catch regressions.

use arbiter_core::{Game, Notation, perft};
use arbiter_games::agog::{Agog, AgogConfig, Edition};

const REFERENCE: [u64; 5] = [12, 144, 1_848, 22_744, 288_612];

/// This engine's depth-6 count from the start, the same in both editions
/// (no capture sequence long enough to tell them apart fits in six plies).
const DEPTH_6: u64 = 3_454_546;

fn start(edition: Edition) -> Agog {
    Agog::start(&AgogConfig { edition, handicap: 0 })
}

#[test]
fn perft_from_the_start_matches_the_reference_counts() {
    for edition in [Edition::Current, Edition::Classic] {
        let position = start(edition);
        for (depth, &expected) in REFERENCE.iter().enumerate() {
            assert_eq!(perft(&position, depth as u32 + 1), expected, "{edition:?} depth {}", depth + 1);
        }
    }
}

#[test]
fn perft_from_the_start_to_depth_6() {
    for edition in [Edition::Current, Edition::Classic] {
        assert_eq!(perft(&start(edition), 6), DEPTH_6, "{edition:?}");
    }
}

#[test]
fn perft_table() {
    let table = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/agog-perft.txt")).unwrap();
    let mut rows = 0;
    for line in table.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let fields: Vec<&str> = line.split(';').map(str::trim).collect();
        let edition = if fields[0] == "classic" { Edition::Classic } else { Edition::Current };
        let position = Agog::parse_position(fields[1], &AgogConfig { edition, handicap: 0 }).unwrap();
        for (depth, expected) in fields[2].split_whitespace().enumerate() {
            assert_eq!(perft(&position, depth as u32 + 1), expected.parse::<u64>().unwrap(), "{line}");
        }
        rows += 1;
    }
    assert_eq!(rows, 10);
}
