//! Games: stored and read back whole, changed only from the version read,
//! seats taken only when open, listed, and found when due.

use crate::support;

use std::collections::HashSet;

use arbiter_play::GameRecord;
use arbiter_store::{
    AccountId, GameFilter, GameKey, GameState, GameUpdate, NewAccount, NewGame, NewMail, SeatHolder, Store, StoreError,
    StoredSeat,
};
use support::{at, on_both, record};

/// Two accounts, Ann and Bob.
async fn two_accounts(store: &Store) -> (AccountId, AccountId) {
    let new = |name| NewAccount { name, password_hash: "h", email: None, now: at(0) };
    (store.create_account(&new("Ann")).await.unwrap().id, store.create_account(&new("Bob")).await.unwrap().id)
}

/// A new game `key`: seat 0 held by `account`, seat 1 by the computer at
/// level 3, seat 2 open.
fn new_game(key: &str, account: AccountId, state: GameState, now: i64) -> NewGame {
    NewGame {
        key: GameKey(key.into()),
        record: record(key),
        state,
        seats: vec![
            StoredSeat { seat: 0, holder: SeatHolder::Account(account), bot: false, rating: None },
            StoredSeat { seat: 1, holder: SeatHolder::Computer(3), bot: false, rating: None },
            StoredSeat { seat: 2, holder: SeatHolder::Open, bot: false, rating: None },
        ],
        deadline: None,
        now: at(now),
        creator: Some(account),
        invite: None,
        awaited: None,
        mail: Vec::new(),
        computer_games_limit: None,
    }
}

/// A change to `record` at `now`.
fn update(record: GameRecord, state: GameState, now: i64) -> GameUpdate {
    GameUpdate {
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
        now: at(now),
        rated_end: None,
    }
}

#[tokio::test]
async fn games_read_back_as_stored() {
    on_both("games_read_back_as_stored", |db| async move {
        let store = db.open().await;
        let (ann, _) = two_accounts(&store).await;
        let mut new = new_game("x7f3", ann, GameState::Open, 10);
        new.deadline = Some(at(500));
        let created = store.create_game(&new).await.unwrap();
        assert_eq!(created.version, 1);

        let read = store.game(&new.key).await.unwrap().expect("the game");
        assert_eq!(read.key, new.key);
        assert_eq!(read.record, new.record);
        assert_eq!(serde_json::to_string(&read.record).unwrap(), serde_json::to_string(&new.record).unwrap());
        assert_eq!(read.state, GameState::Open);
        assert_eq!(read.version, 1);
        assert_eq!(read.seats, new.seats);
        assert_eq!(read.deadline, Some(at(500)));
        assert_eq!((read.created, read.updated), (at(10), at(10)));
        assert_eq!(created.seats, read.seats);
        assert_eq!(created.record, read.record);

        // A game without seats reads back too; an unknown one is None.
        let bare =
            NewGame { key: GameKey("bare".into()), seats: Vec::new(), ..new_game("bare", ann, GameState::Active, 11) };
        store.create_game(&bare).await.unwrap();
        let read = store.game(&bare.key).await.unwrap().unwrap();
        assert!(read.seats.is_empty());
        assert_eq!(read.deadline, None);
        assert!(store.game(&GameKey("nope".into())).await.unwrap().is_none());

        // A key is given once.
        assert!(matches!(store.create_game(&new).await, Err(StoreError::Database(_))));
        store.close().await;
    })
    .await;
}

#[tokio::test]
async fn a_change_is_stored_only_from_the_version_read() {
    on_both("a_change_is_stored_only_from_the_version_read", |db| async move {
        let store = db.open().await;
        let (ann, _) = two_accounts(&store).await;
        let key = GameKey("g1".into());
        store.create_game(&new_game("g1", ann, GameState::Active, 0)).await.unwrap();

        let mut changed = record("g1");
        changed.moves.push(arbiter_play::record::MoveRecord::new("c2-c3"));
        let mut first = update(changed.clone(), GameState::Active, 5);
        first.deadline = Some(at(100));
        let stored = store.update_game(&key, 1, first.clone()).await.unwrap();
        assert_eq!(stored.version, 2);
        assert_eq!(stored.record, changed);
        assert_eq!(stored.deadline, Some(at(100)));
        assert_eq!((stored.created, stored.updated), (at(0), at(5)));
        assert_eq!(stored.seats.len(), 3);
        let read = store.game(&key).await.unwrap().unwrap();
        assert_eq!((read.version, read.record, read.deadline), (2, changed.clone(), Some(at(100))));

        // From version 1 again: stale, and nothing changes.
        match store.update_game(&key, 1, update(record("other"), GameState::Finished, 6)).await {
            Err(e @ StoreError::Stale { expected: 1, found: 2, .. }) => assert!(e.to_string().contains("'g1'"), "{e}"),
            other => panic!("{other:?}"),
        }
        let read = store.game(&key).await.unwrap().unwrap();
        assert_eq!((read.version, read.state, read.record), (2, GameState::Active, changed));

        let finished = store.update_game(&key, 2, update(record("g1"), GameState::Finished, 7)).await.unwrap();
        assert_eq!((finished.version, finished.state, finished.deadline), (3, GameState::Finished, None));

        match store.update_game(&GameKey("nope".into()), 1, update(record("x"), GameState::Active, 8)).await {
            Err(StoreError::NotFound { key }) => assert_eq!(key.0, "nope"),
            other => panic!("{other:?}"),
        }
        store.close().await;
    })
    .await;
}

