//! What a viewer may see of a game: the game view and the summary. A
//! pending play in a round is shown to its own player only; others
//! learn how many plays are in, never whose or which.

use std::collections::BTreeMap;

use arbiter_api::{
    ChangeMessage, GameSummary, GameView, MoveNumbering, Outcome, RoundsChange, RoundsView, SeatKind, SeatView,
    StatusView,
};
use arbiter_core::{BoardChange, BoardModel, EndReason, GameStatus, Seat};
use arbiter_play::Viewer;
use arbiter_store::{AccountId, GameState, SeatHolder};

use super::{Made, Match, Table};

impl Table {
    /// The game as `viewer` (an account, or nobody signed in) may see it.
    pub fn view(&self, viewer: Option<AccountId>) -> GameView {
        let you = viewer.map(|a| self.seats_of(a)).unwrap_or_default();
        let to_move = self.to_move();
        let legal = you.iter().find(|s| to_move.contains(s)).map(|&seat| self.play.legal_for(seat));
        let record = self.record();
        let moves = self.moves().to_vec();
        let rounds = self.rounds_view(you.first().copied());
        GameView {
            id: self.stored.key.0.clone(),
            game: record.game.as_str().to_string(),
            variant: record.options.variant.clone(),
            options: options_json(&record.options),
            seats: self.seat_views(),
            you: you.iter().map(|&s| self.label(s)).collect(),
            to_move: to_move.iter().map(|&s| self.label(s)).collect(),
            ply: self.ply(),
            version: self.stored.version,
            position: self.position().position_string(),
            board: self.board(you.first().copied()),
            last_move: self.last_move(),
            moves,
            numbering: self.numbering(),
            status: self.status_view(),
            legal,
            deadline: self.deadline().map(|d| d.rfc3339()),
            rounds: rounds.clone(),
            scg: rounds,
            created: self.stored.created.rfc3339(),
            updated: self.stored.updated.rfc3339(),
            creator: self.creator_name(),
            private: self.stored.invite.is_some(),
            invite: self.stored.invite.clone().filter(|_| viewer.is_some() && viewer == self.stored.creator),
            offers: self
                .stored
                .offers
                .iter()
                .map(|o| arbiter_api::OfferView {
                    kind: o.kind.as_str().to_string(),
                    by: self.label(Seat(o.by)),
                    ply: o.ply,
                })
                .collect(),
            rematch: self.stored.rematch.as_ref().map(|k| k.0.clone()),
            rated: self.stored.record.rated,
            rating_range: self.stored.record.rating_range,
            tournament: self.stored.record.tournament,
            vacation: self.play.stops_for_vacation(),
            days_per_move: self.stored.record.clock.and_then(|c| c.days_per_move),
        }
    }

    /// What changed for `viewer` since the version `made` was made from:
    /// the moves added, what changed on the board the viewer was shown,
    /// and the game as it stands. `None` when the board cannot be told as
    /// a change (its grid is not the one shown): the viewer needs the
    /// whole view.
    pub fn change(&self, viewer: Option<AccountId>, made: &Made) -> Option<ChangeMessage> {
        let you = viewer.map(|a| self.seats_of(a)).unwrap_or_default();
        let seat = you.first().copied();
        let to_move = self.to_move();
        let seen = made.moves_before;
        let moves_added = self.play.move_texts_from(seen);
        let records_added = Some(self.play.record_texts_from(seen)).filter(|records| *records != moves_added);
        let rounds = self.rounds_change(seat, seen);
        Some(ChangeMessage {
            ply: self.ply(),
            version: self.stored.version,
            from: made.from,
            moves_added,
            records_added,
            position: self.position().position_string(),
            board: self.board_change(seat, seen)?,
            to_move: to_move.iter().map(|&s| self.label(s)).collect(),
            status: self.status_view(),
            deadline: self.deadline().map(|d| d.rfc3339()),
            legal: you.iter().find(|s| to_move.contains(s)).map(|&seat| self.play.legal_for(seat)),
            rounds: rounds.clone(),
            scg: rounds,
            updated: self.stored.updated.rfc3339(),
        })
    }

    /// What changed on the board `seat` (or a spectator) sees since the
    /// version of the first `seen` moves (closed rounds). A player of a
    /// round is shown their own pending play: every cell they sent a play
    /// for in the round they were shown is in the change, so that a play
    /// replaced or resolved leaves no mark behind.
    fn board_change(&self, seat: Option<Seat>, seen: usize) -> Option<BoardChange> {
        if matches!(self.play, Match::Turns(_)) {
            let (made_for, change) = self.board_change.get_or_init(|| (seen, self.board_change_seen_by(None, seen)));
            if *made_for == seen {
                return change.clone();
            }
        }
        self.board_change_seen_by(seat, seen)
    }

