//! What a game declares about itself: its name, seats, variants, options
//! and how its records are written. Each game's folder holds one
//! [`GameInfo`]; the registry lists them, and every front end reads them
//! instead of knowing the games.

use std::collections::BTreeMap;

use crate::error::OptionError;
use crate::options::{GameOptions, OptionSpec};
use crate::seat::Seat;

/// A seat of a game whose seats are fixed (the turn-based games).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeatInfo {
    /// The label in position strings, JSON and status lines (`w`).
    pub label: &'static str,
    /// The name for people and record tags (`White`).
    pub name: &'static str,
}

/// A variant of a game's rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VariantInfo {
    /// Its identifier (`classic`).
    pub id: &'static str,
    /// What it is, for people.
    pub about: &'static str,
}

/// How a game's records are written, beyond the shared syntax.
#[derive(Clone, Copy, Debug)]
pub struct RecordSyntax {
    /// Whether a token belongs to the move before it (an A•G•O•G sanctum
    /// promotion `h1=H` follows its move as a token of its own).
    pub continues_move: fn(&str) -> bool,
    /// Whether a token is a result of this game (besides `*`): the score
    /// tokens `1—0`, `0—1`, `½—½` of two-player games, or the winners'
    /// labels of a game with more seats.
    pub is_result: fn(&str) -> bool,
    /// Whether the referee's game files of the first format (`"format":
    /// 1`, which name no game: the referee ran one game only) are this
    /// game's.
    pub first_referee_file: bool,
}

/// Result tokens of a two-player game (the rule text's em dash, or the
/// ASCII forms).
pub const SCORE_TOKENS: [&str; 6] = ["1—0", "0—1", "½—½", "1-0", "0-1", "1/2-1/2"];

fn no_continuation(_: &str) -> bool {
    false
}

fn score_token(token: &str) -> bool {
    SCORE_TOKENS.contains(&token)
}

impl RecordSyntax {
    /// A two-player game: one token a move, scores as results.
    pub const TWO_PLAYERS: RecordSyntax =
        RecordSyntax { continues_move: no_continuation, is_result: score_token, first_referee_file: false };
}

/// How to ask for the choice some moves end with, when the move typed
/// leaves it open (A•G•O•G: which golem, if any, a unit reaching the enemy
/// sanctum makes a hulk with). The options are the tokens written after
/// the move (`c3=H`).
#[derive(Clone, Copy, Debug)]
pub struct ChoiceInfo {
    /// When the choice arises, said after the move: `ends on the enemy
    /// sanctum`.
    pub occasion: &'static str,
    /// What an option does, said after the options: `to make a hulk with
    /// the golem on that square`.
    pub option: &'static str,
    /// The word that plays the move without a choice (`remove`).
    pub without: &'static str,
    /// What playing it without a choice does: `to take the unit off the
    /// board`.
    pub without_means: &'static str,
}

/// A kind of piece a game draws (the board model's `kind`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceInfo {
    /// Its identifier in board models (`golem`); art is keyed by it.
    pub kind: &'static str,
    /// Its name for people (`Golem`).
    pub name: &'static str,
}

/// How many players a game seats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayersInfo {
    /// The fewest.
    pub min: u8,
    /// The most.
    pub max: u8,
    /// The option the number of seats sets, if any (Single Capture Go's
    /// `players`): a front end that lists seats leaves it out.
    pub option: Option<&'static str>,
}

impl PlayersInfo {
    /// Exactly two players.
    pub const TWO: PlayersInfo = PlayersInfo { min: 2, max: 2, option: None };
}

/// What a game's players may agree between themselves besides playing
/// on: each refusal says, for people, why the game's rules have no such
/// agreement. A rematch may always be agreed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Agreements {
    /// Why a player may not take a move back with the others' consent,
    /// if they may not.
    pub no_takeback: Option<&'static str>,
    /// Why the players may not agree a draw, if they may not.
    pub no_draw: Option<&'static str>,
    /// Why a player may not resign, if they may not (and how they leave
    /// instead).
    pub no_resign: Option<&'static str>,
}

