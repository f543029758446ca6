//! Every game behind one type, text in and text out, for the command line,
//! records and (later) the server.

use std::fmt;

use arbiter_core::{Game, Notation, SimultaneousGame, SimultaneousNotation, Status, TextError, perft};

use crate::agog::{Agog, AgogConfig, Edition, MAX_HANDICAP};
use crate::ogama::{Ogama, OgamaConfig};
use crate::sage::{Sage, SageConfig};
use crate::scg::Scg;

/// The games the system knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameKind {
    /// A•G•O•G, both editions.
    Agog,
    /// Ogama.
    Ogama,
    /// Sage Tafl.
    Sage,
    /// Single Capture Go.
    Scg,
}

impl GameKind {
    /// Every game.
    pub const ALL: [GameKind; 4] = [GameKind::Agog, GameKind::Ogama, GameKind::Sage, GameKind::Scg];

    /// The identifier used in text (`agog`).
    pub const fn id(self) -> &'static str {
        match self {
            GameKind::Agog => "agog",
            GameKind::Ogama => "ogama",
            GameKind::Sage => "sage",
            GameKind::Scg => "scg",
        }
    }

    /// The labels of the two sides in position strings, JSON and status
    /// lines, the side that moves first first (`w`/`b`, `o`/`b`, `b`/`r`;
    /// in Single Capture Go the default letters of the first two seats).
    pub const fn labels(self) -> [&'static str; 2] {
        match self {
            GameKind::Agog => ["w", "b"],
            GameKind::Ogama => ["o", "b"],
            GameKind::Sage => ["b", "r"],
            GameKind::Scg => ["A", "B"],
        }
    }

    /// The names of the two sides for people and record tags, the side that
    /// moves first first (in Single Capture Go the first two seats' letters:
    /// its players are named by their letters).
    pub const fn side_names(self) -> [&'static str; 2] {
        match self {
            GameKind::Agog => ["White", "Black"],
            GameKind::Ogama => ["Orange", "Blue"],
            GameKind::Sage => ["Black", "Red"],
            GameKind::Scg => ["A", "B"],
        }
    }

    /// The name of the side with `label`, or `None` for a label the game
    /// does not use.
    pub fn side_name(self, label: &str) -> Option<&'static str> {
        let i = self.labels().iter().position(|&l| l == label)?;
        Some(self.side_names()[i])
    }

    /// The label of the player who moves first (`w`, `o`).
    pub const fn first_label(self) -> &'static str {
        self.labels()[0]
    }

    /// The label of the player who moves second in a two-player game
    /// (`b`, `r`).
    pub const fn second_label(self) -> &'static str {
        self.labels()[1]
    }

    /// How moves are typed, with examples, for people at the board.
    pub const fn move_help(self) -> &'static str {
        match self {
            GameKind::Agog => {
                "Type a move in long form (e2-e3, a1xa3+c3, g8-h8 c3=H) or scorekeeping (b6, ab6, Jxa3+c3)."
            }
            GameKind::Ogama => {
                "Type a move: T@c3 places your toad, Tc3-d4 steps it, c3-d5 moves the top disc of c3, pass when nothing else is legal."
            }
            GameKind::Sage => {
                "Type a move: c2-c4 moves, hops or flies a piece, T-d2 brings the Sage out of her tower, c5-W or c5-E escapes past the end of the river, pass when nothing else is legal."
            }
            GameKind::Scg => "Type the square you play, such as e7 (row e, column 7).",
        }
    }

    /// How many moves a record writes under one number: two for the
    /// turn-based games (a full turn), one for Single Capture Go (a round).
    pub const fn moves_per_number(self) -> usize {
        match self {
            GameKind::Agog | GameKind::Ogama | GameKind::Sage => 2,
            GameKind::Scg => 1,
        }
    }

    /// Whether every remaining player acts in the same round.
    pub const fn is_simultaneous(self) -> bool {
        matches!(self, GameKind::Scg)
    }

    /// Reads a game identifier.
    pub fn parse(text: &str) -> Result<GameKind, TextError> {
        GameKind::ALL.into_iter().find(|k| k.id() == text).ok_or_else(|| {
            let known: Vec<&str> = GameKind::ALL.iter().map(|k| k.id()).collect();
            TextError::new(text, format!("unknown game; known games: {}", known.join(", ")))
        })
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// Options that choose the rules before a game starts, as given in text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameOptions {
    /// The variant (`classic` for the first edition of A•G•O•G).
    pub variant: Option<String>,
    /// A•G•O•G handicap, 0–10.
    pub handicap: Option<u8>,
    /// Ogama: the seed of the random deal.
    pub seed: Option<u64>,
    /// Ogama and Sage Tafl: whether the third occurrence of a position
    /// draws (on unless turned off).
    pub repetition: Option<bool>,
    /// Single Capture Go: the players' letters in seat order (`ABCD`), or
    /// their number (`4`: `ABCD`).
    pub players: Option<String>,
    /// Single Capture Go: whether squares holding `@` are blocked (off
    /// unless turned on).
    pub at_blocked: Option<bool>,
}