#[tokio::test]
async fn only_an_open_seat_can_be_taken() {
    on_both("only_an_open_seat_can_be_taken", |db| async move {
        let store = db.open().await;
        let (ann, bob) = two_accounts(&store).await;
        let key = GameKey("seats".into());
        store.create_game(&new_game("seats", ann, GameState::Open, 0)).await.unwrap();

        // Ann's seat, the computer's seat and a seat the game lacks are
        // refused, and refusing changes nothing (not even the version).
        for seat in [0u8, 1, 7] {
            let mut take = update(record("seats"), GameState::Active, 1);
            take.seat_taken = Some((seat, bob));
            match store.update_game(&key, 1, take.clone()).await {
                Err(e @ StoreError::SeatTaken { .. }) => {
                    assert_eq!(e.to_string(), format!("game 'seats': seat {seat} is already taken"))
                }
                other => panic!("seat {seat}: {other:?}"),
            }
        }
        let read = store.game(&key).await.unwrap().unwrap();
        assert_eq!((read.version, read.state), (1, GameState::Open));
        assert_eq!(read.seats[1].holder, SeatHolder::Computer(3));

        let mut take = update(record("seats"), GameState::Active, 2);
        take.seat_taken = Some((2, bob));
        let stored = store.update_game(&key, 1, take.clone()).await.unwrap();
        assert_eq!(stored.version, 2);
        assert_eq!(stored.state, GameState::Active);
        assert_eq!(stored.seats[2], StoredSeat { seat: 2, holder: SeatHolder::Account(bob), bot: false, rating: None });
        assert_eq!(store.game(&key).await.unwrap().unwrap().seats, stored.seats);

        // Taken now, by the current version too.
        take.seat_taken = Some((2, ann));
        assert!(matches!(store.update_game(&key, 2, take.clone()).await, Err(StoreError::SeatTaken { seat: 2, .. })));
        store.close().await;
    })
    .await;
}

#[tokio::test]
async fn of_twenty_concurrent_changes_from_one_version_exactly_one_is_stored() {
    on_both("of_twenty_concurrent_changes_from_one_version_exactly_one_is_stored", |db| async move {
        let store = db.open().await;
        let (ann, bob) = two_accounts(&store).await;
        let key = GameKey("race".into());
        store.create_game(&new_game("race", ann, GameState::Open, 0)).await.unwrap();

        let mut tasks = Vec::new();
        for i in 0..20 {
            let (store, key) = (store.clone(), key.clone());
            tasks.push(tokio::spawn(async move {
                let mut change = update(record(&format!("writer {i}")), GameState::Active, 10 + i);
                // Half of them also take the open seat.
                if i % 2 == 0 {
                    change.seat_taken = Some((2, bob));
                }
                (i, store.update_game(&key, 1, change.clone()).await)
            }));
        }
        let mut winners = Vec::new();
        for task in tasks {
            match task.await.unwrap() {
                (i, Ok(game)) => winners.push((i, game)),
                (_, Err(StoreError::Stale { expected: 1, found: 2, .. })) => {}
                (i, Err(e)) => panic!("writer {i}: {e}"),
            }
        }
        assert_eq!(winners.len(), 1, "{} changes were stored", winners.len());
        let (winner, stored) = winners.pop().unwrap();
        let read = store.game(&key).await.unwrap().unwrap();
        assert_eq!(read.version, 2);
        assert_eq!(read.record, record(&format!("writer {winner}")));
        assert_eq!(read.record, stored.record);
        let seat_2 = if winner % 2 == 0 { SeatHolder::Account(bob) } else { SeatHolder::Open };
        assert_eq!(read.seats[2].holder, seat_2);
        store.close().await;
    })
    .await;
}

#[tokio::test]
async fn games_are_listed_newest_first_by_state_and_account() {
    on_both("games_are_listed_newest_first_by_state_and_account", |db| async move {
        let store = db.open().await;
        let (ann, bob) = two_accounts(&store).await;
        // a: Ann, open, t=1; b: Bob, active, t=2; c: Ann, active, t=3;
        // d: Bob, finished, t=4; then a changes at t=5 (Bob takes seat 2).
        for (key, account, state, now) in [
            ("a", ann, GameState::Open, 1),
            ("b", bob, GameState::Active, 2),
            ("c", ann, GameState::Active, 3),
            ("d", bob, GameState::Finished, 4),
        ] {
            store.create_game(&new_game(key, account, state, now)).await.unwrap();
        }
        let mut take = update(record("a"), GameState::Open, 5);
        take.seat_taken = Some((2, bob));
        store.update_game(&GameKey("a".into()), 1, take.clone()).await.unwrap();

        let keys = |games: Vec<arbiter_store::StoredGame>| games.into_iter().map(|g| g.key.0).collect::<Vec<_>>();
        let list = |state, account, limit| {
            let store = store.clone();
            async move { keys(store.games(&GameFilter { state, account, limit, ..GameFilter::default() }).await.unwrap()) }
        };
        assert_eq!(list(None, None, 0).await, ["a", "d", "c", "b"]);
        assert_eq!(list(None, None, 2).await, ["a", "d"]);
        assert_eq!(list(Some(GameState::Active), None, 0).await, ["c", "b"]);
        assert_eq!(list(Some(GameState::Open), None, 0).await, ["a"]);
        assert_eq!(list(None, Some(ann), 0).await, ["a", "c"]);
        assert_eq!(list(None, Some(bob), 0).await, ["a", "d", "b"]);
        assert_eq!(list(Some(GameState::Finished), Some(bob), 0).await, ["d"]);
        assert_eq!(list(Some(GameState::Finished), Some(ann), 0).await, Vec::<String>::new());
        assert_eq!(list(None, Some(AccountId(ann.0 + bob.0 + 100)), 0).await, Vec::<String>::new());

        // Listed games come whole, with every seat.
        let listed = store.games(&GameFilter { account: Some(bob), ..GameFilter::default() }).await.unwrap();
        for game in &listed {
            assert_eq!(game.seats.len(), 3, "{}", game.key);
            assert_eq!(game.record, record(&game.key.0));
        }
        assert_eq!(listed[0].seats[2].holder, SeatHolder::Account(bob));
        assert_eq!(listed[0].version, 2);
        store.close().await;
    })
    .await;
}

