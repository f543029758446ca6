//! What Single Capture Go declares about itself: its players are chosen
//! when a game starts (2 to 12, a capital letter each), the system rule
//! "`@` squares blocked", and records that number rounds and name the
//! winners by their letters.

use arbiter_core::{
    Agreements, DefaultValue, GameInfo, GameOptions, OptionError, OptionKind, OptionSpec, PieceInfo, PlayersInfo,
    RecordSyntax,
};

use super::ScgConfig;
use super::letters::Letters;

/// Single Capture Go.
pub(super) static INFO: GameInfo = GameInfo {
    id: "scg",
    name: "Single Capture Go",
    summary: "Two to twelve players each name a square at once, round by round; two on one square leave an @, and a group of yours without liberty puts you out. The last player left wins.",
    seats: &[],
    variants: &[],
    options: &[
        OptionSpec {
            key: "players",
            tag: "Players",
            kind: OptionKind::Text { check: check_players },
            default: Some(DefaultValue::Text("AB")),
            always_recorded: true,
            start_only: None,
            about: "the players' letters in seat order (ABCD), or their number (4); default AB",
        },
        OptionSpec {
            key: "at-blocked",
            tag: "AtBlocked",
            kind: OptionKind::Switch,
            default: Some(DefaultValue::Switch(false)),
            always_recorded: false,
            start_only: None,
            about: "whether squares holding @ may not be played (a system rule, off by default)",
        },
    ],
    move_help: "Type the square you play: its row letter, then its column number (c3: row c, column 3).",
    choice: None,
    record: RecordSyntax { continues_move: |_| false, is_result: is_winners, first_referee_file: true },
    players: PlayersInfo { min: 2, max: 12, option: Some("players") },
    pieces: &[
        PieceInfo { kind: "letter", name: "A player's letter" },
        PieceInfo { kind: "at", name: "@, a captured square" },
    ],
    agreements: Agreements {
        no_takeback: Some(
            "Single Capture Go has no takebacks: a play stays secret until its round closes, and may be changed until then",
        ),
        no_draw: Some("Single Capture Go ends by its rules only: a draw cannot be offered"),
        no_resign: Some("a Single Capture Go player leaves by sending no play; the round's deadline does the rest"),
    },
    refusals: super::refusals::ALL,
    handicap_elo: &[],
    rules: include_str!("rules.json"),
};

/// The players' letters, canonical (`3` → `ABC`).
fn check_players(text: &str) -> Result<String, String> {
    Letters::parse(text).map(|l| l.as_string()).map_err(|e| e.reason().to_string())
}

/// Whether `token` names the winners by their letters (`A`, `A,C`).
fn is_winners(token: &str) -> bool {
    token.split(',').all(|w| w.len() == 1 && w.bytes().all(|b| b.is_ascii_uppercase()))
}

/// The rules the checked options name. Without `players`, a game starts
/// with `A` and `B`, and a position string lists its own players.
pub(super) fn configure(options: &GameOptions) -> Result<ScgConfig, OptionError> {
    let letters = match options.text("players") {
        Some(text) => Some(Letters::parse(text).map_err(|e| OptionError::new(e.token(), e.reason()))?),
        None => None,
    };
    Ok(ScgConfig { letters, at_blocked: options.switch("at-blocked", false) })
}