impl GameOptions {
    /// The record tags that fix these options for `kind`, so that a record
    /// replays under the same rules: `Game`, then `Variant`, `Handicap`,
    /// `Seed` and `Repetition` where they differ from the defaults.
    pub fn tags(&self, kind: GameKind) -> Vec<(&'static str, String)> {
        let mut tags = vec![("Game", kind.id().to_string())];
        if let Some(v) = self.variant.as_ref().filter(|v| v.as_str() != "current") {
            tags.push(("Variant", v.clone()));
        }
        if let Some(h) = self.handicap.filter(|&h| h > 0) {
            tags.push(("Handicap", h.to_string()));
        }
        if let Some(s) = self.seed {
            tags.push(("Seed", s.to_string()));
        }
        if self.repetition == Some(false) {
            tags.push(("Repetition", "off".to_string()));
        }
        tags
    }
}

/// A position of any game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnyGame {
    /// A•G•O•G.
    Agog(Agog),
    /// Ogama.
    Ogama(Ogama),
    /// Sage Tafl.
    Sage(Sage),
    /// Single Capture Go (boxed: its grid of up to 144 squares with a set
    /// per player is larger than the other positions).
    Scg(Box<Scg>),
}

/// Runs `$body` with `$g` bound to the typed position inside; `$scg` for
/// Single Capture Go, which is not a turn-based [`Game`].
macro_rules! dispatch {
    ($self:expr, $g:ident => $body:expr, $s:ident => $scg:expr) => {
        match $self {
            AnyGame::Agog($g) => $body,
            AnyGame::Ogama($g) => $body,
            AnyGame::Sage($g) => $body,
            AnyGame::Scg($s) => $scg,
        }
    };
}

/// The state of a game in text form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StatusReport {
    /// `ongoing`, `win` or `draw`.
    pub status: &'static str,
    /// Labels of the winners (empty unless `win`).
    pub winners: Vec<String>,
    /// The rule that ended the game.
    pub reason: Option<&'static str>,
}

impl fmt::Display for StatusReport {
    /// `ongoing`, `win <winners> <reason>` or `draw <reason>`; `-` stands
    /// for winners that a position does not record.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.status {
            "win" if self.winners.is_empty() => write!(f, "win - {}", self.reason.unwrap_or("")),
            "win" => write!(f, "win {} {}", self.winners.join(","), self.reason.unwrap_or("")),
            "draw" => write!(f, "draw {}", self.reason.unwrap_or("")),
            other => f.write_str(other),
        }
    }
}

fn agog_config(options: &GameOptions) -> Result<AgogConfig, TextError> {
    let edition = match options.variant.as_deref() {
        None | Some("current") => Edition::Current,
        Some("classic") => Edition::Classic,
        Some(other) => return Err(TextError::new(other, "unknown variant of agog; variants: classic")),
    };
    let handicap = options.handicap.unwrap_or(0);
    if handicap > MAX_HANDICAP {
        return Err(TextError::new(handicap.to_string(), format!("the handicap is 0 to {MAX_HANDICAP}")));
    }
    Ok(AgogConfig { edition, handicap })
}

