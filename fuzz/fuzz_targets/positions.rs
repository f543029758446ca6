//! Position strings of every game: the first byte chooses the game (and
//! a variant), the rest is the position string. A position that reads
//! must write a string that reads back to the same string, answer its
//! status and legal moves without panicking, count its legal moves as it
//! lists them, and every legal move must play.

#![no_main]

use arbiter_core::GameOptions;
use arbiter_fuzz::Input;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut input = Input::new(data);
    let first = input.byte();
    let game = arbiter_fuzz::game_of(first);
    let info = game.info();
    let mut options = GameOptions::new();
    let choice = (first as usize / arbiter_games::GameId::ALL.len()) % (info.variants.len() + 1);
    if choice > 0 {
        options.variant = Some(info.variants[choice - 1].id.to_string());
    }
    let text = input.rest_text();
    let Ok(position) = game.start(&options, Some(&text)) else { return };
    let written = position.position_string();
    let _ = position.diagram();
    let _ = position.hash();
    let status = position.status();
    let _ = position.to_move();
    let again = arbiter_fuzz::read_back(game, &options, &written);
    // Read back under the same options, the position is the same.
    let same = game
        .start(&options, Some(&written))
        .unwrap_or_else(|e| panic!("{game}: {written:?} does not read back under {options:?}: {e}"));
    assert_eq!(same.position_string(), written);
    assert_eq!(same.status(), status, "{game}: {written:?}: status changes on reading back");
    let _ = again.legal_texts();
    let legal = position.legal_texts();
    assert_eq!(same.legal_texts(), legal, "{game}: {written:?}: legal moves change on reading back");
    if !position.is_simultaneous() {
        let moves = position.legal_moves();
        assert_eq!(position.legal_move_count(), moves.len(), "{game}: {written:?}: move count");
        for mv in moves.iter().take(256) {
            let next = position.play(mv).expect("a legal move plays");
            let _ = next.position_string();
            let _ = next.status();
        }
    } else {
        for seat in position.seats() {
            for play in position.legal_plays(seat) {
                assert!(position.is_legal_play(seat, &play));
            }
        }
    }
});
