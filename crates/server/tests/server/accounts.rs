//! Accounts and sessions: registering, signing in and out (the token stops
//! working at once), the account's own view and changes, and refusals that
//! name what is wrong.

use crate::support;

use arbiter_server::Settings;
use arbiter_server::limits::{Limits, Rate};
use reqwest::{Method, StatusCode};
use serde_json::json;
use support::TestServer;

async fn register_sign_in_and_out(s: &TestServer) {
    let (status, created) = s
        .post("/api/accounts", None, json!({"name": "ann", "password": "correct horse", "email": "ann@example.org"}))
        .await;
    assert_eq!(status, StatusCode::CREATED);
    assert_eq!(created["name"], "ann");
    assert!(created["id"].is_i64());
    let (status, again) = s.post("/api/accounts", None, json!({"name": "ANN", "password": "another one"})).await;
    assert_eq!(status, StatusCode::CONFLICT, "{again}");
    assert_eq!(again["error"]["code"], "conflict");

    let (status, wrong) = s.post("/api/sessions", None, json!({"name": "ann", "password": "wrong horse"})).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{wrong}");
    let (status, nobody) = s.post("/api/sessions", None, json!({"name": "nobody", "password": "wrong horse"})).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(
        wrong["error"]["message"], nobody["error"]["message"],
        "a wrong name says no more than a wrong password"
    );

    let answer = s
        .http
        .post(format!("{}/api/sessions", s.base))
        .json(&json!({"name": "ann", "password": "correct horse"}))
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), StatusCode::CREATED);
    let cookie = answer.headers()["set-cookie"].to_str().unwrap().to_string();
    assert!(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"), "{cookie}");
    let session: serde_json::Value = answer.json().await.unwrap();
    let token = session["token"].as_str().unwrap().to_string();
    assert!(cookie.starts_with(&format!("arbiter_session={token}")));

    let (status, me) = s.get("/api/me", Some(&token)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        me,
        json!({"id": created["id"], "name": "ann", "guest": false, "bot": false, "email": "ann@example.org", "email_verified": false,
               "notify": {"email": true}, "failed_mail": []})
    );
    // The cookie alone signs the browser in.
    let by_cookie = s
        .http
        .get(format!("{}/api/me", s.base))
        .header("cookie", format!("arbiter_session={token}"))
        .send()
        .await
        .unwrap();
    assert_eq!(by_cookie.status(), StatusCode::OK);

    let (status, changed) =
        s.call(Method::PATCH, "/api/me", Some(&token), Some(json!({"email": null, "notify": {"email": false}}))).await;
    assert_eq!(status, StatusCode::OK, "{changed}");
    assert_eq!(changed["email"], serde_json::Value::Null);
    assert_eq!(changed["notify"]["email"], false);

    // A new password needs the current one, and ends every other session.
    let (_, other) = s.post("/api/sessions", None, json!({"name": "ann", "password": "correct horse"})).await;
    let other = other["token"].as_str().unwrap().to_string();
    let change = |body| s.call(Method::PATCH, "/api/me", Some(&token), Some(body));
    let (status, refused) = change(json!({"password": "a new password"})).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{refused}");
    assert!(refused["error"]["message"].as_str().unwrap().contains("current_password"), "{refused}");
    let (status, _) = change(json!({"password": "a new password", "current_password": "wrong horse"})).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = s.get("/api/me", Some(&other)).await;
    assert_eq!(status, StatusCode::OK, "refused changes end nothing");
    let (status, _) = change(json!({"password": "a new password", "current_password": "correct horse"})).await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = s.get("/api/me", Some(&other)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "the other session ended");
    let (status, _) = s.get("/api/me", Some(&token)).await;
    assert_eq!(status, StatusCode::OK, "the session that changed it goes on");
    let (status, _) = s.post("/api/sessions", None, json!({"name": "ann", "password": "correct horse"})).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "the old password no longer works");
    let (status, _) = s.post("/api/sessions", None, json!({"name": "ann", "password": "a new password"})).await;
    assert_eq!(status, StatusCode::CREATED);

    let (status, _) = s.call(Method::DELETE, "/api/sessions/current", Some(&token), None).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (status, gone) = s.get("/api/me", Some(&token)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "a token stops working at once: {gone}");
    let (status, _) = s.get("/api/me", None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}
on_both!(register_sign_in_and_out_on_sqlite, register_sign_in_and_out_on_postgres, register_sign_in_and_out);