impl Agreements {
    /// Takebacks and draws may both be agreed.
    pub const ALL: Agreements = Agreements { no_takeback: None, no_draw: None, no_resign: None };

    /// Whether a takeback may be agreed.
    pub fn takeback(&self) -> bool {
        self.no_takeback.is_none()
    }

    /// Whether a draw may be agreed.
    pub fn draw(&self) -> bool {
        self.no_draw.is_none()
    }

    /// Whether a player may resign.
    pub fn resign(&self) -> bool {
        self.no_resign.is_none()
    }
}

/// A rule a move can be refused for: its stable code, where the game's
/// rules page explains it, and a move that breaks it (which the games'
/// tests refuse, so that every code is known to be reachable).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RefusalInfo {
    /// The code, `<game>.<topic>.<rule>` (`agog.capture.longest`): stable
    /// across releases and wordings.
    pub code: &'static str,
    /// The id of the rules page's section that explains the rule
    /// (`capturing`).
    pub section: &'static str,
    /// The rule, in a line for people.
    pub about: &'static str,
    /// A move that breaks the rule.
    pub example: RefusalExample,
}

impl RefusalInfo {
    /// A rule with its code, section, words and an example given as
    /// `(options, position, play)`.
    pub const fn new(
        code: &'static str,
        section: &'static str,
        about: &'static str,
        (options, position, play): (&'static str, &'static str, &'static str),
    ) -> RefusalInfo {
        RefusalInfo { code, section, about, example: RefusalExample { options, position, play } }
    }
}

/// A move refused for a rule, where it is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RefusalExample {
    /// The game's options as the engine protocol writes them
    /// (`variant=classic`, `at-blocked=on`), space-separated; empty for
    /// the defaults.
    pub options: &'static str,
    /// The position string; empty for the start.
    pub position: &'static str,
    /// The move (or play) refused.
    pub play: &'static str,
}

/// Everything a game declares about itself.
#[derive(Clone, Copy, Debug)]
pub struct GameInfo {
    /// The identifier in text (`agog`).
    pub id: &'static str,
    /// The game's name for people (`A•G•O•G`).
    pub name: &'static str,
    /// What the game is, in a line for someone who has never played it.
    pub summary: &'static str,
    /// The seats, the first to play first, when they are fixed; empty for
    /// a game whose players are chosen when it starts (their labels then
    /// come from the position).
    pub seats: &'static [SeatInfo],
    /// The variants, the default first; empty for a game without any.
    pub variants: &'static [VariantInfo],
    /// The options, in the order records write their tags.
    pub options: &'static [OptionSpec],
    /// How moves are typed, with examples, for people at the board.
    pub move_help: &'static str,
    /// The choice some moves end with, if the game has one.
    pub choice: Option<ChoiceInfo>,
    /// How records are written.
    pub record: RecordSyntax,
    /// How many players it seats.
    pub players: PlayersInfo,
    /// The kinds of piece its board models draw.
    pub pieces: &'static [PieceInfo],
    /// What its players may agree between themselves (takebacks, draws).
    pub agreements: Agreements,
    /// Every rule a move can be refused for.
    pub refusals: &'static [RefusalInfo],
    /// What each handicap is worth to the first seat, in Elo (indexed by
    /// the `handicap` option's value; empty for a game without one), as
    /// `arbiter analyse --handicap-steps` measures it: a rated game with a
    /// handicap is rated as though the first seat's rating were this much
    /// higher.
    pub handicap_elo: &'static [i32],
    /// The game's rules page for players, as JSON: `intro` and
    /// `sections` of blocks (paragraphs, lists, steps, tables, examples,
    /// each maybe `only` in one edition) and the `examples` they step
    /// through (a start position, moves with the position after each, the
    /// moves shown refused). Its folder's `rules.json`; the catalog serves
    /// it, and the games' tests play every example.
    pub rules: &'static str,
}

