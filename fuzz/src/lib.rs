//! Helpers shared by the fuzz targets: reading choices off the front of
//! the input, choosing a game with its options, reaching a position by
//! seeded random steps, and reading a position string back.

use arbiter_core::{GameOptions, OptionValue};
use arbiter_games::{AnyGame, GameId};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// The fuzzer's input, read from the front: bytes for choices, then the
/// rest as text.
pub struct Input<'a> {
    data: &'a [u8],
}

impl<'a> Input<'a> {
    /// The whole input.
    pub fn new(data: &'a [u8]) -> Input<'a> {
        Input { data }
    }

    /// The next byte (0 once the input is used up).
    pub fn byte(&mut self) -> u8 {
        match self.data.split_first() {
            Some((&b, rest)) => {
                self.data = rest;
                b
            }
            None => 0,
        }
    }

    /// The next eight bytes as a number (zeros past the end).
    pub fn u64(&mut self) -> u64 {
        let mut bytes = [0u8; 8];
        for b in &mut bytes {
            *b = self.byte();
        }
        u64::from_le_bytes(bytes)
    }

    /// The rest of the input as text (invalid UTF-8 replaced).
    pub fn rest_text(&self) -> String {
        String::from_utf8_lossy(self.data).into_owned()
    }
}

/// The game the byte names: the low bits choose over `GameId::ALL`.
pub fn game_of(b: u8) -> GameId {
    GameId::ALL[b as usize % GameId::ALL.len()]
}

/// A game and options chosen by two bytes: `game` names the game; `extra`
/// chooses its variant (if it has variants), for Single Capture Go the
/// number of players (2 to 12) and the `at-blocked` rule.
pub fn game_and_options(game: u8, extra: u8) -> (GameId, GameOptions) {
    let id = game_of(game);
    let info = id.info();
    let mut options = GameOptions::new();
    if !info.variants.is_empty() {
        options.variant = Some(info.variants[extra as usize % info.variants.len()].id.to_string());
    }
    if id.info().option("players").is_some() {
        let players = 2 + (extra & 0x0f) % 11;
        options = options.with("players", OptionValue::Text(players.to_string()));
        if extra & 0x80 != 0 {
            options = options.with("at-blocked", OptionValue::Switch(true));
        }
    }
    (id, options)
}

/// The position `steps` seeded random steps after the start of `game`
/// under `options` (fewer if the game ends first).
pub fn walk(game: GameId, options: &GameOptions, steps: u8, seed: u64) -> AnyGame {
    let mut here = game.start(options, None).expect("a game starts under the options the fuzzer chooses");
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    for _ in 0..steps {
        let Some(mv) = here.random_step(&mut rng) else { break };
        here = here.play(&mv).expect("a random step is a legal move");
    }
    here
}

/// The options a position string is read with: those given, less the
/// ones that shape the start position only (as the engine does).
pub fn layout_options(game: GameId, options: &GameOptions) -> GameOptions {
    let mut layout = options.clone();
    layout.values.retain(|key, _| game.info().option(key).is_none_or(|o| o.start_only.is_none()));
    layout
}

/// Reads `position` (the position string of a position of `game` under
/// `options`) back and checks it writes the same string again: with no
/// options first, and when that is refused (a Single Capture Go position
/// whose players' letters are not all listed) with the options the game
/// was played under.
pub fn read_back(game: GameId, options: &GameOptions, position: &str) -> AnyGame {
    let again = match game.start(&GameOptions::new(), Some(position)) {
        Ok(g) => g,
        Err(_) => game
            .start(&layout_options(game, options), Some(position))
            .unwrap_or_else(|e| panic!("{game}: position string {position:?} does not read back: {e}")),
    };
    assert_eq!(again.position_string(), position, "{game}: position string does not read back the same");
    again
}