async fn bad_input_gets_a_4xx_naming_what_is_wrong(s: &TestServer) {
    for (body, why) in [
        (json!({"name": "a b", "password": "correct horse"}), "'a b': a name is"),
        (json!({"name": "", "password": "correct horse"}), "a name is"),
        (json!({"name": "bo", "password": "short"}), "8 to 1024 characters"),
        (json!({"name": "bo", "password": "correct horse", "email": "not an address"}), "not a mail address"),
        (json!({"name": "bo", "password": "correct horse", "admin": true}), "unknown field `admin`"),
        (json!({"name": 7, "password": "correct horse"}), "invalid type"),
    ] {
        let (status, answer) = s.post("/api/accounts", None, body.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {answer}");
        assert_eq!(answer["error"]["code"], "malformed");
        let message = answer["error"]["message"].as_str().unwrap();
        assert!(message.contains(why), "{body}: {message}");
    }
    let raw = |body: Vec<u8>, content_type: &'static str| {
        s.http.post(format!("{}/api/accounts", s.base)).header("content-type", content_type).body(body).send()
    };
    let answer = raw(b"{\"name\": ".to_vec(), "application/json").await.unwrap();
    assert_eq!(answer.status(), StatusCode::BAD_REQUEST);
    let answer = raw(vec![0xff, 0xfe, 0x00], "application/json").await.unwrap();
    assert_eq!(answer.status(), StatusCode::BAD_REQUEST);
    let answer = raw(b"name=ann".to_vec(), "application/x-www-form-urlencoded").await.unwrap();
    assert_eq!(answer.status(), StatusCode::BAD_REQUEST, "a body that is not JSON is malformed");
    let huge = format!("{{\"name\": \"{}\", \"password\": \"correct horse\"}}", "x".repeat(200_000));
    // The server answers without reading the rest and closes the
    // connection: the client must not take it up again for the next.
    let answer = s
        .http
        .post(format!("{}/api/accounts", s.base))
        .header("content-type", "application/json")
        .header("connection", "close")
        .body(huge.into_bytes())
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), StatusCode::PAYLOAD_TOO_LARGE);
    let body: serde_json::Value = answer.json().await.unwrap();
    assert_eq!(body["error"]["code"], "too_large");
    let (status, answer) = s.get("/api/nothing-here", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(answer["error"]["message"].as_str().unwrap().contains("/api/nothing-here"));
    let (status, _) = s.get("/api/me", Some("not-a-token")).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}
on_both!(bad_input_on_sqlite, bad_input_on_postgres, bad_input_gets_a_4xx_naming_what_is_wrong);

/// The settings of the sign-in test: an address's sign-ins slowed from
/// the default 30 a minute to 30 a day, so that no attempt's share comes
/// back while the test's 31 passwords are hashed, however slow the
/// machine (at 30 a minute one comes back every 2 s; at 30 a day, every
/// 48 minutes).
fn thirty_sign_ins_a_day() -> Settings {
    let mut settings = support::relaxed();
    settings.limits.sign_ins_per_address = Rate::per_day(30);
    settings
}

#[test]
fn an_address_signs_in_30_times_a_minute_by_default() {
    assert_eq!(Limits::default().sign_ins_per_address, Rate::per_minute(30));
}

async fn sign_in_attempts_are_limited(s: &TestServer) {
    // Before the first sign-in, the account's own.
    let began = std::time::Instant::now();
    s.account("cy").await;
    let mut statuses = Vec::new();
    for _ in 0..32 {
        let (status, _) = s.post("/api/sessions", None, json!({"name": "cy", "password": "wrong horse"})).await;
        statuses.push(status);
    }
    // One address tries 30 times a period, whatever the names (the first
    // sign-in was the account's own).
    let refused = statuses.iter().filter(|&&s| s == StatusCode::TOO_MANY_REQUESTS).count();
    assert_eq!(refused, 3, "{statuses:?}");
    let answer = s
        .http
        .post(format!("{}/api/sessions", s.base))
        .json(&json!({"name": "cy", "password": "correct horse"}))
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), StatusCode::TOO_MANY_REQUESTS, "even the right password waits");
    // One attempt's share of a day (2,880 s) counted from the first, less
    // no more than the time the test has taken since.
    let wait: u64 = answer.headers()["retry-after"].to_str().unwrap().parse().unwrap();
    let taken = began.elapsed().as_secs() + 1;
    assert!(wait <= 2880 && wait + taken >= 2880, "one attempt's share of a day, {taken} s into the test: {wait}");
    let body: serde_json::Value = answer.json().await.unwrap();
    assert_eq!(body["error"]["code"], "too_many_requests");
}
on_both!(sign_in_limits_on_sqlite, sign_in_limits_on_postgres, sign_in_attempts_are_limited, thirty_sign_ins_a_day());

async fn no_answer_shows_a_password_hash_or_another_email(s: &TestServer) {
    let ann = s.account("ann").await;
    let (_, _) = s.call(Method::PATCH, "/api/me", Some(&ann), Some(json!({"email": "ann@example.org"}))).await;
    let bo = s.account("bo").await;
    let game = s.create(&ann, json!({"game": "sage", "seats": [{"account": "me"}, {"open": true}]})).await;
    let id = game["id"].as_str().unwrap();
    let (_, taken) = s.post(&format!("/api/games/{id}/seats/r"), Some(&bo), json!(null)).await;
    for answer in
        [taken, s.view(id, Some(&bo)).await, s.get("/api/games", None).await.1, s.get("/api/me", Some(&bo)).await.1]
    {
        let text = answer.to_string();
        assert!(!text.contains("argon2") && !text.contains("ann@example.org"), "{text}");
    }
}
on_both!(no_secrets_on_sqlite, no_secrets_on_postgres, no_answer_shows_a_password_hash_or_another_email);
