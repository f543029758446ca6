//! Ogama rules on hand-built positions: the rule text's example, each rule
//! of the rulings, the two endings and their counts.

use arbiter_core::{Game, GameStatus, Notation, Outcome, Seat};
use arbiter_games::ogama::{Ogama, OgamaConfig};
use arbiter_games::{Line, TurnGame};

fn position(text: &str) -> Ogama {
    Ogama::parse_position(text, &OgamaConfig::default()).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn moves(p: &Ogama) -> Vec<String> {
    let mut list: Vec<String> = p.legal_move_list().iter().map(|m| p.move_string(m)).collect();
    list.sort();
    list
}

fn moves_from(p: &Ogama, from: &str) -> Vec<String> {
    moves(p).into_iter().filter(|m| m.starts_with(from) && m.contains('-')).collect()
}

fn after(p: &Ogama, mv: &str) -> Ogama {
    p.play(&p.parse_move(mv).unwrap_or_else(|e| panic!("{mv}: {e}")))
}

const ORANGE: Seat = Seat(0);

/// The rule text's example: with the toad on a three-disc stack, a disc goes
/// three squares straight, or two and then one to the side, or one and two:
/// like a chess knight, and further.
#[test]
fn a_toad_on_a_three_stack_gives_knight_like_moves() {
    let p = position("b*,.,.,.,ooo*/.,.,.,.,./.,.,o,.,./.,.,.,.,./bbbbb,bbbbb,b,oooo,oooo o");
    assert_eq!(moves_from(&p, "c3"), ["c3-a2", "c3-a4", "c3-b1", "c3-b5", "c3-d1", "c3-d5", "c3-e2", "c3-e4"]);
    // From e1 three straight north, or bending inside the board.
    assert_eq!(moves_from(&p, "e1"), ["e1-b1", "e1-c2", "e1-d3", "e1-e4"]);
}

#[test]
fn toads_block_paths_but_another_path_to_the_same_square_still_counts() {
    // The blue toad on c4 blocks c3-c4-c5-b5, but c3-b3-b4-b5 is open.
    let p = position(".,.,.,.,ooo*/.,.,b*,.,./.,.,o,.,./.,.,.,.,./bbbbb,bbbbb,b,oooo,oooo o");
    assert_eq!(moves_from(&p, "c3").len(), 8);
    // A toad on the destination: no disc lands there.
    let q = position(".,b*,.,.,ooo*/.,.,.,.,./.,.,o,.,./.,.,.,.,./bbbbb,bbbbb,b,oooo,oooo o");
    assert!(!moves_from(&q, "c3").contains(&"c3-b5".to_string()));
    assert!(q.parse_move("c3-b5").unwrap_err().reason().contains("never over a toad"));
}

#[test]
fn discs_land_on_anything_and_capture_by_covering() {
    let p = position("b*,.,.,.,ooo*/.,.,.,.,./.,.,o,.,./.,.,.,.,./bbbbb,bbbbb,b,oooo,oooo o");
    let q = after(&p, "c3-b1");
    assert_eq!(q.position_string(), "b*,.,.,.,ooo*/.,.,.,.,./.,.,.,.,./.,.,.,.,./bbbbb,bbbbbo,b,oooo,oooo b");
    assert_eq!(q.captured_by(arbiter_games::ogama::Color::Orange), 5);
}

#[test]
fn the_disc_under_a_toad_never_moves() {
    let p = position("b*,.,.,.,ooo*/.,.,.,.,./.,.,o,.,./.,.,.,.,./bbbbb,bbbbb,b,oooo,oooo o");
    assert!(moves_from(&p, "e5").is_empty());
    assert!(p.parse_move("e5-e2").unwrap_err().reason().contains("under a toad"));
    // Nor under the other side's toad.
    assert!(p.parse_move("a5-a2").unwrap_err().reason().contains("not Orange's"));
}

#[test]
fn toads_step_onto_their_own_colour_only() {
    let p = position("o,b,.,.,./o*,b*,.,.,./.,.,.,.,./.,.,.,.,./ooooo,ooooo,bbbbb,bbbbb,. o");
    assert_eq!(moves(&p).iter().filter(|m| m.starts_with('T')).collect::<Vec<_>>(), ["Ta4-a5"]);
    assert!(p.parse_move("Ta4-b5").unwrap_err().reason().contains("topped by its own colour"));
    assert!(p.parse_move("Ta4-b4").is_err());
}

#[test]
fn the_game_opens_with_orange_then_blue_placing_their_toads() {
    let deal = Ogama::start(&OgamaConfig::default());
    let first = moves(&deal);
    assert_eq!(first.len(), 12);
    assert!(first.iter().all(|m| m.starts_with("T@")));
    let placed = after(&deal, &first[0]);
    let second = moves(&placed);
    assert_eq!(second.len(), 12);
    assert!(second.iter().all(|m| m.starts_with("T@")));
    assert!(deal.parse_move("c1-c2").unwrap_err().reason().contains("must first place the toad"));
    let both = after(&placed, &second[0]);
    assert!(moves(&both).iter().all(|m| !m.starts_with("T@")));
}

#[test]
fn a_sixth_disc_wins_at_once_for_its_owner() {
    let p = position("b,.,.,.,o*/.,.,bbbbb,.,./.,.,o,.,./.,.,.,.,./oooo,oooo,oo,bbb*,bbb o");
    let end = after(&p, "c3-c4");
    assert_eq!(end.status(), GameStatus::Over(Outcome::win(ORANGE, arbiter_core::EndReason::Tower)));
    assert!(end.legal_move_list().is_empty());
}

#[test]
fn no_singles_ends_the_game_and_captured_discs_decide() {
    let p = position(".,.,b,.,bo*/.,.,.,.,./.,.,o,.,./.,.,.,.,./ooooo,ooooo,.,bbbbb,bbbbb* o");
    let end = after(&p, "c3-c5");
    assert_eq!(end.status(), GameStatus::Over(Outcome::win(ORANGE, arbiter_core::EndReason::NoSingles)));
    let draw = position("b,.,ooo,.,oo*/.,.,.,.,./.,.,o,.,./.,.,.,.,./ooo,ooo,bb,bbbbb,bbbb* o");
    assert_eq!(after(&draw, "c3-c5").status(), GameStatus::Over(Outcome::draw(arbiter_core::EndReason::NoSingles)));
}

#[test]
fn a_player_without_moves_passes() {
    let p = position(".,.,oooob,ooob,bbb*/.,.,.,.,./.,b,oooob,.,./.,.,.,.,./o*,.,.,bbbbb,. o");
    assert_eq!(moves(&p), ["pass"]);
    let next = after(&p, "pass");
    assert_eq!(next.to_move(), Seat(1));
    assert_eq!(next.status(), GameStatus::Ongoing);
    // Passing is not allowed while a move exists.
    let q = position("b*,.,.,.,ooo*/.,.,.,.,./.,.,o,.,./.,.,.,.,./bbbbb,bbbbb,b,oooo,oooo o");
    assert!(q.parse_move("pass").unwrap_err().reason().contains("only when nothing else"));
}

#[test]
fn the_third_occurrence_of_a_position_draws_unless_turned_off() {
    let text = "o,o,.,o,o/o,o,b,b,b/b,b,b,b,o/o,o,b,b,b/b,b,o*,o,o b";
    for (repetition, expected) in
        [(true, GameStatus::Over(Outcome::draw(arbiter_core::EndReason::Repetition))), (false, GameStatus::Ongoing)]
    {
        let p = Ogama::parse_position(text, &OgamaConfig { repetition, ..OgamaConfig::default() }).unwrap();
        let mut history = Line::new(p.into_any());
        for mv in ["T@c2", "Tc1-d1", "Tc2-d2", "Td1-c1", "Td2-c2", "Tc1-d1", "Tc2-d2", "Td1-c1", "Td2-c2"] {
            assert_eq!(history.status(), GameStatus::Ongoing, "before {mv}");
            history.play_text(mv).unwrap();
        }
        assert_eq!(history.status(), expected);
    }
}
