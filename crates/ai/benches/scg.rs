//! Single Capture Go bots: the time one bot takes to choose its play at a
//! few levels, on a position ten rounds into a random game with 2, 6 and
//! 12 players. Run with `cargo bench -p arbiter-ai --bench scg`.

use std::hint::black_box;

use arbiter_ai::scg::{level_params, search};
use arbiter_core::{Round, Seat, SimultaneousGame};
use arbiter_games::scg::{Letters, Scg, ScgConfig};
use criterion::{Criterion, criterion_group, criterion_main};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// The position after `rounds` rounds of random play in which nobody was
/// doomed (a fresh seed is tried until one such game is found).
fn midgame(players: usize, rounds: usize) -> Scg {
    let start = Scg::start(&ScgConfig { letters: Some(Letters::first(players)), at_blocked: false });
    let mut scratch = Vec::new();
    for seed in 0.. {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut p = start;
        for _ in 0..rounds {
            let plays: Round<_> =
                p.active().iter().filter_map(|s| p.random_play(s, &mut rng, &mut scratch).map(|q| (s, q))).collect();
            p = p.resolve(&plays);
        }
        if p.active().len() == players {
            return p;
        }
    }
    unreachable!("some random game keeps everyone for a few rounds")
}

fn bench_levels(c: &mut Criterion) {
    let mut group = c.benchmark_group("scg-bot");
    group.sample_size(10);
    for players in [2, 6, 12] {
        let p = midgame(players, if players == 2 { 4 } else { 3 });
        for level in [3, 5, 7, 10] {
            let params = level_params(level, 1);
            group.bench_function(format!("{players}-players/level{level}"), |b| {
                b.iter(|| black_box(search(black_box(&p), Seat(0), &params)))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, bench_levels);
criterion_main!(benches);
