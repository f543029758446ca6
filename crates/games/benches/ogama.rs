//! Ogama speed: perft on the fixed deals with bulk counting, and uniformly
//! random playouts capped at 1,000 plies. Run with
//! `cargo bench -p arbiter-games --bench ogama`.

use std::hint::black_box;

use arbiter_core::{Game, perft, random_playout};
use arbiter_games::ogama::{Ogama, OgamaConfig};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

const SEEDS: [u64; 3] = [0, 1, 42];

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("ogama-perft");
    group.sample_size(10);
    for seed in SEEDS {
        let start = Ogama::start(&OgamaConfig { seed, repetition: false });
        let leaves = perft(&start, 5);
        group.throughput(Throughput::Elements(leaves));
        group.bench_function(format!("seed{seed}/depth5"), |b| b.iter(|| perft(black_box(&start), 5)));
    }
    group.finish();
}

fn bench_playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("ogama-random-playouts");
    const GAMES: usize = 1_000;
    let starts: Vec<Ogama> = SEEDS.iter().map(|&seed| Ogama::start(&OgamaConfig { seed, repetition: false })).collect();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
    let mut moves = Vec::new();
    let plies: usize = (0..GAMES).map(|i| random_playout(&starts[i % 3], &mut rng, 1_000, &mut moves).1).sum();
    group.throughput(Throughput::Elements(plies as u64));
    group.bench_function(format!("{GAMES}-games-plies"), |b| {
        b.iter(|| {
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
            let mut total = 0;
            for i in 0..GAMES {
                let (end, n) = random_playout(&starts[i % 3], &mut rng, 1_000, &mut moves);
                total += n + usize::from(end.status().is_over());
            }
            black_box(total)
        })
    });
    group.finish();
}

criterion_group!(benches, bench_perft, bench_playouts);
criterion_main!(benches);
