//! Random Ogama playouts (a profiling aid, not a benchmark).

use arbiter_core::{Game, random_playout};
use arbiter_games::ogama::{Ogama, OgamaConfig};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

fn main() {
    let start = Ogama::start(&OgamaConfig { seed: 0, repetition: false });
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
    let mut moves = Vec::new();
    let t = std::time::Instant::now();
    let mut plies = 0;
    for _ in 0..100_000 {
        plies += random_playout(&start, &mut rng, 1_000, &mut moves).1;
    }
    let s = t.elapsed().as_secs_f64();
    println!("{:.1} plies per game, {:.2} M plies/s", plies as f64 / 100_000.0, plies as f64 / s / 1e6);
}
