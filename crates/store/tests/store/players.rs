//! Players as others see them: finished games counted per game from how
//! each seat came out (written when a game ends, or filled in afterwards
//! for games that ended before), and names completed from a prefix.

use crate::support;

use arbiter_core::{EndReason, GameOptions, Seat};
use arbiter_games::GameId;
use arbiter_play::record::ResultRecord;
use arbiter_play::{GameRecord, Match, Occupant};
use arbiter_store::{
    AccountId, GameKey, GameState, GameUpdate, NewAccount, NewGame, SeatHolder, Store, StoredSeat, Tally,
};
use support::{at, on_both};

async fn account(store: &Store, name: &str) -> AccountId {
    store.create_account(&NewAccount { name, password_hash: "h", email: None, now: at(0) }).await.unwrap().id
}

/// A game of `game` between Ann and Bob, begun.
fn begun(game: GameId) -> Match {
    let mut record = GameRecord::new(game, GameOptions::new());
    record.seats = vec![Occupant::person("Ann"), Occupant::person("Bob")];
    Match::start(&record, at(0)).unwrap()
}

/// Stores `record` as game `key` of Ann (seat 0) and Bob (seat 1) in
/// `state` as it was created.
async fn create(store: &Store, key: &str, record: GameRecord, state: GameState, seats: [AccountId; 2]) {
    let new = NewGame {
        key: GameKey(key.into()),
        record,
        state,
        seats: vec![
            StoredSeat { seat: 0, holder: SeatHolder::Account(seats[0]), bot: false, rating: None },
            StoredSeat { seat: 1, holder: SeatHolder::Account(seats[1]), bot: false, rating: None },
        ],
        deadline: None,
        now: at(1),
        creator: Some(seats[0]),
        invite: None,
        awaited: None,
        mail: Vec::new(),
        computer_games_limit: None,
    };
    store.create_game(&new).await.unwrap();
}

/// Changes game `key` (at version 1) to `record` in `state`.
async fn change(store: &Store, key: &str, record: GameRecord, state: GameState) {
    let update = GameUpdate {
        record,
        moves: Default::default(),
        awaited: None,
        seats: None,
        state,
        deadline: None,
        seat_taken: None,
        seat_declined: None,
        seat_refilled: None,
        seat_left: None,
        offers: Vec::new(),
        rematch: None,
        notices: Vec::new(),
        mail: Vec::new(),
        found: None,
        conditionals: Default::default(),
        now: at(2),
        rated_end: None,
    };
    store.update_game(&GameKey(key.into()), 1, update).await.unwrap();
}

fn tally(game: &str, played: i64, won: i64, lost: i64, drawn: i64) -> Tally {
    Tally { game: game.into(), played, won, lost, drawn }
}

#[tokio::test]
async fn finished_games_are_counted_per_game_as_each_seat_came_out() {
    on_both("finished_games_are_counted_per_game_as_each_seat_came_out", |db| async move {
        let store = db.open().await;
        let (ann, bob) = (account(&store, "Ann").await, account(&store, "Bob").await);

        // Ann resigns an A•G•O•G game: Bob won it.
        let mut resigned = begun(GameId::Agog);
        create(&store, "resigned", resigned.record(), GameState::Active, [ann, bob]).await;
        resigned.resign(Seat(0)).unwrap();
        change(&store, "resigned", resigned.record(), GameState::Finished).await;
        // A Sage Tafl game drawn by repetition.
        let mut drawn = begun(GameId::Sage).record();
        create(&store, "drawn", drawn.clone(), GameState::Active, [ann, bob]).await;
        drawn.result = Some(ResultRecord { winners: Vec::new(), reason: Some(EndReason::Repetition) });
        change(&store, "drawn", drawn, GameState::Finished).await;
        // A game called off, and one that goes on: neither counts.
        let mut aborted = begun(GameId::Agog);
        create(&store, "aborted", aborted.record(), GameState::Active, [ann, bob]).await;
        aborted.abort().unwrap();
        change(&store, "aborted", aborted.record(), GameState::Finished).await;
        create(&store, "going", begun(GameId::Agog).record(), GameState::Active, [bob, ann]).await;

        let ann_page = store.player("ANN").await.unwrap().expect("Ann");
        assert_eq!((ann_page.account, ann_page.name.as_str(), ann_page.created), (ann, "Ann", at(0)));
        assert_eq!(ann_page.tallies, vec![tally("agog", 1, 0, 1, 0), tally("sage", 1, 0, 0, 1)]);
        let bob_page = store.player("bob").await.unwrap().expect("Bob");
        assert_eq!(bob_page.tallies, vec![tally("agog", 1, 1, 0, 0), tally("sage", 1, 0, 0, 1)]);
        assert_eq!(store.player("Carol").await.unwrap(), None);
        assert_eq!(store.fill_standings(10).await.unwrap(), 0, "games that end get their standings at once");
        store.close().await;
    })
    .await;
}

#[tokio::test]
async fn games_that_ended_before_standings_were_kept_are_filled_in_once() {
    on_both("games_that_ended_before_standings_were_kept_are_filled_in_once", |db| async move {
        let store = db.open().await;
        let (ann, bob) = (account(&store, "Ann").await, account(&store, "Bob").await);
        // Stored finished, as a game that ended before this column was
        // written: its seats have no standing yet.
        let mut won = begun(GameId::Ogama);
        won.resign(Seat(1)).unwrap();
        create(&store, "won", won.record(), GameState::Finished, [ann, bob]).await;
        // A finished game whose record does not say who won.
        create(&store, "unsaid", begun(GameId::Sage).record(), GameState::Finished, [ann, bob]).await;
        assert_eq!(store.player("Ann").await.unwrap().unwrap().tallies, Vec::new());

        assert_eq!(store.fill_standings(1).await.unwrap(), 1, "one game a batch");
        assert_eq!(store.fill_standings(10).await.unwrap(), 1);
        assert_eq!(store.fill_standings(10).await.unwrap(), 0, "nothing left to fill");
        let ann_page = store.player("Ann").await.unwrap().unwrap();
        assert_eq!(ann_page.tallies, vec![tally("ogama", 1, 1, 0, 0), tally("sage", 1, 0, 0, 0)]);
        let bob_page = store.player("Bob").await.unwrap().unwrap();
        assert_eq!(bob_page.tallies, vec![tally("ogama", 1, 0, 1, 0), tally("sage", 1, 0, 0, 0)]);
        store.close().await;
    })
    .await;
}

#[tokio::test]
async fn names_are_completed_from_a_prefix_in_any_case_without_disabled_accounts() {
    on_both("names_are_completed_from_a_prefix_in_any_case_without_disabled_accounts", |db| async move {
        let store = db.open().await;
        for name in ["anna", "Ann", "Bob", "An_x", "Anx", "Andy"] {
            account(&store, name).await;
        }
        assert_eq!(store.player_names("an", 20).await.unwrap(), ["An_x", "Andy", "Ann", "anna", "Anx"]);
        assert_eq!(store.player_names("AN", 2).await.unwrap(), ["An_x", "Andy"]);
        assert_eq!(store.player_names("an_", 20).await.unwrap(), ["An_x"], "'_' is itself, not any letter");
        assert_eq!(store.player_names("z", 20).await.unwrap(), Vec::<String>::new());
        store.disable_account("Andy", at(5)).await.unwrap();
        assert_eq!(store.player_names("and", 20).await.unwrap(), Vec::<String>::new());
        store.close().await;
    })
    .await;
}