#[tokio::test]
async fn games_past_their_deadline_are_due() {
    on_both("games_past_their_deadline_are_due", |db| async move {
        let store = db.open().await;
        let (ann, _) = two_accounts(&store).await;
        assert_eq!(store.next_deadline_after(at(0)).await.unwrap(), None);
        assert!(store.due_games(at(1_000)).await.unwrap().is_empty());
        for (key, deadline, state) in [
            ("late", Some(100), GameState::Active),
            ("later", Some(200), GameState::Open),
            ("done", Some(50), GameState::Finished),
            ("none", None, GameState::Active),
        ] {
            let new = NewGame { deadline: deadline.map(at), ..new_game(key, ann, state, 0) };
            store.create_game(&new).await.unwrap();
        }
        let due = |now| {
            let store = store.clone();
            async move { store.due_games(at(now)).await.unwrap().into_iter().map(|k| k.0).collect::<Vec<_>>() }
        };
        assert_eq!(store.next_deadline_after(at(0)).await.unwrap(), Some(at(100)));
        // Those at or before the moment asked about are due, not next.
        assert_eq!(store.next_deadline_after(at(100)).await.unwrap(), Some(at(200)));
        assert_eq!(store.next_deadline_after(at(200)).await.unwrap(), None);
        assert_eq!(due(99).await, Vec::<String>::new());
        assert_eq!(due(100).await, ["late"]);
        assert_eq!(due(1_000).await, ["late", "later"]);

        // Moving a deadline on (or finishing the game) takes it off.
        let moved = GameUpdate { deadline: Some(at(300)), ..update(record("late"), GameState::Active, 150) };
        store.update_game(&GameKey("late".into()), 1, moved.clone()).await.unwrap();
        assert_eq!(store.next_deadline_after(at(0)).await.unwrap(), Some(at(200)));
        assert_eq!(due(250).await, ["later"]);
        let over = update(record("later"), GameState::Finished, 250);
        store.update_game(&GameKey("later".into()), 1, GameUpdate { deadline: Some(at(200)), ..over }).await.unwrap();
        assert_eq!(store.next_deadline_after(at(0)).await.unwrap(), Some(at(300)));
        assert_eq!(due(1_000).await, ["late"]);
        let keys: HashSet<_> =
            store.games(&GameFilter::default()).await.unwrap().into_iter().map(|g| g.key.0).collect();
        assert_eq!(keys.len(), 4);
        store.close().await;
    })
    .await;
}

#[tokio::test]
async fn changes_made_at_once_to_many_games_are_each_stored_once_with_their_mail() {
    on_both("changes_made_at_once_to_many_games_are_each_stored_once_with_their_mail", |db| async move {
        let store = db.open().await;
        let (ann, bob) = two_accounts(&store).await;
        const GAMES: usize = 60;
        for i in 0..GAMES {
            store.create_game(&new_game(&format!("g{i}"), ann, GameState::Open, 0)).await.unwrap();
        }
        let mail = |i: usize, what: &str| arbiter_store::NewMail {
            account: bob,
            to: "bob@example.org".into(),
            subject: format!("{what} g{i}"),
            body: "b".into(),
            reply_to: None,
            now: at(1),
        };
        // For every game at once: a change from its version, one from a
        // version it never had, and (for every third game) one that takes
        // a seat the computer holds. Only the first is stored, with its
        // mail; a refused change stores nothing, mail included, and does
        // not disturb the changes committed with it.
        let mut tasks = Vec::new();
        for i in 0..GAMES {
            let key = GameKey(format!("g{i}"));
            let mut good = update(record(&format!("moved {i}")), GameState::Active, 2);
            good.seat_taken = Some((2, bob));
            good.mail = vec![mail(i, "stored")];
            let mut stale = update(record("stale"), GameState::Finished, 2);
            stale.mail = vec![mail(i, "stale")];
            let mut seat = update(record("seat"), GameState::Finished, 2);
            seat.seat_taken = Some((1, bob));
            seat.mail = vec![mail(i, "seat")];
            let mut changes = vec![(1, good), (7, stale)];
            if i % 3 == 0 {
                changes.push((1, seat));
            }
            for (version, change) in changes {
                let (store, key) = (store.clone(), key.clone());
                tasks.push(tokio::spawn(async move { (version, store.update_game(&key, version, change).await) }));
            }
        }
        let (mut stored, mut stale) = (0, 0);
        for task in tasks {
            match task.await.unwrap() {
                (1, Ok(game)) => {
                    assert_eq!(game.version, 2);
                    assert_eq!(game.seats[2].holder, SeatHolder::Account(bob), "{}", game.key);
                    stored += 1;
                }
                (1, Err(StoreError::Stale { expected: 1, found: 2, .. })) => {}
                (1, Err(StoreError::SeatTaken { seat: 1, .. })) => {}
                (7, Err(StoreError::Stale { expected: 7, .. })) => stale += 1,
                (version, other) => panic!("a change from version {version}: {other:?}"),
            }
        }
        assert_eq!((stored, stale), (GAMES, GAMES));
        for i in 0..GAMES {
            let read = store.game(&GameKey(format!("g{i}"))).await.unwrap().unwrap();
            assert_eq!((read.version, read.record.clone()), (2, record(&format!("moved {i}"))));
            assert_eq!(read.seats[1].holder, SeatHolder::Computer(3));
        }
        let queued = store.due_mail(at(10), 1000).await.unwrap();
        let mut subjects: Vec<String> = queued.iter().map(|m| m.subject.clone()).collect();
        subjects.sort();
        let mut expected: Vec<String> = (0..GAMES).map(|i| format!("stored g{i}")).collect();
        expected.sort();
        assert_eq!(subjects, expected);
        store.close().await;
    })
    .await;
}

