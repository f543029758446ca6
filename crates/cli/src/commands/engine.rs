//! `arbiter engine`: the line-based engine protocol (GTP framing) on
//! standard input and output. Text is read into typed values once, here:
//! options, positions and moves; the game is kept as a [`Line`].

use arbiter_ai::alphabeta::Progress;
use arbiter_ai::choose::{GoParams, MAX_LEVEL, choose_reporting};
use arbiter_ai::scg::choose_play_for;
use arbiter_core::{GameOptions, OptionValue};
use arbiter_games::{AnyGame, GameId, Line};

use crate::output::out;

/// Every command, as `list_commands` prints them.
const COMMANDS: [&str; 12] =
    ["game", "position", "play", "legal", "show", "status", "go", "name", "version", "list_commands", "quit", "help"];

/// The engine's state: the game chosen, and the positions played since the
/// last `position`.
#[derive(Default)]
pub struct Engine {
    game: Option<(GameId, GameOptions)>,
    line: Option<Line>,
}

/// One answer: success or failure, and its text (possibly several lines).
#[derive(Debug, PartialEq, Eq)]
pub struct Reply {
    ok: bool,
    text: String,
}

impl Reply {
    fn ok(text: impl Into<String>) -> Reply {
        Reply { ok: true, text: text.into() }
    }

    fn fail(text: impl ToString) -> Reply {
        Reply { ok: false, text: text.to_string() }
    }

    /// The answer as sent: `=`/`?`, the id, a space and the text, then an
    /// empty line.
    pub fn render(&self, id: Option<&str>) -> String {
        let mark = if self.ok { '=' } else { '?' };
        let id = id.unwrap_or("");
        if self.text.is_empty() { format!("{mark}{id}\n\n") } else { format!("{mark}{id} {}\n\n", self.text) }
    }
}

