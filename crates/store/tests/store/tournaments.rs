//! Tournaments as the store keeps them: joining (once, while there is
//! room, a Swiss's late joiner with a half-point bye a round missed),
//! leaving before the start and withdrawing after, and a round started
//! only from the round and the players it was paired from.

use crate::support;

use arbiter_store::{
    AccountId, Departure, EntryRefusal, NewAccount, NewTournament, RoundStart, Store, StoreError, TournamentKind,
    TournamentState,
};
use support::{at, on_both};

async fn account(store: &Store, name: &str) -> AccountId {
    store.create_account(&NewAccount { name, password_hash: "h", email: None, now: at(0) }).await.unwrap().id
}

fn round(tournament: i64, expected_round: u32, players: u32, withdrawn: u32) -> RoundStart {
    RoundStart {
        tournament,
        expected_round,
        new_round: expected_round + 1,
        players,
        withdrawn,
        rounds_planned: 4,
        games: Vec::new(),
        byes: Vec::new(),
        notices: Vec::new(),
        mail: Vec::new(),
        now: at(100),
    }
}

#[tokio::test]
async fn entries_and_rounds_hold_against_changes_meanwhile() {
    on_both("entries_and_rounds_hold_against_changes_meanwhile", |db| async move {
        let store = db.open().await;
        let ann = account(&store, "Ann").await;
        let bob = account(&store, "Bob").await;
        let cy = account(&store, "Cy").await;
        let dee = account(&store, "Dee").await;
        let id = store
            .create_tournament(&NewTournament {
                name: "Open".into(),
                game: "sage".into(),
                rating_pool: "sage".into(),
                kind: TournamentKind::Swiss,
                settings: "{}".into(),
                organiser: ann,
                max_players: 3,
                rounds_planned: 4,
                starts_at: at(1000),
                now: at(0),
            })
            .await
            .unwrap();
        for who in [ann, bob] {
            assert_eq!(store.join_tournament(id, who, at(1)).await.unwrap(), Ok(()));
        }
        assert_eq!(store.join_tournament(id, bob, at(1)).await.unwrap(), Err(EntryRefusal::AlreadyIn));
        assert_eq!(store.join_tournament(id + 1, bob, at(1)).await.unwrap(), Err(EntryRefusal::NotFound));
        // Paired from two players; a third joined meanwhile: refused.
        assert_eq!(store.join_tournament(id, cy, at(2)).await.unwrap(), Ok(()));
        assert!(matches!(store.start_tournament_round(&round(id, 0, 2, 0)).await, Err(StoreError::Stale { .. })));
        let whole = store.tournament(id).await.unwrap().unwrap();
        assert_eq!((whole.tournament.state, whole.tournament.round), (TournamentState::Upcoming, 0));
        assert_eq!(store.join_tournament(id, dee, at(2)).await.unwrap(), Err(EntryRefusal::Full { max: 3 }));
        // Paired from the three: started, once.
        store.start_tournament_round(&round(id, 0, 3, 0)).await.unwrap();
        assert!(matches!(store.start_tournament_round(&round(id, 0, 3, 0)).await, Err(StoreError::Stale { .. })));
        let whole = store.tournament(id).await.unwrap().unwrap();
        assert_eq!((whole.tournament.state, whole.tournament.round), (TournamentState::Running, 1));
        assert_eq!(whole.tournament.starts_at, at(100), "started early: its start is when it did");
        // A withdrawal after the start keeps the player, withdrawn; a
        // round paired before it is refused.
        assert_eq!(store.leave_tournament(id, cy, at(3)).await.unwrap(), Ok(Departure::Withdrew));
        assert_eq!(store.leave_tournament(id, cy, at(3)).await.unwrap(), Err(EntryRefusal::NotIn));
        assert!(matches!(store.start_tournament_round(&round(id, 1, 3, 0)).await, Err(StoreError::Stale { .. })));
        store.start_tournament_round(&round(id, 1, 3, 1)).await.unwrap();
        let whole = store.tournament(id).await.unwrap().unwrap();
        assert_eq!(whole.players.len(), 3);
        assert!(whole.players.iter().find(|p| p.account == cy).unwrap().withdrawn.is_some());
    })
    .await;
}

#[tokio::test]
async fn a_late_joiner_gets_a_half_point_bye_a_round_missed() {
    on_both("a_late_joiner_gets_a_half_point_bye_a_round_missed", |db| async move {
        let store = db.open().await;
        let ann = account(&store, "Ann").await;
        let bob = account(&store, "Bob").await;
        let cy = account(&store, "Cy").await;
        let new = NewTournament {
            name: "Late".into(),
            game: "sage".into(),
            rating_pool: "sage".into(),
            kind: TournamentKind::Swiss,
            settings: "{}".into(),
            organiser: ann,
            max_players: 10,
            rounds_planned: 4,
            starts_at: at(10),
            now: at(0),
        };
        let id = store.create_tournament(&new).await.unwrap();
        store.join_tournament(id, ann, at(1)).await.unwrap().unwrap();
        store.start_tournament_round(&round(id, 0, 1, 0)).await.unwrap();
        assert_eq!(store.join_tournament(id, bob, at(2)).await.unwrap(), Ok(()));
        let whole = store.tournament(id).await.unwrap().unwrap();
        let byes: Vec<_> = whole.byes.iter().map(|b| (b.round, b.account, b.points)).collect();
        assert_eq!(byes, vec![(1, bob, 1)]);
        assert_eq!(whole.players.iter().find(|p| p.account == bob).unwrap().joined_round, 1);
        // Half of four rounds started: too late.
        store.start_tournament_round(&round(id, 1, 2, 0)).await.unwrap();
        assert_eq!(store.join_tournament(id, cy, at(3)).await.unwrap(), Err(EntryRefusal::Started));
        assert_eq!(store.leave_tournament(id, cy, at(3)).await.unwrap(), Err(EntryRefusal::NotIn));
    })
    .await;
}