#[tokio::test]
async fn a_creator_has_at_most_its_limit_of_unfinished_games_against_the_computer() {
    on_both("a_creator_has_at_most_its_limit_of_unfinished_games_against_the_computer", |db| async move {
        let store = db.open().await;
        let (ann, bob) = two_accounts(&store).await;
        let limited = |key: &str, who: AccountId| NewGame {
            computer_games_limit: Some(3),
            awaited: None,
            mail: vec![NewMail {
                account: who,
                to: "x@example.org".into(),
                subject: key.into(),
                body: "b".into(),
                reply_to: None,
                now: at(0),
            }],
            ..new_game(key, who, GameState::Active, 0)
        };
        // Made at once: exactly three are stored, each with its mail.
        let made = futures_join_all((0..8).map(|i| {
            let store = store.clone();
            let new = limited(&format!("g{i}"), ann);
            async move { store.create_game(&new).await }
        }))
        .await;
        let refused = made.iter().filter(|m| matches!(m, Err(StoreError::TooManyGames { limit: 3 }))).count();
        assert_eq!((made.len() - refused, refused), (3, 5), "{made:?}");
        assert_eq!(store.computer_games_of(ann).await.unwrap(), 3);
        assert_eq!(store.due_mail(at(1), 100).await.unwrap().len(), 3, "the refused games' mail is not queued");
        // Another account has its own count; a game of people alone is not counted.
        store.create_game(&limited("bob", bob)).await.unwrap();
        let people = NewGame {
            seats: vec![StoredSeat { seat: 0, holder: SeatHolder::Account(ann), bot: false, rating: None }],
            ..limited("people", ann)
        };
        store.create_game(&people).await.unwrap();
        // A finished game frees a place.
        let one = store.game(&GameKey(made_key(&made))).await.unwrap().unwrap();
        store.update_game(&one.key, 1, update(one.record.clone(), GameState::Finished, 5)).await.unwrap();
        assert_eq!(store.computer_games_of(ann).await.unwrap(), 2);
        store.create_game(&limited("again", ann)).await.unwrap();
        assert!(matches!(store.create_game(&limited("more", ann)).await, Err(StoreError::TooManyGames { .. })));
        let stored = store.game(&GameKey("again".into())).await.unwrap().unwrap();
        assert_eq!(stored.creator, Some(ann));
        store.close().await;
    })
    .await;
}

/// The key of the first game of `made` that was stored.
fn made_key(made: &[Result<arbiter_store::StoredGame, StoreError>]) -> String {
    made.iter().find_map(|m| m.as_ref().ok()).map(|g| g.key.0.clone()).expect("a game stored")
}

/// Runs every future at once on the runtime; their outputs in order.
async fn futures_join_all<F>(futures: impl Iterator<Item = F>) -> Vec<F::Output>
where
    F: std::future::Future + Send + 'static,
    F::Output: Send + 'static,
{
    let handles: Vec<_> = futures.map(tokio::spawn).collect();
    let mut out = Vec::new();
    for handle in handles {
        out.push(handle.await.unwrap());
    }
    out
}

#[tokio::test]
async fn moves_are_appended_and_dropped_without_rewriting_the_record() {
    on_both("moves_are_appended_and_dropped_without_rewriting_the_record", |db| async move {
        use arbiter_play::record::MoveRecord;
        use arbiter_store::MovesWrite;
        let store = db.open().await;
        let (ann, _) = two_accounts(&store).await;
        let key = GameKey("appended".into());
        let mut new = new_game("appended", ann, GameState::Active, 0);
        new.record.moves = vec![MoveRecord::new("c2-c3"), MoveRecord { text: "f7-f6".into(), at: Some(at(3)) }];
        store.create_game(&new).await.unwrap();
        let read = store.game(&key).await.unwrap().unwrap();
        assert_eq!(read.record.moves, new.record.moves, "a new game's moves are stored");

        // One move appended after the two stored; the record written holds none.
        let head = GameRecord { moves: Vec::new(), ..new.record.clone() };
        let third = MoveRecord { text: "d2-d3".into(), at: Some(at(7)) };
        let append = GameUpdate {
            moves: MovesWrite { from: 2, moves: vec![third.clone()], replace: false },
            ..update(head.clone(), GameState::Active, 7)
        };
        let stored = store.update_game(&key, 1, append).await.unwrap();
        assert!(stored.record.moves.is_empty(), "only what was written comes back");
        let read = store.game(&key).await.unwrap().unwrap();
        let mut expected = new.record.moves.clone();
        expected.push(third.clone());
        assert_eq!(read.record.moves, expected);
        assert_eq!(GameRecord { moves: Vec::new(), ..read.record.clone() }, head);

        // Two taken back and one played instead.
        let instead = MoveRecord::new("e2-e3");
        let takeback = GameUpdate {
            moves: MovesWrite { from: 1, moves: vec![instead.clone()], replace: true },
            ..update(head.clone(), GameState::Active, 8)
        };
        store.update_game(&key, 2, takeback).await.unwrap();
        let read = store.game(&key).await.unwrap().unwrap();
        assert_eq!(read.record.moves, vec![new.record.moves[0].clone(), instead]);

        // The same ply twice is refused, and nothing of the change is kept.
        let clash = GameUpdate {
            moves: MovesWrite { from: 1, moves: vec![third], replace: false },
            ..update(head.clone(), GameState::Finished, 9)
        };
        assert!(store.update_game(&key, 3, clash).await.is_err());
        let read = store.game(&key).await.unwrap().unwrap();
        assert_eq!((read.version, read.state, read.record.moves.len()), (3, GameState::Active, 2));

        // Listed games carry their moves too.
        let listed = store.games(&GameFilter { account: Some(ann), ..GameFilter::default() }).await.unwrap();
        assert_eq!(listed.iter().find(|g| g.key == key).map(|g| g.record.moves.len()), Some(2));
        store.close().await;
    })
    .await;
}

