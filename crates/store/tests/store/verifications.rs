//! Mail addresses verified by a link, and mail given up after its
//! attempts.

use crate::support;

use arbiter_store::{AccountChange, NewAccount, NewMail, NewVerification, VerifyRefusal};
use support::{at, on_both};

fn link_mail(account: arbiter_store::AccountId, to: &str, now: i64) -> NewMail {
    NewMail {
        account,
        to: to.into(),
        subject: "Verify your address".into(),
        body: "Follow the link".into(),
        reply_to: None,
        now: at(now),
    }
}

#[tokio::test]
async fn an_address_is_verified_by_its_newest_link_in_time() {
    on_both("an_address_is_verified_by_its_newest_link_in_time", |db| async move {
        let store = db.open().await;
        let new = NewAccount { name: "Ann", password_hash: "h", email: Some("ann@example.org"), now: at(0) };
        let ann = store.create_account(&new).await.unwrap();
        assert!(!ann.email_verified);
        assert_eq!(ann.mail_address(), None, "no mail to an address not verified");

        let start = |token: &'static [u8], expires: i64, now: i64| {
            let store = store.clone();
            async move {
                store
                    .start_verification(&NewVerification {
                        account: ann.id,
                        token_hash: token,
                        email: "ann@example.org",
                        expires: at(expires),
                        mail: link_mail(ann.id, "ann@example.org", now),
                    })
                    .await
                    .unwrap()
            }
        };
        start(b"old", 1000, 1).await;
        start(b"new", 1000, 2).await;
        // The link's mail is queued with it.
        assert_eq!(store.due_mail(at(5), 10).await.unwrap().len(), 2);
        // A replaced link, an unknown one, one followed too late.
        assert_eq!(store.verify_email(b"old", at(3)).await.unwrap(), Err(VerifyRefusal::Unknown));
        assert_eq!(store.verify_email(b"nothing", at(3)).await.unwrap(), Err(VerifyRefusal::Unknown));
        assert_eq!(store.verify_email(b"new", at(1000)).await.unwrap(), Err(VerifyRefusal::Expired));
        assert!(!store.account(ann.id).await.unwrap().unwrap().email_verified);

        let verified = store.verify_email(b"new", at(999)).await.unwrap().expect("verified");
        assert!(verified.email_verified);
        assert_eq!(verified.mail_address(), Some("ann@example.org"));
        // Used once.
        assert_eq!(store.verify_email(b"new", at(999)).await.unwrap(), Err(VerifyRefusal::Unknown));

        // Setting the same address keeps it verified; another is not.
        let same = AccountChange { email: Some(Some("ann@example.org".into())), ..AccountChange::default() };
        assert!(store.update_account(ann.id, &same).await.unwrap().email_verified);
        let other = AccountChange { email: Some(Some("ann@elsewhere.org".into())), ..AccountChange::default() };
        assert!(!store.update_account(ann.id, &other).await.unwrap().email_verified);

        // A link sent to the old address does not verify the new one.
        start(b"stale", 5000, 10).await;
        assert_eq!(store.verify_email(b"stale", at(11)).await.unwrap(), Err(VerifyRefusal::AddressChanged));
        assert!(!store.account(ann.id).await.unwrap().unwrap().email_verified);

        assert_eq!(store.delete_expired_verifications(at(6000)).await.unwrap(), 1);
        store.close().await;
    })
    .await;
}

#[tokio::test]
async fn mail_given_up_is_not_tried_again_and_is_shown_to_its_account() {
    on_both("mail_given_up_is_not_tried_again_and_is_shown_to_its_account", |db| async move {
        let store = db.open().await;
        let new = NewAccount { name: "Ann", password_hash: "h", email: Some("ann@example.org"), now: at(0) };
        let ann = store.create_account(&new).await.unwrap();
        let first = store.queue_mail(&link_mail(ann.id, "ann@example.org", 1)).await.unwrap();
        let second = store.queue_mail(&link_mail(ann.id, "ann@example.org", 2)).await.unwrap();
        store.mail_failed(first, "451 later", at(3)).await.unwrap();
        store.mail_given_up(second, "550 no such user", at(4)).await.unwrap();
        let due = store.take_due_mail(at(100), at(700), 10).await.unwrap();
        assert_eq!(due.iter().map(|m| m.id).collect::<Vec<_>>(), vec![first], "the given-up mail is not due");
        let failed = store.failed_mail(ann.id, 5).await.unwrap();
        assert_eq!(failed.len(), 1);
        assert_eq!((failed[0].subject.as_str(), failed[0].error.as_str()), ("Verify your address", "550 no such user"));
        assert_eq!(failed[0].created, at(2));

        // Sent and given-up mail is forgotten after a while; unsent is not.
        store.mail_sent(first, at(10)).await.unwrap();
        store.queue_mail(&link_mail(ann.id, "ann@example.org", 20)).await.unwrap();
        assert_eq!(store.delete_old_mail(at(11)).await.unwrap(), 2);
        assert_eq!(store.due_mail(at(100), 10).await.unwrap().len(), 1);
        store.close().await;
    })
    .await;
}
