//! One change as the SQLite writer applies it, with the same statements
//! as [`crate::change::apply_change`] (their `$N` parameters bound by
//! name), each prepared once on the writer's connection and kept.

use rusqlite::{Connection, OptionalExtension, named_params};

use crate::change::{
    Change, DECLINE_SEAT, INSERT_MAIL, INSERT_MAIL_TOKEN, LEAVE_SEAT, OFFERS_CHANGED, REFILL_SEAT, SET_STANDING,
    TAKE_SEAT, UPDATE_GAME, VERSION_OF_GAME, update_game_found_sql,
};
use crate::error::StoreError;
use crate::game_moves::{ADD_MOVE, DROP_MOVES_FROM, ply_column};
use crate::game_rows::{SEATS_OF_GAME, SeatRow, seat_from_columns};
use crate::games::StoredSeat;
use crate::mail::NewMail;
use crate::notices::INSERT_NOTICE;
use crate::ratings::{self, RatedEnd};

/// The columns a game keeps through every change: when it was made, by
/// whom, its invitation code.
type Kept = (i64, Option<i64>, Option<String>);

/// What a change's statements gave: the game's kept columns and its
/// seats.
pub(super) type Applied = Result<(Kept, Vec<StoredSeat>), StoreError>;

/// A failure of the database as the store reports it.
fn failed(e: rusqlite::Error) -> StoreError {
    super::not_committed(&e)
}

/// Binds `value` to the parameter `name` of `statement`, if it has one.
fn bind_named(
    statement: &mut rusqlite::Statement<'_>,
    name: &str,
    value: impl rusqlite::ToSql,
) -> Result<(), StoreError> {
    if let Some(index) = statement.parameter_index(name).map_err(failed)? {
        statement.raw_bind_parameter(index, value).map_err(failed)?;
    }
    Ok(())
}