#[tokio::test]
async fn the_games_awaiting_an_account_are_counted_from_the_awaited_seats() {
    on_both("the_games_awaiting_an_account_are_counted_from_the_awaited_seats", |db| async move {
        let store = db.open().await;
        let (ann, bob) = two_accounts(&store).await;
        let mut new = new_game("waits", ann, GameState::Active, 0);
        new.seats[2].holder = SeatHolder::Account(bob);
        new.awaited = Some(0b001);
        store.create_game(&new).await.unwrap();
        let unknown = NewGame { key: GameKey("unknown".into()), ..new_game("unknown", ann, GameState::Active, 1) };
        store.create_game(&unknown).await.unwrap();
        assert_eq!((store.games_awaiting(ann).await.unwrap(), store.games_awaiting(bob).await.unwrap()), (1, 0));
        assert_eq!(store.games_awaited_unknown(10).await.unwrap(), vec![unknown.key.clone()]);

        // Bob's turn now; a finished game awaits nobody.
        let key = GameKey("waits".into());
        let turned = GameUpdate { awaited: Some(0b100), ..update(record("waits"), GameState::Active, 2) };
        store.update_game(&key, 1, turned).await.unwrap();
        assert_eq!((store.games_awaiting(ann).await.unwrap(), store.games_awaiting(bob).await.unwrap()), (0, 1));
        let over = GameUpdate { awaited: Some(0b100), ..update(record("waits"), GameState::Finished, 3) };
        store.update_game(&key, 2, over).await.unwrap();
        assert_eq!(store.games_awaiting(bob).await.unwrap(), 0);

        // Filled in only at the version read, and only once.
        store.set_awaited(&unknown.key, 2, 1).await.unwrap();
        assert_eq!(store.games_awaited_unknown(10).await.unwrap(), vec![unknown.key.clone()], "not at version 2");
        store.set_awaited(&unknown.key, 1, 1).await.unwrap();
        assert!(store.games_awaited_unknown(10).await.unwrap().is_empty());
        assert_eq!(store.games_awaiting(ann).await.unwrap(), 1);
        store.close().await;
    })
    .await;
}

#[tokio::test]
async fn a_change_that_knows_its_seats_is_answered_with_them_unless_it_takes_one() {
    on_both("a_change_that_knows_its_seats_is_answered_with_them_unless_it_takes_one", |db| async move {
        let store = db.open().await;
        let (ann, bob) = two_accounts(&store).await;
        let new = new_game("known", ann, GameState::Open, 0);
        store.create_game(&new).await.unwrap();
        let key = GameKey("known".into());
        let known = GameUpdate { seats: Some(new.seats.clone()), ..update(record("known"), GameState::Open, 1) };
        assert_eq!(store.update_game(&key, 1, known).await.unwrap().seats, new.seats);

        // Taking a seat: the seats are read back, the one taken with them.
        let taking = GameUpdate {
            seat_taken: Some((2, bob)),
            seats: Some(new.seats.clone()),
            ..update(record("known"), GameState::Active, 2)
        };
        let stored = store.update_game(&key, 2, taking).await.unwrap();
        assert_eq!(stored.seats[2].holder, SeatHolder::Account(bob));
        assert_eq!(store.game(&key).await.unwrap().unwrap().seats, stored.seats);

        // A seat no longer open is refused whole, beside changes that commit.
        let again = GameUpdate { seat_taken: Some((2, ann)), ..update(record("known"), GameState::Active, 3) };
        store.create_game(&new_game("beside", ann, GameState::Active, 0)).await.unwrap();
        let beside = GameUpdate { seats: Some(new.seats.clone()), ..update(record("beside"), GameState::Active, 3) };
        let beside_key = GameKey("beside".into());
        let (refused, committed) =
            tokio::join!(store.update_game(&key, 3, again), store.update_game(&beside_key, 1, beside));
        assert!(matches!(refused, Err(StoreError::SeatTaken { seat: 2, .. })), "{refused:?}");
        assert_eq!(committed.unwrap().version, 2);
        let read = store.game(&key).await.unwrap().unwrap();
        assert_eq!((read.version, read.updated), (3, at(2)), "nothing of the refused change is kept");
        store.close().await;
    })
    .await;
}

