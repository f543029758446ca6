//! Result tokens: `1—0`, `0—1`, `½—½` for a game of two fixed seats, the
//! winners' labels (`A,C`) for a game of more; `*` while a game goes on.

use arbiter_core::{EndReason, GameStatus, Seat};
use arbiter_games::AnyGame;

use super::{RecordError, ResultRecord};

/// The result as a game's records write it; a game called off has none
/// (`*`).
pub(crate) fn token(game: &AnyGame, result: Option<&ResultRecord>) -> String {
    let Some(result) = result.filter(|r| r.reason != Some(EndReason::Aborted)) else { return "*".into() };
    let info = game.info();
    if !info.scores_results() {
        return result.winners.join(",");
    }
    match result.winners.as_slice() {
        [] => "½—½".into(),
        [w] if *w == info.seats[0].label => "1—0".into(),
        _ => "0—1".into(),
    }
}

/// The result a status gives, naming seats as `game` labels them.
pub(crate) fn of_status(game: &AnyGame, status: GameStatus) -> Option<ResultRecord> {
    status.outcome().map(|o| ResultRecord {
        winners: o.winners.iter().map(|s| game.seat_label(s)).collect(),
        reason: Some(o.reason),
    })
}

/// Writes `1-0` style results with the em dash the rule text uses.
pub(crate) fn normalise(token: &str) -> String {
    match token {
        "1-0" => "1—0".into(),
        "0-1" => "0—1".into(),
        "1/2-1/2" => "½—½".into(),
        other => other.into(),
    }
}

/// Reads a result token of `game`'s records: `None` for `*`.
pub(crate) fn read(game: &AnyGame, token: &str) -> Result<Option<ResultRecord>, RecordError> {
    let token = normalise(token);
    let info = game.info();
    let label = |seat: u8| game.seat_label(Seat(seat));
    let winners = match token.as_str() {
        "*" => return Ok(None),
        "1—0" if info.scores_results() => vec![label(0)],
        "0—1" if info.scores_results() => vec![label(1)],
        "½—½" if info.scores_results() => Vec::new(),
        letters if !info.scores_results() => {
            let winners: Vec<String> = letters.split(',').map(str::to_string).collect();
            if let Some(bad) = winners.iter().find(|w| game.seat_by_label(w).is_none()) {
                return Err(RecordError::mismatch(bad.clone(), format!("not a player of this {} game", info.id)));
            }
            winners
        }
        other => return Err(RecordError::mismatch(other, format!("not a result of {}", info.id))),
    };
    Ok(Some(ResultRecord { winners, reason: None }))
}
