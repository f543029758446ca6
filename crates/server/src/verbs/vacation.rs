//! Vacations: a player starts one (or books one ahead), ends it, or lets
//! one start by itself when a move is close to running out. While one
//! runs, each turn-based game of theirs keeps it ([`arbiter_play::vacation::Away`])
//! and the clock of their seat stands still, unless the game was made
//! without vacation. A vacation is told to every game of its player when
//! it begins and when it ends (a move, the player, the days run out); the
//! vacation job ([`crate::jobs::vacations`]) tells the games any of this
//! missed (a game begun meanwhile, a server stopped half way).

use arbiter_api::{NotStopped, VacationSpan, VacationView};
use arbiter_play::Timestamp;
use arbiter_play::time::HOUR;
use arbiter_play::vacation::{self as allowance, Away, VacationRefused};
use arbiter_store::{AccountId, GameKey, NewNotice, NoticeKind, Vacation};

use crate::change::{self, Changed};
use crate::error::ApiError;
use crate::state::AppState;
use crate::table::Table;

/// How long before a timeout an automatic vacation starts.
pub const AUTO_BEFORE: i64 = 12 * HOUR;

/// What a game does while its player is away, and why, for a game whose
/// clock does not stop.
const REFEREE_DEADLINES: &str = "played in rounds: the referee's deadlines are the game's and do not stop";
const WITHOUT_VACATION: &str = "made without vacation: its clock runs on";

/// The vacations of `account` as `GET /api/me/vacation` shows them.
pub async fn view(state: &AppState, account: AccountId) -> Result<VacationView, ApiError> {
    let now = state.clock.now();
    let year = allowance::year_of(now);
    let taken = state.store.vacations(account, allowance::year_start(year)).await?;
    let days = state.settings.limits.vacation_days;
    let hours_left = hours_left(&taken, year, days);
    let not_stopped = state
        .store
        .games_of_player(account)
        .await?
        .into_iter()
        .filter_map(|(key, game, no_vacation)| {
            let reason = if in_rounds(&game) {
                REFEREE_DEADLINES
            } else if no_vacation {
                WITHOUT_VACATION
            } else {
                return None;
            };
            Some(NotStopped { game: key.0, reason: reason.into() })
        })
        .collect();
    Ok(VacationView {
        days_left: (hours_left as f64 / 24.0 * 100.0).round() / 100.0,
        hours_left,
        year,
        allowance: days,
        current: taken.iter().find(|v| v.is_on(now)).map(span),
        booked: taken.iter().filter(|v| v.from > now).map(span).collect(),
        auto: state.store.vacation_auto(account).await?,
        not_stopped,
    })
}

/// Whether the game named `game` is played in rounds (whose deadlines
/// are the referee's and never stop).
fn in_rounds(game: &str) -> bool {
    arbiter_games::GameId::parse(game).is_ok_and(|g| g.is_simultaneous())
}

/// The hours left of `year` after the vacations `taken`, under `days` a
/// year.
fn hours_left(taken: &[Vacation], year: i32, days: u32) -> i64 {
    let stretches: Vec<_> = taken.iter().map(Vacation::stretch).collect();
    (i64::from(days) * 24 - allowance::hours_used(&stretches, year)).max(0)
}

/// A vacation as the API writes it.
fn span(v: &Vacation) -> VacationSpan {
    VacationSpan { id: v.id, from: v.from.rfc3339(), until: v.end().rfc3339(), auto: v.auto }
}

/// Starts (no `from`, or `from` now) or books a vacation of `account`
/// until `until`; refused with 422 (shorter than an hour, in the past,
/// too far ahead) or 409 (overlapping another, over the days left). One
/// that begins now is told to every game of the player before this
/// answers.
pub async fn start(
    state: &AppState,
    account: AccountId,
    from: Option<Timestamp>,
    until: Timestamp,
    auto: bool,
) -> Result<Vacation, ApiError> {
    let now = state.clock.now();
    // A start a moment ago (a clock a little behind) is now; earlier is
    // refused.
    let from = from.map_or(now, |f| if f < now && f >= now.after(-60) { now } else { f });
    let days = state.settings.limits.vacation_days;
    let since = allowance::year_start(allowance::year_of(now));
    let booked = state
        .store
        .book_vacation(account, (from, until), auto, (since, now), |taken| {
            let stretches: Vec<_> = taken.iter().map(Vacation::stretch).collect();
            allowance::check_new(from, until, now, &stretches, days)
        })
        .await?;
    let vacation = booked.map_err(|refused| match refused {
        VacationRefused::Overlaps { .. } | VacationRefused::OverAllowance { .. } => {
            ApiError::conflict(refused.to_string())
        }
        _ => ApiError::illegal(refused.to_string()),
    })?;
    if vacation.is_on(now) {
        tell_games(state, &vacation).await;
    }
    Ok(vacation)
}

/// Ends the vacation `account` has running now; 409 if none runs.
pub async fn end(state: &AppState, account: AccountId) -> Result<Vacation, ApiError> {
    let now = state.clock.now();
    let ended = state.store.end_vacation(account, now).await?;
    let vacation = ended.ok_or_else(|| ApiError::conflict("you are not on vacation"))?;
    close(state, &vacation).await;
    Ok(vacation)
}

/// Ends the vacation of `account` because they moved at `now` (in a game
/// that already ended it in the move's own change); their other games
/// are told in a task of its own, so that the move's answer does not wait.
pub async fn end_at_move(state: &AppState, account: AccountId, now: Timestamp) {
    match state.store.end_vacation(account, now).await {
        Ok(Some(vacation)) => {
            let state = state.clone();
            tokio::spawn(async move { close(&state, &vacation).await });
        }
        Ok(None) => {}
        Err(e) => tracing::warn!(%account, error = %e, "a vacation was not ended at a move"),
    }
}