#[tokio::test]
async fn a_move_appended_is_stored_once_whole_or_not_at_all() {
    // The common change (moves appended, its seats known, nothing else):
    // on PostgreSQL one statement, on SQLite the writer's batch.
    on_both("a_move_appended_is_stored_once_whole_or_not_at_all", |db| async move {
        use arbiter_play::record::MoveRecord;
        use arbiter_store::MovesWrite;
        let store = db.open().await;
        let (ann, _) = two_accounts(&store).await;
        let new = new_game("plain", ann, GameState::Active, 0);
        store.create_game(&new).await.unwrap();
        // Another server on the database hears of the change once stored.
        let other = db.open().await;
        let mut listener = match db.backend {
            arbiter_store::Backend::Postgres => Some(other.listen().await.unwrap()),
            arbiter_store::Backend::Sqlite => None,
        };
        let key = GameKey("plain".into());
        // The two moves the game was made with are stored; a change
        // writes the record's head and the moves it adds.
        let head = GameRecord { moves: Vec::new(), ..record("plain") };
        let moving = |from: usize, texts: &[&str], now: i64| GameUpdate {
            moves: MovesWrite {
                from,
                moves: texts.iter().map(|t| MoveRecord { text: (*t).into(), at: Some(at(now)) }).collect(),
                replace: false,
            },
            seats: Some(new.seats.clone()),
            awaited: Some(1),
            deadline: Some(at(now + 100)),
            // The row as the change found it, known: the columns a game
            // keeps not read back, the columns left as they were not written.
            found: Some(arbiter_store::FoundColumns {
                created: at(0),
                creator: Some(ann),
                invite: None,
                state: GameState::Active,
                deadline: (now > 1).then(|| at(now + 99)),
                offers: Vec::new(),
                rematch: None,
            }),
            ..update(head.clone(), GameState::Active, now)
        };

        // Of ten moves from one version, exactly one is stored.
        let tries = (0..10).map(|i| {
            let (store, key, change) = (store.clone(), key.clone(), moving(2, &[["c2-c3", "d2-d3"][i % 2]], 1));
            tokio::spawn(async move { store.update_game(&key, 1, change).await })
        });
        let mut stored = Vec::new();
        for outcome in futures_join_all(tries).await {
            match outcome.unwrap() {
                Ok(game) => stored.push(game),
                Err(StoreError::Stale { expected: 1, found: 2, .. }) => {}
                Err(e) => panic!("{e}"),
            }
        }
        assert_eq!(stored.len(), 1);
        assert_eq!((stored[0].version, &stored[0].seats), (2, &new.seats), "answered with the seats it knew");
        assert_eq!((stored[0].created, stored[0].creator), (at(0), Some(ann)), "and the columns it kept");
        let read = store.game(&key).await.unwrap().unwrap();
        assert_eq!(read.record.moves.len(), 3);
        assert_eq!((read.version, read.deadline, read.updated), (2, Some(at(101)), at(1)));
        if let Some(listener) = &mut listener {
            let heard = tokio::time::timeout(std::time::Duration::from_secs(10), listener.recv()).await;
            assert_eq!(heard.expect("heard within 10 s").unwrap(), arbiter_store::Heard::Game(key.clone()));
        }

        // Two at once, then a third whose ply is taken: refused whole.
        store.update_game(&key, 2, moving(3, &["f7-f6", "e2-e3"], 2)).await.unwrap();
        assert!(store.update_game(&key, 3, moving(4, &["g7-g6"], 3)).await.is_err(), "ply 4 is stored already");
        let read = store.game(&key).await.unwrap().unwrap();
        let texts: Vec<&str> = read.record.moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(&texts[3..], ["f7-f6", "e2-e3"]);
        assert_eq!((read.version, read.updated), (3, at(2)), "nothing of the refused change is kept");
        assert_eq!(read.record.moves[4].at, Some(at(2)), "each move's time is kept");

        // A game that is not there.
        let missing = store.update_game(&GameKey("none".into()), 1, moving(0, &["c2-c3"], 4)).await;
        assert!(matches!(missing, Err(StoreError::NotFound { .. })), "{missing:?}");
        drop(listener);
        store.close().await;
        other.close().await;
    })
    .await;
}

#[tokio::test]
async fn moves_to_many_games_at_once_are_each_stored_once_and_one_refused_fails_no_other() {
    // On PostgreSQL the common changes waiting are stored by one statement
    // (on SQLite by the writer's one commit): each is answered for itself.
    on_both("moves_to_many_games_at_once_are_each_stored_once_and_one_refused_fails_no_other", |db| async move {
        use arbiter_play::record::MoveRecord;
        use arbiter_store::MovesWrite;
        let store = db.open().await;
        let (ann, _) = two_accounts(&store).await;
        const GAMES: usize = 24;
        let keys: Vec<GameKey> = (0..GAMES).map(|i| GameKey(format!("many{i}"))).collect();
        let mut seats = Vec::new();
        for key in &keys {
            let new = new_game(&key.0, ann, GameState::Active, 0);
            seats = new.seats.clone();
            store.create_game(&new).await.unwrap();
        }
        let moving = |key: &GameKey, from: usize, texts: &[&str], now: i64| GameUpdate {
            moves: MovesWrite {
                from,
                moves: texts.iter().map(|t| MoveRecord { text: (*t).into(), at: Some(at(now)) }).collect(),
                replace: false,
            },
            seats: Some(seats.clone()),
            awaited: Some(now),
            deadline: Some(at(now + 100)),
            ..update(GameRecord { moves: Vec::new(), ..record(&key.0) }, GameState::Active, now)
        };
        // Game 0 has moves at plies 2 and 3 (version 2), so that a change
        // from version 2 that writes ply 3 again is refused by the database.
        store.update_game(&keys[0], 1, moving(&keys[0], 2, &["a1", "a2"], 1)).await.unwrap();

        for round in 0..3 {
            // Every other game: two moves from one version (one wins), and
            // one from a version long gone; game 0: the move whose ply is taken.
            let mut tries = Vec::new();
            for (i, key) in keys.iter().enumerate().skip(1) {
                let version = 1 + round;
                for text in ["x", "y"] {
                    let change = moving(key, 2 + round as usize, &[&format!("{text}{i}-{round}")], 10 + round);
                    tries.push((i, version, text, store.clone(), key.clone(), change));
                }
                if round > 0 {
                    let change = moving(key, 2, &["stale"], 10 + round);
                    tries.push((i, 1, "stale", store.clone(), key.clone(), change));
                }
            }
            // In the first round only, so that the later rounds' statement
            // stores its changes and refuses only the stale ones.
            if round == 0 {
                let taken = moving(&keys[0], 3, &["again"], 10 + round);
                tries.push((0, 2, "taken", store.clone(), keys[0].clone(), taken));
            }
            let outcomes = futures_join_all(tries.into_iter().map(|(i, version, text, store, key, change)| {
                tokio::spawn(async move { (i, version, text, store.update_game(&key, version, change).await) })
            }))
            .await;
            let mut winners = vec![0; GAMES];
            for outcome in outcomes {
                match outcome.unwrap() {
                    (0, _, _, Err(StoreError::Stale { .. } | StoreError::NotFound { .. })) => {
                        panic!("the refused change is refused for what it is")
                    }
                    (0, _, _, Err(_)) => {}
                    (0, _, _, Ok(_)) => panic!("a move at a ply already stored was stored"),
                    (i, version, "stale", Err(StoreError::Stale { expected, found, .. })) => {
                        assert_eq!((expected, found), (version, round + 2), "game {i}")
                    }
                    (i, version, _, Ok(game)) => {
                        assert_eq!(game.version, version + 1, "game {i}");
                        assert_eq!(game.seats, seats, "game {i}: answered with its seats");
                        winners[i] += 1;
                    }
                    (_, _, _, Err(StoreError::Stale { .. })) => {}
                    (i, _, text, Err(e)) => panic!("game {i}, {text}: {e}"),
                }
            }
            assert!(winners[1..].iter().all(|&won| won == 1), "round {round}: {winners:?}");
        }
        for (i, key) in keys.iter().enumerate().skip(1) {
            let read = store.game(key).await.unwrap().unwrap();
            assert_eq!((read.version, read.deadline, read.updated), (4, Some(at(112)), at(12)), "game {i}");
            let texts: Vec<&str> = read.record.moves.iter().skip(2).map(|m| m.text.as_str()).collect();
            assert_eq!(texts.len(), 3, "game {i}: {texts:?}");
            for (round, text) in texts.iter().enumerate() {
                assert!(*text == format!("x{i}-{round}") || *text == format!("y{i}-{round}"), "game {i}: {texts:?}");
            }
        }
        let first = store.game(&keys[0]).await.unwrap().unwrap();
        assert_eq!(first.version, 2, "the refused change kept nothing");
        let texts: Vec<&str> = first.record.moves.iter().skip(2).map(|m| m.text.as_str()).collect();
        assert_eq!(texts, ["a1", "a2"]);
        store.close().await;
    })
    .await;
}

