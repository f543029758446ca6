//! Several servers on one PostgreSQL database: a change announced through
//! one store reaches the listeners of the others. SQLite has no listeners.

mod support;

use std::time::Duration;

use arbiter_store::{Backend, GameKey};
use support::on_both;

#[tokio::test]
async fn a_change_announced_through_one_store_reaches_another() {
    on_both("a_change_announced_through_one_store_reaches_another", |db| async move {
        let first = db.open().await;
        let second = db.open().await;
        let key = GameKey("x7f3".into());
        match db.backend {
            Backend::Sqlite => {
                assert!(second.listen().await.unwrap().is_none());
                first.notify_changed(&key).await.unwrap();
            }
            Backend::Postgres => {
                let mut listener = second.listen().await.unwrap().expect("a listener on PostgreSQL");
                first.notify_changed(&key).await.unwrap();
                first.notify_changed(&GameKey("second".into())).await.unwrap();
                let heard = tokio::time::timeout(Duration::from_secs(10), listener.recv()).await;
                assert_eq!(heard.expect("heard within 10 s").unwrap(), key);
                let heard = tokio::time::timeout(Duration::from_secs(10), listener.recv()).await;
                assert_eq!(heard.expect("heard within 10 s").unwrap().0, "second");
                // Its own announcements reach it too.
                second.notify_changed(&GameKey("own".into())).await.unwrap();
                let heard = tokio::time::timeout(Duration::from_secs(10), listener.recv()).await;
                assert_eq!(heard.expect("heard within 10 s").unwrap().0, "own");
                drop(listener);
            }
        }
        first.close().await;
        second.close().await;
    })
    .await;
}
