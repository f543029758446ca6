//! A game loaded from the store, ready to be shown or changed: the play
//! layer's [`Match`] (turns or rounds, behind one interface), with who
//! holds each seat.

pub mod conditionals;
mod create;
mod made;
mod offers;
mod options;
mod view;

pub use create::{Invitee, NewTable, invited_names, new_table, rematch_table, tournament_table};
pub use made::Made;
pub use offers::{offer_kinds, offer_refused};
pub use options::read_options;

use std::sync::{Mutex, OnceLock};

use arbiter_core::Seat;
pub use arbiter_play::Match;
use arbiter_play::{GameRecord, PlayError, Timestamp};
use arbiter_store::{AccountId, GameState, SeatHolder, StoredGame};
use axum::extract::ws::Utf8Bytes;

/// A stored game with its play loaded.
#[derive(Debug)]
pub struct Table {
    /// The game as stored.
    pub stored: StoredGame,
    /// The game being played.
    pub play: Match,
    /// The change that made this version, where this server knows it.
    pub made: Option<Made>,
    /// The view every spectator gets, as the message sockets send, made
    /// once for this version of the game.
    spectator: OnceLock<Utf8Bytes>,
    /// The moves as the view writes them, formatted once for this version.
    moves: OnceLock<Vec<String>>,
    /// The change message every spectator who saw the version before
    /// gets, made once.
    spectator_change: OnceLock<Utf8Bytes>,
    /// The change messages made for players, by the seats they hold:
    /// every socket of one seat shares one.
    player_changes: Mutex<Vec<(Vec<Seat>, Utf8Bytes)>>,
    /// In a turn-based game, the change message as every viewer gets it
    /// but for the legal moves of the one to move (`None` when the board
    /// cannot be told as a change), made once.
    turn_change: OnceLock<Option<Utf8Bytes>>,
    /// What changed on the board since the version of the first `.0`
    /// moves: in a turn-based game every viewer sees the same board, so it
    /// is worked out once for the spectators and every player.
    board_change: OnceLock<(usize, Option<arbiter_core::BoardChange>)>,
}

impl Clone for Table {
    /// A copy to change: it shares nothing made from the original.
    fn clone(&self) -> Table {
        Table::new(self.stored.clone(), self.play.clone())
    }
}

impl Table {
    /// The game `stored`, played as `play`.
    pub fn new(stored: StoredGame, play: Match) -> Table {
        Table {
            stored,
            play,
            made: None,
            spectator: OnceLock::new(),
            moves: OnceLock::new(),
            spectator_change: OnceLock::new(),
            player_changes: Mutex::new(Vec::new()),
            turn_change: OnceLock::new(),
            board_change: OnceLock::new(),
        }
    }

    /// This version, made by `made`.
    pub fn made_by(mut self, made: Made) -> Table {
        self.made = Some(made);
        self
    }

    /// How this version was made, if it was made from `version` and a
    /// viewer shown that version can follow it with the `change` message.
    pub fn continues_from(&self, version: i64) -> Option<&Made> {
        self.made.as_ref().filter(|m| m.from == version && m.continues())
    }

    /// Loads a stored game: its record replays through the play layer,
    /// which keeps the moves from then on (the stored record keeps the
    /// rest, so copying the table costs the same at any ply).
    pub fn load(mut stored: StoredGame) -> Result<Table, PlayError> {
        let play = Match::from_record(&stored.record)?;
        stored.record.moves = Vec::new();
        Ok(Table::new(stored, play))
    }

    /// The message a spectator's socket sends for this version of the
    /// game (`{"type": "view", …}`), made once and shared.
    pub fn spectator_message(&self) -> Utf8Bytes {
        self.spectator
            .get_or_init(|| {
                let message = arbiter_api::ServerMessage::View { view: Box::new(self.view(None)) };
                Utf8Bytes::from(serde_json::to_string(&message).unwrap_or_default())
            })
            .clone()
    }