#[tokio::test]
async fn a_store_of_one_connection_stores_moves_and_reads_beside_them() {
    // On PostgreSQL the writer's connection is its own, not one of the
    // pool's: with a pool of one, reads still get a connection.
    on_both("a_store_of_one_connection_stores_moves_and_reads_beside_them", |db| async move {
        use arbiter_play::record::MoveRecord;
        use arbiter_store::MovesWrite;
        let first = db.open().await;
        first.close().await;
        let store = Store::open_with(&db.url, Some(1)).await.unwrap();
        assert_eq!(store.max_connections(), 1);
        let (ann, _) = two_accounts(&store).await;
        let new = new_game("one", ann, GameState::Active, 0);
        store.create_game(&new).await.unwrap();
        let key = GameKey("one".into());
        for (version, text) in (1..).zip(["c2-c3", "d7-d6", "e2-e3"]) {
            let change = GameUpdate {
                moves: MovesWrite {
                    from: 1 + version as usize,
                    moves: vec![MoveRecord { text: text.into(), at: Some(at(version)) }],
                    replace: false,
                },
                seats: Some(new.seats.clone()),
                ..update(GameRecord { moves: Vec::new(), ..record("one") }, GameState::Active, version)
            };
            let stored =
                tokio::time::timeout(std::time::Duration::from_secs(20), store.update_game(&key, version, change))
                    .await
                    .expect("stored within 20 s")
                    .unwrap();
            assert_eq!(stored.version, version + 1);
            let read = tokio::time::timeout(std::time::Duration::from_secs(20), store.game(&key))
                .await
                .expect("read within 20 s")
                .unwrap()
                .unwrap();
            assert_eq!(read.record.moves.last().map(|m| m.text.as_str()), Some(text));
        }
        store.close().await;
    })
    .await;
}

#[tokio::test]
async fn a_change_that_knows_the_row_it_found_writes_every_column_it_changed() {
    // Given the row as it found it, SQLite's writer leaves out of its
    // update the columns the change did not change: each column a change
    // does change, alone or with others, must still be written, and the
    // rest read back as they were.
    on_both("a_change_that_knows_the_row_it_found_writes_every_column_it_changed", |db| async move {
        use arbiter_store::{FoundColumns, Offer, OfferKind};
        let store = db.open().await;
        let (ann, _) = two_accounts(&store).await;
        let new = new_game("found", ann, GameState::Active, 0);
        let mut stored = store.create_game(&new).await.unwrap();
        let key = GameKey("found".into());
        let draw = Offer { kind: OfferKind::Draw, by: 0, ply: 2 };
        let rematch = Some(GameKey("next".into()));
        // (state, deadline, offers, rematch) of each change in turn.
        let changes = [
            (GameState::Active, None, vec![], None),
            (GameState::Active, Some(at(50)), vec![], None),
            (GameState::Active, Some(at(50)), vec![draw], None),
            (GameState::Active, Some(at(60)), vec![], None),
            (GameState::Open, None, vec![draw], None),
            (GameState::Finished, None, vec![], rematch.clone()),
            (GameState::Finished, None, vec![], rematch),
            (GameState::Finished, None, vec![], None),
        ];
        for (i, (state, deadline, offers, rematch)) in changes.into_iter().enumerate() {
            let now = i64::try_from(i).unwrap() + 1;
            let head = GameRecord { moves: Vec::new(), ..record(&format!("found {i}")) };
            let change = GameUpdate {
                deadline,
                offers: offers.clone(),
                rematch: rematch.clone(),
                seats: Some(stored.seats.clone()),
                found: Some(FoundColumns::of(&stored)),
                ..update(head.clone(), state, now)
            };
            stored = store.update_game(&key, stored.version, change).await.unwrap();
            let read = store.game(&key).await.unwrap().unwrap();
            let columns = (read.state, read.deadline, read.offers.clone(), read.rematch.clone(), read.updated);
            assert_eq!(columns, (state, deadline, offers, rematch, at(now)), "change {i}");
            assert_eq!((read.version, read.created, read.creator), (stored.version, at(0), Some(ann)), "change {i}");
            assert_eq!(read.record.tags, head.tags, "change {i}: the record's head");
            // The state's index is right too: listed under the state it has.
            let listed = store.games(&GameFilter { state: Some(state), ..GameFilter::default() }).await.unwrap();
            assert!(listed.iter().any(|g| g.key == key), "change {i}: listed as {state:?}");
        }
        store.close().await;
    })
    .await;
}

