//! Single Capture Go bots on hand-built grids: they avoid filling their own
//! last liberty, take a square that dooms an opponent, rescue a group in
//! atari, always send a playable square, repeat themselves for a seed, and
//! beat random players.

use arbiter_ai::arena::{Match, Player};
use arbiter_ai::choose::GoParams;
use arbiter_ai::scg::{Board, choose_play, level_params, score, search};
use arbiter_core::{GameOptions, OptionValue, Seat, SimultaneousNotation};
use arbiter_games::scg::{Scg, ScgConfig};
use arbiter_games::{GameId, Line};

fn position(text: &str) -> Scg {
    Scg::parse_position(text, &ScgConfig::default()).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn square(p: &Scg, seat: u8, level: u8, seed: u64) -> String {
    let sq = choose_play(p, Seat(seat), level, seed).expect("a play");
    p.geometry().name(sq)
}

#[test]
fn the_tactical_reading_sees_suicide_dooms_and_rescues() {
    // A's lone a1 has one liberty, a2; B's e5 has one, e4; b1 and d5 are @.
    let p = position("A..../@..../...../....@/....B AB");
    let board = Board::new(&p);
    let sq = |name: &str| p.geometry().parse(name).unwrap();
    let a = Seat(0);
    let e = board.effect(a, sq("e4"));
    assert_eq!((e.dooms, e.liberties), (1, 2), "e4 fills B's last liberty");
    let rescue = board.effect(a, sq("a2"));
    assert_eq!((rescue.joins_atari, rescue.liberties), (1, 2));
    let q = position(".@.../@..../...../...../....B AB");
    assert_eq!(Board::new(&q).effect(a, sq("a1")).liberties, 0, "a1 would have no liberty");
    assert!(score(&Board::new(&q), a, sq("a1")) < score(&Board::new(&q), a, sq("c3")));
}

#[test]
fn bots_never_fill_their_own_last_liberty_when_they_have_a_choice() {
    // a1 is surrounded by @ and B: playing it is suicide for A.
    let p = position(".@B../@..../...../...../..... AB");
    for level in 1..=6 {
        for seed in 0..8 {
            assert_ne!(square(&p, 0, level, seed), "a1", "level {level} seed {seed}");
        }
    }
}

#[test]
fn searching_bots_doom_an_opponent_in_atari_and_rescue_their_own() {
    // B's lone e5 breathes only through e4, and cannot escape through the
    // @ on d5 (its neighbours are @ too): A's e4 dooms B whatever B does.
    let kill = position("...../.A.../....@/...@@/....B AB");
    for level in [4, 6, 8] {
        assert_eq!(square(&kill, 0, level, 1), "e4", "level {level}");
    }
    // A's a1 is in atari (a2 its last liberty): A joins it, on a2 or on the
    // @ of b1, to a group with two liberties or more before B fills a2.
    let save = position("A..../@..../..B../...../..... AB");
    for level in [6, 8, 10] {
        let sq = choose_play(&save, Seat(0), level, 1).unwrap();
        let e = Board::new(&save).effect(Seat(0), sq);
        assert!(e.joins_atari == 1 && e.liberties >= 2, "level {level}: {}", save.geometry().name(sq));
    }
}

#[test]
fn bots_always_send_a_playable_square_and_repeat_themselves_for_a_seed() {
    let p = position("A.B@./@B.../..@A./...../..... AB");
    for level in 1..=7 {
        let first = choose_play(&p, Seat(1), level, 42).unwrap();
        assert!(p.playable().contains(first));
        assert_eq!(choose_play(&p, Seat(1), level, 42), Some(first), "level {level}");
    }
    let d = search(&p, Seat(0), &level_params(6, 3)).unwrap();
    assert!(d.playouts > 0 && d.work >= 1_200 && (0.0..=1.0).contains(&d.value), "{d:?}");
    let over = position("A..../...../...../...../..... A");
    assert_eq!(choose_play(&over, Seat(0), 5, 1), None);
}

#[test]
fn a_bot_beats_five_random_players() {
    let options = GameOptions::new().with("players", OptionValue::Text("6".into()));
    let arena = Match::new(GameId::Scg, options, Player::Search(GoParams::level(3)), Player::Random, 9);
    let results = arena.run(30, || {}).unwrap();
    let wins = results.iter().filter(|r| r.a_won_alone).count();
    assert!(wins >= 21, "the bot won {wins} of 30");
    for r in &results {
        // Every game replays, round by round, to the end the match scored.
        let mut line = Line::new(r.start.clone());
        for mv in &r.moves {
            line.play(*mv).unwrap();
        }
        assert_eq!(line.status(), r.game_status);
        assert_eq!(r.choices.len(), r.length());
    }
}