fn check_unused(kind: GameKind, options: &GameOptions) -> Result<(), TextError> {
    let misplaced = match kind {
        GameKind::Agog if options.seed.is_some() => Some("--seed"),
        GameKind::Agog if options.repetition.is_some() => Some("--repetition"),
        GameKind::Ogama if options.handicap.is_some_and(|h| h > 0) => Some("--handicap"),
        GameKind::Ogama if options.variant.is_some() => Some("--variant"),
        GameKind::Sage if options.seed.is_some() => Some("--seed"),
        GameKind::Sage if options.handicap.is_some_and(|h| h > 0) => Some("--handicap"),
        GameKind::Sage if options.variant.is_some() => Some("--variant"),
        GameKind::Agog | GameKind::Ogama | GameKind::Sage if options.players.is_some() => Some("--players"),
        GameKind::Agog | GameKind::Ogama | GameKind::Sage if options.at_blocked.is_some() => Some("--at-blocked"),
        GameKind::Scg if options.variant.is_some() => Some("--variant"),
        GameKind::Scg if options.handicap.is_some_and(|h| h > 0) => Some("--handicap"),
        GameKind::Scg if options.seed.is_some() => Some("--seed"),
        GameKind::Scg if options.repetition.is_some() => Some("--repetition"),
        _ => None,
    };
    match misplaced {
        Some(option) => Err(TextError::new(option, format!("not an option of {kind}"))),
        None => Ok(()),
    }
}

fn report<G: Notation>(g: &G, status: Status) -> StatusReport {
    match status {
        Status::Ongoing => StatusReport { status: "ongoing", winners: Vec::new(), reason: None },
        Status::Over(o) => StatusReport {
            status: if o.is_draw() { "draw" } else { "win" },
            winners: o.winners.iter().map(|s| g.seat_label(s)).collect(),
            reason: Some(o.reason),
        },
    }
}

/// Why Single Capture Go has no perft.
fn no_perft() -> TextError {
    TextError::new(
        "scg",
        "perft counts the moves of turn-based games; in Single Capture Go every player plays at once \
         ('arbiter moves scg' lists the playable squares)",
    )
}

fn sorted_moves<G: Notation>(g: &G) -> Vec<String> {
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    let mut text: Vec<String> = moves.iter().map(|m| g.move_string(m)).collect();
    text.sort_unstable();
    text
}

impl AnyGame {
    /// A game of `kind` under `options`, from its start or from `position`.
    pub fn new(kind: GameKind, options: &GameOptions, position: Option<&str>) -> Result<AnyGame, TextError> {
        check_unused(kind, options)?;
        match kind {
            GameKind::Agog => {
                let config = agog_config(options)?;
                if position.is_some() && config.handicap > 0 {
                    return Err(TextError::new("--handicap", "a handicap applies to the start position only"));
                }
                Ok(AnyGame::Agog(match position {
                    Some(text) => Agog::parse_position(text, &config)?,
                    None => Agog::start(&config),
                }))
            }
            GameKind::Ogama => {
                if position.is_some() && options.seed.is_some() {
                    return Err(TextError::new(
                        "--seed",
                        "a seed deals the start position; a position string is a layout of its own",
                    ));
                }
                let config =
                    OgamaConfig { seed: options.seed.unwrap_or(0), repetition: options.repetition.unwrap_or(true) };
                Ok(AnyGame::Ogama(match position {
                    Some(text) => Ogama::parse_position(text, &config)?,
                    None => Ogama::start(&config),
                }))
            }
            GameKind::Sage => {
                let config = SageConfig { repetition: options.repetition.unwrap_or(true) };
                Ok(AnyGame::Sage(match position {
                    Some(text) => Sage::parse_position(text, &config)?,
                    None => Sage::start(&config),
                }))
            }
            GameKind::Scg => {
                let config = crate::scg::game_config(options.players.as_deref(), options.at_blocked)?;
                Ok(AnyGame::Scg(Box::new(match position {
                    Some(text) => Scg::parse_position(text, &config)?,
                    None => Scg::start(&config),
                })))
            }
        }
    }

    /// Which game this is.
    pub fn kind(&self) -> GameKind {
        match self {
            AnyGame::Agog(_) => GameKind::Agog,
            AnyGame::Ogama(_) => GameKind::Ogama,
            AnyGame::Sage(_) => GameKind::Sage,
            AnyGame::Scg(_) => GameKind::Scg,
        }
    }

    /// The position string.
    pub fn position_string(&self) -> String {
        dispatch!(self, g => g.position_string(), g => g.position_string())
    }

