//! Ogama perft: the specification's reference counts and this engine's
//! deeper counts, from three seeded deals and three mid-game positions.

use arbiter_core::{Game, Notation, perft};
use arbiter_games::ogama::{Ogama, OgamaConfig};

#[test]
fn perft_table() {
    let table = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/ogama-perft.txt")).unwrap();
    let mut rows = 0;
    for line in table.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let (start, counts) = line.split_once(';').unwrap();
        let position = match start.strip_prefix("seed ") {
            Some(seed) => Ogama::start(&OgamaConfig { seed: seed.parse().unwrap(), ..OgamaConfig::default() }),
            None => Ogama::parse_position(start, &OgamaConfig::default()).unwrap(),
        };
        for (depth, expected) in counts.split_whitespace().enumerate() {
            assert_eq!(
                perft(&position, depth as u32 + 1),
                expected.parse::<u64>().unwrap(),
                "{line} depth {}",
                depth + 1
            );
        }
        rows += 1;
    }
    assert_eq!(rows, 6);
}

#[test]
fn the_specification_reference_counts() {
    for (text, expected) in [
        (".,.,.,bo,o/.,oo,oo*,o,o/bbbb,.,.,b,o/.,.,bb*,.,o/.,oo,bbb,.,b o", [33, 610, 19_062]),
        (".,.,.,.,o/b,bb*,oob,o,./.,.,.,.,obb/b,ob,o,.,b/oo,bb,bo,o*,o o", [18, 539, 9_796]),
        ("b,bbobb,.,oo,b/booo,.,oob*,.,b/.,.,.,.,o/o,.,bb,.,./.,.,bo*,.,o b", [22, 341, 7_407]),
    ] {
        let p = Ogama::parse_position(text, &OgamaConfig::default()).unwrap();
        for (d, &n) in expected.iter().enumerate() {
            assert_eq!(perft(&p, d as u32 + 1), n, "{text} depth {}", d + 1);
        }
    }
}
