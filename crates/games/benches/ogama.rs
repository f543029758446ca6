//! Ogama speed: perft on the fixed deals and on mid-game positions with
//! bulk counting, and uniformly random playouts capped at 1,000 plies. Run with
//! `cargo bench -p arbiter-games --bench ogama`.

use std::hint::black_box;

use arbiter_core::{Game, Notation, perft, random_playout};
use arbiter_games::ogama::{Ogama, OgamaConfig};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

const SEEDS: [u64; 3] = [0, 1, 42];

const MIDGAME: [&str; 3] = [
    ".,.,.,bo,o/.,oo,oo*,o,o/bbbb,.,.,b,o/.,.,bb*,.,o/.,oo,bbb,.,b o",
    ".,.,.,.,o/b,bb*,oob,o,./.,.,.,.,obb/b,ob,o,.,b/oo,bb,bo,o*,o o",
    "b,bbobb,.,oo,b/booo,.,oob*,.,b/.,.,.,.,o/o,.,bb,.,./.,.,bo*,.,o b",
];

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("ogama-perft");
    group.sample_size(10);
    for seed in SEEDS {
        let start = Ogama::start(&OgamaConfig { seed, repetition: false });
        let leaves = perft(&start, 5);
        group.throughput(Throughput::Elements(leaves));
        group.bench_function(format!("seed{seed}/depth5"), |b| b.iter(|| perft(black_box(&start), 5)));
    }
    // The specification's mid-game positions: toads placed, taller stacks.
    for (i, text) in MIDGAME.iter().enumerate() {
        let position = Ogama::parse_position(text, &OgamaConfig { seed: 0, repetition: false }).unwrap();
        group.throughput(Throughput::Elements(perft(&position, 4)));
        group.bench_function(format!("midgame{}/depth4", i + 1), |b| b.iter(|| perft(black_box(&position), 4)));
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