    /// [`Table::board_change`], worked out for `seat` (or a spectator).
    fn board_change_seen_by(&self, seat: Option<Seat>, seen: usize) -> Option<BoardChange> {
        // A turn-based game tells what changed from its positions, without
        // drawing either board whole (the same change: every viewer of it
        // sees one board).
        if let Match::Turns(session) = &self.play {
            let line = session.line();
            let count = line.moves().len();
            if seen < count {
                let before = line.positions().get(seen)?;
                let from = line.positions().get(count - 1)?;
                let mut change = self.position().board_change_after(before, from, line.moves().get(count - 1)?)?;
                self.play.end_notes(&mut change.notes);
                return Some(change);
            }
        }
        let before = self.spectator_board_at(seen)?;
        let after = self.board(seat);
        let mut change = after.changes_since(&before)?;
        if let (Some(seat), Match::Rounds(rounds)) = (seat, &self.play) {
            let sent: Vec<String> = match rounds.closed_rounds().get(seen) {
                Some(closed) => closed.submissions.iter().filter(|s| s.seat == seat).map(|s| s.text.clone()).collect(),
                None => {
                    let label = self.label(seat);
                    let open = self.record().open_round;
                    open.into_iter().flat_map(|o| o.submissions).filter(|s| s.seat == label).map(|s| s.play).collect()
                }
            };
            for cell in sent {
                change.include_cell(&after, &cell);
            }
        }
        Some(change)
    }

    /// The board a spectator was shown when the game had its first `seen`
    /// moves (closed rounds): the position then, its last move marked.
    fn spectator_board_at(&self, seen: usize) -> Option<BoardModel> {
        if seen == self.play.move_count() {
            return Some(self.board(None));
        }
        match &self.play {
            Match::Turns(session) => {
                let line = session.line();
                let here = line.positions().get(seen)?;
                Some(match seen.checked_sub(1) {
                    Some(last) => here.board_after(line.positions().get(last)?, line.moves().get(last)?),
                    None => here.board_model(),
                })
            }
            Match::Rounds(rounds) => {
                let closed = rounds.closed_rounds().get(..seen)?;
                let mut position = rounds.start().clone();
                for round in closed {
                    position = position.play(&round.plays).ok()?;
                }
                Some(match closed.last() {
                    Some(last) => position.board_after(&position, &last.plays),
                    None => position.board_model(),
                })
            }
        }
    }

    /// The game in a list.
    pub fn summary(&self) -> GameSummary {
        GameSummary {
            id: self.stored.key.0.clone(),
            game: self.stored.record.game.as_str().to_string(),
            variant: self.stored.record.options.variant.clone(),
            state: self.state().as_str().to_string(),
            seats: self.seat_views(),
            to_move: self.to_move().iter().map(|&s| self.label(s)).collect(),
            ply: self.ply(),
            status: self.status_view(),
            updated: self.stored.updated.rfc3339(),
            private: self.stored.invite.is_some(),
            rated: self.stored.record.rated,
            rating_range: self.stored.record.rating_range,
            tournament: self.stored.record.tournament,
            vacation: self.play.stops_for_vacation(),
            days_per_move: self.stored.record.clock.and_then(|c| c.days_per_move),
        }
    }

    /// Who acts now: nobody while seats are open or once it is over; the
    /// player to move; every remaining player of a round (whether or not
    /// their play is in, which is theirs to know).
    pub fn to_move(&self) -> Vec<Seat> {
        if self.state() != GameState::Active {
            return Vec::new();
        }
        self.position().to_move().iter().collect()
    }

    /// How the move list numbers the moves.
    fn numbering(&self) -> MoveNumbering {
        let n = self.play.numbering();
        MoveNumbering { per_number: n.per_number, start_slot: n.start_slot }
    }

    /// The board as `seat` (or a spectator) may see it: the last move's
    /// cells marked, and a round's player's own pending play.
    pub fn board(&self, seat: Option<Seat>) -> arbiter_core::BoardModel {
        self.play.board(seat.map_or(Viewer::Spectator, Viewer::Seat))
    }

    /// When the vacation of the seat labelled `seat` ends, while the game
    /// keeps one running for it.
    fn vacation_until(&self, seat: &str) -> Option<arbiter_play::Timestamp> {
        self.play.away().iter().filter(|a| a.seat == seat && !a.ended).map(|a| a.until).max()
    }

