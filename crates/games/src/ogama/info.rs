//! What Ogama declares about itself: its seats, the seed of the deal and
//! the repetition rule.

use arbiter_core::{Agreements, GameInfo, OptionKind, OptionSpec, PieceInfo, PlayersInfo, RecordSyntax, SeatInfo};

/// Ogama.
pub(super) static INFO: GameInfo = GameInfo {
    id: "ogama",
    name: "Ogama",
    summary: "Each player's toad rides the stacks of a 5×5 board and gives their discs its reach: build a tower of six, or capture the most.",
    seats: &[SeatInfo { label: "o", name: "Orange" }, SeatInfo { label: "b", name: "Blue" }],
    variants: &[],
    options: &[
        OptionSpec {
            key: "seed",
            tag: "Seed",
            kind: OptionKind::Number { min: 0, max: u64::MAX },
            default: None,
            always_recorded: false,
            start_only: Some("a seed deals the start position; a position string is a layout of its own"),
            about: "the seed of the random deal of the start position (default 0)",
        },
        OptionSpec::REPETITION,
    ],
    move_help: "Type a move: T@c3 places your toad, Tc3-d4 steps it, c3-d5 moves the top disc of c3, pass when nothing else is legal.",
    choice: None,
    record: RecordSyntax::TWO_PLAYERS,
    players: PlayersInfo::TWO,
    pieces: &[PieceInfo { kind: "disc", name: "Disc" }, PieceInfo { kind: "toad", name: "Toad" }],
    agreements: Agreements::ALL,
    refusals: super::refusals::ALL,
    handicap_elo: &[],
    rules: include_str!("rules.json"),
};
