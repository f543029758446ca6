//! Several servers on one PostgreSQL database, or a server and an
//! administrator's command on one SQLite file: a change announced through
//! one store reaches the listeners of the others.

use crate::support;

use std::time::Duration;

use arbiter_store::{
    AccountId, Backend, GameKey, GameState, GameUpdate, Heard, NewGame, SeatHolder, SessionId, StoreError, StoredSeat,
};
use support::{at, on_both, record};

#[tokio::test]
async fn a_change_announced_through_one_store_reaches_another() {
    on_both("a_change_announced_through_one_store_reaches_another", |db| async move {
        let first = db.open().await;
        let second = db.open().await;
        let key = GameKey("x7f3".into());
        // Announced before the listener was made: not heard.
        first.notify_changed(&GameKey("before".into())).await.unwrap();
        let mut listener = second.listen().await.unwrap();
        first.notify_changed(&key).await.unwrap();
        first.notify_changed(&GameKey("second".into())).await.unwrap();
        let heard = tokio::time::timeout(Duration::from_secs(10), listener.recv()).await;
        assert_eq!(heard.expect("heard within 10 s").unwrap(), Heard::Game(key));
        let heard = tokio::time::timeout(Duration::from_secs(10), listener.recv()).await;
        assert_eq!(heard.expect("heard within 10 s").unwrap(), Heard::Game(GameKey("second".into())));
        // Its own announcements are not news to it: the next thing it
        // hears is the other store's.
        second.notify_changed(&GameKey("own".into())).await.unwrap();
        first.notify_changed(&GameKey("theirs".into())).await.unwrap();
        let heard = tokio::time::timeout(Duration::from_secs(10), listener.recv()).await;
        assert_eq!(heard.expect("heard within 10 s").unwrap(), Heard::Game(GameKey("theirs".into())));
        // Ended sessions are announced too.
        first.notify_sessions_ended(&[SessionId(4), SessionId(9)]).await.unwrap();
        let heard = tokio::time::timeout(Duration::from_secs(10), listener.recv()).await;
        assert_eq!(heard.expect("heard within 10 s").unwrap(), Heard::SessionsEnded(vec![SessionId(4), SessionId(9)]));
        // SQLite keeps its announcements for an hour; the sweep deletes
        // older ones (PostgreSQL keeps none).
        let in_two_hours = arbiter_play::Timestamp::from_unix(
            i64::try_from(std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs())
                .unwrap()
                + 7200,
        );
        let swept = first.delete_old_announcements(in_two_hours).await.unwrap();
        assert_eq!(swept, if db.backend == Backend::Sqlite { 6 } else { 0 });
        drop(listener);
        first.close().await;
        second.close().await;
    })
    .await;
}

#[tokio::test]
async fn a_stored_change_is_announced_with_its_commit_and_a_refused_one_is_not() {
    on_both("a_stored_change_is_announced_with_its_commit_and_a_refused_one_is_not", |db| async move {
        if db.backend == Backend::Sqlite {
            return;
        }
        let (first, second) = (db.open().await, db.open().await);
        let mut listener = second.listen().await.unwrap();
        let seats = vec![StoredSeat { seat: 0, holder: SeatHolder::Computer(1), bot: false, rating: None }];
        for key in ["a", "b"] {
            let new = NewGame {
                key: GameKey(key.into()),
                record: record(key),
                state: GameState::Active,
                seats: seats.clone(),
                deadline: None,
                now: at(0),
                creator: None,
                invite: None,
                awaited: None,
                mail: Vec::new(),
                computer_games_limit: None,
            };
            first.create_game(&new).await.unwrap();
            // A new game is announced with its creation.
            let heard = tokio::time::timeout(Duration::from_secs(10), listener.recv()).await;
            assert_eq!(heard.expect("heard within 10 s").unwrap(), Heard::Game(GameKey(key.into())));
        }
        let change = |key: &str| GameUpdate {
            record: record(key),
            moves: Default::default(),
            awaited: None,
            seats: None,
            state: GameState::Active,
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
            now: at(1),
            rated_end: None,
        };
        // Refused (stale, then a seat that is not open): not announced.
        assert!(matches!(first.update_game(&GameKey("a".into()), 9, change("a")).await, Err(StoreError::Stale { .. })));
        let taking = GameUpdate { seat_taken: Some((0, AccountId(1))), ..change("a") };
        assert!(first.update_game(&GameKey("a".into()), 1, taking).await.is_err());
        // Stored: announced.
        first.update_game(&GameKey("b".into()), 1, change("b")).await.unwrap();
        let heard = tokio::time::timeout(Duration::from_secs(10), listener.recv()).await;
        assert_eq!(heard.expect("heard within 10 s").unwrap(), Heard::Game(GameKey("b".into())));
        drop(listener);
        first.close().await;
        second.close().await;
    })
    .await;
}
