//! Sage Tafl speed: perft from the start with bulk counting, and uniformly
//! random playouts capped at 1,000 plies. Run with
//! `cargo bench -p arbiter-games --bench sage`.

use std::hint::black_box;

use arbiter_core::{Game, perft, random_playout};
use arbiter_games::sage::{Sage, SageConfig};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("sage-perft");
    group.sample_size(10);
    let start = Sage::start(&SageConfig::default());
    for depth in [5, 6] {
        let leaves = perft(&start, depth);
        group.throughput(Throughput::Elements(leaves));
        group.bench_function(format!("start/depth{depth}"), |b| b.iter(|| perft(black_box(&start), depth)));
    }
    group.finish();
}

fn bench_playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("sage-random-playouts");
    const GAMES: usize = 200;
    const MAX_PLIES: usize = 1_000;
    let start = Sage::start(&SageConfig { repetition: false });
    let mut moves = Vec::new();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
    let plies: usize = (0..GAMES).map(|_| random_playout(&start, &mut rng, MAX_PLIES, &mut moves).1).sum();
    group.throughput(Throughput::Elements(plies as u64));
    group.bench_function(format!("{GAMES}-games-plies"), |b| {
        b.iter(|| {
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
            let mut total = 0;
            for _ in 0..GAMES {
                let (end, n) = random_playout(&start, &mut rng, MAX_PLIES, &mut moves);
                total += n + usize::from(end.status().is_over());
            }
            black_box(total)
        })
    });
    group.finish();
}

criterion_group!(benches, bench_perft, bench_playouts);
criterion_main!(benches);
