//! Move text of every game. The input chooses a game and its options
//! (byte 0 and 1), a number of seeded random steps from the start (byte 2,
//! 0 to 15; bytes 3 to 10 the seed); the rest is read as a move there
//! (for Single Capture Go, a whole round `A:c3,B:d4`). A move that reads
//! must be legal, play, write a long form and a record form that read
//! back to the same move, and lead to a position whose string reads back
//! to the same string.

#![no_main]

use arbiter_fuzz::Input;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut input = Input::new(data);
    let (game, options) = arbiter_fuzz::game_and_options(input.byte(), input.byte());
    let steps = input.byte() % 16;
    let seed = input.u64();
    let here = arbiter_fuzz::walk(game, &options, steps, seed);
    let text = input.rest_text();
    let Ok(mv) = here.parse_move(&text) else { return };
    let long = here.move_text(&mv);
    let record = here.record_text(&mv);
    if !here.is_simultaneous() {
        assert!(here.legal_moves().contains(&mv), "{game}: {text:?} reads as {long:?}, which is not a legal move");
    }
    let next = here
        .play(&mv)
        .unwrap_or_else(|e| panic!("{game}: {text:?} reads as {long:?} but does not play: {e}"));
    for form in [&long, &record] {
        let again =
            here.parse_move(form).unwrap_or_else(|e| panic!("{game}: {text:?} writes {form:?}, which does not read: {e}"));
        assert_eq!(again, mv, "{game}: {text:?} writes {form:?}, which reads as another move");
    }
    let mut line = arbiter_games::Line::new(here.clone());
    let played = line.play_text(&text).unwrap_or_else(|e| panic!("{game}: Line::play_text({text:?}): {e}"));
    assert_eq!(played, mv);
    assert_eq!(line.current(), &next);
    let position = next.position_string();
    let _ = next.status();
    let _ = next.legal_texts();
    arbiter_fuzz::read_back(game, &options, &position);
});
