//! Accounts under attack, against a real server with the default limits:
//! a registration flood, guessing a password from many addresses, names
//! made to fill the limiter's memory, and sessions that outlive their
//! welcome. Where a test counts refusals, its rate is so many a day
//! rather than the default's so many an hour or a minute, so that no
//! share comes back during the test however slow the machine; the
//! defaults themselves are checked on their own.

use crate::support;

use std::sync::Arc;
use std::time::{Duration, Instant};

use arbiter_server::Settings;
use arbiter_server::limits::{Limits, Rate};
use reqwest::{Method, StatusCode};
use serde_json::json;
use support::{Db, TestServer};

/// The defaults, with the loopback peer trusted to say who the client is
/// (as a reverse proxy on the same machine would).
fn behind_proxy(limits: Limits) -> Settings {
    Settings { limits, trusted_proxies: vec!["127.0.0.1/32".parse().unwrap()], ..Settings::default() }
}

/// `POST path` as the client at `address` (through the trusted proxy).
async fn post_from(s: &TestServer, address: &str, path: &str, body: serde_json::Value) -> reqwest::Response {
    s.http.post(format!("{}{path}", s.base)).header("x-forwarded-for", address).json(&body).send().await.unwrap()
}

/// The `Retry-After` of a refusal, in seconds.
fn retry_after(answer: &reqwest::Response) -> u64 {
    answer.headers()["retry-after"].to_str().unwrap().parse().unwrap()
}

#[test]
fn an_address_registers_ten_accounts_an_hour_by_default() {
    assert_eq!(Limits::default().registrations_per_address, Rate::per_hour(10));
}