impl GameInfo {
    /// The fixed seat's information, if the game has fixed seats.
    pub fn seat(&self, seat: Seat) -> Option<&'static SeatInfo> {
        self.seats.get(seat.index())
    }

    /// The option with this key.
    pub fn option(&self, key: &str) -> Option<&'static OptionSpec> {
        self.options.iter().find(|o| o.key == key)
    }

    /// The option written under this record tag.
    pub fn option_by_tag(&self, tag: &str) -> Option<&'static OptionSpec> {
        self.options.iter().find(|o| o.tag == tag)
    }

    /// The refusal with this code.
    pub fn refusal(&self, code: &str) -> Option<&'static RefusalInfo> {
        self.refusals.iter().find(|r| r.code == code)
    }

    /// The default variant's identifier, if the game has variants.
    pub fn default_variant(&self) -> Option<&'static str> {
        self.variants.first().map(|v| v.id)
    }

    /// Whether results are written as scores (`1—0`): games with two
    /// fixed seats. Others write the winners' labels.
    pub fn scores_results(&self) -> bool {
        self.seats.len() == 2
    }
}

impl GameOptions {
    /// Checks the options against `info` and writes every value
    /// canonically: an unknown variant or an option the game does not
    /// have is refused, and so is a value the option does not take.
    /// `named` says how the user wrote an option's key (`--seed`, `seed`,
    /// `Seed`), so that errors name it as given. With `positioned`, the
    /// game starts from a position string, and options that only shape
    /// the start position are refused.
    pub fn check(
        &self,
        info: &GameInfo,
        positioned: bool,
        named: impl Fn(&str) -> String,
    ) -> Result<GameOptions, OptionError> {
        let variant = match self.variant.as_deref() {
            None => None,
            Some(_) if info.variants.is_empty() => {
                return Err(OptionError::new(named("variant"), format!("not an option of {}", info.id)));
            }
            Some(v) if info.variants.iter().any(|known| known.id == v) => Some(v.to_string()),
            Some(v) => {
                let others: Vec<&str> = info.variants.iter().skip(1).map(|k| k.id).collect();
                return Err(OptionError::new(
                    v,
                    format!("unknown variant of {}; variants: {}", info.id, others.join(", ")),
                ));
            }
        };
        let mut values = BTreeMap::new();
        for (key, value) in &self.values {
            let spec = info
                .option(key)
                .ok_or_else(|| OptionError::new(named(key), format!("not an option of {}", info.id)))?;
            let value = spec.check(value.clone())?;
            if positioned
                && let Some(reason) = spec.start_only
                && spec.default_value().as_ref() != Some(&value)
            {
                return Err(OptionError::new(named(key), reason));
            }
            values.insert(key.clone(), value);
        }
        Ok(GameOptions { variant, values })
    }

