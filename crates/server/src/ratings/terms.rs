//! The rating terms of a game: whether a new game is rated, the rating
//! range its open seats ask for, and whether an account may take a seat
//! under them.

use arbiter_api::{GameSummary, NewGame, SeatSpec};
use arbiter_play::GameRecord;
use arbiter_store::Account;

use crate::error::ApiError;

/// The widest rating range a game may ask for.
const RANGE_LIMITS: std::ops::RangeInclusive<i32> = 0..=4000;

/// Whether the game `new` that `creator` asks for is rated, and the
/// rating range its open seats ask for: rated by default between people
/// (no computer seat, the creator not a guest); a rated game with a
/// computer seat or made by a guest, or a range out of order or bounds,
/// is refused with 400.
pub fn new_game_terms(new: &NewGame, creator: &Account) -> Result<(bool, Option<[i32; 2]>), ApiError> {
    let computer = new.seats.iter().any(|s| matches!(s, SeatSpec::Computer { .. }));
    let rated = match new.rated {
        Some(true) if computer => {
            return Err(ApiError::malformed("'rated': a game with a computer seat is never rated"));
        }
        Some(true) if creator.guest => {
            return Err(ApiError::malformed(
                "'rated': a guest's games are never rated; make an account to play rated games",
            ));
        }
        Some(rated) => rated,
        None => !computer && !creator.guest,
    };
    let range = match new.rating_range {
        Some([low, high]) if low > high => {
            return Err(ApiError::malformed(format!("'rating_range': {low} is above {high}; give [lowest, highest]")));
        }
        Some([low, high]) if !RANGE_LIMITS.contains(&low) || !RANGE_LIMITS.contains(&high) => {
            return Err(ApiError::malformed(format!(
                "'rating_range': [{low}, {high}] is out of bounds; ratings are {} to {}",
                RANGE_LIMITS.start(),
                RANGE_LIMITS.end()
            )));
        }
        range => range,
    };
    Ok((rated, range))
}

/// Whether `account`, rated `rating` in the game's pool, may take one of
/// the open seats of the game `record`: a guest not in a rated game, and
/// nobody from outside its range (403 naming the range).
pub fn may_take_seat(record: &GameRecord, account: &Account, rating: f64) -> Result<(), ApiError> {
    if record.rated && account.guest {
        return Err(ApiError::forbidden(
            "this game is rated and guests play casual games only; make an account to take its seat",
        ));
    }
    if let Some([low, high]) = record.rating_range {
        let yours = rating.round() as i32;
        if !(low..=high).contains(&yours) {
            return Err(ApiError::forbidden(format!(
                "this game is for ratings {low} to {high} in {}; yours is {yours}",
                record.rating_pool()
            )));
        }
    }
    Ok(())
}

/// Whether a signed-in viewer rated `rating` in the game's pool (none: not
/// rated yet, so a new player's rating) may take a seat of the game
/// `summary` lists, as far as its rating range goes.
pub fn summary_in_range(summary: &GameSummary, rating: Option<f64>) -> bool {
    let rating = rating.unwrap_or(arbiter_store::RATING_SETTINGS.initial.rating).round() as i32;
    summary.rating_range.is_none_or(|[low, high]| (low..=high).contains(&rating))
}

/// The rating pool of the game `summary` lists: the game, and its
/// edition when not the default.
pub fn pool_of_summary(summary: &GameSummary) -> String {
    let default = arbiter_games::GameId::parse(&summary.game).ok().and_then(|g| g.info().default_variant());
    match summary.variant.as_deref() {
        Some(variant) if Some(variant) != default => format!("{}/{variant}", summary.game),
        _ => summary.game.clone(),
    }
}
