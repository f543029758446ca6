//! The mail outbox: queued, due, sent, or failed and tried again later.

use crate::support;

use arbiter_store::{MailCounts, NewAccount, NewMail, StoreError};
use support::{at, on_both};

#[tokio::test]
async fn mail_is_due_until_sent_and_failures_wait_to_be_retried() {
    on_both("mail_is_due_until_sent_and_failures_wait_to_be_retried", |db| async move {
        let store = db.open().await;
        let new = NewAccount { name: "Ann", password_hash: "h", email: Some("ann@example.org"), now: at(0) };
        let ann = store.create_account(&new).await.unwrap();
        let mail = |subject: &str, now| NewMail {
            account: ann.id,
            to: "ann@example.org".into(),
            subject: subject.into(),
            body: format!("Dear Ann,\n{subject}\n"),
            reply_to: None,
            now: at(now),
        };
        assert!(store.due_mail(at(1_000), 10).await.unwrap().is_empty());
        assert_eq!(store.mail_counts().await.unwrap(), MailCounts { queued: 0, failed: 0 });
        let first = store.queue_mail(&mail("your move in x7f3", 10)).await.unwrap();
        let second = store.queue_mail(&mail("round 2 closed", 20)).await.unwrap();
        assert_ne!(first, second);
        assert_eq!(store.mail_counts().await.unwrap(), MailCounts { queued: 2, failed: 0 });

        let subjects = |now, limit| {
            let store = store.clone();
            async move {
                store.due_mail(at(now), limit).await.unwrap().into_iter().map(|m| m.subject).collect::<Vec<_>>()
            }
        };
        assert_eq!(subjects(5, 10).await, Vec::<String>::new());
        assert_eq!(subjects(10, 10).await, ["your move in x7f3"]);
        assert_eq!(subjects(20, 10).await, ["your move in x7f3", "round 2 closed"]);
        assert_eq!(subjects(20, 1).await, ["your move in x7f3"]);

        let due = store.due_mail(at(20), 10).await.unwrap();
        assert_eq!((due[0].id, due[0].to.as_str(), due[0].attempts), (first, "ann@example.org", 0));
        assert_eq!(due[0].body, "Dear Ann,\nyour move in x7f3\n");

        // The first is sent; the second fails twice, and waits each time.
        store.mail_sent(first, at(21)).await.unwrap();
        store.mail_failed(second, "connection refused", at(80)).await.unwrap();
        assert_eq!(subjects(79, 10).await, Vec::<String>::new());
        let retried = store.due_mail(at(80), 10).await.unwrap();
        assert_eq!((retried.len(), retried[0].id, retried[0].attempts), (1, second, 1));
        store.mail_failed(second, "timed out", at(200)).await.unwrap();
        assert_eq!(subjects(199, 10).await, Vec::<String>::new());
        assert_eq!(store.due_mail(at(200), 10).await.unwrap()[0].attempts, 2);
        assert_eq!(store.mail_counts().await.unwrap(), MailCounts { queued: 1, failed: 0 }, "one sent, one to retry");
        store.mail_sent(second, at(201)).await.unwrap();
        assert!(store.due_mail(at(10_000), 10).await.unwrap().is_empty());
        let third = store.queue_mail(&mail("game over", 300)).await.unwrap();
        store.mail_given_up(third, "no such mailbox", at(301)).await.unwrap();
        assert_eq!(store.mail_counts().await.unwrap(), MailCounts { queued: 0, failed: 1 });

        // Mail that was never queued.
        assert!(matches!(store.mail_sent(second + 100, at(1)).await, Err(StoreError::Database(sqlx::Error::RowNotFound))));
        assert!(matches!(
            store.mail_failed(second + 100, "x", at(1)).await,
            Err(StoreError::Database(sqlx::Error::RowNotFound))
        ));
        store.close().await;
    })
    .await;
}

#[tokio::test]
async fn mail_taken_to_send_is_taken_once_and_due_again_if_never_reported() {
    on_both("mail_taken_to_send_is_taken_once_and_due_again_if_never_reported", |db| async move {
        let store = db.open().await;
        let new = NewAccount { name: "Ann", password_hash: "h", email: Some("ann@example.org"), now: at(0) };
        let ann = store.create_account(&new).await.unwrap();
        for i in 0..40 {
            let mail = NewMail {
                account: ann.id,
                to: "ann@example.org".into(),
                subject: format!("mail {i}"),
                body: "b".into(),
                reply_to: None,
                now: at(10),
            };
            store.queue_mail(&mail).await.unwrap();
        }
        // Four senders at once (as if four servers): every mail is taken
        // by exactly one of them.
        let mut takers = Vec::new();
        for _ in 0..4 {
            let store = store.clone();
            takers.push(tokio::spawn(async move { store.take_due_mail(at(20), at(620), 15).await.unwrap() }));
        }
        let mut taken = Vec::new();
        for taker in takers {
            taken.extend(taker.await.unwrap().into_iter().map(|m| m.subject));
        }
        taken.sort();
        let mut all: Vec<String> = (0..40).map(|i| format!("mail {i}")).collect();
        all.sort();
        assert_eq!(taken, all);
        assert!(store.take_due_mail(at(600), at(1200), 100).await.unwrap().is_empty(), "taken until 620");
        // One is reported sent; the others' sender stopped: due again.
        let sent = store.due_mail(at(620), 1).await.unwrap()[0].id;
        store.mail_sent(sent, at(30)).await.unwrap();
        assert_eq!(store.take_due_mail(at(620), at(1220), 100).await.unwrap().len(), 39);
        store.close().await;
    })
    .await;
}
