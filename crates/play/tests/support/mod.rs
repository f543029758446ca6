//! What the play layer's tests share: reading records, and random games
//! of any registered game.

#![allow(dead_code)]

use arbiter_core::GameOptions;
use arbiter_games::record::RecordText;
use arbiter_games::{GameId, Line};
use arbiter_play::{GameRecord, MoveForm, Replayed};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// Reads and replays a text record; the error as text.
pub fn replay(text: &str) -> Result<Replayed, String> {
    GameRecord::from_text(text).map_err(|e| e.to_string())
}

/// The record as written, read back as its syntax.
pub fn written(r: &Replayed) -> RecordText {
    RecordText::parse(&r.to_text(MoveForm::Record)).expect("a written record reads back")
}

/// The result token the record writes.
pub fn result(r: &Replayed) -> String {
    written(r).result.expect("a written record has a result")
}

/// A tag the record writes.
pub fn tag(r: &Replayed, name: &str) -> Option<String> {
    written(r).tag(name).map(str::to_string)
}

/// The moves in long form.
pub fn long_moves(r: &Replayed) -> Vec<String> {
    r.move_texts(MoveForm::Long)
}

/// The final position string.
pub fn last_position(r: &Replayed) -> String {
    r.line.current().position_string()
}

/// A random game of `game` under `options` (at most `max` moves; every
/// remaining player of a simultaneous game plays at random each round).
pub fn random_line(game: GameId, options: &GameOptions, seed: u64, max: usize) -> Line {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut line = Line::new(game.start(options, None).expect("a game starts"));
    while line.plies() < max && !line.status().is_over() {
        let mv = line.current().random_step(&mut rng).expect("a game that is not over has a move");
        line.play(mv).expect("a legal move");
    }
    line
}