    /// The `change` message for a spectator who saw the version this one
    /// was made from (`{"type": "change", …}`), made once and shared.
    /// (The whole view, should the board not be told as a change.)
    pub fn spectator_change(&self, made: &Made) -> Utf8Bytes {
        self.spectator_change
            .get_or_init(|| {
                let change = self.shared_change(made).unwrap_or_else(|| self.change(None, made).map(change_text));
                change.unwrap_or_else(|| self.spectator_message())
            })
            .clone()
    }

    /// In a turn-based game (`None` otherwise), the change message every
    /// viewer gets but the player to move, who gets it with their legal
    /// moves added: made once. `Some(None)` when the board cannot be told
    /// as a change.
    fn shared_change(&self, made: &Made) -> Option<Option<Utf8Bytes>> {
        if !matches!(self.play, Match::Turns(_)) {
            return None;
        }
        let text = self.turn_change.get_or_init(|| self.change(None, made).map(change_text));
        Some(text.clone())
    }

    /// The `change` message for `account`'s sockets that saw the version
    /// this one was made from, made once per seat and shared by every
    /// socket of it (a player's own pending play is in it: it goes to that
    /// seat only).
    pub fn player_change(&self, account: AccountId, made: &Made) -> Utf8Bytes {
        let seats = self.seats_of(account);
        // A turn-based game tells every viewer the same but the legal
        // moves of the one to move: written once, those added to it.
        let to_move = self.to_move();
        let moving = seats.iter().copied().find(|s| to_move.contains(s));
        let shared = match self.shared_change(made) {
            Some(Some(shared)) if moving.is_none() => return shared,
            Some(shared) => shared,
            None => None,
        };
        let mut cached = self.player_changes.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((_, text)) = cached.iter().find(|(s, _)| *s == seats) {
            return text.clone();
        }
        let text = match (shared, moving) {
            (Some(shared), Some(seat)) => with_legal(&shared, &self.play.legal_for(seat)),
            _ => match self.change(Some(account), made) {
                Some(change) => change_text(change),
                None => view_text(self.view(Some(account))),
            },
        };
        cached.push((seats, text.clone()));
        text
    }

    /// The game as a record, as the play layer has it now.
    pub fn record(&self) -> GameRecord {
        self.play.record()
    }

    /// The position now.
    pub fn position(&self) -> &arbiter_games::AnyGame {
        self.play.position()
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.play.is_over()
    }

    /// The number a move names as its `ply`: moves played, or the round.
    pub fn ply(&self) -> u64 {
        self.play.ply()
    }

    /// The state the store files it under.
    pub fn state(&self) -> GameState {
        if self.is_over() {
            GameState::Finished
        } else if self.stored.seats.iter().any(|s| s.holder.is_free()) {
            GameState::Open
        } else {
            GameState::Active
        }
    }

    /// When the game next needs the server without anyone asking: the
    /// player to move runs out of time, or the round closes.
    pub fn deadline(&self) -> Option<Timestamp> {
        if self.state() != GameState::Active {
            return None;
        }
        self.play.deadline()
    }

    /// The seats whose move (or play) the game awaits, a bit each (seat 0
    /// the lowest), as the store keeps them for the "your turn" count: the
    /// seats to move, less those whose play for the round is in.
    pub fn awaited(&self) -> i64 {
        self.to_move()
            .into_iter()
            .filter(|&seat| self.play.round_view(arbiter_play::Viewer::Seat(seat)).is_none_or(|r| r.my_play.is_none()))
            .fold(0, |bits, seat| bits | 1 << seat.0)
    }

    /// The seats `account` holds.
    pub fn seats_of(&self, account: AccountId) -> Vec<Seat> {
        self.stored.seats.iter().filter(|s| s.holder == SeatHolder::Account(account)).map(|s| Seat(s.seat)).collect()
    }