impl Engine {
    /// Handles one input line; `None` for a line that is not a command
    /// (empty or a comment). The second value is whether to quit.
    pub fn handle(&mut self, line: &str) -> Option<(String, bool)> {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            return None;
        }
        let mut words = line.split_whitespace().peekable();
        let id = words.next_if(|w| w.chars().all(|c| c.is_ascii_digit()));
        let Some(command) = words.next() else {
            return Some((Reply::fail("empty command").render(id), false));
        };
        let args: Vec<&str> = words.collect();
        let reply = self.run(command, &args);
        Some((reply.render(id), command == "quit"))
    }

    fn line(&self) -> Result<&Line, Reply> {
        self.line.as_ref().ok_or_else(|| Reply::fail("no game: start one with 'game <id>'"))
    }

    fn run(&mut self, command: &str, args: &[&str]) -> Reply {
        let result = match command {
            "name" => Ok(Reply::ok("arbiter")),
            "version" => Ok(Reply::ok(env!("CARGO_PKG_VERSION"))),
            "list_commands" | "help" => Ok(Reply::ok(COMMANDS.join("\n"))),
            "quit" => Ok(Reply::ok("")),
            "game" => self.game(args),
            "position" => self.position(args),
            "play" => self.play(args),
            "legal" => self.line().map(|l| Reply::ok(l.current().legal_texts().join("\n"))),
            "show" => self.line().map(|l| Reply::ok(l.current().position_string())),
            "status" => self.line().map(|l| Reply::ok(describe(l))),
            "go" => self.go(args),
            other => Err(Reply::fail(format!("unknown command '{other}'; list_commands lists them"))),
        };
        result.unwrap_or_else(|e| e)
    }

    fn game(&mut self, args: &[&str]) -> Result<Reply, Reply> {
        let (&id, keys) =
            args.split_first().ok_or_else(|| Reply::fail("game needs a game id: agog, ogama, sage or scg"))?;
        let game = GameId::parse(id).map_err(Reply::fail)?;
        let mut options = GameOptions::new();
        for pair in keys {
            let (key, value) =
                pair.split_once('=').ok_or_else(|| Reply::fail(format!("'{pair}': expected key=value")))?;
            if key == "variant" {
                options.variant = Some(value.to_string());
                continue;
            }
            let value = match game.info().option(key) {
                Some(spec) => spec.parse(value).map_err(Reply::fail)?,
                None => OptionValue::Text(value.to_string()),
            };
            options.values.insert(key.to_string(), value);
        }
        let options = options.check(game.info(), false, str::to_string).map_err(Reply::fail)?;
        let start = game.start(&options, None).map_err(Reply::fail)?;
        self.game = Some((game, options));
        self.line = Some(Line::new(start));
        Ok(Reply::ok(""))
    }

    fn position(&mut self, args: &[&str]) -> Result<Reply, Reply> {
        let (game, options) = self.game.clone().ok_or_else(|| Reply::fail("no game: start one with 'game <id>'"))?;
        let position = match args {
            [] => return Err(Reply::fail("position needs 'start' or a position string")),
            ["start"] => game.start(&options, None),
            text => {
                // Options that shape the start position only do not apply
                // to a position given in full.
                let mut layout = options.clone();
                layout.values.retain(|key, _| game.info().option(key).is_none_or(|o| o.start_only.is_none()));
                game.start(&layout, Some(&text.join(" ")))
            }
        }
        .map_err(Reply::fail)?;
        self.line = Some(Line::new(position));
        Ok(Reply::ok(""))
    }

    fn play(&mut self, args: &[&str]) -> Result<Reply, Reply> {
        let line = self.line.as_mut().ok_or_else(|| Reply::fail("no game: start one with 'game <id>'"))?;
        if args.is_empty() {
            return Err(Reply::fail("play needs a move"));
        }
        if line.status().is_over() {
            return Err(Reply::fail(format!("the game is over ({})", describe(line))));
        }
        line.play_text(&args.join(" ")).map_err(|e| match e.rule() {
            Some(rule) => Reply::fail(format!("{e} [{rule}]")),
            None => Reply::fail(e),
        })?;
        Ok(Reply::ok(""))
    }

    fn go(&mut self, args: &[&str]) -> Result<Reply, Reply> {
        let line = self.line()?;
        let mut params = GoParams::default();
        let mut player = None;
        let mut words = args.iter();
        while let Some(&key) = words.next() {
            let value = words.next().ok_or_else(|| Reply::fail(format!("'{key}' needs a value")))?;
            if key == "as" {
                player = Some(*value);
                continue;
            }
            let number: u64 =
                value.parse().map_err(|_| Reply::fail(format!("'{value}': {key} takes a whole number")))?;
            match key {
                "level" if (1..=u64::from(MAX_LEVEL)).contains(&number) => params.level = Some(number as u8),
                "level" => return Err(Reply::fail(format!("'{value}': levels are 1 to {MAX_LEVEL}"))),
                "nodes" => params.nodes = Some(number),
                "playouts" => params.playouts = Some(number.max(1)),
                "depth" => params.depth = Some(number.clamp(1, 64) as u32),
                "movetime" => params.movetime_ms = Some(number),
                "seed" => params.seed = Some(number),
                other => return Err(Reply::fail(format!("'{other}': not a go parameter"))),
            }
        }
        let here = line.current();
        if let Some(label) = player {
            return go_as(here, label, &params);
        }
        if here.is_simultaneous() {
            return Err(Reply::fail("every player of a round plays at once: ask for one with 'go as <letter>'"));
        }
        if line.status().is_over() {
            return Err(Reply::fail(format!("the game is over ({})", describe(line))));
        }
        // Each completed iteration of a search by depth is a line on
        // standard error: a sign of life in a long search.
        let progress: Progress =
            Box::new(|depth, score, nodes| eprintln!("info depth {depth} score {score} nodes {nodes}"));
        match choose_reporting(line, &params, Some(progress)) {
            Some(choice) => {
                eprintln!("info {}", choice.info(here));
                Ok(Reply::ok(here.move_text(&choice.mv)))
            }
            None => Err(Reply::fail(format!("the game is over ({})", describe(line)))),
        }
    }
}

/// The play a bot would send for the player labelled `label`.
fn go_as(here: &AnyGame, label: &str, params: &GoParams) -> Result<Reply, Reply> {
    if !here.is_simultaneous() {
        return Err(Reply::fail(format!("'go as' is for simultaneous games; {} is not one", here.id())));
    }
    let letters: String = here.seats().map(|s| here.seat_label(s)).collect();
    let seat = here
        .seat_by_label(label)
        .ok_or_else(|| Reply::fail(format!("'{label}': not a player of this game (players: {letters})")))?;
    if here.status().is_over() {
        return Err(Reply::fail("the game is over"));
    }
    if !here.active().contains(seat) {
        return Err(Reply::fail(format!("'{label}': no longer in the game")));
    }
    let choice = choose_play_for(here, seat, params)
        .ok_or_else(|| Reply::fail(format!("'{label}': no square may be played")))?;
    eprintln!("info {}", choice.info(here, seat));
    Ok(Reply::ok(here.play_text(&choice.play)))
}