    /// The record tags these options write, in the game's order: the
    /// variant unless it is the default, then each option given whose
    /// value is not its default (or that records always write).
    pub fn tags(&self, info: &GameInfo) -> Vec<(&'static str, String)> {
        let mut tags = Vec::new();
        if let Some(v) = self.variant.as_deref().filter(|&v| Some(v) != info.default_variant()) {
            tags.push(("Variant", v.to_string()));
        }
        for spec in info.options {
            let value = self.get(spec.key).cloned().or_else(|| spec.default_value().filter(|_| spec.always_recorded));
            if let Some(value) = value
                && (spec.always_recorded || spec.default_value().as_ref() != Some(&value))
            {
                tags.push((spec.tag, value.to_string()));
            }
        }
        tags
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::{DefaultValue, OptionKind, OptionValue};

    fn letters(text: &str) -> Result<String, String> {
        if text.chars().all(|c| c.is_ascii_uppercase()) { Ok(text.into()) } else { Err("capitals only".into()) }
    }

    static OPTIONS: [OptionSpec; 3] = [
        OptionSpec {
            key: "handicap",
            tag: "Handicap",
            kind: OptionKind::Number { min: 0, max: 10 },
            default: Some(DefaultValue::Number(0)),
            always_recorded: false,
            start_only: Some("a handicap applies to the start position only"),
            about: "",
        },
        OptionSpec::REPETITION,
        OptionSpec {
            key: "players",
            tag: "Players",
            kind: OptionKind::Text { check: letters },
            default: Some(DefaultValue::Text("AB")),
            always_recorded: true,
            start_only: None,
            about: "",
        },
    ];

    static INFO: GameInfo = GameInfo {
        id: "test",
        name: "Test",
        summary: "",
        seats: &[],
        variants: &[VariantInfo { id: "current", about: "" }, VariantInfo { id: "classic", about: "" }],
        options: &OPTIONS,
        move_help: "",
        choice: None,
        record: RecordSyntax::TWO_PLAYERS,
        players: PlayersInfo::TWO,
        pieces: &[],
        agreements: Agreements::ALL,
        refusals: &[],
        handicap_elo: &[],
        rules: "{}",
    };

    fn flag(key: &str) -> String {
        format!("--{key}")
    }

    #[test]
    fn options_are_checked_against_the_game() {
        let ok = GameOptions::new().with("handicap", OptionValue::Number(3));
        assert_eq!(ok.check(&INFO, false, flag), Ok(ok.clone()));
        let e = GameOptions::new().with("seed", OptionValue::Number(3)).check(&INFO, false, flag).unwrap_err();
        assert_eq!(e.to_string(), "'--seed': not an option of test");
        let e = GameOptions::new().with("handicap", OptionValue::Number(11)).check(&INFO, false, flag).unwrap_err();
        assert_eq!(e.option, "11");
        let e = GameOptions::new().with("handicap", OptionValue::Number(2)).check(&INFO, true, flag).unwrap_err();
        assert_eq!(e.to_string(), "'--handicap': a handicap applies to the start position only");
        assert!(GameOptions::new().with("handicap", OptionValue::Number(0)).check(&INFO, true, flag).is_ok());
        let modern = GameOptions { variant: Some("modern".into()), ..GameOptions::new() };
        assert_eq!(
            modern.check(&INFO, false, flag).unwrap_err().to_string(),
            "'modern': unknown variant of test; variants: classic"
        );
        let e =
            GameOptions::new().with("players", OptionValue::Text("AbC".into())).check(&INFO, false, flag).unwrap_err();
        assert_eq!(e.to_string(), "'AbC': capitals only");
    }

    #[test]
    fn values_read_from_text_and_write_back() {
        let spec = &OPTIONS[1];
        assert_eq!(spec.parse("off"), Ok(OptionValue::Switch(false)));
        assert_eq!(spec.parse("maybe").unwrap_err().option, "maybe");
        assert_eq!(OPTIONS[0].parse("12").unwrap_err().option, "12");
        assert_eq!(OPTIONS[0].parse("+3").unwrap_err().option, "+3");
        for text in ["on", "7", "ABC"] {
            let value = [&OPTIONS[1], &OPTIONS[0], &OPTIONS[2]].iter().find_map(|s| s.parse(text).ok()).unwrap();
            assert_eq!(value.to_string(), text);
        }
    }

    #[test]
    fn tags_leave_out_defaults_but_not_what_records_always_write() {
        let options = GameOptions { variant: Some("classic".into()), ..GameOptions::new() }
            .with("handicap", OptionValue::Number(0))
            .with("repetition", OptionValue::Switch(false));
        assert_eq!(
            options.tags(&INFO),
            vec![("Variant", "classic".into()), ("Repetition", "off".into()), ("Players", "AB".into())]
        );
        let json = serde_json::to_string(&options).unwrap();
        assert_eq!(json, r#"{"variant":"classic","handicap":0,"repetition":false}"#);
        assert_eq!(serde_json::from_str::<GameOptions>(&json).unwrap(), options);
    }
}
