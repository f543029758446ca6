//! Reading games back from rows of `games` joined with their seats.

use arbiter_play::{GameRecord, Timestamp};

use crate::accounts::AccountId;
use crate::error::StoreError;
use crate::games::{GameKey, GameState, SeatHolder, StoredGame, StoredSeat};

/// The columns of a [`GameSeatRow`]: a game `g` left-joined with its
/// seats `s`. Rows of one game must come together, seats in order.
macro_rules! game_columns {
    () => {
        "SELECT g.key, g.state, g.version, g.record, g.deadline, g.created, g.updated, g.creator_id, g.invite_code, \
         g.offers, g.rematch, g.conditionals, g.conditionals_version, \
         s.seat, s.account_id, s.computer_level, s.invited_id, i.name AS invited_name, h.bot AS holder_bot, \
         s.declined, COALESCE(s.rating_after, r.rating) AS seat_rating, \
         COALESCE(s.deviation_after, r.deviation) AS seat_deviation, s.rating_change "
    };
}
pub(crate) use game_columns;

/// The tables of [`game_columns`] after `FROM`, from the games `$from`
/// (a table or a subquery, named `g`).
macro_rules! game_tables {
    ($from:literal) => {
        concat!(
            "FROM ",
            $from,
            " g LEFT JOIN game_seats s ON s.game_key = g.key LEFT JOIN accounts i ON i.id = s.invited_id \
             LEFT JOIN accounts h ON h.id = s.account_id \
             LEFT JOIN ratings r ON r.account_id = s.account_id AND r.pool = g.rating_pool "
        )
    };
}
pub(crate) use game_tables;

/// A game with one of its seats (or none, if it has none).
#[derive(sqlx::FromRow)]
pub(crate) struct GameSeatRow {
    key: String,
    state: String,
    version: i64,
    record: String,
    deadline: Option<i64>,
    created: i64,
    updated: i64,
    creator_id: Option<i64>,
    invite_code: Option<String>,
    offers: String,
    rematch: Option<String>,
    conditionals: Option<String>,
    conditionals_version: i64,
    seat: Option<i32>,
    account_id: Option<i64>,
    computer_level: Option<i32>,
    invited_id: Option<i64>,
    invited_name: Option<String>,
    holder_bot: Option<bool>,
    declined: Option<bool>,
    seat_rating: Option<f64>,
    seat_deviation: Option<f64>,
    rating_change: Option<f64>,
}

/// The game in `rows` (one game's rows), if any: a row that cannot be
/// read (its record altered by hand) is the error.
pub(crate) fn game_from_rows(rows: Vec<GameSeatRow>) -> Result<Option<StoredGame>, StoreError> {
    let mut games = Vec::new();
    for row in rows {
        add_row(&mut games, row)?;
    }
    Ok(games.pop())
}

/// The games in `rows`, in their order, as a list shows them: a game
/// whose rows cannot be read (its record altered by hand) is logged and
/// left out, so that one damaged game never hides the others.
pub(crate) fn games_from_rows(rows: Vec<GameSeatRow>) -> Vec<StoredGame> {
    let mut games: Vec<StoredGame> = Vec::new();
    let mut damaged: Option<String> = None;
    for row in rows {
        if damaged.as_deref() == Some(row.key.as_str()) {
            continue;
        }
        let key = row.key.clone();
        if let Err(e) = add_row(&mut games, row) {
            tracing::error!(game = %key, error = %e, "a stored game is damaged; it is left out of a list");
            if games.last().is_some_and(|g| g.key.0 == key) {
                games.pop();
            }
            damaged = Some(key);
        }
    }
    games
}

/// Adds `row` to `games`: a seat of the last game, or a new game.
fn add_row(games: &mut Vec<StoredGame>, row: GameSeatRow) -> Result<(), StoreError> {
    let seat = seat_of(&row)?;
    match games.last_mut() {
        Some(game) if game.key.0 == row.key => game.seats.extend(seat),
        _ => {
            let mut game = game_of(row)?;
            game.seats.extend(seat);
            games.push(game);
        }
    }
    Ok(())
}

/// The game of a row, without seats.
fn game_of(row: GameSeatRow) -> Result<StoredGame, StoreError> {
    let key = GameKey(row.key);
    let state = GameState::parse(&row.state)
        .ok_or_else(|| StoreError::Record { key: key.clone(), reason: format!("'{}': unknown state", row.state) })?;
    let record = read_record(&key, &row.record)?;
    let offers = crate::offers::read_offers(&key, &row.offers)?;
    let conditionals = crate::conditionals::read_lines(&key, row.conditionals.as_deref(), row.conditionals_version)?;
    Ok(StoredGame {
        key,
        record,
        state,
        version: row.version,
        seats: Vec::new(),
        deadline: row.deadline.map(Timestamp::from_unix),
        created: Timestamp::from_unix(row.created),
        updated: Timestamp::from_unix(row.updated),
        creator: row.creator_id.map(AccountId),
        invite: row.invite_code,
        offers,
        rematch: row.rematch.map(GameKey),
        conditionals,
    })
}

