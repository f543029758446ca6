//! Accounts (names compare case-insensitively) and sessions.

use crate::support;

use arbiter_store::{AccountChange, AccountId, NewAccount, StoreError};
use support::{at, on_both};

#[tokio::test]
async fn accounts_are_created_and_found_by_name_in_any_case() {
    on_both("accounts_are_created_and_found_by_name_in_any_case", |db| async move {
        let store = db.open().await;
        let new = NewAccount { name: "Ann", password_hash: "hash-ann", email: Some("ann@example.org"), now: at(0) };
        let ann = store.create_account(&new).await.unwrap();
        assert_eq!(ann.name, "Ann");
        assert_eq!(ann.email.as_deref(), Some("ann@example.org"));
        assert!(ann.notify_email);
        let bob = store
            .create_account(&NewAccount { name: "bob", password_hash: "hash-bob", email: None, now: at(1) })
            .await
            .unwrap();
        assert_ne!(ann.id, bob.id);
        assert_eq!(bob.email, None);

        assert_eq!(store.account(ann.id).await.unwrap(), Some(ann.clone()));
        assert_eq!(store.account(AccountId(ann.id.0 + bob.id.0 + 100)).await.unwrap(), None);
        for name in ["Ann", "ann", "ANN", "aNn"] {
            assert_eq!(store.account_by_name(name).await.unwrap(), Some((ann.clone(), "hash-ann".to_string())));
        }
        assert_eq!(store.account_by_name("BOB").await.unwrap().map(|(a, _)| a), Some(bob));
        assert_eq!(store.account_by_name("carol").await.unwrap(), None);

        for taken in ["Ann", "ANN", "ann"] {
            let again = NewAccount { name: taken, password_hash: "other", email: None, now: at(2) };
            match store.create_account(&again).await {
                Err(e @ StoreError::NameTaken { .. }) => {
                    assert_eq!(e.to_string(), format!("'{taken}': the name is taken"))
                }
                other => panic!("{taken}: {other:?}"),
            }
        }
        store.close().await;
    })
    .await;
}

#[tokio::test]
async fn accounts_are_changed_field_by_field() {
    on_both("accounts_are_changed_field_by_field", |db| async move {
        let store = db.open().await;
        let new = NewAccount { name: "Ann", password_hash: "hash-1", email: Some("ann@example.org"), now: at(0) };
        let ann = store.create_account(&new).await.unwrap();

        let same = store.update_account(ann.id, &AccountChange::default()).await.unwrap();
        assert_eq!(same, ann);

        let quiet = AccountChange { notify_email: Some(false), ..AccountChange::default() };
        let changed = store.update_account(ann.id, &quiet).await.unwrap();
        assert!(!changed.notify_email);
        assert_eq!(changed.email.as_deref(), Some("ann@example.org"));

        let moved = AccountChange { email: Some(Some("ann@example.net".into())), ..AccountChange::default() };
        assert_eq!(store.update_account(ann.id, &moved).await.unwrap().email.as_deref(), Some("ann@example.net"));

        let password = AccountChange { password_hash: Some("hash-2".into()), ..AccountChange::default() };
        store.update_account(ann.id, &password).await.unwrap();
        let (read, hash) = store.account_by_name("ann").await.unwrap().unwrap();
        assert_eq!(hash, "hash-2");
        assert_eq!(read.email.as_deref(), Some("ann@example.net"));
        assert!(!read.notify_email);

        let forget = AccountChange { email: Some(None), notify_email: Some(true), ..AccountChange::default() };
        let read = store.update_account(ann.id, &forget).await.unwrap();
        assert_eq!((read.email, read.notify_email), (None, true));
        assert_eq!(store.account_by_name("ANN").await.unwrap().unwrap().1, "hash-2");

        match store.update_account(AccountId(ann.id.0 + 100), &quiet).await {
            Err(StoreError::Database(sqlx::Error::RowNotFound)) => {}
            other => panic!("{other:?}"),
        }
        store.close().await;
    })
    .await;
}

#[tokio::test]
async fn sessions_are_found_by_token_hash_until_deleted() {
    on_both("sessions_are_found_by_token_hash_until_deleted", |db| async move {
        let store = db.open().await;
        let new = NewAccount { name: "Ann", password_hash: "h", email: None, now: at(0) };
        let ann = store.create_account(&new).await.unwrap();
        let bob = store.create_account(&NewAccount { name: "Bob", ..new }).await.unwrap();
        let (first, second, other) = ([1u8; 32], [2u8; 32], [3u8; 32]);
        store.create_session(&first, ann.id, at(1), None).await.unwrap();
        store.create_session(&second, ann.id, at(2), Some("192.0.2.7")).await.unwrap();
        store.create_session(&other, bob.id, at(3), None).await.unwrap();

        assert_eq!(store.session_account(&first).await.unwrap(), Some(ann.clone()));
        assert_eq!(store.session_account(&second).await.unwrap(), Some(ann.clone()));
        assert_eq!(store.session_account(&other).await.unwrap(), Some(bob.clone()));
        assert_eq!(store.session_account(&[9u8; 32]).await.unwrap(), None);
        assert_eq!(store.session_account(b"").await.unwrap(), None);

        assert!(store.delete_session(&first).await.unwrap().is_some());
        assert_eq!(store.session_account(&first).await.unwrap(), None);
        assert!(store.delete_session(&first).await.unwrap().is_none());
        assert_eq!(store.session_account(&second).await.unwrap(), Some(ann));

        // A session of an account that does not exist is refused.
        assert!(store.create_session(&[4u8; 32], AccountId(bob.id.0 + 100), at(4), None).await.is_err());
        store.close().await;
    })
    .await;
}