/// The status of the game in the protocol's words.
fn describe(line: &Line) -> String {
    let here = line.current();
    line.status().describe(|s| here.seat_label(s))
}

/// Runs the protocol until `quit` or the end of input.
pub fn run() -> anyhow::Result<()> {
    let mut engine = Engine::default();
    for line in crate::input::stdin_lines() {
        let line = line?;
        if let Some((answer, quit)) = engine.handle(&line) {
            out!("{answer}");
            if quit {
                break;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session(lines: &[&str]) -> Vec<String> {
        let mut engine = Engine::default();
        lines.iter().filter_map(|l| engine.handle(l).map(|(a, _)| a)).collect()
    }

    #[test]
    fn framing_ids_and_comments() {
        let answers = session(&["", "# a comment", "name", "7 version", "3 bogus"]);
        assert_eq!(answers[0], "= arbiter\n\n");
        assert_eq!(answers[1], format!("=7 {}\n\n", env!("CARGO_PKG_VERSION")));
        assert!(answers[2].starts_with("?3 unknown command 'bogus'"));
        assert_eq!(answers.len(), 3);
    }

    #[test]
    fn a_game_of_agog() {
        let answers = session(&[
            "legal",
            "game agog variant=classic",
            "play e2-e3",
            "play e2-e5",
            "show",
            "position 8/8/8/8/8/8/j7/J7 w 0 0",
            "legal",
            "go depth 2",
            "play a1xa3",
            "status",
            "go",
        ]);
        assert!(answers[0].starts_with("? no game"));
        assert_eq!(answers[1], "=\n\n");
        assert_eq!(answers[2], "=\n\n");
        assert!(answers[3].starts_with("? 'e2-e5'"), "{}", answers[3]);
        assert_eq!(answers[4], "= 2gggggj/3ggggg/G3gggg/GG3ggg/GGG3gg/GGGGG2g/GGGG4/JGGGGG2 b 0 0\n\n");
        assert_eq!(answers[6], "= a1xa3\n\n");
        assert_eq!(answers[7], "= a1xa3\n\n");
        assert_eq!(answers[9], "= win w capture\n\n");
        assert!(answers[10].starts_with("? the game is over"));
    }

    #[test]
    fn errors_leave_the_state_unchanged() {
        let answers =
            session(&["game agog", "game chess", "game agog handicap=99", "go level 11", "game sage seed=3", "show"]);
        assert!(answers[1].starts_with("? 'chess'"));
        assert!(answers[2].starts_with("? '99'"));
        assert!(answers[3].starts_with("? '11'"));
        assert!(answers[4].starts_with("? 'seed': not an option of sage"), "{}", answers[4]);
        assert_eq!(answers[5], "= 2gggggj/3ggggg/G3gggg/GG3ggg/GGG3gg/GGGG3g/GGGGG3/JGGGGG2 w 0 0\n\n");
    }

    #[test]
    fn a_game_of_single_capture_go() {
        let answers = session(&[
            "game scg players=ABC",
            "legal",
            "play A:c3,B:c3,C:d4",
            "show",
            "go",
            "go as B level 2 seed 3",
            "go as Z",
            "play A:a1,B:a1,C:a1,D:a2",
            "play B:f6",
            "status",
            "go as B",
        ]);
        assert_eq!(answers[0], "=\n\n");
        assert!(answers[1].starts_with("= a1\na2\na3\na4\na5\na6\nb1\n"));
        assert_eq!(answers[1].lines().count(), 37);
        assert_eq!(answers[3], "= ....../....../..@.../...C../....../...... ABC\n\n");
        assert!(answers[4].starts_with("? every player of a round plays at once"), "{}", answers[4]);
        let square = answers[5].trim().strip_prefix("= ").unwrap();
        // Any square but d4 (C's letter) may be played; c3 holds @ and may be.
        assert!(answers[1].contains(&format!("{square}\n")) && square != "d4", "{square}");
        assert!(answers[6].starts_with("? 'Z': not a player"), "{}", answers[6]);
        assert!(answers[7].starts_with("? 'D'"), "{}", answers[7]);
        assert_eq!(answers[8], "=\n\n");
        assert_eq!(answers[9], "= win B last-standing\n\n");
        assert!(answers[10].starts_with("? the game is over"));
    }

    #[test]
    fn legal_answers_span_lines() {
        let answers = session(&["game agog", "legal"]);
        assert!(answers[1].starts_with("= a6-a7\na6-b6\n"));
        assert!(answers[1].ends_with("f1-g1\n\n"));
    }
}