/// Runs `change` on `connection`, inside the caller's transaction: the
/// conditional update, the moves, the seat, the standings, the mail and
/// notices, the seats read back. The caller commits or rolls back.
pub(super) fn apply(connection: &Connection, change: &Change) -> Applied {
    let key = change.key.0.as_str();
    let update = &change.update;
    let kept: Option<Kept> = match &update.found {
        // Found: nothing to return, so nothing for SQLite to gather, and
        // only the columns the change changed written.
        Some(found) => {
            let changed = change.columns_changed(found);
            let mut statement = connection.prepare_cached(update_game_found_sql(changed)).map_err(failed)?;
            let offers = (changed & OFFERS_CHANGED != 0).then(|| crate::offers::write_offers(&update.offers));
            bind_named(&mut statement, "$1", key)?;
            bind_named(&mut statement, "$2", change.expected_version)?;
            bind_named(&mut statement, "$4", update.state.as_str())?;
            bind_named(&mut statement, "$5", change.record.as_str())?;
            bind_named(&mut statement, "$6", update.deadline.map(arbiter_play::Timestamp::unix))?;
            bind_named(&mut statement, "$7", update.now.unix())?;
            bind_named(&mut statement, "$8", offers)?;
            bind_named(&mut statement, "$9", update.rematch.as_ref().map(|k| k.0.as_str()))?;
            bind_named(&mut statement, "$10", update.awaited)?;
            bind_named(&mut statement, "$11", update.conditionals.found)?;
            bind_named(&mut statement, "$12", change.lines.as_deref())?;
            let updated = statement.raw_execute().map_err(failed)?;
            (updated == 1).then(|| (found.created.unix(), found.creator.map(|a| a.0), found.invite.clone()))
        }
        None => connection
            .prepare_cached(UPDATE_GAME)
            .map_err(failed)?
            .query_row(
                named_params! {
                    "$1": key,
                    "$2": change.expected_version,
                    "$3": update.record.game.as_str(),
                    "$4": update.state.as_str(),
                    "$5": change.record,
                    "$6": update.deadline.map(arbiter_play::Timestamp::unix),
                    "$7": update.now.unix(),
                    "$8": crate::offers::write_offers(&update.offers),
                    "$9": update.rematch.as_ref().map(|k| k.0.as_str()),
                    "$10": update.awaited,
                    "$11": update.conditionals.found,
                    "$12": change.lines.as_deref(),
                },
                |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)),
            )
            .optional()
            .map_err(failed)?,
    };
    let Some(kept) = kept else {
        let found: Option<i64> = connection
            .prepare_cached(VERSION_OF_GAME)
            .map_err(failed)?
            .query_row(named_params! { "$1": key }, |row| row.get(0))
            .optional()
            .map_err(failed)?;
        return Err(match found {
            Some(found) => StoreError::Stale { key: change.key.clone(), expected: change.expected_version, found },
            None => StoreError::NotFound { key: change.key.clone() },
        });
    };
    write_moves(connection, change)?;
    // The seat it takes, the invitation it declines, the seat it leaves:
    // each refused unless the seat is as the change found it.
    for (statement, seat_change) in
        [(TAKE_SEAT, update.seat_taken), (DECLINE_SEAT, update.seat_declined), (LEAVE_SEAT, update.seat_left)]
    {
        if let Some((seat, account)) = seat_change {
            let changed = connection
                .prepare_cached(statement)
                .map_err(failed)?
                .execute(named_params! { "$1": key, "$2": i32::from(seat), "$3": account.0 })
                .map_err(failed)?;
            if changed == 0 {
                return Err(StoreError::SeatTaken { key: change.key.clone(), seat });
            }
        }
    }
    if let Some((seat, invited)) = update.seat_refilled {
        let changed = connection
            .prepare_cached(REFILL_SEAT)
            .map_err(failed)?
            .execute(named_params! { "$1": key, "$2": i32::from(seat), "$3": invited.map(|a| a.0) })
            .map_err(failed)?;
        if changed == 0 {
            return Err(StoreError::SeatTaken { key: change.key.clone(), seat });
        }
    }
    if !change.standings.is_empty() {
        let mut statement = connection.prepare_cached(SET_STANDING).map_err(failed)?;
        for (seat, standing) in change.standings.iter().enumerate() {
            let seat = i32::try_from(seat).unwrap_or(i32::MAX);
            statement.execute(named_params! { "$1": key, "$2": seat, "$3": standing.as_str() }).map_err(failed)?;
        }
    }
    for mail in &update.mail {
        insert_mail(connection, mail)?;
    }
    if !update.notices.is_empty() {
        let mut statement = connection.prepare_cached(INSERT_NOTICE).map_err(failed)?;
        for notice in &update.notices {
            statement
                .execute(named_params! {
                    "$1": notice.account.0,
                    "$2": notice.game.0.as_str(),
                    "$3": notice.kind.as_str(),
                    "$4": notice.seat.as_deref(),
                    "$5": notice.text.as_str(),
                    "$6": update.now.unix(),
                })
                .map_err(failed)?;
        }
    }
    let mut seats = match &update.seats {
        Some(seats) if !change.may_fail_midway() => seats.clone(),
        _ => read_seats(connection, change)?,
    };
    if let Some(end) = &update.rated_end {
        rate(connection, change, end, &mut seats)?;
    }
    Ok((kept, seats))
}

/// Rates the players of the rated game `change` ends, as
/// [`crate::ratings::rate_game_in`] does, and puts their new ratings on
/// `seats`.
fn rate(connection: &Connection, change: &Change, end: &RatedEnd, seats: &mut [StoredSeat]) -> Result<(), StoreError> {
    let now = change.update.now;
    let pool = end.pool.as_str();
    let initial = ratings::SETTINGS.initial;
    let mut before = vec![(0.0, 0.0, 0.0, None); end.seats.len()];
    for i in ratings::lock_order(end) {
        let account = end.seats[i].account.0;
        connection
            .prepare_cached(ratings::ENSURE_RATING)
            .map_err(failed)?
            .execute(named_params! {
                "$1": account, "$2": pool, "$3": initial.rating, "$4": initial.deviation, "$5": initial.volatility,
            })
            .map_err(failed)?;
        before[i] = connection
            .prepare_cached(ratings::READ_RATING)
            .map_err(failed)?
            .query_row(named_params! { "$1": account, "$2": pool }, |row| {
                Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?))
            })
            .map_err(failed)?;
    }
    let after = ratings::ratings_after(end, &before, now);
    for (seat, (rating, rating_change)) in end.seats.iter().zip(&after) {
        connection
            .prepare_cached(ratings::WRITE_RATING)
            .map_err(failed)?
            .execute(named_params! {
                "$1": seat.account.0, "$2": pool, "$3": rating.rating, "$4": rating.deviation,
                "$5": rating.volatility, "$6": now.unix(),
            })
            .map_err(failed)?;
        connection
            .prepare_cached(ratings::ADD_HISTORY)
            .map_err(failed)?
            .execute(named_params! {
                "$1": seat.account.0, "$2": pool, "$3": now.unix(), "$4": rating.rating,
                "$5": rating.deviation, "$6": change.key.0.as_str(),
            })
            .map_err(failed)?;
        connection
            .prepare_cached(ratings::SET_SEAT_RATING)
            .map_err(failed)?
            .execute(named_params! {
                "$1": change.key.0.as_str(), "$2": i32::from(seat.seat), "$3": rating.rating,
                "$4": rating.deviation, "$5": *rating_change,
            })
            .map_err(failed)?;
    }
    ratings::show_on_seats(end, &after, seats);
    Ok(())
}

