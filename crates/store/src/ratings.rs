//! Ratings as the store keeps them: each account's Glicko-2 rating per
//! pool (a game and edition), updated in the transaction of the change
//! that ends a rated game, each change kept for the player's chart; and
//! the leaderboards read from them.

use arbiter_compete::glicko::{Rating, Settings};
use arbiter_compete::outcome::{Entrant, rate_game};
use arbiter_play::Timestamp;

use crate::games::{GameKey, SeatRating, StoredSeat};
pub use crate::rated_end::{RatedEnd, RatedSeat};

/// The rating system's settings (lichess's).
pub const SETTINGS: Settings = Settings::LICHESS;

/// An account's rating in one pool, as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredRating {
    /// The pool (`agog`, `agog/classic`…).
    pub pool: String,
    /// The rating, its deviation and volatility when last rated.
    pub glicko: Rating,
    /// How many rated games it counts.
    pub games: i64,
    /// When it was last rated.
    pub last_rated: Option<Timestamp>,
}

impl StoredRating {
    /// The rating as it stands at `now`: its deviation grown for the
    /// time since the last rated game.
    pub fn at(&self, now: Timestamp) -> Rating {
        self.glicko.after_idle(idle_days(self.last_rated, now), &SETTINGS)
    }
}

/// One point of a player's rating history.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingPoint {
    /// When the game that set it ended.
    pub at: Timestamp,
    /// The rating after it.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// The game.
    pub game: GameKey,
}

/// One line of a leaderboard.
#[derive(Clone, Debug, PartialEq)]
pub struct LeaderboardLine {
    /// The player's name.
    pub name: String,
    /// Their rating.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// Their rated games.
    pub games: i64,
}

/// Days from `last` (none: never rated) to `now`.
fn idle_days(last: Option<Timestamp>, now: Timestamp) -> f64 {
    last.map_or(0.0, |last| (now.unix() - last.unix()).max(0) as f64 / 86_400.0)
}

/// Makes the rating row of `$1` in pool `$2` if it has none: a new
/// player's rating `$3`, deviation `$4`, volatility `$5`.
pub(crate) const ENSURE_RATING: &str = "INSERT INTO ratings (account_id, pool, rating, deviation, volatility, games) \
     VALUES ($1, $2, $3, $4, $5, 0) ON CONFLICT (account_id, pool) DO NOTHING";

/// The rating of `$1` in pool `$2` (SQLite: its writer is alone).
pub(crate) const READ_RATING: &str =
    "SELECT rating, deviation, volatility, last_rated FROM ratings WHERE account_id = $1 AND pool = $2";

/// [`READ_RATING`] locking the row until the transaction ends
/// (PostgreSQL: two games of one player ending at once are rated one
/// after the other).
pub(crate) const READ_RATING_LOCKED: &str =
    "SELECT rating, deviation, volatility, last_rated FROM ratings WHERE account_id = $1 AND pool = $2 FOR UPDATE";

/// Sets the rating of `$1` in pool `$2`: `$3` rating, `$4` deviation,
/// `$5` volatility, rated at `$6`.
pub(crate) const WRITE_RATING: &str = "UPDATE ratings SET rating = $3, deviation = $4, volatility = $5, \
     games = games + 1, last_rated = $6 WHERE account_id = $1 AND pool = $2";

/// Keeps a point of `$1`'s history in pool `$2`: at `$3`, `$4` rating,
/// `$5` deviation, game `$6`.
pub(crate) const ADD_HISTORY: &str =
    "INSERT INTO rating_history (account_id, pool, at, rating, deviation, game_key) VALUES ($1, $2, $3, $4, $5, $6)";

/// Sets how seat `$2` of game `$1` came out in rating: `$3` after, `$4`
/// its deviation, `$5` the change.
pub(crate) const SET_SEAT_RATING: &str = "UPDATE game_seats SET rating_after = $3, deviation_after = $4, rating_change = $5 WHERE game_key = $1 AND seat = $2";

