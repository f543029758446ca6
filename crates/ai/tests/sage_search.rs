//! Both searches on Sage Tafl: a winning escape is taken, the opponent's
//! is stopped, results are reproducible, and search beats random play.

mod support;

use arbiter_ai::Limits;
use arbiter_ai::alphabeta::{AlphaBeta, WIN_THRESHOLD};
use arbiter_ai::choose::{GoParams, choose};
use arbiter_ai::mcts::{Mcts, MctsConfig};
use arbiter_ai::sage::SageEval;
use arbiter_core::GameOptions;
use arbiter_core::{Game, Notation};
use arbiter_games::sage::{Sage, SageConfig};
use arbiter_games::{GameId, Line};

fn position(text: &str) -> Sage {
    Sage::parse_position(text, &SageConfig::default()).unwrap()
}

#[test]
fn alpha_beta_takes_a_winning_escape() {
    // Black has four points: the apprentice on b5 leaves past a5.
    let p = position("3s4/8/8/8/1A4a1/8/8/8/3S4 b -- 4-3");
    let r = AlphaBeta::new(SageEval, 16).search(&p, Limits::nodes(2_000));
    assert_eq!(p.move_string(&r.best.unwrap()), "b5-W");
    assert!(r.score >= WIN_THRESHOLD, "{}", r.score);
    // With two points only the Sage's three will do.
    let p = position("3s4/8/8/8/S1A3a1/8/8/8/8 b -- 2-3");
    let r = AlphaBeta::new(SageEval, 16).search(&p, Limits::nodes(2_000));
    assert_eq!(p.move_string(&r.best.unwrap()), "a5-W");
}

#[test]
fn alpha_beta_stops_the_opponents_escape() {
    // Red's apprentice on g5 would escape past h5 for the fifth point;
    // stepping into h5 blocks it and captures it against f5.
    let p = position("3s4/8/8/8/5Aa1/7A/8/8/3S4 b -- 0-4");
    let r = AlphaBeta::new(SageEval, 16).search(&p, Limits::nodes(5_000));
    assert_eq!(p.move_string(&r.best.unwrap()), "h4-h5");
    assert_eq!(p.play(&r.best.unwrap()).position_string(), "3s4/8/8/8/5A1A/8/8/8/3S4 r -- 0-4");
}

#[test]
fn mcts_takes_a_winning_escape() {
    let p = position("3s4/8/8/8/1A4a1/8/8/8/3S4 b -- 4-3");
    let r = Mcts::<Sage>::new(MctsConfig::default()).search(&p, Limits::nodes(2_000));
    assert_eq!(p.move_string(&r.best.unwrap()), "b5-W");
}

#[test]
fn the_search_levels_take_the_winning_escape() {
    let game = GameId::Sage.start(&GameOptions::default(), Some("3s4/8/8/8/1A4a1/8/8/8/3S4 b -- 4-3")).unwrap();
    let line = Line::new(game.clone());
    // Every level sees a win in one.
    for level in 1..=6 {
        let choice = choose(&line, &GoParams::level(level)).unwrap();
        assert_eq!(game.move_text(&choice.mv), "b5-W", "level {level}: {}", choice.info(&game));
    }
}

#[test]
fn searches_are_reproducible() {
    let start = Sage::start(&SageConfig::default());
    let a = AlphaBeta::new(SageEval, 16).search(&start, Limits::nodes(20_000));
    let b = AlphaBeta::new(SageEval, 16).search(&start, Limits::nodes(20_000));
    assert_eq!(a, b);
    let config = MctsConfig { seed: 9, ..MctsConfig::default() };
    let m1 = Mcts::<Sage>::with_evaluator(config, &SageEval).search(&start, Limits::nodes(200));
    let m2 = Mcts::<Sage>::with_evaluator(config, &SageEval).search(&start, Limits::nodes(200));
    assert_eq!(m1, m2);
}

#[test]
fn alpha_beta_beats_random_play() {
    let wins = support::wins_vs_random(10, |_| Sage::start(&SageConfig::default()), SageEval, 3_000, 1_000);
    assert!(wins >= 9, "won {wins} of 10");
}
