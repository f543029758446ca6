//! A•G•O•G rules on hand-built positions: every example of the two rule
//! texts, and each rule of the rulings, in both editions where they differ.

use arbiter_core::{Game, GameStatus, Notation, Seat};
use arbiter_games::agog::{Agog, AgogConfig, Edition};

fn current(text: &str) -> Agog {
    Agog::parse_position(text, &AgogConfig::default()).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn classic(text: &str) -> Agog {
    Agog::parse_position(text, &AgogConfig { edition: Edition::Classic, handicap: 0 })
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn moves(p: &Agog) -> Vec<String> {
    let mut list: Vec<String> = p.legal_move_list().iter().map(|m| p.move_string(m)).collect();
    list.sort();
    list
}

fn after(p: &Agog, mv: &str) -> Agog {
    p.play(&p.parse_move(mv).unwrap_or_else(|e| panic!("{mv}: {e}")))
}

fn scorekeeping(p: &Agog, long: &str) -> String {
    p.scorekeeping(&p.parse_move(long).unwrap())
}

// ---- Examples of the rule texts -------------------------------------------

/// Both texts: two golems must be taken rather than the journeyman alone.
#[test]
fn maximum_capture_beats_capturing_the_journeyman() {
    let text = "8/3g4/8/3g4/3G4/1j6/1G6/J7 w 0 0";
    for p in [current(text), classic(text)] {
        assert_eq!(moves(&p), ["d4xd6xd8"]);
        let e = p.parse_move("b2xb4").unwrap_err();
        assert!(e.reason().contains("longer capture is compulsory"), "{e}");
        assert!(e.reason().contains("d4xd6xd8"), "{e}");
    }
}

#[test]
fn golem_moves_b6_and_ab6() {
    let lone = current("7j/8/G7/8/8/8/8/J7 w 0 0");
    assert_eq!(scorekeeping(&lone, "a6-b6"), "b6");
    let two = current("7j/8/G7/1G6/8/8/8/J7 w 0 0");
    assert_eq!(scorekeeping(&two, "a6-b6"), "ab6");
    assert_eq!(scorekeeping(&two, "b5-b6"), "5b6");
    assert_eq!(two.parse_scorekeeping("ab6").unwrap(), two.parse_move("a6-b6").unwrap());
    assert!(two.parse_scorekeeping("b6").unwrap_err().reason().contains("ambiguous"));
}

#[test]
fn corrupted_hulk_move_c5b6() {
    let p = current("7j/8/C7/1C6/8/8/8/J7 w 0 0");
    assert_eq!(scorekeeping(&p, "b5-b6"), "C5b6");
    assert_eq!(scorekeeping(&p, "a6-b6"), "Cab6");
    assert_eq!(scorekeeping(&p, "b5-b7"), "Cb7");
    assert_eq!(p.parse_move("C5b6").unwrap(), p.parse_move("b5-b6").unwrap());
}

#[test]
fn journeyman_sequence_jxa3_plus_c3() {
    let p = current("7j/8/8/8/8/1g6/g7/J7 w 1 0");
    // One golem in the pool: at most one corruption per sequence.
    assert_eq!(moves(&p), ["a1+a3xc3", "a1xa3+c3", "a1xa3xc3"]);
    assert_eq!(scorekeeping(&p, "a1xa3+c3"), "Jxa3+c3");
    let next = after(&p, "Jxa3+c3");
    assert_eq!(next.position_string(), "7j/8/8/8/8/1CJ5/8/8 b 0 1");
}

#[test]
fn corrupted_hulk_promotion_ca1_h1_eq_h() {
    let p = current("7j/8/8/8/4J3/c7/8/7g b 0 0");
    assert_eq!(moves(&p), ["a3-a1", "a3-a1 h1=H", "a3-a2", "h1-g1", "h8-g8", "h8-h7"]);
    assert_eq!(scorekeeping(&p, "a3-a1 h1=H"), "Ca1 h1=H");
    // The corrupted hulk's bottom checker is White's: it goes to White's pool.
    assert_eq!(after(&p, "Ca1 h1=H").position_string(), "7j/8/8/8/4J3/8/8/7h w 1 0");
    assert_eq!(after(&p, "a3-a1").position_string(), "7j/8/8/8/4J3/8/8/7g w 1 1");
}

#[test]
fn handicap_starts_remove_the_texts_squares() {
    let start = |n| Agog::start(&AgogConfig { edition: Edition::Current, handicap: n }).position_string();
    assert_eq!(start(1), "2gggggj/3ggggg/G3g1gg/GG3ggg/GGG3gg/GGGG3g/GGGGG3/JGGGGG2 w 0 0");
    assert_eq!(start(2), "2gggggj/3ggggg/G4ggg/GG4gg/GGG3gg/GGGG3g/GGGGG3/JGGGGG2 w 0 0");
    assert_eq!(start(3), "2gggggj/3ggggg/G5gg/GG4gg/GGG3gg/GGGG3g/GGGGG3/JGGGGG2 w 0 0");
    assert_eq!(start(10), "2gggggj/7g/G6g/GG5g/GGG4g/GGGG3g/GGGGG3/JGGGGG2 w 0 0");
}

// ---- Movement -------------------------------------------------------------

#[test]
fn golems_step_forward_only_and_hulks_slide() {
    let p = current("7j/8/8/8/3G4/8/8/J6H w 0 0");
    let m = moves(&p);
    // Golem d4: east or north one square; hulk h1: north any distance.
    for expected in ["d4-d5", "d4-e4", "h1-h2", "h1-h7", "a1-a2", "a1-b1"] {
        assert!(m.contains(&expected.to_string()), "{expected} missing from {m:?}");
    }
    assert!(!m.contains(&"d4-c4".to_string()) && !m.contains(&"d4-d6".to_string()));
    assert!(p.parse_move("d4-c4").unwrap_err().reason().contains("only forward"));
    assert!(p.parse_move("d4-d6").unwrap_err().reason().contains("one square"));
    let black = current("7j/8/8/8/3g4/8/8/J7 b 0 0");
    assert_eq!(moves(&black), ["d4-c4", "d4-d3", "h8-g8", "h8-h7"]);
}

#[test]
fn captures_go_backward_too() {
    let p = current("7j/8/8/3G4/3g4/8/8/J7 b 0 0");
    // The black golem on d4 jumps the white golem north, towards its own side.
    assert_eq!(moves(&p), ["d4xd6"]);
}

#[test]
fn hulk_captures_at_distance_with_a_choice_of_landing() {
    let p = current("7j/8/8/8/8/8/8/J2H2g1 w 0 0");
    // d1 slides east over e1, f1 to the golem on g1: only h1 lies beyond.
    assert_eq!(moves(&p), ["d1xh1"]);
    let q = current("7j/8/8/8/3g4/8/8/J2H4 w 0 0");
    // d4 golem: the hulk may land on d5, d6, d7 or d8.
    assert_eq!(moves(&q), ["d1xd5", "d1xd6", "d1xd7", "d1xd8"]);
}

#[test]
fn hulk_landings_are_limited_by_the_maximum_rule() {
    // Landing on d6 lets the hulk go on over f6; the other landings do not.
    let p = current("7j/8/5g2/8/3g4/8/8/J2H4 w 0 0");
    assert_eq!(moves(&p), ["d1xd6xg6", "d1xd6xh6"]);
}

#[test]
fn a_unit_cannot_jump_two_at_once_or_its_own() {
    let p = current("7j/8/8/8/8/8/8/J1Hgg3 w 0 0");
    assert!(moves(&p).iter().all(|m| !m.contains('x')));
    // Its own golem in the way: only that golem captures.
    let q = current("7j/8/8/8/8/8/8/J1HGg3 w 0 0");
    assert_eq!(moves(&q), ["d1xf1"]);
}

// ---- Sequences: where the editions differ ---------------------------------

#[test]
fn jumped_units_block_in_the_current_edition_and_vanish_in_the_classic() {
    let text = "7j/8/8/5g2/6g1/1g1g4/8/J2H4 w 0 0";
    let now = current(text);
    let then = classic(text);
    assert_eq!(now.max_capture(), 3);
    assert_eq!(then.max_capture(), 4);
    assert!(moves(&then).contains(&"d1xd5xg5xg3xa3".to_string()));
    assert!(!moves(&now).iter().any(|m| m.starts_with("d1xd5xg5xg3x")));
    // In the current edition the captured golems leave when the sequence ends.
    let end = after(&now, "d1xd5xg5xg3");
    assert_eq!(end.position_string(), "7j/8/8/8/8/1g4H1/8/J7 b 0 3");
}

#[test]
fn the_start_square_counts_as_empty_during_the_sequence() {
    // The golem on c3 goes round d4 and lands back on c3, either way round.
    let p = current("7j/8/8/3g4/2g1g3/2Gg4/8/J7 w 0 0");
    assert_eq!(moves(&p), ["c3xc5xe5xe3xc3", "c3xe3xe5xc5xc3"]);
    assert_eq!(after(&p, "c3xc5xe5xe3xc3").position_string(), "7j/8/8/8/8/2G5/8/J7 b 0 4");
}

// ---- Corruption ------------------------------------------------------------

#[test]
fn an_empty_pool_means_capture_only() {
    let p = current("7j/8/8/8/8/8/g7/J7 w 0 0");
    assert_eq!(moves(&p), ["a1xa3"]);
    assert!(p.parse_move("a1+a3").unwrap_err().reason().contains("no golem left in the pool"));
    let q = current("7j/8/8/8/8/8/g7/J7 w 1 0");
    assert_eq!(moves(&q), ["a1+a3", "a1xa3"]);
    assert_eq!(after(&q, "a1+a3").position_string(), "7j/8/8/8/8/J7/C7/8 b 0 0");
    assert_eq!(after(&q, "a1xa3").position_string(), "7j/8/8/8/8/J7/8/8 b 1 1");
}

#[test]
fn corrupting_a_hulk_sends_its_top_golem_to_the_enemy_pool() {
    let p = current("7j/8/8/8/8/8/h7/J7 w 1 0");
    assert_eq!(after(&p, "a1+a3").position_string(), "7j/8/8/8/8/J7/C7/8 b 0 1");
    // Captured, a hulk gives both its golems back to its owner's pool.
    assert_eq!(after(&p, "a1xa3").position_string(), "7j/8/8/8/8/J7/8/8 b 1 2");
    let q = classic("7j/8/8/8/8/8/h7/J7 w 1 0");
    assert_eq!(after(&q, "a1+a3").position_string(), "7j/8/8/8/8/J7/D7/8 b 0 0");
}

#[test]
fn journeymen_and_corrupted_units_cannot_be_corrupted() {
    let p = current("7j/8/8/8/8/8/c7/J7 w 5 0");
    assert_eq!(moves(&p), ["a1xa3"]);
    assert!(p.parse_move("a1+a3").unwrap_err().reason().contains("cannot be corrupted"));
    let q = current("8/8/8/8/8/8/j7/J7 w 5 0");
    assert_eq!(moves(&q), ["a1xa3"]);
}

#[test]
fn only_the_classic_corrupted_units_corrupt_too() {
    // Classic: C is a corrupted golem and corrupts like a journeyman.
    let then = classic("7j/8/8/8/2g5/2C5/8/J7 w 1 0");
    assert_eq!(moves(&then), ["c3+c5", "c3xc5"]);
    // Current: C is a corrupted hulk and only captures.
    let now = current("7j/8/8/8/2g5/2C5/8/J7 w 1 0");
    assert_eq!(moves(&now), ["c3xc5", "c3xc6", "c3xc7", "c3xc8"]);
}

#[test]
fn the_pool_is_not_refilled_during_a_sequence() {
    // Two golems to jump, one golem in the pool: never two corruptions.
    let p = current("7j/8/8/8/8/1g6/g7/J7 w 1 0");
    assert!(moves(&p).iter().all(|m| m.matches('+').count() <= 1));
}

// ---- Pools ----------------------------------------------------------------

#[test]
fn captured_units_return_their_golems_to_their_own_colours() {
    // A White golem jumps a Black corrupted hulk (a White golem under a Black one).
    let p = current("7j/8/8/8/2c5/2G5/8/J7 w 0 0");
    assert_eq!(after(&p, "c3xc5").position_string(), "7j/8/8/2G5/8/8/8/J7 b 1 1");
    // Classic corrupted hulk: a White hulk under a Black golem.
    let q = classic("7j/8/8/8/2d5/2G5/8/J7 w 0 0");
    assert_eq!(after(&q, "c3xc5").position_string(), "7j/8/8/2G5/8/8/8/J7 b 2 1");
}

// ---- The sanctum -----------------------------------------------------------

#[test]
fn a_golem_on_the_enemy_sanctum_stacks_on_another_golem_or_leaves() {
    let p = current("6G1/8/8/8/7j/2GG4/8/J7 w 0 0");
    let m = moves(&p);
    for expected in ["g8-h8", "g8-h8 c3=H", "g8-h8 d3=H"] {
        assert!(m.contains(&expected.to_string()), "{expected} missing from {m:?}");
    }
    assert_eq!(after(&p, "g8-h8 c3=H").position_string(), "8/8/8/8/7j/2HG4/8/J7 b 0 0");
    assert_eq!(after(&p, "g8-h8").position_string(), "8/8/8/8/7j/2GG4/8/J7 b 1 0");
    assert!(p.parse_move("g8-h8 e3=H").unwrap_err().reason().contains("no other White golem"));
    // Alone, it can only leave.
    let alone = current("6G1/8/8/8/7j/8/8/J7 w 0 0");
    assert_eq!(moves(&alone).iter().filter(|m| m.starts_with("g8-h8")).count(), 1);
}

#[test]
fn hulks_and_current_corrupted_hulks_promote_classic_corrupted_units_leave() {
    let hulk = current("8/8/8/8/6j1/2G5/8/J6H w 0 0");
    assert_eq!(after(&hulk, "h1-h8 c3=H").position_string(), "8/8/8/8/6j1/2H5/8/J7 b 1 0");
    assert_eq!(after(&hulk, "h1-h8").position_string(), "8/8/8/8/6j1/2G5/8/J7 b 2 0");
    let corrupted = current("8/8/8/8/6j1/2G5/8/J6C w 0 0");
    assert_eq!(after(&corrupted, "h1-h8 c3=H").position_string(), "8/8/8/8/6j1/2H5/8/J7 b 0 1");
    let old = classic("6C1/8/8/8/6j1/2G5/8/J7 w 0 0");
    assert_eq!(moves(&old).iter().filter(|m| m.starts_with("g8-h8")).collect::<Vec<_>>(), ["g8-h8"]);
    assert_eq!(after(&old, "g8-h8").position_string(), "8/8/8/8/6j1/2G5/8/J7 b 1 1");
}

// ---- Winning ---------------------------------------------------------------

#[test]
fn capturing_the_journeyman_wins() {
    let p = current("8/8/8/8/8/8/j7/J7 w 0 0");
    let end = after(&p, "a1xa3");
    assert_eq!(end.status(), GameStatus::Over(arbiter_core::Outcome::win(Seat(0), arbiter_core::EndReason::Capture)));
    assert!(end.legal_move_list().is_empty());
}

#[test]
fn a_journeyman_on_the_enemy_sanctum_wins() {
    let p = current("6J1/8/8/8/8/8/8/1j6 w 0 0");
    let end = after(&p, "g8-h8");
    assert_eq!(end.status(), GameStatus::Over(arbiter_core::Outcome::win(Seat(0), arbiter_core::EndReason::Sanctum)));
}

#[test]
fn a_player_without_moves_loses() {
    let p = current("8/8/8/8/8/8/j7/G6J b 0 0");
    assert!(p.legal_move_list().is_empty());
    assert_eq!(
        p.status(),
        GameStatus::Over(arbiter_core::Outcome::win(Seat(0), arbiter_core::EndReason::Immobilization))
    );
}