#[tokio::test]
async fn a_game_read_while_moves_are_stored_is_read_at_one_moment() {
    // The game's row and its moves are read from one snapshot: a change
    // that lands between the two reads must not give a game whose moves
    // run ahead of its version (a restarted server found exactly that
    // while a killed one's last statement was still committing).
    on_both("a_game_read_while_moves_are_stored_is_read_at_one_moment", |db| async move {
        use arbiter_play::record::MoveRecord;
        use arbiter_store::MovesWrite;
        let store = db.open().await;
        let (ann, _) = two_accounts(&store).await;
        let new = new_game("snapshot", ann, GameState::Active, 0);
        store.create_game(&new).await.unwrap();
        let key = GameKey("snapshot".into());
        let head = GameRecord { moves: Vec::new(), ..record("snapshot") };
        const CHANGES: i64 = 300;
        let writer = {
            let (store, key, seats) = (store.clone(), key.clone(), new.seats.clone());
            tokio::spawn(async move {
                for version in 1..=CHANGES {
                    let from = usize::try_from(version + 1).unwrap();
                    let change = GameUpdate {
                        moves: MovesWrite {
                            from,
                            moves: vec![MoveRecord { text: "c2-c3".into(), at: None }],
                            replace: false,
                        },
                        seats: Some(seats.clone()),
                        ..update(head.clone(), GameState::Active, version)
                    };
                    store.update_game(&key, version, change).await.unwrap();
                }
            })
        };
        let mut reads = 0;
        while !writer.is_finished() {
            let game = store.game(&key).await.unwrap().unwrap();
            let games = store.games(&GameFilter { account: Some(ann), ..GameFilter::default() }).await.unwrap();
            for game in games.iter().chain([&game]) {
                assert_eq!(
                    game.record.moves.len() as i64,
                    game.version + 1,
                    "version {} read with {} moves",
                    game.version,
                    game.record.moves.len()
                );
            }
            reads += 1;
        }
        writer.await.unwrap();
        assert!(reads > 0);
        let last = store.game(&key).await.unwrap().unwrap();
        assert_eq!((last.version, last.record.moves.len() as i64), (CHANGES + 1, CHANGES + 2));
        store.close().await;
    })
    .await;
}

#[tokio::test]
async fn conditional_lines_are_kept_and_guard_the_changes_made_without_them() {
    use arbiter_store::{ConditionalsWrite, FoundColumns, SeatLines};
    on_both("conditional_lines_are_kept_and_guard_the_changes_made_without_them", |db| async move {
        let store = db.open().await;
        let (ann, _) = two_accounts(&store).await;
        let new = new_game("lines", ann, GameState::Active, 1);
        let key = new.key.clone();
        let created = store.create_game(&new).await.unwrap();
        assert!(created.conditionals.is_empty());
        let (version, found) = store.conditionals(&key).await.unwrap().unwrap();
        assert_eq!((version, found.version), (1, 0));

        // Set at the game's version and the lines' own; the game's
        // version, which viewers follow, stays.
        let set = vec![SeatLines { seat: 0, lines: vec![vec!["c2-c3".into(), "d7-d6".into()]] }];
        assert_eq!(store.set_conditionals(&key, 1, 0, &set).await.unwrap(), 1);
        let read = store.game(&key).await.unwrap().unwrap();
        assert_eq!(read.version, 1);
        assert_eq!(read.conditionals.version, 1);
        assert_eq!(read.conditionals.seats, set);
        assert_eq!(read.conditionals.of(0), set[0].lines.as_slice());
        assert!(read.conditionals.of(1).is_empty());
        // From an older version of either, nothing is set.
        assert!(matches!(store.set_conditionals(&key, 1, 0, &[]).await, Err(StoreError::Stale { .. })));
        assert!(matches!(store.set_conditionals(&key, 0, 1, &[]).await, Err(StoreError::Stale { .. })));
        assert!(matches!(
            store.set_conditionals(&GameKey("none".into()), 1, 0, &[]).await,
            Err(StoreError::NotFound { .. })
        ));

        // A change made on the game as it was before the lines were set
        // is refused, on each path a change takes (the row found or not).
        let stale = update(record("lines"), GameState::Active, 2);
        assert!(matches!(store.update_game(&key, 1, stale).await, Err(StoreError::Stale { .. })));
        let stale_found =
            GameUpdate { found: Some(FoundColumns::of(&read)), ..update(record("lines"), GameState::Active, 2) };
        assert!(matches!(store.update_game(&key, 1, stale_found).await, Err(StoreError::Stale { .. })));
        // Made with them, it is stored, and leaves them as they were
        // unless it changed them.
        let kept = ConditionalsWrite { found: 1, lines: set.clone(), changed: false };
        let moved = GameUpdate {
            conditionals: kept,
            found: Some(FoundColumns::of(&read)),
            ..update(record("lines"), GameState::Active, 3)
        };
        let stored = store.update_game(&key, 1, moved).await.unwrap();
        assert_eq!(stored.conditionals.seats, set);
        assert_eq!(store.game(&key).await.unwrap().unwrap().conditionals.seats, set);
        let cleared = GameUpdate {
            conditionals: ConditionalsWrite { found: 1, lines: Vec::new(), changed: true },
            ..update(record("lines"), GameState::Active, 4)
        };
        let stored = store.update_game(&key, 2, cleared).await.unwrap();
        assert!(stored.conditionals.is_empty());
        let read = store.game(&key).await.unwrap().unwrap();
        assert!(read.conditionals.is_empty());
        assert_eq!((read.version, read.conditionals.version), (3, 1));
        store.close().await;
    })
    .await;
}
