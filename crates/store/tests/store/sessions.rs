//! Sessions over their life: their number, last use and address, ending
//! one, every other one, and those unused for long.

use crate::support;

use arbiter_store::{NewAccount, SessionId};
use support::{at, on_both};

#[tokio::test]
async fn sessions_are_used_listed_and_ended() {
    on_both("sessions_are_used_listed_and_ended", |db| async move {
        let store = db.open().await;
        let new = NewAccount { name: "Ann", password_hash: "h", email: None, now: at(0) };
        let ann = store.create_account(&new).await.unwrap();
        let bob = store.create_account(&NewAccount { name: "Bob", ..new }).await.unwrap();
        let a1 = store.create_session(&[1u8; 32], ann.id, at(10), Some("192.0.2.1")).await.unwrap();
        let a2 = store.create_session(&[2u8; 32], ann.id, at(20), Some("192.0.2.2")).await.unwrap();
        let a3 = store.create_session(&[3u8; 32], ann.id, at(30), None).await.unwrap();
        let b1 = store.create_session(&[4u8; 32], bob.id, at(40), Some("192.0.2.1")).await.unwrap();
        assert_ne!(a1, a2);

        // Found with its account and number while used recently enough.
        let found = store.session(&[1u8; 32], at(0)).await.unwrap().expect("a session");
        assert_eq!((found.account.id, found.session, found.last_used), (ann.id, a1, at(10)));
        assert!(store.session(&[1u8; 32], at(11)).await.unwrap().is_none(), "unused since 10");
        store.touch_session(a1, at(100)).await.unwrap();
        // A touch never moves the time back.
        store.touch_session(a1, at(50)).await.unwrap();
        assert_eq!(store.session(&[1u8; 32], at(11)).await.unwrap().unwrap().last_used, at(100));

        // Listed newest first, others' sessions not among them.
        let listed = store.sessions_of(ann.id, at(0)).await.unwrap();
        assert_eq!(listed.iter().map(|s| s.id).collect::<Vec<_>>(), vec![a3, a2, a1]);
        assert_eq!(listed[1].address.as_deref(), Some("192.0.2.2"));
        assert_eq!(listed[2].created, at(10));
        assert_eq!(store.sessions_of(ann.id, at(25)).await.unwrap().len(), 2, "a2 unused since 20");

        // An address its owner signs in from.
        assert!(store.has_session_from(ann.id, "192.0.2.1", at(0)).await.unwrap());
        assert!(!store.has_session_from(ann.id, "192.0.2.9", at(0)).await.unwrap());
        assert!(!store.has_session_from(ann.id, "192.0.2.2", at(25)).await.unwrap(), "too long unused");

        assert!(store.session_alive(a1, at(11)).await.unwrap());
        assert!(!store.session_alive(a2, at(21)).await.unwrap(), "unused since 20");
        assert!(!store.session_alive(SessionId(a1.0 + 1000), at(0)).await.unwrap());

        // Ending one by number: only the account's own.
        assert!(!store.delete_session_of(ann.id, b1).await.unwrap());
        assert!(store.delete_session_of(ann.id, a3).await.unwrap());
        assert!(store.session(&[3u8; 32], at(0)).await.unwrap().is_none());

        // Every other session of the account.
        let ended = store.delete_sessions_of(ann.id, Some(a1)).await.unwrap();
        assert_eq!(ended, vec![a2]);
        assert!(store.session(&[1u8; 32], at(0)).await.unwrap().is_some());
        assert!(store.session(&[4u8; 32], at(0)).await.unwrap().is_some(), "Bob's stays");

        // Those unused for long, whoever's.
        let mut ended = store.delete_unused_sessions(at(60)).await.unwrap();
        ended.sort();
        assert_eq!(ended, vec![b1]);
        assert_eq!(store.delete_sessions_of(ann.id, None).await.unwrap(), vec![a1]);
        assert!(store.sessions_of(ann.id, at(0)).await.unwrap().is_empty());
        assert_eq!(store.delete_session(&[9u8; 32]).await.unwrap(), None::<SessionId>);
        store.close().await;
    })
    .await;
}