/// Takes back the vacation `id` of `account`, booked to begin later; 404
/// if there is none such.
pub async fn cancel(state: &AppState, account: AccountId, id: i64) -> Result<(), ApiError> {
    if state.store.cancel_vacation(account, id, state.clock.now()).await? {
        Ok(())
    } else {
        Err(ApiError::not_found(format!("'{id}': no vacation of yours booked ahead has this number")))
    }
}

/// Tells every game of the vacation's player that it ended, then marks
/// it told.
pub async fn close(state: &AppState, vacation: &Vacation) {
    if tell_games(state, vacation).await
        && let Err(e) = state.store.close_vacation(vacation.id).await
    {
        tracing::warn!(vacation = vacation.id, error = %e, "a vacation was not marked as told");
    }
}

/// Tells every turn-based game of the vacation's player how it stands:
/// running (the game keeps it), or over (the game keeps when it ended).
/// A game that already knows is not changed. Whether every game was told.
pub async fn tell_games(state: &AppState, vacation: &Vacation) -> bool {
    let games = match state.store.games_of_player(vacation.account).await {
        Ok(games) => games,
        Err(e) => {
            tracing::warn!(vacation = vacation.id, error = %e, "the games of a vacation were not read");
            return false;
        }
    };
    let mut all = true;
    for (key, game, _) in games {
        if in_rounds(&game) {
            continue;
        }
        if let Err(e) = tell_game(state, &key, vacation).await {
            tracing::warn!(game = %key, vacation = vacation.id, error = %e, "a game was not told of a vacation");
            all = false;
        }
    }
    all
}

/// Tells the game `key` how `vacation` stands, if it does not know yet.
async fn tell_game(state: &AppState, key: &GameKey, vacation: &Vacation) -> Result<(), ApiError> {
    let table = change::load(state, key).await?;
    if !needs_telling(&table, vacation, state.clock.now()) {
        return Ok(());
    }
    let vacation = vacation.clone();
    change::change_game(state, key, move |table, now| {
        for away in wanted(table, &vacation, now) {
            table.play.set_away(away);
        }
        Ok(Changed::default())
    })
    .await?;
    Ok(())
}

/// The vacation as the game `table` should keep it at `now` for each seat
/// of its player: running, or over (ended early, or run out) with when
/// it ended. A game that never kept a vacation now over need not keep it.
fn wanted(table: &Table, vacation: &Vacation, now: Timestamp) -> Vec<Away> {
    let over = vacation.ended.is_some() || vacation.until <= now;
    table
        .seats_of(vacation.account)
        .into_iter()
        .map(|seat| Away { seat: table.label(seat), from: vacation.from, until: vacation.end(), ended: over })
        .filter(|away| !away.ended || table.play.away().iter().any(|a| a.seat == away.seat && a.from == away.from))
        .collect()
}

/// Whether the game `table`, still being played, does not yet keep
/// `vacation` as it stands at `now`.
fn needs_telling(table: &Table, vacation: &Vacation, now: Timestamp) -> bool {
    !table.play.is_over() && wanted(table, vacation, now).iter().any(|away| !table.play.away().contains(away))
}

/// Starts the vacations that start by themselves: each player with the
/// automatic vacation on, no vacation running and days left, whose move
/// in a game that stops for it is [`AUTO_BEFORE`] from running out of
/// time. The player is told.
pub async fn start_automatic(state: &AppState) {
    let now = state.clock.now();
    let due = match state.store.moves_close_to_time(now, now.after(AUTO_BEFORE), 100).await {
        Ok(due) => due,
        Err(e) => {
            tracing::warn!(error = %e, "the moves close to running out were not read");
            return;
        }
    };
    let mut started: Vec<AccountId> = Vec::new();
    for (account, key) in due {
        if started.contains(&account) {
            continue;
        }
        let stops = match change::load(state, &key).await {
            Ok(table) => table.play.stops_for_vacation(),
            Err(_) => false,
        };
        if !stops {
            continue;
        }
        let year = allowance::year_of(now);
        let left = match state.store.vacations(account, allowance::year_start(year)).await {
            Ok(taken) => {
                let hours = hours_left(&taken, year, state.settings.limits.vacation_days);
                // Up to the next vacation booked, and within this year.
                let next = taken.iter().map(|v| v.from).filter(|&f| f > now).min();
                let year_end = allowance::year_start(year + 1);
                let until = now.after(hours * HOUR).min(year_end);
                next.map_or(until, |n| until.min(n))
            }
            Err(e) => {
                tracing::warn!(%account, error = %e, "a player's vacations were not read");
                continue;
            }
        };
        if left.since(now) < HOUR {
            continue;
        }
        match start(state, account, None, left, true).await {
            Ok(vacation) => {
                started.push(account);
                let notice = NewNotice {
                    account,
                    game: key.clone(),
                    kind: NoticeKind::Vacation,
                    seat: None,
                    text: format!(
                        "Your vacation started by itself: your move in game {key} was 12 hours from running out of \
                         time. Your clocks stand still until {} or your next move.",
                        vacation.until.for_people()
                    ),
                };
                match state.store.add_notices(std::slice::from_ref(&notice), now).await {
                    Ok(()) => crate::notices::poke(state, [account]),
                    Err(e) => tracing::warn!(%account, error = %e, "an automatic vacation's notice was not kept"),
                }
            }
            Err(e) => tracing::info!(%account, error = %e, "an automatic vacation did not start"),
        }
    }
}
