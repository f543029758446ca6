//! Both searches on A•G•O•G: forced wins are found, results are
//! reproducible, and search beats random play.

mod support;

use arbiter_ai::Limits;
use arbiter_ai::agog::AgogEval;
use arbiter_ai::alphabeta::{AlphaBeta, WIN_THRESHOLD};
use arbiter_ai::mcts::{Mcts, MctsConfig};
use arbiter_core::{Game, Notation};
use arbiter_games::agog::{Agog, AgogConfig};

fn position(text: &str) -> Agog {
    Agog::parse_position(text, &AgogConfig::default()).unwrap()
}

#[test]
fn alpha_beta_takes_a_win_in_one() {
    // The journeyman walks onto the enemy sanctum rather than anywhere else.
    let p = position("6J1/8/8/8/8/3g4/8/1j6 w 0 0");
    let mut search = AlphaBeta::new(AgogEval, 16);
    let r = search.search(&p, Limits::depth(3));
    assert_eq!(p.move_string(&r.best.unwrap()), "g8-h8");
    assert!(r.score >= WIN_THRESHOLD, "{}", r.score);
}

#[test]
fn alpha_beta_sees_a_forced_loss_coming_and_avoids_it() {
    // White's journeyman on d3 must not step to d4, next to the Black golem
    // on d5, which would jump it (landing on the empty d3).
    let p = position("7j/8/8/3g4/8/3J4/8/8 w 0 0");
    let mut search = AlphaBeta::new(AgogEval, 16);
    let r = search.search(&p, Limits::depth(4));
    let mv = p.move_string(&r.best.unwrap());
    assert_ne!(mv, "d3-d4");
}

#[test]
fn searches_are_reproducible() {
    let start = Agog::start(&AgogConfig::default());
    let a = AlphaBeta::new(AgogEval, 16).search(&start, Limits::nodes(20_000));
    let b = AlphaBeta::new(AgogEval, 16).search(&start, Limits::nodes(20_000));
    assert_eq!(a, b);
    let config = MctsConfig { seed: 9, ..MctsConfig::default() };
    let m1 = Mcts::<Agog>::new(config).search(&start, Limits::nodes(300));
    let m2 = Mcts::<Agog>::new(config).search(&start, Limits::nodes(300));
    assert_eq!(m1, m2);
    assert_eq!(m1.playouts, 300);
}

#[test]
fn mcts_takes_a_win_in_one() {
    let p = position("6J1/8/8/8/8/3g4/8/1j6 w 0 0");
    let r = Mcts::<Agog>::new(MctsConfig::default()).search(&p, Limits::nodes(2_000));
    assert_eq!(p.move_string(&r.best.unwrap()), "g8-h8");
}

#[test]
fn alpha_beta_beats_random_play() {
    let wins = support::wins_vs_random(10, |_| Agog::start(&AgogConfig::default()), AgogEval, 3_000, 1_000);
    assert!(wins >= 9, "won {wins} of 10");
}

#[test]
fn parallel_trees_are_reproducible_and_find_the_win() {
    let p = position("6J1/8/8/8/8/3g4/8/1j6 w 0 0");
    let config = MctsConfig { threads: 2, seed: 3, ..MctsConfig::default() };
    let a = Mcts::<Agog>::new(config).search(&p, Limits::nodes(2_000));
    let b = Mcts::<Agog>::new(config).search(&p, Limits::nodes(2_000));
    assert_eq!(a, b);
    assert_eq!(a.playouts, 2_000);
    assert_eq!(p.move_string(&a.best.unwrap()), "g8-h8");
}
