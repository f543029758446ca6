//! A•G•O•G speed: perft from the start with bulk counting, and uniformly
//! random complete games. Run with `cargo bench -p arbiter-games --bench agog`.

use std::hint::black_box;

use arbiter_core::{Game, perft, random_playout};
use arbiter_games::agog::{Agog, AgogConfig, Edition};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("agog-perft");
    for (name, edition) in [("current", Edition::Current), ("classic", Edition::Classic)] {
        let start = Agog::start(&AgogConfig { edition, handicap: 0 });
        let depth = 6;
        let leaves = perft(&start, depth);
        group.throughput(Throughput::Elements(leaves));
        group.sample_size(20);
        group.bench_function(format!("{name}/start/depth{depth}"), |b| b.iter(|| perft(black_box(&start), depth)));
    }
    group.finish();
}

fn bench_random_games(c: &mut Criterion) {
    let mut group = c.benchmark_group("agog-random-games");
    const GAMES: u64 = 1_000;
    for (name, edition) in [("current", Edition::Current), ("classic", Edition::Classic)] {
        let start = Agog::start(&AgogConfig { edition, handicap: 0 });
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        let mut moves = Vec::new();
        group.throughput(Throughput::Elements(GAMES));
        group.bench_function(format!("{name}/{GAMES}-games"), |b| {
            b.iter(|| {
                let mut plies = 0;
                for _ in 0..GAMES {
                    let (end, n) = random_playout(&start, &mut rng, usize::MAX, &mut moves);
                    debug_assert!(end.status().is_over());
                    plies += n;
                }
                black_box(plies)
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench_perft, bench_random_games);
criterion_main!(benches);
