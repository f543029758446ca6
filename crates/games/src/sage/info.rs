//! What Sage Tafl declares about itself: its seats and the repetition rule.

use arbiter_core::{Agreements, GameInfo, OptionSpec, PieceInfo, PlayersInfo, RecordSyntax, SeatInfo};

/// Sage Tafl.
pub(super) static INFO: GameInfo = GameInfo {
    id: "sage",
    name: "Sage Tafl",
    summary: "Tafl on an 8×9 board cut by a river: sages, apprentices and skyships capture by surrounding, and five points win.",
    seats: &[SeatInfo { label: "b", name: "Black" }, SeatInfo { label: "r", name: "Red" }],
    variants: &[],
    options: &[OptionSpec::REPETITION],
    move_help: "Type a move: c2-c4 moves, hops or flies a piece, T-d2 brings the Sage out of her tower, c5-W or c5-E escapes past the end of the river, pass when nothing else is legal.",
    choice: None,
    record: RecordSyntax::TWO_PLAYERS,
    players: PlayersInfo::TWO,
    pieces: &[
        PieceInfo { kind: "sage", name: "Sage" },
        PieceInfo { kind: "apprentice", name: "Apprentice" },
        PieceInfo { kind: "skyship", name: "Skyship" },
    ],
    agreements: Agreements::ALL,
    refusals: super::refusals::ALL,
    handicap_elo: &[],
    rules: include_str!("rules.json"),
};