    /// Whether `viewer` (an account, or someone signed out) may see the
    /// game: anyone a game that is not private; a private one its
    /// players, its creator, the accounts invited to it, and whoever
    /// brings its invite code (`invite`, from its invite link).
    pub fn may_watch(&self, viewer: Option<AccountId>, invite: Option<&str>) -> bool {
        let Some(code) = self.stored.invite.as_deref() else {
            return true;
        };
        if invite == Some(code) {
            return true;
        }
        let Some(account) = viewer else {
            return false;
        };
        self.stored.creator == Some(account)
            || self.stored.seats.iter().any(|s| match &s.holder {
                SeatHolder::Account(a) | SeatHolder::Invited { account: a, .. } => *a == account,
                _ => false,
            })
    }

    /// The name of the player who created the game, if known (the
    /// creator holds a seat of it).
    pub fn creator_name(&self) -> Option<String> {
        let seat = self.seats_of(self.stored.creator?).first().copied()?;
        self.stored.record.seats.get(seat.index()).and_then(|o| o.name.clone())
    }

    /// Whether anything has been played: a move, a closed round, or a
    /// play in the first round. Until then its creator may call it off.
    pub fn has_begun(&self) -> bool {
        self.play.move_count() > 0
            || self.play.round_view(arbiter_play::Viewer::Spectator).is_some_and(|r| r.plays_in > 0)
    }

    /// The seat's label, as position strings write it (`w`, `A`).
    pub fn label(&self, seat: Seat) -> String {
        self.position().seat_label(seat)
    }
}

/// A view message as sockets send it.
fn view_text(view: arbiter_api::GameView) -> Utf8Bytes {
    let message = arbiter_api::ServerMessage::View { view: Box::new(view) };
    Utf8Bytes::from(serde_json::to_string(&message).unwrap_or_default())
}

/// `shared`, a `change` message written without legal moves, with
/// `legal` added as its last field (where [`arbiter_api::ChangeMessage`]
/// writes it).
fn with_legal(shared: &str, legal: &[arbiter_core::LegalMove]) -> Utf8Bytes {
    let Some(open) = shared.strip_suffix('}') else { return Utf8Bytes::from(shared) };
    // About 40 bytes a move: its text, two or three steps, a choice.
    let mut text = String::with_capacity(open.len() + 12 + 40 * legal.len());
    text.push_str(open);
    text.push_str(",\"legal\":");
    arbiter_core::write_legal_json(legal, &mut text);
    text.push('}');
    Utf8Bytes::from(text)
}

/// A change message as sockets send it.
fn change_text(change: arbiter_api::ChangeMessage) -> Utf8Bytes {
    let message = arbiter_api::ServerMessage::Change(Box::new(change));
    Utf8Bytes::from(serde_json::to_string(&message).unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use crate::bench::MovePath;

    #[tokio::test]
    async fn every_viewer_is_told_what_a_change_message_of_their_own_says() {
        // The change written once and shared, the legal moves added for
        // the player to move, reads as the message made for each viewer.
        for game in ["agog", "sage", "ogama"] {
            let dir = tempfile::tempdir().unwrap();
            let mut path = MovePath::open(&dir.path().join("moves.sqlite")).await.unwrap();
            let mut played = path.new_game(game, 4).await.unwrap().expect("a game that goes on");
            for _ in 0..6 {
                assert!(path.play(&mut played).await.unwrap(), "{game}: a move that leaves the game going");
                let table = played.table.clone();
                let made = table.made.as_ref().expect("made by a move");
                let viewers = [None, Some(path.players[0].id), Some(path.players[1].id)];
                let mut legal_told = 0;
                for viewer in viewers {
                    let told = match viewer {
                        None => table.spectator_change(made),
                        Some(account) => table.player_change(account, made),
                    };
                    let told: serde_json::Value = serde_json::from_str(&told).unwrap();
                    let own = table.change(viewer, made).expect("the board told as a change");
                    let own = serde_json::to_value(arbiter_api::ServerMessage::Change(Box::new(own))).unwrap();
                    assert_eq!(told, own, "{game} at ply {}, viewer {viewer:?}", table.ply());
                    legal_told +=
                        usize::from(told.get("legal").is_some_and(|l| l.as_array().is_some_and(|l| !l.is_empty())));
                }
                assert_eq!(legal_told, 1, "{game}: only the player to move is told their moves");
            }
        }
    }
}
