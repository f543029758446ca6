//! What one move costs in process, at ply 10 and at ply 300: made through
//! the verb every front end calls, stored in an SQLite file in a temp
//! folder (its commit synced to disk, as the server's are), and every
//! message it sends built. Then A•G•O•G at ply 10 with the opponent's
//! conditional line set before each move (not timed): one that answers
//! the move (its reply played in the same change) and one for another
//! move (cleared by it). A regression of the move path shows here
//! without a load run; the load generator (`examples/load`) measures the
//! server whole. `cargo bench -p arbiter-server --bench move_path`.

use std::time::{Duration, Instant};

use arbiter_server::bench::{BenchGame, Line, MovePath};
use criterion::{Criterion, criterion_group, criterion_main};

/// Moves timed in one game before another is set up at the same ply, so
/// that the ply measured stays near the ply asked for.
const MOVES_A_GAME: u64 = 20;

fn move_path(c: &mut Criterion) {
    let runtime = tokio::runtime::Runtime::new().expect("a runtime");
    let dir = tempfile::tempdir().expect("a temp folder");
    let mut path = runtime.block_on(MovePath::open(&dir.path().join("bench.db"))).expect("the store");
    let mut group = c.benchmark_group("one move");
    group.sample_size(20).measurement_time(Duration::from_secs(8));
    for game in ["sage", "agog"] {
        for ply in [10, 300] {
            group.bench_function(format!("{game} at ply {ply}"), |b| {
                b.iter_custom(|iters| {
                    runtime.block_on(async {
                        let mut spent = Duration::ZERO;
                        let mut playing: Option<BenchGame> = None;
                        let mut done = 0;
                        while done < iters {
                            let fresh = playing.as_ref().is_none_or(|g| g.ply() >= ply + MOVES_A_GAME);
                            if fresh {
                                playing = path.new_game(game, ply).await.expect("a game set up");
                                continue;
                            }
                            let Some(game) = playing.as_mut() else { continue };
                            let started = Instant::now();
                            let played = path.play(game).await.expect("a move");
                            spent += started.elapsed();
                            if played {
                                done += 1;
                            } else {
                                playing = None;
                            }
                        }
                        spent
                    })
                });
            });
        }
    }
    for (name, line) in [("answered by a conditional line", Line::Answered), ("clearing a line", Line::Unmatched)] {
        group.bench_function(format!("agog at ply 10, {name}"), |b| {
            b.iter_custom(|iters| {
                runtime.block_on(async {
                    let mut spent = Duration::ZERO;
                    let mut playing: Option<BenchGame> = None;
                    let mut done = 0;
                    while done < iters {
                        if playing.as_ref().is_none_or(|g| g.ply() >= 10 + MOVES_A_GAME) {
                            playing = path.new_game("agog", 10).await.expect("a game set up");
                            continue;
                        }
                        let Some(game) = playing.as_mut() else { continue };
                        let Some(prepared) = path.prepare(game, line).await.expect("a line set") else {
                            playing = None;
                            continue;
                        };
                        let started = Instant::now();
                        let going = path.play_prepared(game, prepared).await.expect("a move");
                        spent += started.elapsed();
                        done += 1;
                        if !going {
                            playing = None;
                        }
                    }
                    spent
                })
            });
        });
    }
    group.finish();
}

criterion_group!(benches, move_path);
criterion_main!(benches);
