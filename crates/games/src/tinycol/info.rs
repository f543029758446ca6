//! What Tiny Col declares about itself: two seats, no options, and every
//! agreement allowed.

use arbiter_core::{Agreements, GameInfo, PieceInfo, PlayersInfo, RecordSyntax, SeatInfo};

/// Tiny Col.
pub(super) static INFO: GameInfo = GameInfo {
    id: "tinycol",
    name: "Tiny Col",
    summary: "A test-only game: place stones on a 3×3 board, never beside your own colour; who cannot place loses.",
    seats: &[SeatInfo { label: "b", name: "Blue" }, SeatInfo { label: "r", name: "Red" }],
    variants: &[],
    options: &[],
    move_help: "Type the square you place a stone on (b2).",
    choice: None,
    record: RecordSyntax::TWO_PLAYERS,
    players: PlayersInfo::TWO,
    pieces: &[PieceInfo { kind: "stone", name: "Stone" }],
    agreements: Agreements::ALL,
    refusals: super::refusals::ALL,
    handicap_elo: &[],
    rules: include_str!("rules.json"),
};