/// The seat of a row, if it has one.
fn seat_of(row: &GameSeatRow) -> Result<Option<StoredSeat>, StoreError> {
    let Some(number) = row.seat else {
        return Ok(None);
    };
    let key = GameKey(row.key.clone());
    let seat = SeatRow {
        seat: number,
        account_id: row.account_id,
        computer_level: row.computer_level,
        invited_id: row.invited_id,
        invited_name: row.invited_name.clone(),
        holder_bot: row.holder_bot,
        declined: row.declined,
        seat_rating: row.seat_rating,
        seat_deviation: row.seat_deviation,
        rating_change: row.rating_change,
    };
    seat_from_columns(&key, &seat).map(Some)
}

/// A row of `game_seats`, without its game.
#[derive(sqlx::FromRow)]
pub(crate) struct SeatRow {
    pub(crate) seat: i32,
    pub(crate) account_id: Option<i64>,
    pub(crate) computer_level: Option<i32>,
    pub(crate) invited_id: Option<i64>,
    pub(crate) invited_name: Option<String>,
    pub(crate) holder_bot: Option<bool>,
    pub(crate) declined: Option<bool>,
    pub(crate) seat_rating: Option<f64>,
    pub(crate) seat_deviation: Option<f64>,
    pub(crate) rating_change: Option<f64>,
}

/// The columns of a [`SeatRow`], in seat order for `$1`'s game.
pub(crate) const SEATS_OF_GAME: &str = "SELECT s.seat, s.account_id, s.computer_level, s.invited_id, \
     i.name AS invited_name, h.bot AS holder_bot, s.declined, COALESCE(s.rating_after, r.rating) AS seat_rating, \
     COALESCE(s.deviation_after, r.deviation) AS seat_deviation, s.rating_change \
     FROM game_seats s JOIN games g ON g.key = s.game_key LEFT JOIN accounts i ON i.id = s.invited_id \
     LEFT JOIN accounts h ON h.id = s.account_id \
     LEFT JOIN ratings r ON r.account_id = s.account_id AND r.pool = g.rating_pool \
     WHERE s.game_key = $1 ORDER BY s.seat";

/// The seat of `key` in a row of `game_seats`.
pub(crate) fn seat_from_columns(key: &GameKey, row: &SeatRow) -> Result<StoredSeat, StoreError> {
    let bad = |what: &str, value: i64| StoreError::Record {
        key: key.clone(),
        reason: format!("{what} {value} is out of range"),
    };
    let number = row.seat;
    let seat = u8::try_from(number).map_err(|_| bad("seat", number.into()))?;
    let holder = match (row.account_id, row.computer_level, row.invited_id) {
        (Some(id), _, _) => SeatHolder::Account(AccountId(id)),
        (None, Some(level), _) => {
            SeatHolder::Computer(u8::try_from(level).map_err(|_| bad("computer level", level.into()))?)
        }
        (None, None, Some(id)) => {
            let (account, name) = (AccountId(id), row.invited_name.clone().unwrap_or_default());
            if row.declined == Some(true) {
                SeatHolder::Declined { account, name }
            } else {
                SeatHolder::Invited { account, name }
            }
        }
        (None, None, None) => SeatHolder::Open,
    };
    let rating = match (&holder, row.seat_rating, row.seat_deviation) {
        (SeatHolder::Account(_), Some(rating), Some(deviation)) => {
            Some(crate::games::SeatRating { rating, deviation, change: row.rating_change })
        }
        _ => None,
    };
    Ok(StoredSeat { seat, holder, bot: row.holder_bot.unwrap_or(false), rating })
}

/// A record as JSON.
pub(crate) fn write_record(key: &GameKey, record: &GameRecord) -> Result<String, StoreError> {
    serde_json::to_string(record)
        .map_err(|e| StoreError::Record { key: key.clone(), reason: format!("the record cannot be written: {e}") })
}

/// A record from its JSON.
pub(crate) fn read_record(key: &GameKey, json: &str) -> Result<GameRecord, StoreError> {
    serde_json::from_str(json)
        .map_err(|e| StoreError::Record { key: key.clone(), reason: format!("the stored record cannot be read: {e}") })
}

/// The seat columns of a holder: account, computer level, invited
/// account, and whether it declined.
pub(crate) fn holder_columns(holder: &SeatHolder) -> (Option<i64>, Option<i32>, Option<i64>, bool) {
    match holder {
        SeatHolder::Account(id) => (Some(id.0), None, None, false),
        SeatHolder::Computer(level) => (None, Some(i32::from(*level)), None, false),
        SeatHolder::Open => (None, None, None, false),
        SeatHolder::Invited { account, .. } => (None, None, Some(account.0), false),
        SeatHolder::Declined { account, .. } => (None, None, Some(account.0), true),
    }
}
