//! Games as the store keeps them: the whole record, plus the columns the
//! server looks games up by (state, seats, deadline, times).

use std::fmt;

use arbiter_play::{GameRecord, Timestamp};

use crate::accounts::AccountId;
pub use crate::key::GameKey;

/// Where a game is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameState {
    /// Waiting for players to take its open seats.
    Open,
    /// Being played.
    Active,
    /// Over.
    Finished,
}

impl GameState {
    /// Every state.
    pub const ALL: [GameState; 3] = [GameState::Open, GameState::Active, GameState::Finished];

    /// The state as stored: `open`, `active` or `finished`.
    pub fn as_str(self) -> &'static str {
        match self {
            GameState::Open => "open",
            GameState::Active => "active",
            GameState::Finished => "finished",
        }
    }

    /// Reads a state as [`GameState::as_str`] writes it.
    pub fn parse(text: &str) -> Option<GameState> {
        GameState::ALL.into_iter().find(|s| s.as_str() == text)
    }
}

impl fmt::Display for GameState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Who holds a seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatHolder {
    /// A person with an account.
    Account(AccountId),
    /// The computer at this level.
    Computer(u8),
    /// Nobody yet: anyone may take it.
    Open,
    /// Nobody yet, but kept for one invited account: only it may take the
    /// seat (or decline it).
    Invited {
        /// The account invited.
        account: AccountId,
        /// Its name, as it was given.
        name: String,
    },
    /// Nobody: the account invited declined, and the seat waits for the
    /// game's creator to invite someone else or open it. Nobody may take
    /// it meanwhile.
    Declined {
        /// The account that declined.
        account: AccountId,
        /// Its name.
        name: String,
    },
}

impl SeatHolder {
    /// Whether nobody holds the seat yet (open, kept for someone invited,
    /// or declined by them).
    pub fn is_free(&self) -> bool {
        matches!(self, SeatHolder::Open | SeatHolder::Invited { .. } | SeatHolder::Declined { .. })
    }
}

/// A seat of a game and who holds it.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredSeat {
    /// The seat's number, from 0 in the game's seat order.
    pub seat: u8,
    /// Who holds it.
    pub holder: SeatHolder,
    /// Whether the account holding it is a bot's (always `false` for a
    /// seat no account holds).
    pub bot: bool,
    /// The rating in the game's pool of the account holding it: after the
    /// game, with its change, once a rated game is over; else as it is
    /// now. `None`: no account holds the seat, or it has no rating yet.
    pub rating: Option<SeatRating>,
}

/// A seated player's rating, as a game shows it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SeatRating {
    /// The rating.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// How much the game changed it, once a rated game is over.
    pub change: Option<f64>,
}

/// A game as stored.
#[derive(Clone, Debug)]
pub struct StoredGame {
    /// Its key.
    pub key: GameKey,
    /// Its record: read from the store, the whole record; as a change
    /// returns it, the record the change wrote (without the moves it did
    /// not write whole).
    pub record: GameRecord,
    /// Where it is in its life.
    pub state: GameState,
    /// Its version: 1 when created, one more with every change.
    pub version: i64,
    /// Its seats, in seat order.
    pub seats: Vec<StoredSeat>,
    /// When something must happen to it (a move is due, a round closes).
    pub deadline: Option<Timestamp>,
    /// When it was created.
    pub created: Timestamp,
    /// When it last changed.
    pub updated: Timestamp,
    /// Who created it (none for games stored before creators were kept).
    pub creator: Option<AccountId>,
    /// A private game's invite code: the game is in no public list, and
    /// its open seats are taken with the code. `None`: a public game.
    pub invite: Option<String>,
    /// The offers standing (a takeback, a draw, a rematch).
    pub offers: Vec<crate::offers::Offer>,
    /// The game an accepted rematch made.
    pub rematch: Option<GameKey>,
    /// Its players' conditional lines: the server's alone, never shown to
    /// anyone but each line's author.
    pub conditionals: crate::conditionals::Conditionals,
}

impl StoredGame {
    /// Whether anyone may take one of its seats (an open seat, not one
    /// kept for someone invited): what the lobby lists.
    pub fn has_open_seat(&self) -> bool {
        self.seats.iter().any(|s| s.holder == SeatHolder::Open)
    }
}

/// A game to create.
#[derive(Clone, Debug)]
pub struct NewGame {
    /// Its key (no other game may have it).
    pub key: GameKey,
    /// Its record.
    pub record: GameRecord,
    /// Where it is in its life.
    pub state: GameState,
    /// Its seats.
    pub seats: Vec<StoredSeat>,
    /// When something must happen to it.
    pub deadline: Option<Timestamp>,
    /// The time now.
    pub now: Timestamp,
    /// Who creates it.
    pub creator: Option<AccountId>,
    /// A private game's invite code (`None`: a public game).
    pub invite: Option<String>,
    /// The seats whose move (or play) it awaits, a bit each (seat 0 the
    /// lowest); `None`: not known.
    pub awaited: Option<i64>,
    /// Mail that tells of it, queued with it.
    pub mail: Vec<crate::mail::NewMail>,
    /// If the game has a computer seat: how many unfinished games with a
    /// computer seat its creator may have, this one included
    /// ([`StoreError::TooManyGames`](crate::StoreError::TooManyGames)
    /// beyond).
    pub computer_games_limit: Option<u32>,
}

