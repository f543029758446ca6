//! A new game from `POST /api/games`: its options checked as the command
//! line checks them, its seats, its clock, and the play layer's game.

use arbiter_api::{ClockSpec, NewGame, SeatSpec};
use arbiter_core::OptionValue;
use arbiter_games::GameId;
use arbiter_play::record::ClockSettings;
use arbiter_play::rounds::DEFAULT_ROUND_HOURS;
use arbiter_play::{GameRecord, Occupant, Timestamp};
use arbiter_store::{Account, AccountId, SeatHolder, StoredSeat};

use super::Match;
use super::options::{add_shorthand, read_options};
use crate::error::ApiError;

/// A game about to be stored.
pub struct NewTable {
    /// Its record.
    pub record: GameRecord,
    /// Who holds each seat.
    pub seats: Vec<StoredSeat>,
    /// The game, started.
    pub play: Match,
}

/// A person invited to a seat of a new game, by the name the seat gives.
#[derive(Clone, Debug)]
pub struct Invitee {
    /// The name as the seat gives it.
    pub asked: String,
    /// Their account.
    pub account: AccountId,
    /// Their name, as they gave it.
    pub name: String,
}

/// The names `new`'s seats invite (every `{"account": …}` but `me`).
pub fn invited_names(new: &NewGame) -> Vec<&str> {
    new.seats
        .iter()
        .filter_map(|spec| match spec {
            SeatSpec::Account { account } if account != "me" => Some(account.as_str()),
            _ => None,
        })
        .collect()
}

/// The game `new` asks for, created by `creator` at `now`, with the
/// people its seats invite found as `invitees`.
pub fn new_table(new: &NewGame, creator: &Account, invitees: &[Invitee], now: Timestamp) -> Result<NewTable, ApiError> {
    let game = GameId::parse(&new.game).map_err(|e| ApiError::malformed(e.to_string()))?;
    let info = game.info();
    let mut options = read_options(info, new.variant.as_deref(), new.options.as_ref())?;
    options = add_shorthand(options, info, "handicap", "handicap", new.handicap.map(OptionValue::Number))?;
    if info.option("seed").is_some() {
        options = add_shorthand(options, info, "seed", "seed", new.seed.map(OptionValue::Number))?;
    }
    options = add_shorthand(options, info, "at-blocked", "at_blocked", new.at_blocked.map(OptionValue::Switch))?;
    if let Some(key) = info.players.option
        && options.get(key).is_none()
    {
        options = options.with(key, OptionValue::Text(new.seats.len().to_string()));
    }
    let mut occupants = Vec::with_capacity(new.seats.len());
    let mut seats = Vec::with_capacity(new.seats.len());
    for (i, spec) in new.seats.iter().enumerate() {
        let seat = u8::try_from(i).map_err(|_| ApiError::malformed("a game has at most 12 seats"))?;
        let (occupant, holder) = match spec {
            SeatSpec::Account { account }
                if account == "me"
                    && seats.iter().any(|s: &StoredSeat| s.holder == SeatHolder::Account(creator.id)) =>
            {
                return Err(ApiError::malformed("'me': a player sits in one seat of a game"));
            }
            SeatSpec::Account { account } if account == "me" => {
                (Occupant::person(creator.name.clone()), SeatHolder::Account(creator.id))
            }
            SeatSpec::Account { account } => {
                let invitee = invitees
                    .iter()
                    .find(|i| i.asked == *account)
                    .ok_or_else(|| ApiError::malformed(format!("'{account}': no player has this name")))?;
                if invitee.account == creator.id {
                    return Err(ApiError::malformed(format!(
                        "'{account}': that is you; your own seat is {{\"account\": \"me\"}}"
                    )));
                }
                let twice = |s: &StoredSeat| matches!(s.holder, SeatHolder::Invited { account, .. } if account == invitee.account);
                if seats.iter().any(twice) {
                    return Err(ApiError::malformed(format!("'{account}': a player is invited to one seat of a game")));
                }
                (Occupant::default(), SeatHolder::Invited { account: invitee.account, name: invitee.name.clone() })
            }
            SeatSpec::Computer { computer } if (1..=10).contains(computer) => {
                (Occupant::computer(*computer, format!("computer {computer}")), SeatHolder::Computer(*computer))
            }
            SeatSpec::Computer { computer } => {
                return Err(ApiError::malformed(format!("'{computer}': a computer's level is 1 to 10")));
            }
            SeatSpec::Open { open: true } => (Occupant::default(), SeatHolder::Open),
            SeatSpec::Open { open: false } => {
                return Err(ApiError::malformed("'open': a seat is {\"open\": true}, \"me\" or a computer"));
            }
        };
        occupants.push(occupant);
        let bot = creator.bot && holder == SeatHolder::Account(creator.id);
        seats.push(StoredSeat { seat, holder, bot, rating: None });
    }
    if !seats.iter().any(|s| s.holder == SeatHolder::Account(creator.id)) {
        return Err(ApiError::malformed(
            "'seats': the creator of a game holds one of its seats ({\"account\": \"me\"}); \
             games of the computer alone are played with arbiter arena",
        ));
    }
    let clock = clock_settings(game, new.clock, new.vacation)?;
    let (rated, rating_range) = crate::ratings::terms::new_game_terms(new, creator)?;
    let mut record = GameRecord::new(game, options);
    record.rated = rated;
    record.rating_range = rating_range;
    record.seats = occupants;
    record.clock = clock;
    record.seed = new.seed;
    let play = Match::start(&record, now)?;
    Ok(NewTable { record: play.record(), seats, play })
}

