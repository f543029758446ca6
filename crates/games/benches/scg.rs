//! Single Capture Go speed: whole random games (every player a uniformly
//! random playable square each round) for 2, 6 and 12 players, counted in
//! rounds resolved. Run with `cargo bench -p arbiter-games --bench scg`.

use std::hint::black_box;

use arbiter_core::{Round, SimultaneousGame};
use arbiter_games::scg::{Letters, Scg, ScgConfig, Square};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// Plays `games` random games from `start`; returns the rounds played.
fn random_games(start: &Scg, games: usize, seed: u64) -> u64 {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut scratch = Vec::new();
    let mut rounds = 0;
    for _ in 0..games {
        let mut p = *start;
        // Random players rarely collide for long, but a cap keeps a run finite.
        for _ in 0..1_000 {
            if p.status().is_over() {
                break;
            }
            let mut plays: Round<Square> = Round::new();
            for seat in p.active().iter() {
                if let Some(sq) = p.random_play(seat, &mut rng, &mut scratch) {
                    plays.set(seat, Some(sq));
                }
            }
            p = p.resolve(&plays);
            rounds += 1;
        }
    }
    rounds
}

fn bench_random_games(c: &mut Criterion) {
    let mut group = c.benchmark_group("scg-random-games");
    const GAMES: usize = 1_000;
    for players in [2, 6, 12] {
        let start = Scg::start(&ScgConfig { letters: Some(Letters::first(players)), at_blocked: false });
        group.throughput(Throughput::Elements(random_games(&start, GAMES, 1)));
        group.bench_function(format!("{players}-players/{GAMES}-games-rounds"), |b| {
            b.iter(|| black_box(random_games(black_box(&start), GAMES, 1)))
        });
    }
    group.finish();
}

criterion_group!(benches, bench_random_games);
criterion_main!(benches);