impl NewGame {
    /// Whether the computer holds one of its seats.
    pub fn has_computer(&self) -> bool {
        self.seats.iter().any(|s| matches!(s.holder, SeatHolder::Computer(_)))
    }
}

/// A change to a game: its new record, state and deadline, and perhaps a
/// seat taken by an account.
#[derive(Clone, Debug)]
pub struct GameUpdate {
    /// The record now, without its moves (`moves` says which to write);
    /// if it holds moves, they are the game's moves, written whole.
    pub record: GameRecord,
    /// The moves to write (with a record that holds none).
    pub moves: crate::game_moves::MovesWrite,
    /// The seats whose move (or play) the game awaits now, a bit each
    /// (seat 0 the lowest); `None`: not known.
    pub awaited: Option<i64>,
    /// The seats as the change found them, if it neither takes nor
    /// declines one: the game comes back with them instead of reading
    /// them again. `None`: read back.
    pub seats: Option<Vec<StoredSeat>>,
    /// The state now.
    pub state: GameState,
    /// The deadline now.
    pub deadline: Option<Timestamp>,
    /// An open seat that the account takes (or a seat kept for it, which
    /// it accepts).
    pub seat_taken: Option<(u8, AccountId)>,
    /// A seat kept for the account, which it declines: the seat waits for
    /// the creator.
    pub seat_declined: Option<(u8, AccountId)>,
    /// A seat nobody holds, which the creator fills anew: kept for the
    /// account now invited, or open to anyone (`None`).
    pub seat_refilled: Option<(u8, Option<AccountId>)>,
    /// A seat the account holds and leaves before the game has begun: it
    /// is open again.
    pub seat_left: Option<(u8, AccountId)>,
    /// The offers standing now.
    pub offers: Vec<crate::offers::Offer>,
    /// The game an accepted rematch made.
    pub rematch: Option<GameKey>,
    /// Mail that tells of the change, queued with it.
    pub mail: Vec<crate::mail::NewMail>,
    /// The players to rate, if the change ends a rated game: rated in the
    /// same transaction, so a game is rated exactly when it ends.
    pub rated_end: Option<crate::rated_end::RatedEnd>,
    /// Notices that tell of the change, kept with it (and announced to
    /// the other servers when it is committed).
    pub notices: Vec<crate::notices::NewNotice>,
    /// The game's row as the change found it (at the version it was made
    /// from): given, SQLite's writer neither returns the columns a game
    /// keeps nor writes those the change left as they were, each an index
    /// entry less to rewrite (PostgreSQL's statement returns them at no
    /// cost and writes every column). `None`: read back, all written.
    pub found: Option<FoundColumns>,
    /// The conditional lines as the change found them, and as it leaves
    /// them if it changed them.
    pub conditionals: crate::conditionals::ConditionalsWrite,
    /// The time now.
    pub now: Timestamp,
}

/// A game's row as a change found it: the columns it keeps through every
/// change once it is made (when, by whom, its invitation) and those a
/// change may leave as they were (its state, deadline, offers, rematch).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FoundColumns {
    /// When it was made.
    pub created: Timestamp,
    /// Who made it.
    pub creator: Option<AccountId>,
    /// Its invitation code, if it is private.
    pub invite: Option<String>,
    /// Its state.
    pub state: GameState,
    /// Its deadline.
    pub deadline: Option<Timestamp>,
    /// The offers standing.
    pub offers: Vec<crate::offers::Offer>,
    /// The game an accepted rematch made.
    pub rematch: Option<GameKey>,
}

impl FoundColumns {
    /// The row of `game` as it is stored.
    pub fn of(game: &StoredGame) -> FoundColumns {
        FoundColumns {
            created: game.created,
            creator: game.creator,
            invite: game.invite.clone(),
            state: game.state,
            deadline: game.deadline,
            offers: game.offers.clone(),
            rematch: game.rematch.clone(),
        }
    }
}

/// Which games [`Store::games`](crate::Store::games) lists.
#[derive(Clone, Debug, Default)]
pub struct GameFilter {
    /// Only games in this state.
    pub state: Option<GameState>,
    /// Only games where this account holds a seat.
    pub account: Option<AccountId>,
    /// Only games not over with a seat kept for this account (its
    /// invitations).
    pub invited: Option<AccountId>,
    /// Leave private games out (every public list does).
    pub public: bool,
    /// Only games after this one in the list's order (the newest change
    /// first): the next page of a list whose last game was this one.
    pub after: Option<GameKey>,
    /// At most this many (0 or less: 100).
    pub limit: i64,
}

impl GameFilter {
    /// How many games to list at most.
    pub(crate) fn limit(&self) -> i64 {
        if self.limit <= 0 { 100 } else { self.limit }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn states_read_back() {
        for state in GameState::ALL {
            assert_eq!(GameState::parse(state.as_str()), Some(state));
        }
        assert_eq!(GameState::parse("Open"), None);
    }
}
