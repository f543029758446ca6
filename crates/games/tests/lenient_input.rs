//! What people type: a square in capitals is the same square, and a move
//! from one square to another may leave out its dash, in every game.

use arbiter_core::{GameOptions, OptionValue, Seat};
use arbiter_games::GameId;

fn same(game: GameId, options: &GameOptions, setup: Option<&str>, written: &str, canonical: &str) {
    let p = game.start(options, setup).unwrap();
    let mv = p.parse_move(written).unwrap_or_else(|e| panic!("{game} {written}: {e}"));
    assert_eq!(p.move_text(&mv), canonical, "{game} {written}");
}

#[test]
fn squares_in_capitals_are_read() {
    let none = GameOptions::new();
    same(GameId::Agog, &none, None, "E2-E3", "e2-e3");
    same(GameId::Agog, &none, None, "2E3", "e2-e3");
    same(GameId::Agog, &none, None, "3D4", "d3-d4");
    same(GameId::Sage, &none, None, "C2-C4", "c2-c4");
    same(GameId::TinyCol, &none, None, "B2", "b2");
    let seed = GameOptions::new().with("seed", OptionValue::Number(1));
    same(GameId::Ogama, &seed, None, "T@A2", "T@a2");
    same(GameId::Ogama, &seed, None, "t@a2", "T@a2");
    let scg = GameId::Scg.start(&GameOptions::new(), None).unwrap();
    assert_eq!(scg.play_text(&scg.parse_play(Seat(0), "C3").unwrap()), "c3");
    let round = scg.parse_move("A:C3,B:d4").unwrap();
    assert_eq!(scg.move_text(&round), "A:c3,B:d4");
    // Capitals that are not squares keep their meaning: a corrupted unit
    // from rank 5 to b6 in scorekeeping.
    let agog = GameId::Agog.start(&none, Some("7j/8/8/1C6/8/8/8/J7 w 0 0")).unwrap();
    assert_eq!(agog.move_text(&agog.parse_move("C5b6").unwrap()), "b5-b6");
    // An understood but illegal move written in capitals is explained.
    let e = GameId::Agog.start(&none, None).unwrap().parse_move("D4").unwrap_err();
    assert_eq!(e.to_string(), "'D4': ambiguous: c4-d4 or d3-d4; add the origin's file, rank or square");
}

#[test]
fn a_move_between_two_squares_may_leave_out_its_dash_in_every_game() {
    let none = GameOptions::new();
    same(GameId::Agog, &none, None, "e2e3", "e2-e3");
    same(GameId::Sage, &none, None, "c2c4", "c2-c4");
    same(GameId::Sage, &none, None, "C2C4", "c2-c4");
    let placed = ".,.,.,bo,o/.,oo,oo*,o,o/bbbb,.,.,b,o/.,.,bb*,.,o/.,oo,bbb,.,b o";
    let p = GameId::Ogama.start(&none, Some(placed)).unwrap();
    let legal = p.legal_texts();
    let disc = legal.iter().find(|m| !m.starts_with('T') && *m != "pass").expect("a disc move");
    same(GameId::Ogama, &none, Some(placed), &disc.replace('-', ""), disc);
    let toad = legal.iter().find(|m| m.starts_with('T')).expect("a toad step");
    same(GameId::Ogama, &none, Some(placed), &toad.replace('-', ""), toad);
    let stuck = GameId::Sage.start(&none, Some("8/8/8/8/8/8/8/8/A7 r -- 0-0")).unwrap();
    assert_eq!(stuck.move_text(&stuck.parse_move("PASS").unwrap()), "pass");
}
