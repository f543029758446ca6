//! Every game behind one type, text in and text out, for the command line,
//! records and (later) the server.

use std::fmt;

use arbiter_core::{Game, Notation, Status, TextError, perft};

use crate::agog::{Agog, AgogConfig, Edition, MAX_HANDICAP};
use crate::ogama::{Ogama, OgamaConfig};
use crate::sage::{Sage, SageConfig};

/// The games the system knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameKind {
    /// A•G•O•G, both editions.
    Agog,
    /// Ogama.
    Ogama,
    /// Sage Tafl.
    Sage,
}

impl GameKind {
    /// Every game.
    pub const ALL: [GameKind; 3] = [GameKind::Agog, GameKind::Ogama, GameKind::Sage];

    /// The identifier used in text (`agog`).
    pub const fn id(self) -> &'static str {
        match self {
            GameKind::Agog => "agog",
            GameKind::Ogama => "ogama",
            GameKind::Sage => "sage",
        }
    }

    /// The labels of the two sides in position strings, JSON and status
    /// lines, the side that moves first first (`w`/`b`, `o`/`b`, `b`/`r`).
    pub const fn labels(self) -> [&'static str; 2] {
        match self {
            GameKind::Agog => ["w", "b"],
            GameKind::Ogama => ["o", "b"],
            GameKind::Sage => ["b", "r"],
        }
    }

    /// The names of the two sides for people and record tags, the side that
    /// moves first first.
    pub const fn side_names(self) -> [&'static str; 2] {
        match self {
            GameKind::Agog => ["White", "Black"],
            GameKind::Ogama => ["Orange", "Blue"],
            GameKind::Sage => ["Black", "Red"],
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
        }
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
}

/// Runs `$body` with `$g` bound to the typed position inside.
macro_rules! dispatch {
    ($self:expr, $g:ident => $body:expr) => {
        match $self {
            AnyGame::Agog($g) => $body,
            AnyGame::Ogama($g) => $body,
            AnyGame::Sage($g) => $body,
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
    /// `ongoing`, `win <winners> <reason>` or `draw <reason>`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.status {
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
        }
    }

    /// Which game this is.
    pub fn kind(&self) -> GameKind {
        match self {
            AnyGame::Agog(_) => GameKind::Agog,
            AnyGame::Ogama(_) => GameKind::Ogama,
            AnyGame::Sage(_) => GameKind::Sage,
        }
    }

    /// The position string.
    pub fn position_string(&self) -> String {
        dispatch!(self, g => g.position_string())
    }

    /// The legal moves in canonical long form, sorted in byte order.
    pub fn legal_moves(&self) -> Vec<String> {
        dispatch!(self, g => sorted_moves(g))
    }

    /// The position after `mv` (long form, or the game's record notation).
    pub fn play(&self, mv: &str) -> Result<AnyGame, TextError> {
        Ok(match self {
            AnyGame::Agog(g) => AnyGame::Agog(g.play(&g.parse_move(mv)?)),
            AnyGame::Ogama(g) => AnyGame::Ogama(g.play(&g.parse_move(mv)?)),
            AnyGame::Sage(g) => AnyGame::Sage(g.play(&g.parse_move(mv)?)),
        })
    }

    /// The canonical long form of a move given in any accepted form.
    pub fn canonical_move(&self, mv: &str) -> Result<String, TextError> {
        dispatch!(self, g => g.parse_move(mv).map(|m| g.move_string(&m)))
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
        dispatch!(self, g => report(g, g.status()))
    }

    /// The label of the player to move.
    pub fn to_move_label(&self) -> String {
        dispatch!(self, g => g.seat_label(g.to_move()))
    }

    /// A board diagram.
    pub fn diagram(&self) -> String {
        dispatch!(self, g => g.diagram())
    }

    /// The position's 64-bit hash.
    pub fn hash(&self) -> u64 {
        dispatch!(self, g => g.hash())
    }

    /// When this many occurrences of one position end the game drawn.
    pub fn repetition_limit(&self) -> Option<u32> {
        dispatch!(self, g => g.repetition_limit())
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

    /// Leaf count of the legal-move tree to `depth`.
    pub fn perft(&self, depth: u32) -> u64 {
        dispatch!(self, g => perft(g, depth))
    }
}
