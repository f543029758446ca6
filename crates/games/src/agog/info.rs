//! What A•G•O•G declares about itself: seats, editions, the handicap, and
//! how its records write a sanctum promotion.

use arbiter_core::{
    Agreements, ChoiceInfo, DefaultValue, GameInfo, GameOptions, OptionError, OptionKind, OptionSpec, PieceInfo,
    PlayersInfo, RecordSyntax, SCORE_TOKENS, SeatInfo, VariantInfo,
};

use super::handicap::{HANDICAP_ELO, MAX_HANDICAP};
use super::{AgogConfig, Edition};

/// A•G•O•G.
pub(super) static INFO: GameInfo = GameInfo {
    id: "agog",
    name: "A•G•O•G",
    summary: "Two golemancers race across a checkers board: golems jump, stack into hulks and corrupt, and the first journeyman into the rival's sanctum wins.",
    seats: &[SeatInfo { label: "w", name: "White" }, SeatInfo { label: "b", name: "Black" }],
    variants: &[
        VariantInfo { id: "current", about: "the current edition, with scorekeeping and handicaps" },
        VariantInfo { id: "classic", about: "the first edition: captured units vanish at once" },
    ],
    options: &[OptionSpec {
        key: "handicap",
        tag: "Handicap",
        kind: OptionKind::Number { min: 0, max: MAX_HANDICAP as u64 },
        default: Some(DefaultValue::Number(0)),
        always_recorded: false,
        start_only: Some("a handicap applies to the start position only"),
        about: "Black starts without this many golems (0-10)",
    }],
    move_help: "Type a move in long form (e2-e3, a1xa3+c3, g8-h8 c3=H) or scorekeeping (b6, ab6, Jxa3+c3).",
    choice: Some(ChoiceInfo {
        occasion: "ends on the enemy sanctum",
        option: "to make a hulk with the golem on that square",
        without: "remove",
        without_means: "to take the unit off the board",
    }),
    record: RecordSyntax { continues_move: is_promotion, is_result: is_score, first_referee_file: false },
    players: PlayersInfo::TWO,
    pieces: &[
        PieceInfo { kind: "journeyman", name: "Journeyman golemancer" },
        PieceInfo { kind: "golem", name: "Golem" },
        PieceInfo { kind: "hulk", name: "Hulk" },
        PieceInfo { kind: "corrupted-golem", name: "Corrupted golem (first edition)" },
        PieceInfo { kind: "corrupted-hulk", name: "Corrupted hulk" },
    ],
    agreements: Agreements {
        no_takeback: None,
        no_draw: Some("A•G•O•G has no draws: its rules end every game with a winner, so a draw cannot be offered"),
        no_resign: None,
    },
    refusals: super::refusals::ALL,
    handicap_elo: HANDICAP_ELO,
    rules: include_str!("rules.json"),
};

/// Whether `token` is a sanctum promotion such as `h1=H`, which belongs to
/// the move before it.
fn is_promotion(token: &str) -> bool {
    let b = token.as_bytes();
    b.len() == 4 && matches!(b[0], b'a'..=b'h') && matches!(b[1], b'1'..=b'8') && &b[2..] == b"=H"
}

fn is_score(token: &str) -> bool {
    SCORE_TOKENS.contains(&token)
}

/// The rules the checked options name.
pub(super) fn configure(options: &GameOptions) -> Result<AgogConfig, OptionError> {
    let edition = match options.variant.as_deref() {
        Some("classic") => Edition::Classic,
        _ => Edition::Current,
    };
    let handicap = options.number("handicap").unwrap_or(0);
    Ok(AgogConfig { edition, handicap: handicap.min(u64::from(MAX_HANDICAP)) as u8 })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn promotions_follow_their_move() {
        for token in ["h1=H", "c3=H", "a8=H"] {
            assert!(is_promotion(token), "{token}");
        }
        for token in ["h9=H", "i1=H", "h1=G", "h1", "Ca1", "h1=HH"] {
            assert!(!is_promotion(token), "{token}");
        }
    }
}
