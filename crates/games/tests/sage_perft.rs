//! Sage Tafl perft: the specification's reference counts from the start
//! and this engine's deeper counts on a table of positions.

use arbiter_core::{Game, Notation, perft};
use arbiter_games::sage::{Sage, SageConfig};

#[test]
fn the_specification_reference_counts() {
    let start = Sage::start(&SageConfig::default());
    for (d, n) in [18u64, 324, 8_194, 206_756].into_iter().enumerate() {
        assert_eq!(perft(&start, d as u32 + 1), n, "depth {}", d + 1);
    }
    let _ = start.position_string();
}
