//! Sage Tafl rules on hand-built positions: every example of the rule
//! text (the four capture diagrams, Child of Fate, escape and scoring) and
//! each rule of the rulings: towers, the river, hops, skyship flights,
//! passing and repetition.

use arbiter_core::{Game, GameStatus, Notation, Seat};
use arbiter_games::sage::{Color, Kind, Sage, SageConfig, parse_square};
use arbiter_games::{Line, TurnGame};

fn pos(text: &str) -> Sage {
    Sage::parse_position(text, &SageConfig::default()).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn moves(p: &Sage) -> Vec<String> {
    let mut list: Vec<String> = p.legal_move_list().iter().map(|m| p.move_string(m)).collect();
    list.sort();
    list
}

/// The legal moves of the piece on `from`, sorted.
fn moves_from(p: &Sage, from: &str) -> Vec<String> {
    moves(p).into_iter().filter(|m| m.split('-').next() == Some(from)).collect()
}

fn after(p: &Sage, mv: &str) -> Sage {
    p.play(&p.parse_move(mv).unwrap_or_else(|e| panic!("{mv} in {}: {e}", p.position_string())))
}

fn refused(p: &Sage, mv: &str) -> String {
    p.parse_move(mv).map(|m| panic!("{mv} ({m:?}) is legal in {}", p.position_string())).unwrap_err().reason()
}

// ---- Board and setup --------------------------------------------------------

#[test]
fn the_start_mirrors_both_sides_with_the_sages_in_their_towers() {
    let start = Sage::start(&SageConfig::default());
    assert_eq!(start.position_string(), "2aaaa2/k1aaaa1k/8/8/8/8/8/K1AAAA1K/2AAAA2 b Ss 0-0");
    let at = |s: &str| start.piece_at(parse_square(s).unwrap());
    for sq in ["c1", "d1", "e1", "f1", "c2", "d2", "e2", "f2"] {
        assert_eq!(at(sq), Some((Color::Black, Kind::Apprentice)), "{sq}");
    }
    for sq in ["c8", "d8", "e8", "f8", "c9", "d9", "e9", "f9"] {
        assert_eq!(at(sq), Some((Color::Red, Kind::Apprentice)), "{sq}");
    }
    assert_eq!(at("a2"), Some((Color::Black, Kind::Skyship)));
    assert_eq!(at("h2"), Some((Color::Black, Kind::Skyship)));
    assert_eq!(at("a8"), Some((Color::Red, Kind::Skyship)));
    assert_eq!(at("h8"), Some((Color::Red, Kind::Skyship)));
    assert!(start.in_tower(Color::Black) && start.in_tower(Color::Red));
    // "The darker colour moves first."
    assert_eq!(start.to_move(), Seat(0));
    assert_eq!(start.seat_label(Seat(0)), "b");
    assert_eq!(start.seat_label(Seat(1)), "r");
}

#[test]
fn the_first_moves_and_the_notation_examples() {
    let start = Sage::start(&SageConfig::default());
    assert_eq!(
        moves(&start),
        [
            "a2-a4", "a2-c4", "c1-a1", "c1-b1", "c2-b2", "c2-c3", "c2-c4", "d2-d3", "d2-d4", "e2-e3", "e2-e4", "f1-g1",
            "f1-h1", "f2-f3", "f2-f4", "f2-g2", "h2-f4", "h2-h4"
        ]
    );
    // The Sage cannot come out until a tower square is free.
    assert!(refused(&start, "T-d2").contains("occupied"));
    let freed = after(&after(&start, "d2-d4"), "c8-c6");
    assert_eq!(moves_from(&freed, "T"), ["T-d2"]);
    assert_eq!(after(&freed, "T-d2").position_string(), "2aaaa2/k2aaa1k/8/2a5/8/3A4/8/K1ASAA1K/2AAAA2 r -s 0-0");
}

// ---- The capture diagrams ----------------------------------------------------

/// e.g. 1: X O X <— X: the moved piece completes the sandwich.
#[test]
fn capture_example_1_the_moved_piece_completes_the_sandwich() {
    let p = pos("8/8/8/8/8/8/Aa6/8/2A5 b -- 0-0");
    let next = after(&p, "c1-c3");
    assert_eq!(next.position_string(), "8/8/8/8/8/8/A1A5/8/8 r -- 0-0");
    // The same along a file.
    let p = pos("8/8/8/8/8/1A6/1a6/A7/8 b -- 0-0");
    assert_eq!(after(&p, "a2-b2").position_string(), "8/8/8/8/8/1A6/8/1A6/8 r -- 0-0");
}

/// e.g. 2: X O with the other X diagonally below: no capture.
#[test]
fn capture_example_2_a_diagonal_does_not_capture() {
    let p = pos("8/8/8/8/8/8/Aa6/8/A7 b -- 0-0");
    let next = after(&p, "a1-a2");
    assert_eq!(next.position_string(), "8/8/8/8/8/8/Aa6/A7/8 r -- 0-0");
}

/// e.g. 3: the O moves between two Xs of its own will: not captured, then
/// or later.
#[test]
fn capture_example_3_moving_between_two_enemies_is_safe() {
    let p = pos("8/8/8/8/8/2A5/4a3/2A5/A7 r -- 0-0");
    let next = after(&p, "e3-c3");
    assert_eq!(next.position_string(), "8/8/8/8/8/2A5/2a5/2A5/A7 b -- 0-0");
    // Another Black move does not capture it either: only the moved piece
    // captures.
    let later = after(&next, "a1-b1");
    assert_eq!(later.piece_at(parse_square("c3").unwrap()), Some((Color::Red, Kind::Apprentice)));
    // A Sage may walk in between two enemies too.
    let sage = pos("8/8/8/8/8/8/A1A5/1s6/8 r -- 0-0");
    let next = after(&sage, "b2-b3");
    assert_eq!(next.piece_at(parse_square("b3").unwrap()), Some((Color::Red, Kind::Sage)));
    assert!(!next.in_tower(Color::Red));
}

/// e.g. 4: a Sage steps next to two Os, each with an X beyond: both go.
#[test]
fn capture_example_4_one_move_captures_two() {
    let p = pos("8/8/8/8/8/3S4/Aa6/2a5/2A5 b -- 0-0");
    let mv = p.parse_move("d4-c3").unwrap();
    assert_eq!(p.captures(&mv).count_ones(), 2);
    assert_eq!(p.play(&mv).position_string(), "8/8/8/8/8/8/A1S5/8/2A5 r -- 0-0");
    // Up to four at once.
    let p = pos("8/8/8/8/2A5/2aS4/Aa1aA3/2a5/2A5 b -- 0-0");
    let next = after(&p, "d4-c3");
    assert_eq!(next.position_string(), "8/8/8/8/2A5/8/A1S1A3/8/2A5 r -- 0-0");
}

#[test]
fn any_piece_captures_and_any_piece_is_an_anvil() {
    // A skyship flies in; the Sage is the piece beyond.
    let p = pos("8/8/8/8/8/8/Sa6/8/K7 b -- 0-0");
    assert_eq!(after(&p, "a1-c3").position_string(), "8/8/8/8/8/8/S1K5/8/8 r -- 0-0");
    // Skyships are captured like anything else.
    let p = pos("8/8/8/8/8/8/Ak6/8/2A5 b -- 0-0");
    assert_eq!(after(&p, "c1-c3").position_string(), "8/8/8/8/8/8/A1A5/8/8 r -- 0-0");
}

#[test]
fn the_square_a_piece_leaves_is_no_anvil() {
    // The skyship flies over the Red apprentice on c2 from c1 to c3: the
    // square beyond c2 is the one it left, now empty.
    let p = pos("8/8/8/8/8/8/8/2a5/2K5 b -- 0-0");
    let next = after(&p, "c1-c3");
    assert_eq!(next.position_string(), "8/8/8/8/8/8/2K5/2a5/8 r -- 0-0");
}

#[test]
fn edges_and_the_river_do_not_capture() {
    let p = pos("8/8/8/8/8/8/a7/8/2A5 b -- 0-0");
    // Nothing beyond a3 but the edge.
    assert_eq!(after(&p, "c1-b1").position_string(), "8/8/8/8/8/8/a7/8/1A6 r -- 0-0");
    let p = pos("8/8/8/8/8/8/a7/8/1A6 b -- 0-0");
    assert_eq!(after(&p, "b1-b3").position_string(), "8/8/8/8/8/8/aA6/8/8 r -- 0-0");
    // A piece in the river with an empty river square beyond is safe.
    let p = pos("8/8/8/8/1a6/8/8/8/1A6 b -- 0-0");
    assert_eq!(after(&p, "b1-b4").position_string(), "8/8/8/8/1a6/1A6/8/8/8 r -- 0-0");
    // Pieces capture and are captured in the river as anywhere else.
    let p = pos("8/8/8/8/Aa1A4/8/8/8/8 b -- 0-0");
    assert_eq!(after(&p, "d5-c5").position_string(), "8/8/8/8/A1A5/8/8/8/8 r -- 0-0");
}

// ---- Child of Fate and the towers -------------------------------------------

#[test]
fn child_of_fate_a_captured_sage_goes_back_to_her_tower() {
    let p = pos("8/8/8/8/8/8/As6/8/2A5 b -- 0-0");
    let next = after(&p, "c1-c3");
    assert_eq!(next.position_string(), "8/8/8/8/8/8/A1A5/8/8 r -s 0-0");
    assert!(next.in_tower(Color::Red));
    // She spends her next move coming down: onto any free square by the
    // tower, and nowhere else.
    assert_eq!(moves(&next), ["T-d8", "T-d9", "T-e8", "T-e9"]);
    let down = after(&next, "T-e8");
    assert_eq!(down.sage_square(Color::Red), parse_square("e8"));
    assert!(!down.in_tower(Color::Red));
}

#[test]
fn a_sage_comes_out_only_onto_a_free_square_by_her_tower() {
    let p = pos("8/8/8/8/8/8/8/3a4/4A3 b S- 0-0");
    let out = moves_from(&p, "T");
    assert_eq!(out, ["T-d1", "T-e2"]);
    assert!(refused(&p, "T-d2").contains("occupied"));
    assert!(refused(&p, "T-c2").contains("d1, e1, d2, e2"));
    // Coming out captures like any move: from d1 the enemy on d2 has an
    // empty d3 beyond (no capture) until a Black piece stands there.
    assert_eq!(after(&p, "T-d1").position_string(), "8/8/8/8/8/8/8/3a4/3SA3 r -- 0-0");
    let anvil = pos("8/8/8/8/8/8/3A4/3a4/8 b S- 0-0");
    assert_eq!(after(&anvil, "T-d1").position_string(), "8/8/8/8/8/8/3A4/8/3S4 r -- 0-0");
    // A Sage on the board is not in her tower.
    let outside = pos("8/8/8/8/8/8/8/8/3S4 b -- 0-0");
    assert!(refused(&outside, "T-d2").contains("not in her tower"));
}

#[test]
fn a_tower_is_a_point_that_blocks_nothing() {
    // The Sage steps diagonally across her own tower point, and so does an
    // enemy Sage across the other tower while its Sage is inside.
    let own = pos("8/8/8/8/8/8/8/8/3S4 b -- 0-0");
    assert!(moves_from(&own, "d1").contains(&"d1-e2".to_string()));
    let enemy = pos("8/8/8/8/8/8/8/3s4/8 r S- 0-0");
    assert!(moves_from(&enemy, "d2").contains(&"d2-e1".to_string()));
    // A skyship flies over the tower point too.
    let sky = pos("8/8/8/8/8/8/8/8/3K4 b S- 0-0");
    assert_eq!(moves_from(&sky, "d1"), ["d1-b1", "d1-b3", "d1-d3", "d1-f1", "d1-f3"]);
}

// ---- Sages -------------------------------------------------------------------

#[test]
fn a_sage_steps_one_square_in_eight_directions_onto_empty_squares() {
    let p = pos("8/8/8/8/8/8/2Aa4/3S4/8 b -- 0-0");
    assert_eq!(moves_from(&p, "d2"), ["d2-c1", "d2-c2", "d2-d1", "d2-e1", "d2-e2", "d2-e3"]);
}

#[test]
fn a_sage_steps_into_along_and_out_of_the_river_freely() {
    let p = pos("8/8/8/8/8/3S4/8/8/8 b -- 0-0");
    assert_eq!(moves_from(&p, "d4"), ["d4-c3", "d4-c4", "d4-c5", "d4-d3", "d4-d5", "d4-e3", "d4-e4", "d4-e5"]);
    let p = pos("8/8/8/8/3S4/8/8/8/8 b -- 0-0");
    assert_eq!(moves_from(&p, "d5"), ["d5-c4", "d5-c5", "d5-c6", "d5-d4", "d5-d6", "d5-e4", "d5-e5", "d5-e6"]);
}

#[test]
fn a_sage_hops_across_the_river_over_a_friendly_piece() {
    let p = pos("8/8/8/8/3K4/3S4/8/8/8 b -- 0-0");
    assert!(moves_from(&p, "d4").contains(&"d4-d6".to_string()));
    let enemy = pos("8/8/8/8/3k4/3S4/8/8/8 b -- 0-0");
    assert!(!moves_from(&enemy, "d4").contains(&"d4-d6".to_string()));
    assert!(refused(&enemy, "d4-d6").contains("Sage steps one square"));
}

// ---- Apprentices and the river -----------------------------------------------

#[test]
fn an_apprentice_halts_at_the_bank() {
    let p = pos("8/8/8/8/8/8/8/8/2A5 b -- 0-0");
    assert_eq!(
        moves_from(&p, "c1"),
        ["c1-a1", "c1-b1", "c1-c2", "c1-c3", "c1-c4", "c1-d1", "c1-e1", "c1-f1", "c1-g1", "c1-h1"]
    );
    assert!(refused(&p, "c1-c5").contains("halts at the"));
    // Red's apprentices halt at their bank, rank 6.
    let p = pos("2a5/8/8/8/8/8/8/8/8 r -- 0-0");
    assert!(moves_from(&p, "c9").contains(&"c9-c6".to_string()));
    assert!(!moves_from(&p, "c9").contains(&"c9-c5".to_string()));
}

#[test]
fn from_the_bank_an_apprentice_steps_into_the_river_as_a_move_of_its_own() {
    let p = pos("8/8/8/8/8/2A5/8/8/8 b -- 0-0");
    let north: Vec<String> = moves_from(&p, "c4").into_iter().filter(|m| m.ends_with("5")).collect();
    assert_eq!(north, ["c4-c5"]);
    // It slides along the bank and away from the river freely.
    assert!(moves_from(&p, "c4").contains(&"c4-h4".to_string()));
    assert!(moves_from(&p, "c4").contains(&"c4-c1".to_string()));
    let blocked = pos("8/8/8/8/2a5/2A5/8/8/8 b -- 0-0");
    assert!(!moves_from(&blocked, "c4").iter().any(|m| m.ends_with('5') || m.ends_with('6')));
}

#[test]
fn in_the_river_an_apprentice_moves_along_it_or_one_square_out() {
    let p = pos("8/8/8/8/1k1A2a1/8/8/8/8 b -- 0-0");
    assert_eq!(moves_from(&p, "d5"), ["d5-c5", "d5-d4", "d5-d6", "d5-e5", "d5-f5"]);
    assert!(refused(&p, "d5-d3").contains("one step at a time"));
    assert!(refused(&p, "d5-d7").contains("one step at a time"));
}

#[test]
fn an_apprentice_hops_over_a_friendly_piece_in_the_river() {
    // Over an apprentice, a skyship or the Sage; never over an enemy or
    // onto an occupied square.
    for friend in ["A", "K", "S"] {
        let p = pos(&format!("8/8/8/8/2{friend}5/2A5/8/8/8 b -- 0-0"));
        assert!(moves_from(&p, "c4").contains(&"c4-c6".to_string()), "over {friend}");
        assert_eq!(after(&p, "c4-c6").position_string(), format!("8/8/8/2A5/2{friend}5/8/8/8/8 r -- 0-0"));
    }
    let enemy = pos("8/8/8/8/2a5/2A5/8/8/8 b -- 0-0");
    assert!(!moves_from(&enemy, "c4").contains(&"c4-c6".to_string()));
    let landing_taken = pos("8/8/8/2a5/2A5/2A5/8/8/8 b -- 0-0");
    assert!(!moves_from(&landing_taken, "c4").contains(&"c4-c6".to_string()));
    // Red hops from its bank the other way.
    let red = pos("8/8/8/2a5/2s5/8/8/8/8 r -- 0-0");
    assert!(moves_from(&red, "c6").contains(&"c6-c4".to_string()));
    // Only from a bank square.
    let far = pos("8/8/8/8/2A5/8/2A5/8/8 b -- 0-0");
    assert!(!moves_from(&far, "c3").iter().any(|m| m.ends_with('5') || m.ends_with('6')));
    // A hop captures like any move.
    let p = pos("8/8/8/3a4/2A5/2A5/8/8/8 b -- 0-0");
    let with_anvil = pos("8/8/8/3aA3/2A5/2A5/8/8/8 b -- 0-0");
    assert_eq!(after(&p, "c4-c6").position_string(), "8/8/8/2Aa4/2A5/8/8/8/8 r -- 0-0");
    assert_eq!(after(&with_anvil, "c4-c6").position_string(), "8/8/8/2A1A3/2A5/8/8/8/8 r -- 0-0");
}

// ---- Skyships ------------------------------------------------------------------

#[test]
fn a_skyship_flies_two_diagonal_steps_changing_direction_if_it_likes() {
    let p = pos("8/8/8/8/8/3K4/8/8/8 b -- 0-0");
    assert_eq!(moves_from(&p, "d4"), ["d4-b2", "d4-b4", "d4-b6", "d4-d2", "d4-d6", "d4-f2", "d4-f4", "d4-f6"]);
    // It stands in the river, but never leaves the board.
    let river = pos("8/8/8/8/K7/8/8/8/8 b -- 0-0");
    assert!(!moves(&river).iter().any(|m| m.ends_with('W')));
    assert!(refused(&river, "a5-W").contains("never leaves"));
}

#[test]
fn only_a_skyship_blocks_a_flight() {
    // Every middle square held by apprentices and Sages of both sides: all
    // eight flights stay open.
    let crowded = pos("8/8/8/2a1S3/3K4/2A1s3/8/8/8 b -- 0-0");
    assert_eq!(moves_from(&crowded, "d5").len(), 8);
    // A skyship on e6 closes d5-f7; d5-f5 stays open through e4, d5-d7
    // through c6.
    let p = pos("8/8/8/4k3/3K4/8/8/8/8 b -- 0-0");
    assert_eq!(moves_from(&p, "d5"), ["d5-b3", "d5-b5", "d5-b7", "d5-d3", "d5-d7", "d5-f3", "d5-f5"]);
    // Both middles of d5-f5 held by skyships (own or enemy) close it.
    let p = pos("8/8/8/4k3/3K4/4K3/8/8/8 b -- 0-0");
    assert!(!moves_from(&p, "d5").contains(&"d5-f5".to_string()));
    assert!(refused(&p, "d5-f5").contains("skyship flies"));
}

#[test]
fn a_skyship_never_lands_on_a_piece_nor_where_it_started() {
    let p = pos("8/8/8/8/8/1a3A2/8/3K4/8 b -- 0-0");
    let flights = moves_from(&p, "d2");
    assert!(!flights.contains(&"d2-b4".to_string()) && !flights.contains(&"d2-f4".to_string()));
    assert!(!flights.contains(&"d2-d2".to_string()));
    assert!(refused(&p, "d2-b4").contains("occupied"));
    // The middle square must be on the board: from a corner, one way out.
    let corner = pos("8/8/8/8/8/8/8/8/K7 b -- 0-0");
    assert_eq!(moves_from(&corner, "a1"), ["a1-a3", "a1-c1", "a1-c3"]);
}

// ---- Escape and scoring ---------------------------------------------------------

#[test]
fn an_apprentice_in_the_river_escapes_past_either_end_with_a_clear_run() {
    let p = pos("8/8/8/8/2A5/8/8/8/8 b -- 0-0");
    let escapes: Vec<String> = moves(&p).into_iter().filter(|m| m.ends_with('W') || m.ends_with('E')).collect();
    assert_eq!(escapes, ["c5-E", "c5-W"]);
    let next = after(&p, "c5-W");
    assert_eq!(next.position_string(), "8/8/8/8/8/8/8/8/8 r -- 1-0");
    // A piece anywhere on the way blocks that end only.
    let blocked = pos("8/8/8/8/1a1A4/8/8/8/8 b -- 0-0");
    assert!(refused(&blocked, "d5-W").contains("not clear"));
    assert!(moves(&blocked).contains(&"d5-E".to_string()));
}

#[test]
fn pieces_must_be_in_the_river_to_escape() {
    let p = pos("8/8/8/8/8/A7/8/8/8 b -- 0-0");
    assert!(refused(&p, "a4-W").contains("river"));
    // A piece may end its move on the edge of the board and escape later.
    let q = pos("8/8/8/8/2A5/8/8/8/8 b -- 0-0");
    let edge = after(&after(&q, "c5-a5"), "pass");
    assert_eq!(edge.position_string(), "8/8/8/8/A7/8/8/8/8 b -- 0-0");
    assert!(moves(&edge).contains(&"a5-W".to_string()));
}

#[test]
fn a_sage_escapes_by_stepping_off_an_end_of_the_river_for_three_points() {
    let p = pos("8/8/8/8/S7/8/8/8/s7 b -- 1-0");
    assert!(moves(&p).contains(&"a5-W".to_string()));
    assert!(refused(&p, "a5-E").contains("stepping off"));
    let next = after(&p, "a5-W");
    assert_eq!(next.position_string(), "8/8/8/8/8/8/8/8/s7 r -- 4-0");
    assert_eq!(next.sage_square(Color::Black), None);
    assert!(!next.in_tower(Color::Black));
    let middle = pos("8/8/8/8/3S4/8/8/8/8 b -- 0-0");
    assert!(refused(&middle, "d5-W").contains("stepping off"));
    let east = pos("8/8/8/8/7S/8/8/8/8 b -- 0-0");
    assert_eq!(after(&east, "h5-E").score(Color::Black), 3);
}

#[test]
fn an_escape_captures_nothing() {
    // The apprentice on b5 leaves; the Red piece beside its square stays.
    let p = pos("8/8/8/8/1Aa1A3/8/8/8/8 b -- 0-0");
    let mv = p.parse_move("b5-W").unwrap();
    assert_eq!(p.captures(&mv), 0);
    assert_eq!(p.play(&mv).position_string(), "8/8/8/8/2a1A3/8/8/8/8 r -- 1-0");
}

#[test]
fn five_points_win_at_once() {
    let p = pos("3s4/8/8/8/1A4a1/8/8/8/3S4 b -- 4-3");
    let won = after(&p, "b5-W");
    assert_eq!(won.position_string(), "3s4/8/8/8/6a1/8/8/8/3S4 r -- 5-3");
    assert_eq!(won.status(), GameStatus::Over(arbiter_core::Outcome::win(Seat(0), arbiter_core::EndReason::Score)));
    assert!(moves(&won).is_empty());
    assert!(refused(&won, "g5-E").contains("over"));
    // A Sage's escape can overshoot five.
    let sage = pos("8/8/8/8/7s/8/8/8/8 r -- 0-3");
    let red = after(&sage, "h5-E");
    assert_eq!(red.score(Color::Red), 6);
    assert_eq!(red.status(), GameStatus::Over(arbiter_core::Outcome::win(Seat(1), arbiter_core::EndReason::Score)));
}

// ---- Passing and repetition -------------------------------------------------------

#[test]
fn a_player_passes_only_when_nothing_else_is_legal() {
    let start = Sage::start(&SageConfig::default());
    assert!(refused(&start, "pass").contains("only when"));
    let stuck = pos("8/8/8/8/8/8/8/3aa3/3aa3 b S- 0-0");
    assert_eq!(moves(&stuck), ["pass"]);
    let passed = after(&stuck, "pass");
    assert_eq!(passed.position_string(), "8/8/8/8/8/8/8/3aa3/3aa3 r S- 0-0");
    assert_eq!(passed.status(), GameStatus::Ongoing);
}

#[test]
fn when_neither_side_can_move_the_two_passes_draw() {
    let p = pos("8/8/8/8/8/8/8/8/8 b S- 0-0");
    // Black's Sage could come out: not stuck.
    assert_eq!(moves(&p).len(), 4);
    // Both Sages escaped, everything else captured, neither side at five:
    // nobody can move.
    let boxed = pos("8/8/8/8/8/8/8/8/8 b -- 4-3");
    assert_eq!(boxed.status(), GameStatus::Over(arbiter_core::Outcome::draw(arbiter_core::EndReason::Passes)));
    assert!(moves(&boxed).is_empty());
}

#[test]
fn the_third_occurrence_of_a_position_draws_when_the_rule_is_on() {
    let shuffle = ["a2-a4", "a8-a6", "a4-a2", "a6-a8"];
    for repetition in [true, false] {
        let start = Sage::start(&SageConfig { repetition });
        let mut history = Line::new(start.into_any());
        for round in 0..2 {
            for mv in shuffle {
                assert_eq!(history.status(), GameStatus::Ongoing, "round {round} before {mv}");
                history.play_text(mv).unwrap();
            }
        }
        let expected = if repetition {
            GameStatus::Over(arbiter_core::Outcome::draw(arbiter_core::EndReason::Repetition))
        } else {
            GameStatus::Ongoing
        };
        assert_eq!(history.status(), expected);
    }
}

#[test]
fn scores_and_towers_are_part_of_a_repeated_position() {
    let a = pos("8/8/8/8/8/8/8/8/3S4 b -- 0-0");
    let b = pos("8/8/8/8/8/8/8/8/3S4 b -- 1-0");
    let c = pos("8/8/8/8/8/8/8/8/3S4 b -s 0-0");
    let d = pos("8/8/8/8/8/8/8/8/3S4 r -- 0-0");
    let hashes = [a.hash(), b.hash(), c.hash(), d.hash()];
    for i in 0..4 {
        for j in i + 1..4 {
            assert_ne!(hashes[i], hashes[j]);
        }
    }
}
