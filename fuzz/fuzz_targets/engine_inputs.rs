//! The engine protocol's input, through the typed calls its line handler
//! (`crates/cli/src/commands/engine.rs`, `Engine::handle`) makes, which a
//! fuzz target cannot import from the binary crate: each input line is a
//! command, `game <id> key=value…` (the id through `GameId::parse`, each
//! value through its `OptionSpec::parse`, then `GameOptions::check` and
//! the start position), `position start|<position string>`, `play <move>`
//! (`Line::play_text`), `legal`, `show` and `status`. `go` is left out: it
//! searches, and reads nothing but numbers. Nothing may panic.

#![no_main]

use arbiter_core::{GameOptions, OptionValue};
use arbiter_games::{GameId, Line};
use libfuzzer_sys::fuzz_target;

#[derive(Default)]
struct Engine {
    game: Option<(GameId, GameOptions)>,
    line: Option<Line>,
}

fn describe(line: &Line) -> String {
    let here = line.current();
    line.status().describe(|s| here.seat_label(s))
}

impl Engine {
    fn handle(&mut self, line: &str) {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            return;
        }
        let mut words = line.split_whitespace().peekable();
        let _id = words.next_if(|w| w.chars().all(|c| c.is_ascii_digit()));
        let Some(command) = words.next() else { return };
        let args: Vec<&str> = words.collect();
        match command {
            "game" => {
                let _ = self.game_command(&args);
            }
            "position" => {
                let _ = self.position(&args);
            }
            "play" => {
                let _ = self.play(&args);
            }
            "legal" => {
                if let Some(l) = &self.line {
                    let _ = l.current().legal_texts().join("\n");
                }
            }
            "show" => {
                if let Some(l) = &self.line {
                    let _ = l.current().position_string();
                }
            }
            "status" => {
                if let Some(l) = &self.line {
                    let _ = describe(l);
                }
            }
            _ => {}
        }
    }

    fn game_command(&mut self, args: &[&str]) -> Result<(), String> {
        let (&id, keys) = args.split_first().ok_or("no id")?;
        let game = GameId::parse(id).map_err(|e| e.to_string())?;
        let mut options = GameOptions::new();
        for pair in keys {
            let (key, value) = pair.split_once('=').ok_or("expected key=value")?;
            if key == "variant" {
                options.variant = Some(value.to_string());
                continue;
            }
            let value = match game.info().option(key) {
                Some(spec) => {
                    let parsed = spec.parse(value).map_err(|e| e.to_string())?;
                    // A value read is canonical: it reads again as itself.
                    assert_eq!(spec.parse(&parsed.to_string()).as_ref(), Ok(&parsed), "{key}={value}");
                    parsed
                }
                None => OptionValue::Text(value.to_string()),
            };
            options.values.insert(key.to_string(), value);
        }
        let options = options.check(game.info(), false, str::to_string).map_err(|e| e.to_string())?;
        let start = game
            .start(&options, None)
            .unwrap_or_else(|e| panic!("{game}: options {options:?} pass their check but the game does not start: {e}"));
        let _ = options.tags(game.info());
        self.game = Some((game, options));
        self.line = Some(Line::new(start));
        Ok(())
    }

    fn position(&mut self, args: &[&str]) -> Result<(), String> {
        let (game, options) = self.game.clone().ok_or("no game")?;
        let position = match args {
            [] => return Err("no position".into()),
            ["start"] => game.start(&options, None),
            text => {
                let mut layout = options.clone();
                layout.values.retain(|key, _| game.info().option(key).is_none_or(|o| o.start_only.is_none()));
                game.start(&layout, Some(&text.join(" ")))
            }
        }
        .map_err(|e| e.to_string())?;
        let _ = position.position_string();
        self.line = Some(Line::new(position));
        Ok(())
    }

    fn play(&mut self, args: &[&str]) -> Result<(), String> {
        let line = self.line.as_mut().ok_or("no game")?;
        if args.is_empty() {
            return Err("no move".into());
        }
        if line.status().is_over() {
            return Err(format!("the game is over ({})", describe(line)));
        }
        line.play_text(&args.join(" ")).map_err(|e| e.to_string())?;
        Ok(())
    }
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mut engine = Engine::default();
    // At most 64 commands an input, as the engine reads them line by line.
    for line in text.lines().take(64) {
        engine.handle(line);
    }
});
