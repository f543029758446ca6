//! Conditional moves: a player's lines "if they play X, I play Y, then if
//! they play Z, I play W …", set ahead here (read, checked, stored) and
//! played by the server in the same change as the move they answer
//! ([`crate::table::conditionals::follow`]).
//!
//! A line starts with the move of the side to move when it is set: on the
//! opponent's turn their move, then the author's reply, alternating; on
//! the author's own turn their next move (which the line does not play:
//! the rest applies after it), then the opponent's, and so on. A line
//! always ends with the author's move. After every move each seat's lines
//! that begin with it lose it and the others go; if the move was another
//! seat's and the author's lines that are left begin with their reply, the
//! reply is played at once, in the same change, and so on while lines
//! match. A reply the rules refuse when its turn comes drops the lines and
//! tells their author. A move taken back, or the game's end, clears every
//! line.
//!
//! The lines are their author's alone: they are kept with the game
//! ([`arbiter_store::Conditionals`]) but never in a view, a socket
//! message, the record, anyone else's notice or mail, or any answer but
//! the author's own.

use std::sync::Arc;

use arbiter_core::Seat;
use arbiter_play::{Match, Timestamp};
use arbiter_store::{AccountId, Conditionals, GameKey, GameState};

use super::seat_of;
use crate::change;
use crate::error::ApiError;
use crate::state::AppState;
use crate::table::Table;
use crate::verbs::moves::MAX_MOVE_TEXT;

pub use crate::table::conditionals::{MAX_LINE_MOVES, MAX_LINES};
/// How many times setting lines is tried again when the game changes
/// under it.
const ATTEMPTS: usize = 4;

/// The lines `account` has set in the game `key` (403 without a seat):
/// read as stored now, whichever server set them.
pub async fn lines_of(state: &AppState, key: &GameKey, account: AccountId) -> Result<Vec<Vec<String>>, ApiError> {
    let table = change::load(state, key).await?;
    let seat = seat_of(&table, account)?;
    let (_, stored) = state.store.conditionals(key).await?.ok_or_else(|| change::no_such_game(key))?;
    Ok(stored.of(seat.0).to_vec())
}

/// Replaces the lines `account` has set in the game `key` by `lines`
/// (none: clears them), checked against the position now (or refused with
/// 409 if `ply` is given and the game has moved on from it): the lines as
/// kept, each move in the game's long form.
pub async fn set_lines(
    state: &AppState,
    key: &GameKey,
    account: AccountId,
    lines: Vec<Vec<String>>,
    ply: Option<u64>,
) -> Result<Vec<Vec<String>>, ApiError> {
    set_lines_with(state, key, account, ply, move |_| lines.clone()).await
}

/// Adds `line` to the lines `account` has set in the game `key` (in place
/// of one that begins with the same move), as [`set_lines`] sets them: a
/// line by mail, "if e7-e6 then d2-d4".
pub async fn add_line(
    state: &AppState,
    key: &GameKey,
    account: AccountId,
    line: Vec<String>,
    ply: Option<u64>,
) -> Result<Vec<Vec<String>>, ApiError> {
    set_lines_with(state, key, account, ply, move |kept| {
        let mut lines: Vec<Vec<String>> = kept.iter().filter(|l| l.first() != line.first()).cloned().collect();
        lines.push(line.clone());
        lines
    })
    .await
}

/// Sets the lines `account` has in the game `key` to what `make` makes of
/// those stored now, as [`set_lines`] says.
async fn set_lines_with(
    state: &AppState,
    key: &GameKey,
    account: AccountId,
    ply: Option<u64>,
    make: impl Fn(&[Vec<String>]) -> Vec<Vec<String>>,
) -> Result<Vec<Vec<String>>, ApiError> {
    for _ in 0..ATTEMPTS {
        let table = change::load(state, key).await?;
        let seat = seat_of(&table, account)?;
        if let Some(ply) = ply.filter(|&p| p != table.ply()) {
            return Err(ApiError::conflict(format!(
                "these lines are for ply {ply}, but the game is at ply {}; load it again",
                table.ply()
            )));
        }
        let Some((version, found)) = state.store.conditionals(key).await? else {
            return Err(change::no_such_game(key));
        };
        if version != table.stored.version {
            state.games.forget(key);
            continue;
        }
        let lines = make(found.of(seat.0));
        let checked =
            if lines.is_empty() { Vec::new() } else { check_lines(&table, seat, account, &lines, state.clock.now())? };
        let seats = found.with(seat.0, checked.clone());
        match state.store.set_conditionals(key, version, found.version, &seats).await {
            Ok(lines_version) => {
                keep_lines(state, key, version, Conditionals { version: lines_version, seats });
                return Ok(checked);
            }
            Err(arbiter_store::StoreError::Stale { .. }) => {
                state.games.forget(key);
                continue;
            }
            Err(e) => return Err(e.into()),
        }
    }
    Err(ApiError::conflict(format!("'{key}': the game kept changing meanwhile; load it again")))
}

/// Reads a line as a mail writes it: "if e7-e6 then d2-d4", longer as
/// "if e7-e6 then d2-d4, if d7-d5 then c2-c4" (words in any case, commas
/// and a full stop at the end allowed). `None`: not a line.
pub fn line_in_words(text: &str) -> Option<Vec<String>> {
    let words: Vec<&str> = text
        .trim()
        .trim_end_matches('.')
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .collect();
    if words.is_empty() || !words.len().is_multiple_of(4) {
        return None;
    }
    let mut line = Vec::with_capacity(words.len() / 2);
    for four in words.chunks(4) {
        let [when, theirs, then, mine] = four else { return None };
        if !when.eq_ignore_ascii_case("if") || !then.eq_ignore_ascii_case("then") {
            return None;
        }
        line.push((*theirs).to_string());
        line.push((*mine).to_string());
    }
    Some(line)
}

