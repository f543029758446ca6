//! Search speed for each game: alpha-beta nodes per second and Monte Carlo
//! playouts per second, from a position a few random plies into a game.
//! Run with `cargo bench -p arbiter-ai --bench search`.

use std::hint::black_box;

use arbiter_ai::alphabeta::AlphaBeta;
use arbiter_ai::mcts::{Mcts, MctsConfig, Rollout};
use arbiter_ai::{Evaluator, Limits, agog::AgogEval, ogama::OgamaEval, sage::SageEval};
use arbiter_core::{Game, random_playout};
use arbiter_games::agog::{Agog, AgogConfig};
use arbiter_games::ogama::{Ogama, OgamaConfig};
use arbiter_games::sage::{Sage, SageConfig};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// Alpha-beta node budget per search.
const NODES: u64 = 200_000;
/// Playouts per Monte Carlo search.
const PLAYOUTS: u64 = 300;

/// The position `plies` random plies after `start`.
fn opening<G: Game>(start: &G, plies: usize) -> G {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    random_playout(start, &mut rng, plies, &mut Vec::new()).0
}

fn bench_game<G: Game, E: Evaluator<G> + Clone + 'static>(c: &mut Criterion, name: &str, position: G, eval: E) {
    let mut group = c.benchmark_group(format!("{name}-search"));
    group.sample_size(10);
    group.throughput(Throughput::Elements(NODES));
    group.bench_function(format!("alphabeta/{NODES}-nodes"), |b| {
        let mut search = AlphaBeta::new(eval.clone(), 18);
        b.iter(|| search.search(black_box(&position), Limits::nodes(NODES)).best)
    });
    group.throughput(Throughput::Elements(PLAYOUTS));
    for (label, rollout) in [("random", Rollout::Random), ("heuristic", Rollout::Heuristic { greedy: 0.5 })] {
        let config = MctsConfig { rollout, ..MctsConfig::default() };
        group.bench_function(format!("mcts-{label}/{PLAYOUTS}-playouts"), |b| {
            b.iter(|| Mcts::with_evaluator(config, &eval).search(black_box(&position), Limits::nodes(PLAYOUTS)).best)
        });
    }
    group.finish();
}

fn bench_search(c: &mut Criterion) {
    bench_game(c, "agog", opening(&Agog::start(&AgogConfig::default()), 10), AgogEval);
    bench_game(c, "ogama", opening(&Ogama::start(&OgamaConfig { seed: 1, repetition: false }), 10), OgamaEval);
    bench_game(c, "sage", opening(&Sage::start(&SageConfig { repetition: false }), 10), SageEval);
}

criterion_group!(benches, bench_search);
criterion_main!(benches);
