//! Comparing a rules engine with a plain second implementation: the same
//! legal moves, each leading to the same position.

use arbiter_core::Notation;

/// Every legal move of `position` in long form with the position string
/// it leads to, sorted.
pub fn engine_moves<G: Notation>(position: &G) -> Vec<(String, String)> {
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    let mut out: Vec<(String, String)> =
        moves.iter().map(|m| (position.move_string(m), position.play(m).position_string())).collect();
    out.sort();
    out
}

/// Asserts that the engine's moves of `position` are the reference's
/// (`reference`: moves in long form with the positions they lead to, in
/// any order), naming the moves only one side knows; `context` is added to
/// the message. Returns the number of moves.
pub fn assert_same_moves<G: Notation>(position: &G, mut reference: Vec<(String, String)>, context: &str) -> usize {
    let engine = engine_moves(position);
    reference.sort();
    if engine != reference {
        let only_engine: Vec<_> = engine.iter().filter(|m| !reference.contains(m)).collect();
        let only_reference: Vec<_> = reference.iter().filter(|m| !engine.contains(m)).collect();
        panic!(
            "{}{context}\nonly the engine: {only_engine:?}\nonly the reference: {only_reference:?}",
            position.position_string()
        );
    }
    engine.len()
}