/// The ratings the seats of `end` read as `before` (in the order of
/// `end.seats`: rating, deviation, volatility, last rated) come to at
/// `now`: each seat's new rating and change.
pub(crate) fn ratings_after(
    end: &RatedEnd,
    before: &[(f64, f64, f64, Option<i64>)],
    now: Timestamp,
) -> Vec<(Rating, f64)> {
    let entrants: Vec<Entrant> = end
        .seats
        .iter()
        .zip(before)
        .map(|(seat, &(rating, deviation, volatility, last))| Entrant {
            before: Rating { rating, deviation, volatility },
            idle_days: idle_days(last.map(Timestamp::from_unix), now),
            place: seat.place,
            edge: seat.edge,
        })
        .collect();
    rate_game(&entrants, &SETTINGS)
        .into_iter()
        .zip(&entrants)
        .map(|(after, e)| (after, after.rating - e.before.rating))
        .collect()
}

/// The order in which `end`'s seats' rows are locked: by account, so
/// that two transactions never wait for each other.
pub(crate) fn lock_order(end: &RatedEnd) -> Vec<usize> {
    let mut order: Vec<usize> = (0..end.seats.len()).collect();
    order.sort_by_key(|&i| end.seats[i].account.0);
    order
}

/// Puts each rated seat's new rating and change on `seats`.
pub(crate) fn show_on_seats(end: &RatedEnd, after: &[(Rating, f64)], seats: &mut [StoredSeat]) {
    for (rated, (rating, change)) in end.seats.iter().zip(after) {
        if let Some(seat) = seats.iter_mut().find(|s| s.seat == rated.seat) {
            seat.rating =
                Some(SeatRating { rating: rating.rating, deviation: rating.deviation, change: Some(*change) });
        }
    }
}

/// Rates the players of `$end` (a [`RatedEnd`]) at `$now` in the
/// transaction `$tx` (for game `$key`), reading each rating with
/// `$read` ([`READ_RATING`] or [`READ_RATING_LOCKED`]), and puts the new
/// ratings on the seats `$seats`. Evaluates to a future of
/// `Result<(), StoreError>`.
macro_rules! rate_game_in {
    ($tx:ident, $end:expr, $key:expr, $now:expr, $read:expr, $seats:expr) => {
        async {
            let end: &$crate::ratings::RatedEnd = $end;
            let key: &$crate::games::GameKey = $key;
            let now: arbiter_play::Timestamp = $now;
            let initial = $crate::ratings::SETTINGS.initial;
            let mut before = vec![(0.0, 0.0, 0.0, None); end.seats.len()];
            for i in $crate::ratings::lock_order(end) {
                let account = end.seats[i].account.0;
                sqlx::query($crate::ratings::ENSURE_RATING)
                    .bind(account)
                    .bind(end.pool.as_str())
                    .bind(initial.rating)
                    .bind(initial.deviation)
                    .bind(initial.volatility)
                    .execute(&mut *$tx)
                    .await?;
                before[i] = sqlx::query_as::<_, (f64, f64, f64, Option<i64>)>($read)
                    .bind(account)
                    .bind(end.pool.as_str())
                    .fetch_one(&mut *$tx)
                    .await?;
            }
            let after = $crate::ratings::ratings_after(end, &before, now);
            for (seat, (rating, change)) in end.seats.iter().zip(&after) {
                sqlx::query($crate::ratings::WRITE_RATING)
                    .bind(seat.account.0)
                    .bind(end.pool.as_str())
                    .bind(rating.rating)
                    .bind(rating.deviation)
                    .bind(rating.volatility)
                    .bind(now.unix())
                    .execute(&mut *$tx)
                    .await?;
                sqlx::query($crate::ratings::ADD_HISTORY)
                    .bind(seat.account.0)
                    .bind(end.pool.as_str())
                    .bind(now.unix())
                    .bind(rating.rating)
                    .bind(rating.deviation)
                    .bind(key.0.as_str())
                    .execute(&mut *$tx)
                    .await?;
                sqlx::query($crate::ratings::SET_SEAT_RATING)
                    .bind(key.0.as_str())
                    .bind(i32::from(seat.seat))
                    .bind(rating.rating)
                    .bind(rating.deviation)
                    .bind(*change)
                    .execute(&mut *$tx)
                    .await?;
            }
            $crate::ratings::show_on_seats(end, &after, $seats);
            Ok::<(), $crate::error::StoreError>(())
        }
    };
}
pub(crate) use rate_game_in;