    /// The legal moves in canonical long form, sorted in byte order (for
    /// Single Capture Go the squares that may be played this round).
    pub fn legal_moves(&self) -> Vec<String> {
        dispatch!(self, g => sorted_moves(g), g => g.playable_names())
    }

    /// The position after `mv` (long form, or the game's record notation;
    /// for Single Capture Go a whole round, `A:c3,B:c3,C:d4`).
    pub fn play(&self, mv: &str) -> Result<AnyGame, TextError> {
        Ok(match self {
            AnyGame::Agog(g) => AnyGame::Agog(g.play(&g.parse_move(mv)?)),
            AnyGame::Ogama(g) => AnyGame::Ogama(g.play(&g.parse_move(mv)?)),
            AnyGame::Sage(g) => AnyGame::Sage(g.play(&g.parse_move(mv)?)),
            AnyGame::Scg(g) => AnyGame::Scg(Box::new(g.play_round(mv)?.0)),
        })
    }

    /// The canonical long form of a move given in any accepted form.
    pub fn canonical_move(&self, mv: &str) -> Result<String, TextError> {
        dispatch!(self, g => g.parse_move(mv).map(|m| g.move_string(&m)), g => g.canonical_round(mv))
    }

    /// A move given in any accepted form, written as game records write it
    /// (scorekeeping notation for A•G•O•G, the long form elsewhere).
    pub fn record_move(&self, mv: &str) -> Result<String, TextError> {
        match self {
            AnyGame::Agog(g) => g.parse_move(mv).map(|m| g.scorekeeping(&m)),
            other => other.canonical_move(mv),
        }
    }

    /// Whether the game is over, and how.
    pub fn status(&self) -> StatusReport {
        dispatch!(self, g => report(g, g.status()), g => crate::scg::status_words(g))
    }

    /// The label of the player to move (for Single Capture Go the letters
    /// of every player still in the game, who all play the coming round).
    pub fn to_move_label(&self) -> String {
        dispatch!(self, g => g.seat_label(g.to_move()), g => g.active_letters())
    }

    /// The labels of the players who were in the game before `earlier`'s
    /// round(s) and are not any more (Single Capture Go's doomed players);
    /// empty for the other games.
    pub fn left_since(&self, earlier: &AnyGame) -> Vec<String> {
        match (self, earlier) {
            (AnyGame::Scg(now), AnyGame::Scg(before)) => {
                before.active().iter().filter(|&s| !now.active().contains(s)).map(|s| before.seat_label(s)).collect()
            }
            _ => Vec::new(),
        }
    }

    /// A board diagram.
    pub fn diagram(&self) -> String {
        dispatch!(self, g => g.diagram(), g => g.diagram())
    }

    /// The position's 64-bit hash.
    pub fn hash(&self) -> u64 {
        dispatch!(self, g => g.hash(), g => g.hash())
    }

    /// When this many occurrences of one position end the game drawn.
    pub fn repetition_limit(&self) -> Option<u32> {
        dispatch!(self, g => g.repetition_limit(), _g => None)
    }

    /// The status of the last of `positions` (a game's positions in order),
    /// counting the rules that look back, such as repetition.
    pub fn status_after(positions: &[AnyGame]) -> StatusReport {
        let last = positions.last().expect("at least one position");
        let status = last.status();
        if status.status != "ongoing" {
            return status;
        }
        match last.repetition_limit() {
            Some(limit) if positions.iter().filter(|p| p.hash() == last.hash()).count() as u32 >= limit => {
                StatusReport { status: "draw", winners: Vec::new(), reason: Some("repetition") }
            }
            _ => status,
        }
    }

    /// Whether perft applies: refused for Single Capture Go, whose rounds
    /// are not a tree of single moves.
    pub fn perft_supported(&self) -> Result<(), TextError> {
        dispatch!(self, _g => Ok(()), _g => Err(no_perft()))
    }

    /// Leaf count of the legal-move tree to `depth`; refused where
    /// [`AnyGame::perft_supported`] says so.
    pub fn perft(&self, depth: u32) -> Result<u64, TextError> {
        dispatch!(self, g => Ok(perft(g, depth)), _g => Err(no_perft()))
    }
}
