//! Search on Ogama: a tower is taken when it is there, a repetition counts
//! as a draw when the game's earlier positions are known, results are
//! reproducible, and search beats random play.

mod support;

use arbiter_ai::Limits;
use arbiter_ai::alphabeta::{AlphaBeta, SearchResult, WIN_THRESHOLD};
use arbiter_ai::ogama::OgamaEval;
use arbiter_core::{Game, Notation};
use arbiter_games::ogama::{Ogama, OgamaConfig, OgamaMove};
use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

fn position(text: &str) -> Ogama {
    Ogama::parse_position(text, &OgamaConfig::default()).unwrap()
}

#[test]
fn alpha_beta_builds_the_winning_tower() {
    // c3-c4 puts a sixth disc, orange, on the blue five-stack.
    let p = position("b,.,.,.,o*/.,.,bbbbb,.,./.,.,o,.,./.,.,.,.,./oooo,oooo,oo,bbb*,bbb o");
    let r = AlphaBeta::new(OgamaEval, 16).search(&p, Limits::depth(3));
    assert_eq!(p.move_string(&r.best.unwrap()), "c3-c4");
    assert!(r.score >= WIN_THRESHOLD, "{}", r.score);
}

/// The first position of a fixed random game where the side to move stands
/// clearly better (by the search's own score), with that search.
fn a_good_position() -> (Ogama, SearchResult<OgamaMove>) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(4);
    let mut p = Ogama::start(&OgamaConfig { seed: 1, repetition: true });
    let mut moves = Vec::new();
    loop {
        assert!(!p.status().is_over(), "the game ended before a good position came up");
        let r = AlphaBeta::new(OgamaEval, 16).search(&p, Limits::nodes(20_000));
        if r.score >= 100 && r.score < WIN_THRESHOLD {
            return (p, r);
        }
        p.legal_moves(&mut moves);
        p = p.play(&moves[rng.random_range(0..moves.len())]);
    }
}

#[test]
fn going_back_to_an_earlier_position_scores_as_a_draw() {
    // The side to move stands well; if its best move led back to a
    // position the game has already seen, that move would only draw, so
    // with the game's history known another good move is preferred.
    let (p, alone) = a_good_position();
    let best = alone.best.unwrap();
    let seen = p.play(&best).hash();
    let with_history = AlphaBeta::new(OgamaEval, 16).search_after(&[seen], &p, Limits::nodes(20_000));
    assert_ne!(with_history.best, Some(best), "{} is a repetition now", p.move_string(&best));
    assert!(with_history.score > 0, "{}", with_history.score);
    // Without the repetition rule the history changes nothing.
    let free = Ogama::parse_position(&p.position_string(), &OgamaConfig { seed: 1, repetition: false }).unwrap();
    let a = AlphaBeta::new(OgamaEval, 16).search(&free, Limits::nodes(20_000));
    let b = AlphaBeta::new(OgamaEval, 16).search_after(&[seen], &free, Limits::nodes(20_000));
    assert_eq!(a, b);
}

#[test]
fn searches_are_reproducible() {
    let start = Ogama::start(&OgamaConfig::default());
    let a = AlphaBeta::new(OgamaEval, 16).search(&start, Limits::nodes(20_000));
    let b = AlphaBeta::new(OgamaEval, 16).search(&start, Limits::nodes(20_000));
    assert_eq!(a, b);
    assert!(a.best.is_some());
}

#[test]
fn alpha_beta_beats_random_play() {
    let deal = |seed| Ogama::start(&OgamaConfig { seed, repetition: false });
    let wins = support::wins_vs_random(10, deal, OgamaEval, 3_000, 400);
    assert!(wins >= 9, "won {wins} of 10");
}