/// The clock of a game, checked against what the game can have.
/// `vacation`: whether a player's vacation stops their clock (default
/// yes; only a game with a time per move has a clock to stop).
fn clock_settings(
    game: GameId,
    clock: Option<ClockSpec>,
    vacation: Option<bool>,
) -> Result<Option<ClockSettings>, ApiError> {
    if game.is_simultaneous() && vacation.is_some() {
        return Err(ApiError::malformed(format!(
            "'vacation': {game} is played in rounds, whose deadlines are the referee's and never stop"
        )));
    }
    if vacation.is_some() && clock.and_then(|c| c.days_per_move).is_none() {
        return Err(ApiError::malformed("'vacation': only a game with days_per_move has a clock to stop"));
    }
    let Some(clock) = clock else { return Ok(None) };
    if game.is_simultaneous() {
        if clock.days_per_move.is_some() {
            return Err(ApiError::malformed(format!("'days_per_move': {game} is played in rounds; give round_hours")));
        }
        let hours = clock.round_hours.unwrap_or(DEFAULT_ROUND_HOURS);
        if !(1..=24 * 365).contains(&hours) {
            return Err(ApiError::malformed(format!("'{hours}': round_hours is 1 to 8760")));
        }
        Ok(Some(ClockSettings {
            days_per_move: None,
            round_hours: Some(hours),
            close_early: clock.close_early.unwrap_or(false),
            no_vacation: false,
        }))
    } else {
        if clock.round_hours.is_some() || clock.close_early.is_some() {
            return Err(ApiError::malformed(format!("'round_hours': {game} is played in turns; give days_per_move")));
        }
        match clock.days_per_move {
            Some(days) if (1..=365).contains(&days) => Ok(Some(ClockSettings {
                days_per_move: Some(days),
                round_hours: None,
                close_early: false,
                no_vacation: vacation == Some(false),
            })),
            Some(days) => Err(ApiError::malformed(format!("'{days}': days_per_move is 1 to 365"))),
            None => Ok(None),
        }
    }
}

/// The rematch of the finished game `old`, made at `now`: the same game
/// and options, the seats turned round in a game of two (in a game of
/// more, the same seats). The people in `seated` (who offered and who
/// accepted) take their seats at once; any other person of the old game
/// is invited to theirs; the computer keeps its level.
pub fn rematch_table(old: &super::Table, seated: &[AccountId], now: Timestamp) -> Result<NewTable, ApiError> {
    let record = &old.stored.record;
    let count = old.stored.seats.len();
    let from = |new: usize| if count == 2 { 1 - new } else { new };
    let mut occupants = Vec::with_capacity(count);
    let mut seats = Vec::with_capacity(count);
    for new in 0..count {
        let held = &old.stored.seats[from(new)];
        let name = record.seats.get(usize::from(held.seat)).and_then(|o| o.name.clone()).unwrap_or_default();
        let (occupant, holder) = match &held.holder {
            SeatHolder::Account(a) if seated.contains(a) => (Occupant::person(name), SeatHolder::Account(*a)),
            SeatHolder::Account(a) => (Occupant::default(), SeatHolder::Invited { account: *a, name }),
            SeatHolder::Computer(level) => {
                (Occupant::computer(*level, format!("computer {level}")), SeatHolder::Computer(*level))
            }
            SeatHolder::Open | SeatHolder::Invited { .. } | SeatHolder::Declined { .. } => {
                (Occupant::default(), SeatHolder::Open)
            }
        };
        occupants.push(occupant);
        let bot = held.bot && matches!(holder, SeatHolder::Account(_));
        seats.push(StoredSeat { seat: u8::try_from(new).unwrap_or(u8::MAX), holder, bot, rating: None });
    }
    let mut fresh = GameRecord::new(record.game, record.options.clone());
    fresh.seats = occupants;
    fresh.clock = record.clock;
    fresh.seed = record.seed;
    fresh.rated = record.rated;
    let play = Match::start(&fresh, now)?;
    Ok(NewTable { record: play.record(), seats, play })
}

/// A game of the tournament `tournament` under `settings`, between
/// `players` (account, name, whether a bot's) in seat order, made at
/// `now`: every seat taken, the clock the tournament's (a game of rounds:
/// 24 hours a round for each day, closing as soon as every play is in).
pub fn tournament_table(
    game: GameId,
    settings: &crate::tournaments::Settings,
    players: &[(AccountId, String, bool)],
    tournament: i64,
    now: Timestamp,
) -> Result<NewTable, ApiError> {
    let info = game.info();
    let mut options = read_options(info, settings.variant.as_deref(), settings.options.as_ref())?;
    if let Some(key) = info.players.option {
        options = options.with(key, OptionValue::Text(players.len().to_string()));
    }
    let mut occupants = Vec::with_capacity(players.len());
    let mut seats = Vec::with_capacity(players.len());
    for (i, (account, name, bot)) in players.iter().enumerate() {
        let seat = u8::try_from(i).map_err(|_| ApiError::malformed("a game has at most 12 seats"))?;
        occupants.push(Occupant::person(name.clone()));
        seats.push(StoredSeat { seat, holder: SeatHolder::Account(*account), bot: *bot, rating: None });
    }
    let clock = if game.is_simultaneous() {
        ClockSettings {
            days_per_move: None,
            round_hours: Some(settings.days_per_move.saturating_mul(24)),
            close_early: true,
            no_vacation: false,
        }
    } else {
        ClockSettings {
            days_per_move: Some(settings.days_per_move),
            round_hours: None,
            close_early: false,
            no_vacation: !settings.vacation,
        }
    };
    let mut record = GameRecord::new(game, options);
    record.rated = settings.rated;
    record.tournament = Some(tournament);
    record.seats = occupants;
    record.clock = Some(clock);
    let play = Match::start(&record, now)?;
    Ok(NewTable { record: play.record(), seats, play })
}
