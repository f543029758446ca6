//! Notices kept outside a game's change, read back in order and by page,
//! and swept once older than 30 days — by their numbers, the oldest first.

use crate::support;

use arbiter_core::GameOptions;
use arbiter_games::GameId;
use arbiter_play::{GameRecord, Occupant};
use arbiter_store::{
    AccountId, GameKey, GameState, NewAccount, NewGame, NewNotice, NoticeKind, SeatHolder, Store, StoredSeat,
};
use support::{at, on_both};

const DAY: i64 = 24 * 3600;

async fn account(store: &Store, name: &str) -> AccountId {
    store.create_account(&NewAccount { name, password_hash: "h", email: None, now: at(0) }).await.unwrap().id
}

fn notice(account: AccountId, text: &str) -> NewNotice {
    NewNotice { account, game: GameKey("g".into()), kind: NoticeKind::YourTurn, seat: None, text: text.into() }
}

#[tokio::test]
async fn notices_are_read_in_order_and_swept_after_thirty_days() {
    on_both("notices_are_read_in_order_and_swept_after_thirty_days", |db| async move {
        let store = db.open().await;
        let ann = account(&store, "Ann").await;
        let bob = account(&store, "Bob").await;
        let mut record = GameRecord::new(GameId::Sage, GameOptions::new());
        record.seats = vec![Occupant::person("Ann"), Occupant::person("Bob")];
        let new = NewGame {
            key: GameKey("g".into()),
            record,
            state: GameState::Active,
            seats: vec![
                StoredSeat { seat: 0, holder: SeatHolder::Account(ann), bot: false, rating: None },
                StoredSeat { seat: 1, holder: SeatHolder::Account(bob), bot: false, rating: None },
            ],
            deadline: None,
            now: at(0),
            creator: Some(ann),
            invite: None,
            awaited: None,
            mail: Vec::new(),
            computer_games_limit: None,
        };
        store.create_game(&new).await.unwrap();
        for (day, text) in [(0, "old"), (1, "older than a month too"), (40, "recent"), (41, "newest")] {
            store.add_notices(&[notice(ann, text), notice(bob, text)], at(day * DAY)).await.unwrap();
        }
        let texts = |list: Vec<arbiter_store::Notice>| list.into_iter().map(|n| n.text).collect::<Vec<_>>();
        let all = store.notices(ann, 0, None).await.unwrap();
        assert_eq!(texts(all.clone()), ["old", "older than a month too", "recent", "newest"]);
        assert_eq!(texts(store.notices(ann, all[1].id, None).await.unwrap()), ["recent", "newest"]);
        assert_eq!(texts(store.notices(ann, 0, Some(at(41 * DAY))).await.unwrap()), ["newest"]);
        assert_eq!(store.last_notice(ann).await.unwrap(), all[3].id);

        // On day 45, the first two days' notices (both accounts') are over 30 days old.
        assert_eq!(store.delete_old_notices(at(45 * DAY)).await.unwrap(), 4);
        assert_eq!(texts(store.notices(bob, 0, None).await.unwrap()), ["recent", "newest"]);
        assert_eq!(store.delete_old_notices(at(45 * DAY)).await.unwrap(), 0, "nothing more to sweep");
        // Once every notice is old, all go.
        assert_eq!(store.delete_old_notices(at(100 * DAY)).await.unwrap(), 4);
        assert_eq!(store.last_notice(ann).await.unwrap(), 0);
        store.close().await;
    })
    .await;
}
