//! How uniformly random Sage Tafl playouts (capped at 1,000 plies) end, and
//! how long they are (a quick look, not a benchmark).

use arbiter_core::{Game, random_playout};
use arbiter_games::sage::{Sage, SageConfig};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

fn main() {
    let start = Sage::start(&SageConfig { repetition: false });
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
    let mut moves = Vec::new();
    let games = 20_000;
    let t = std::time::Instant::now();
    let mut plies = 0;
    let mut endings = std::collections::BTreeMap::new();
    for _ in 0..games {
        let (end, n) = random_playout(&start, &mut rng, 1_000, &mut moves);
        plies += n;
        let ending = match end.status().outcome() {
            Some(o) if o.is_draw() => format!("draw by {}", o.reason),
            Some(o) => format!(
                "{} wins by {}",
                if o.winners.contains(arbiter_core::Seat(0)) { "Black" } else { "Red" },
                o.reason
            ),
            None => "cut at 1,000 plies".to_string(),
        };
        *endings.entry(ending).or_insert(0) += 1;
    }
    let s = t.elapsed().as_secs_f64();
    println!(
        "{games} playouts, {:.1} plies each, {:.1} M plies/s",
        plies as f64 / games as f64,
        plies as f64 / s / 1e6
    );
    for (ending, n) in endings {
        println!("{ending}: {n} ({:.1}%)", 100.0 * n as f64 / games as f64);
    }
}
