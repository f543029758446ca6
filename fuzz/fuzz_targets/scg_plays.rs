//! One player's play of Single Capture Go, as a player sends it (`e7`).
//! The input chooses the number of players and the `at-blocked` rule
//! (byte 0), a number of seeded random rounds (byte 1, 0 to 15; bytes 2
//! to 9 the seed); the rest is read as each seat's play. A play that reads
//! must be legal, listed among the seat's plays, write a text that reads
//! back to it, and make a round that resolves.

#![no_main]

use arbiter_core::Seat;
use arbiter_fuzz::Input;
use arbiter_games::GameId;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut input = Input::new(data);
    let scg = GameId::ALL.iter().position(|&g| g == GameId::Scg).expect("scg is registered") as u8;
    let (game, options) = arbiter_fuzz::game_and_options(scg, input.byte());
    let steps = input.byte() % 16;
    let seed = input.u64();
    let here = arbiter_fuzz::walk(game, &options, steps, seed);
    let text = input.rest_text();
    let mut plays: Vec<(Seat, arbiter_games::AnyPlay)> = Vec::new();
    // Every seat, two past the last one, and seats past the largest game.
    for seat in (0..here.seat_count() as u8 + 2).chain([12, 15, 16, 255]).map(Seat) {
        let Ok(play) = here.parse_play(seat, &text) else { continue };
        assert!(here.is_legal_play(seat, &play), "{text:?} reads as a play of {seat} that is not legal");
        assert!(here.legal_plays(seat).contains(&play), "{text:?}: a play of {seat} not among its legal plays");
        let written = here.play_text(&play);
        let again = here
            .parse_play(seat, &written)
            .unwrap_or_else(|e| panic!("{text:?} writes {written:?}, which does not read: {e}"));
        assert_eq!(again, play);
        let _ = here.labelled_play_text(seat, &play);
        plays.push((seat, play));
    }
    if plays.is_empty() {
        return;
    }
    let round = here.round(plays).expect("plays of this game make a round");
    let (next, _report) = here.resolve_round(&round).expect("a round of legal plays resolves");
    let position = next.position_string();
    let _ = here.move_text(&round);
    arbiter_fuzz::read_back(game, &options, &position);
});
