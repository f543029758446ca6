//! Average length of uniformly random A•G•O•G games (a quick look, not a benchmark).

use arbiter_core::{Game, random_playout};
use arbiter_games::agog::{Agog, AgogConfig};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

fn main() {
    let start = Agog::start(&AgogConfig::default());
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
    let mut moves = Vec::new();
    let games = 100_000;
    let t = std::time::Instant::now();
    let mut plies = 0;
    let mut reasons = std::collections::BTreeMap::new();
    for _ in 0..games {
        let (end, n) = random_playout(&start, &mut rng, usize::MAX, &mut moves);
        plies += n;
        *reasons.entry(end.status().outcome().map(|o| o.reason)).or_insert(0) += 1;
    }
    let s = t.elapsed().as_secs_f64();
    println!(
        "{games} games, {:.1} plies each, {:.0} games/s, {:.1} M plies/s",
        plies as f64 / games as f64,
        games as f64 / s,
        plies as f64 / s / 1e6
    );
    println!("{reasons:?}");
}