/// 300 sign-ups, 64 at a time, from one address: ten are hashed and made,
/// the rest refused at once, and other requests are answered meanwhile.
/// The defaults, but for ten accounts a day from one address rather than
/// ten an hour: at ten an hour one comes back every 6 minutes.
async fn a_registration_flood_from_one_address_is_refused_before_hashing(db: Db) {
    let limits = Limits { registrations_per_address: Rate::per_day(10), ..Limits::default() };
    let Some(s) = TestServer::start_set(db, Settings { limits, ..Settings::default() }, |_| {}).await else { return };
    let s = Arc::new(s);
    let gate = Arc::new(tokio::sync::Semaphore::new(64));
    let mut tasks = Vec::new();
    for i in 0..300 {
        let (s, gate) = (s.clone(), gate.clone());
        tasks.push(tokio::spawn(async move {
            let _slot = gate.acquire().await.unwrap();
            let answer = s
                .http
                .post(format!("{}/api/accounts", s.base))
                .json(&json!({"name": format!("flood{i}"), "password": "correct horse"}))
                .send()
                .await
                .unwrap();
            (answer.status(), answer.headers().get("retry-after").is_some())
        }));
    }
    // Meanwhile the server answers others.
    let (status, _) = s.get("/api/games", None).await;
    assert_eq!(status, StatusCode::OK);
    let mut made = 0;
    for task in tasks {
        match task.await.unwrap() {
            (StatusCode::CREATED, _) => made += 1,
            (StatusCode::TOO_MANY_REQUESTS, told) => assert!(told, "a 429 says when to try again"),
            (other, _) => panic!("{other}"),
        }
    }
    assert_eq!(made, 10, "ten accounts a day from one address");
    assert!(s.state.hasher.peak() <= Limits::default().hashes_at_once, "hashed at once: {}", s.state.hasher.peak());
    Arc::into_inner(s).unwrap().finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn registration_flood_on_sqlite() {
    a_registration_flood_from_one_address_is_refused_before_hashing(Db::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn registration_flood_on_postgres() {
    a_registration_flood_from_one_address_is_refused_before_hashing(Db::Postgres).await;
}

/// The same flood from 300 addresses (64 at a time): whatever passes the limits waits for
/// the few hashing threads, and beyond their queue is refused at once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_from_many_addresses_never_hashes_more_at_once_than_allowed() {
    let limits = Limits { hashes_at_once: 1, hash_queue: 4, ..Limits::default() };
    let s = Arc::new(TestServer::start_set(Db::Sqlite, behind_proxy(limits), |_| {}).await.unwrap());
    // 64 at a time, as one client holds its connections within its
    // address's share.
    let gate = Arc::new(tokio::sync::Semaphore::new(64));
    let tasks: Vec<_> = (0..300)
        .map(|i| {
            let (s, gate) = (s.clone(), gate.clone());
            tokio::spawn(async move {
                let _slot = gate.acquire().await.unwrap();
                let body = json!({"name": format!("many{i}"), "password": "correct horse"});
                post_from(&s, &format!("198.51.{}.{}", i / 200, i % 200 + 1), "/api/accounts", body).await.status()
            })
        })
        .collect();
    let mut statuses = std::collections::BTreeMap::new();
    for task in tasks {
        *statuses.entry(task.await.unwrap().as_u16()).or_insert(0) += 1;
    }
    assert_eq!(statuses.keys().copied().collect::<Vec<_>>(), vec![201, 429], "{statuses:?}");
    assert_eq!(s.state.hasher.peak(), 1, "one hash at a time");
    Arc::into_inner(s).unwrap().finish().await;
}

/// 1,000 guesses at one account from 100 addresses: a few are checked,
/// then each further attempt waits, the right password too; the owner,
/// from an address they signed in from, still gets in.
async fn guessing_a_password_from_many_addresses_backs_off(db: Db) {
    let Some(s) = TestServer::start_set(db, behind_proxy(Limits::default()), |_| {}).await else { return };
    let answer =
        post_from(&s, "203.0.113.7", "/api/accounts", json!({"name": "owner", "password": "correct horse"})).await;
    assert_eq!(answer.status(), StatusCode::CREATED);
    let answer =
        post_from(&s, "203.0.113.7", "/api/sessions", json!({"name": "owner", "password": "correct horse"})).await;
    assert_eq!(answer.status(), StatusCode::CREATED, "the owner signs in from home");
    let mut checked = 0;
    let mut waited = 0;
    for i in 0..1000 {
        let from = format!("192.0.2.{}", i % 100 + 1);
        let answer =
            post_from(&s, &from, "/api/sessions", json!({"name": "owner", "password": format!("guess {i}")})).await;
        match answer.status() {
            StatusCode::UNAUTHORIZED => checked += 1,
            StatusCode::TOO_MANY_REQUESTS => waited += 1,
            other => panic!("{other}"),
        }
    }
    assert!(checked < 20, "{checked} guesses were checked");
    assert_eq!(checked + waited, 1000);
    // The waits are real time, from 1 s up: the right password is sent
    // just after a guess refused with a wait of 2 s or more (each guess
    // from an address of its own), so that it comes while that wait runs.
    let mut more = 0;
    let (told, sent) = loop {
        more += 1;
        let from = format!("192.0.2.{}", 200 + more);
        let sent = Instant::now();
        let answer =
            post_from(&s, &from, "/api/sessions", json!({"name": "owner", "password": format!("more {more}")})).await;
        match answer.status() {
            StatusCode::TOO_MANY_REQUESTS if retry_after(&answer) >= 2 => break (retry_after(&answer), sent),
            // The wait is about to end: the next guess is checked, and
            // the wait after it at least 2 s.
            StatusCode::TOO_MANY_REQUESTS => tokio::time::sleep(Duration::from_secs(1)).await,
            StatusCode::UNAUTHORIZED => {}
            other => panic!("{other}"),
        }
        assert!(more < 10, "no wait of 2 s or more after {more} guesses more");
    };
    let answer =
        post_from(&s, "192.0.2.200", "/api/sessions", json!({"name": "owner", "password": "correct horse"})).await;
    let after = sent.elapsed();
    if answer.status() == StatusCode::TOO_MANY_REQUESTS {
        let wait = retry_after(&answer);
        assert!((1..=900).contains(&wait), "{wait}");
    } else {
        // Only a machine that stalled past the wait may let it in.
        assert_eq!(answer.status(), StatusCode::CREATED);
        assert!(
            after.as_secs() + 1 >= told,
            "the guesser waits, right or wrong: let in {after:?} after a wait of {told} s"
        );
    }
    let answer =
        post_from(&s, "203.0.113.7", "/api/sessions", json!({"name": "owner", "password": "correct horse"})).await;
    assert_eq!(answer.status(), StatusCode::CREATED, "the owner is not locked out");
    s.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn guessing_backs_off_on_sqlite() {
    guessing_a_password_from_many_addresses_backs_off(Db::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn guessing_backs_off_on_postgres() {
    guessing_a_password_from_many_addresses_backs_off(Db::Postgres).await;
}

/// A peer that is not a trusted proxy cannot spread its attempts over
/// addresses it makes up. The defaults, but for 30 sign-ins a day from an
/// address rather than 30 a minute (the default is checked in
/// `accounts`): at 30 a minute one comes back every 2 s, sooner than a
/// slow machine hashes 30 passwords.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn made_up_forwarded_addresses_count_for_the_peer() {
    let limits = Limits { sign_ins_per_address: Rate::per_day(30), ..Limits::default() };
    let s = TestServer::start_set(Db::Sqlite, Settings { limits, ..Settings::default() }, |_| {}).await.unwrap();
    let mut limited = 0;
    for i in 0..40 {
        let body = json!({"name": "nobody", "password": "correct horse"});
        let answer = post_from(&s, &format!("192.0.2.{}", i + 1), "/api/sessions", body).await;
        limited += usize::from(answer.status() == StatusCode::TOO_MANY_REQUESTS);
    }
    assert_eq!(limited, 10, "30 a day from the one real address");
    s.finish().await;
}

/// 1,000 sign-ins with distinct 60 KB names: refused as names before
/// anything is kept, so the limiter holds no more than it did.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn huge_names_are_refused_before_the_limiter_keeps_anything() {
    let s = TestServer::start_set(Db::Sqlite, behind_proxy(Limits::default()), |_| {}).await.unwrap();
    for i in 0..1000 {
        let name = format!("{i}{}", "x".repeat(60_000));
        let from = format!("10.{}.{}.1", i / 250, i % 250);
        let answer = post_from(&s, &from, "/api/sessions", json!({"name": name, "password": "correct horse"})).await;
        assert_eq!(answer.status(), StatusCode::BAD_REQUEST);
    }
    assert_eq!(s.state.guards.sign_ins_per_address.keys(), 0);
    assert_eq!(s.state.guards.sign_in_failures.keys(), 0);
    s.finish().await;
}

/// Waits (up to 60 s, for a slow machine) until the session of `token` is
/// written as used now: its last use is written in the background.
async fn touched(s: &TestServer, token: &str) {
    let now = s.clock_now_rfc3339();
    for _ in 0..1200 {
        let (_, listed) = s.get("/api/me/sessions", Some(token)).await;
        if listed.as_array().is_some_and(|l| l.iter().any(|x| x["current"] == true && x["last_used"] == now.as_str())) {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("the session's last use was not written");
}

/// Sessions end after 30 days unused, and a used one goes on; the sweep
/// removes ended sessions; an account lists and ends its own.
async fn sessions_end_unused_and_are_listed_and_revoked(s: &TestServer) {
    let ann = s.account("ann").await;
    let (_, second) = s.post("/api/sessions", None, json!({"name": "ann", "password": "correct horse"})).await;
    let second = second["token"].as_str().unwrap().to_string();
    let (status, listed) = s.get("/api/me/sessions", Some(&ann)).await;
    assert_eq!(status, StatusCode::OK);
    let listed = listed.as_array().unwrap().clone();
    assert_eq!(listed.len(), 2, "{listed:?}");
    assert_eq!(listed.iter().filter(|l| l["current"] == true).count(), 1);
    assert_eq!(listed[0]["address"], "127.0.0.1");
    let other = listed.iter().find(|l| l["current"] == false).unwrap()["id"].as_i64().unwrap();

    // Used every 20 days, ann's first session lasts; the second, unused,
    // ends after 30.
    for _ in 0..2 {
        s.clock.advance(20 * 86_400);
        let (status, _) = s.get("/api/me", Some(&ann)).await;
        assert_eq!(status, StatusCode::OK);
        touched(s, &ann).await;
    }
    let (status, gone) = s.get("/api/me", Some(&second)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{gone}");
    assert!(gone["error"]["message"].as_str().unwrap().contains("unused for too long"), "{gone}");
    arbiter_server::sweep(&s.state).await;
    let (_, listed) = s.get("/api/me/sessions", Some(&ann)).await;
    assert_eq!(listed.as_array().unwrap().len(), 1, "{listed}");

    // Ending another's session: 404; one's own: 204, and it stops working.
    let bo = s.account("bo").await;
    let (_, bo_sessions) = s.get("/api/me/sessions", Some(&bo)).await;
    let bo_id = bo_sessions[0]["id"].as_i64().unwrap();
    let (status, _) = s.call(Method::DELETE, &format!("/api/me/sessions/{bo_id}"), Some(&ann), None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = s.call(Method::DELETE, &format!("/api/me/sessions/{other}"), Some(&ann), None).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "ended already");
    let (status, _) = s.call(Method::DELETE, &format!("/api/me/sessions/{bo_id}"), Some(&bo), None).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (status, _) = s.get("/api/me", Some(&bo)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (status, _) = s.call(Method::DELETE, "/api/me/sessions/nonsense", Some(&ann), None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}
on_both!(sessions_on_sqlite, sessions_on_postgres, sessions_end_unused_and_are_listed_and_revoked);

#[test]
fn an_account_changes_its_password_five_times_an_hour_by_default() {
    assert_eq!(Limits::default().password_changes_per_account, Rate::per_hour(5));
}

/// The settings of the password changes' test: five changes a day rather
/// than five an hour, so that no change's share comes back while a slow
/// machine hashes the test's dozen passwords.
fn five_password_changes_a_day() -> Settings {
    let mut settings = support::relaxed();
    settings.limits.password_changes_per_account = Rate::per_day(5);
    settings
}

/// Password changes are limited per account.
async fn password_changes_are_limited(s: &TestServer) {
    let ann = s.account("ann").await;
    let mut statuses = Vec::new();
    let mut current = "correct horse".to_string();
    for i in 0..7 {
        let next = format!("password number {i}");
        let body = json!({"password": next, "current_password": current});
        let (status, _) = s.call(Method::PATCH, "/api/me", Some(&ann), Some(body)).await;
        if status == StatusCode::OK {
            current = next;
        }
        statuses.push(status.as_u16());
    }
    assert_eq!(statuses, vec![200, 200, 200, 200, 200, 429, 429]);
}
on_both!(
    password_changes_on_sqlite,
    password_changes_on_postgres,
    password_changes_are_limited,
    five_password_changes_a_day()
);