    fn seat_views(&self) -> Vec<SeatView> {
        self.stored
            .seats
            .iter()
            .map(|s| {
                let mut name = self.stored.record.seats.get(usize::from(s.seat)).and_then(|o| o.name.clone());
                let (kind, level) = match &s.holder {
                    SeatHolder::Account(_) if s.bot => (SeatKind::Bot, None),
                    SeatHolder::Account(_) => (SeatKind::Human, None),
                    SeatHolder::Computer(level) => (SeatKind::Computer, Some(*level)),
                    SeatHolder::Open => (SeatKind::Open, None),
                    SeatHolder::Invited { name: invited, .. } => {
                        name = Some(invited.clone());
                        (SeatKind::Invited, None)
                    }
                    SeatHolder::Declined { name: declined, .. } => {
                        name = Some(declined.clone());
                        (SeatKind::Declined, None)
                    }
                };
                let guest = name.as_deref().is_some_and(crate::routes::accounts::is_guest_name);
                let (rating, provisional, rating_change) = if guest { (None, None, None) } else { seat_rating(s) };
                let seat = self.label(Seat(s.seat));
                let vacation_until = self.vacation_until(&seat).map(|t| t.rfc3339());
                SeatView { seat, name, kind, level, rating, provisional, rating_change, vacation_until }
            })
            .collect()
    }

    /// The last move in the long form (a round: its plays).
    fn last_move(&self) -> Option<String> {
        self.play.last_move()
    }

    /// The moves as the view writes them (a game of rounds: the closed rounds'
    /// plays), formatted once for this version of the game.
    pub fn moves(&self) -> &[String] {
        self.moves.get_or_init(|| self.play.move_texts())
    }

    fn status_view(&self) -> StatusView {
        let status = self.play.status();
        let state = match status {
            GameStatus::Ongoing if self.state() == GameState::Open => "open",
            GameStatus::Ongoing => "ongoing",
            GameStatus::Over(o) if o.reason == EndReason::Aborted => "aborted",
            GameStatus::Over(_) => "over",
        };
        StatusView { state: state.into(), outcome: Outcome::of(&status, |s| self.label(s)) }
    }

    /// What changed in a game of rounds for `seat` (or a spectator) since
    /// the view of the first `seen` closed rounds: the round as it stands,
    /// and only the announcements made since.
    fn rounds_change(&self, seat: Option<Seat>, seen: usize) -> Option<RoundsChange> {
        let Match::Rounds(rounds) = &self.play else { return None };
        let r = self.play.round_view(seat.map_or(Viewer::Spectator, Viewer::Seat))?;
        let added = rounds.closed_rounds().get(seen..).unwrap_or_default();
        Some(RoundsChange {
            round: r.round,
            plays_in: r.plays_in,
            my_play: r.my_play,
            announcements_added: added.iter().filter_map(|c| c.announcement.clone()).collect(),
        })
    }

    fn rounds_view(&self, seat: Option<Seat>) -> Option<RoundsView> {
        let r = self.play.round_view(seat.map_or(Viewer::Spectator, Viewer::Seat))?;
        Some(RoundsView { round: r.round, plays_in: r.plays_in, my_play: r.my_play, announcements: r.announcements })
    }
}

/// The options as JSON values (`{"handicap": 3}`).
fn options_json(options: &arbiter_core::GameOptions) -> BTreeMap<String, serde_json::Value> {
    options
        .values
        .iter()
        .map(|(k, v)| {
            let value = match v {
                arbiter_core::OptionValue::Switch(b) => serde_json::Value::Bool(*b),
                arbiter_core::OptionValue::Number(n) => serde_json::Value::from(*n),
                arbiter_core::OptionValue::Text(t) => serde_json::Value::String(t.clone()),
            };
            (k.clone(), value)
        })
        .collect()
}

/// The rating a seat shows: rounded, whether provisional, and the change
/// a finished rated game made; a player not yet rated shows a new
/// player's rating, provisional; a seat no account holds shows none (nor
/// does a guest's: guests are not rated).
fn seat_rating(seat: &arbiter_store::StoredSeat) -> (Option<i32>, Option<bool>, Option<i32>) {
    let settings = arbiter_store::RATING_SETTINGS;
    match (&seat.holder, seat.rating) {
        (SeatHolder::Account(_), Some(r)) => (
            Some(r.rating.round() as i32),
            Some(r.deviation >= settings.provisional_deviation),
            r.change.map(|c| c.round() as i32),
        ),
        (SeatHolder::Account(_), None) => (Some(settings.initial.rating.round() as i32), Some(true), None),
        _ => (None, None, None),
    }
}