/// Keeps `lines` in this server's copy of the game `key`, if it is the
/// copy at `version` (else the next change finds the lines moved on and
/// reads the game again).
fn keep_lines(state: &AppState, key: &GameKey, version: i64, lines: Conditionals) {
    if let Some(kept) = state.games.get(key).filter(|t| t.stored.version == version) {
        let mut table = Table::clone(&kept);
        table.made = kept.made.clone();
        table.stored.conditionals = lines;
        state.games.keep(Arc::new(table));
    }
}

/// Checks `lines` for `seat` (held by `account`) of `table` as it stands,
/// and writes each move in the game's long form: refused (422) for a game
/// of rounds, too many or too long lines, a move the rules refuse, a line
/// that does not end with the author's move, and two lines that answer
/// the same moves differently; 409 for a game not being played.
fn check_lines(
    table: &Table,
    seat: Seat,
    account: AccountId,
    lines: &[Vec<String>],
    now: Timestamp,
) -> Result<Vec<Vec<String>>, ApiError> {
    let Match::Turns(session) = &table.play else {
        return Err(ApiError::illegal("this game's plays are simultaneous: it takes no conditional moves"));
    };
    if table.seats_of(account).len() > 1 {
        return Err(ApiError::illegal("you hold more than one seat of this game: it takes no conditional moves"));
    }
    match table.state() {
        GameState::Open => return Err(ApiError::conflict("the game waits for players to take its open seats")),
        GameState::Finished => return Err(ApiError::conflict("the game is over")),
        GameState::Active => {}
    }
    if lines.len() > MAX_LINES {
        return Err(ApiError::illegal(format!("at most {MAX_LINES} lines, not {}", lines.len())));
    }
    let mut checked: Vec<(Vec<String>, Vec<Seat>)> = Vec::with_capacity(lines.len());
    for (i, line) in lines.iter().enumerate() {
        let number = i + 1;
        if line.is_empty() {
            return Err(ApiError::illegal(format!("line {number} has no moves")));
        }
        if line.len() > MAX_LINE_MOVES {
            return Err(ApiError::illegal(format!(
                "line {number} has {} moves; a line has at most {MAX_LINE_MOVES}",
                line.len()
            )));
        }
        let mut scratch = session.clone();
        let mut moves = Vec::with_capacity(line.len());
        let mut movers = Vec::with_capacity(line.len());
        for (j, text) in line.iter().enumerate() {
            let at = |reason: String| ApiError::illegal(format!("line {number}, move {} '{text}': {reason}", j + 1));
            if text.len() > MAX_MOVE_TEXT {
                return Err(ApiError::illegal(format!(
                    "line {number}, move {}: a move is at most {MAX_MOVE_TEXT} bytes",
                    j + 1
                )));
            }
            let Some(mover) = scratch.to_move() else {
                return Err(at("the game is over before it".into()));
            };
            let mv = scratch.parse_move(text).map_err(|e| at(e.to_string()))?;
            let long = scratch.position().move_text(&mv);
            scratch.play(mover, mv, now).map_err(|e| at(e.to_string()))?;
            moves.push(long);
            movers.push(mover);
        }
        if movers.last() != Some(&seat) {
            return Err(ApiError::illegal(format!(
                "line {number} ends with the other side's move: end it with your reply"
            )));
        }
        if !checked.iter().any(|(kept, _)| *kept == moves) {
            checked.push((moves, movers));
        }
    }
    for (a, (first, movers)) in checked.iter().enumerate() {
        for (b, (second, _)) in checked.iter().enumerate().skip(a + 1) {
            let split = first.iter().zip(second).take_while(|(x, y)| x == y).count();
            if split > 0 && split < first.len().min(second.len()) && movers[split] == seat {
                return Err(ApiError::illegal(format!(
                    "lines {} and {} answer '{}' differently ('{}' and '{}'): keep one",
                    a + 1,
                    b + 1,
                    first[split - 1],
                    first[split],
                    second[split]
                )));
            }
        }
    }
    Ok(checked.into_iter().map(|(moves, _)| moves).collect())
}

#[cfg(test)]
mod tests {
    use super::line_in_words;

    #[test]
    fn a_line_in_words_is_read_as_a_mail_writes_it() {
        assert_eq!(line_in_words("if e7-e6 then d2-d4"), Some(vec!["e7-e6".to_string(), "d2-d4".to_string()]));
        assert_eq!(
            line_in_words("  If e7-e6 THEN d2-d4, then if d7-d5 then c2-c4.  "),
            None,
            "'then if' runs the pairs together: each pair is 'if X then Y'"
        );
        assert_eq!(
            line_in_words("if e7-e6 then d2-d4, if d7-d5 then c2-c4."),
            Some(["e7-e6", "d2-d4", "d7-d5", "c2-c4"].map(String::from).to_vec())
        );
        for not_a_line in ["", "e2-e4", "resign", "if e7-e6", "if e7-e6 then", "when e7-e6 then d2-d4", "if a then b c"]
        {
            assert_eq!(line_in_words(not_a_line), None, "{not_a_line}");
        }
    }
}