/// Writes the moves `change` adds (dropping first those it replaces).
fn write_moves(connection: &Connection, change: &Change) -> Result<(), StoreError> {
    let key = &change.key;
    let write = &change.update.moves;
    if write.replace {
        connection
            .prepare_cached(DROP_MOVES_FROM)
            .map_err(failed)?
            .execute(named_params! { "$1": key.0.as_str(), "$2": ply_column(key, write.from)? })
            .map_err(failed)?;
    }
    if !write.moves.is_empty() {
        let mut statement = connection.prepare_cached(ADD_MOVE).map_err(failed)?;
        for (i, mv) in write.moves.iter().enumerate() {
            statement
                .execute(named_params! {
                    "$1": key.0.as_str(),
                    "$2": ply_column(key, write.from + i)?,
                    "$3": mv.text.as_str(),
                    "$4": mv.at.map(arbiter_play::Timestamp::unix),
                })
                .map_err(failed)?;
        }
    }
    Ok(())
}

/// Queues `mail`, with the token of its `Reply-To` if it has one.
fn insert_mail(connection: &Connection, mail: &NewMail) -> Result<(), StoreError> {
    if let Some(reply_to) = &mail.reply_to {
        connection
            .prepare_cached(INSERT_MAIL_TOKEN)
            .map_err(failed)?
            .execute(named_params! {
                "$1": reply_to.token_hash.as_slice(),
                "$2": reply_to.names.account.0,
                "$3": reply_to.names.game.0.as_str(),
                "$4": i64::from(reply_to.names.ply),
                "$5": mail.now.unix(),
            })
            .map_err(failed)?;
    }
    connection
        .prepare_cached(INSERT_MAIL)
        .map_err(failed)?
        .execute(named_params! {
            "$1": mail.account.0,
            "$2": mail.to.as_str(),
            "$3": mail.subject.as_str(),
            "$4": mail.body.as_str(),
            "$5": mail.now.unix(),
            "$6": mail.reply_to.as_ref().map(|r| r.address.as_str()),
        })
        .map_err(failed)?;
    Ok(())
}

/// The seats of `change`'s game as now stored, in seat order.
fn read_seats(connection: &Connection, change: &Change) -> Result<Vec<StoredSeat>, StoreError> {
    let mut statement = connection.prepare_cached(SEATS_OF_GAME).map_err(failed)?;
    let rows = statement
        .query_map(named_params! { "$1": change.key.0.as_str() }, |row| {
            Ok(SeatRow {
                seat: row.get(0)?,
                account_id: row.get(1)?,
                computer_level: row.get(2)?,
                invited_id: row.get(3)?,
                invited_name: row.get(4)?,
                holder_bot: row.get(5)?,
                declined: row.get(6)?,
                seat_rating: row.get(7)?,
                seat_deviation: row.get(8)?,
                rating_change: row.get(9)?,
            })
        })
        .map_err(failed)?;
    let mut seats = Vec::new();
    for row in rows {
        seats.push(seat_from_columns(&change.key, &row.map_err(failed)?)?);
    }
    Ok(seats)
}
