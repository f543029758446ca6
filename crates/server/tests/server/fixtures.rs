//! The browser client's tests draw boards and rules pages the server
//! made: this test asks a real server for its catalog, for positions of
//! every game (each game's start at least) and for every game's rules
//! page, and keeps the answers in
//! `web/src/boards/fixtures/`, failing when they differ from those kept
//! (run with `UPDATE_FIXTURES=1` to write them again after a change).

use crate::support;

use std::path::PathBuf;

use serde_json::{Value, json};
use support::TestServer;

/// The moves of a random A•G•O•G game up to the first position where
/// two moves share their clicks (a capture or a corruption, a hulk or
/// none), so that the client's tests have a choice to make.
fn moves_to_a_choice() -> Vec<String> {
    use rand::SeedableRng;
    for seed in 0..1000u64 {
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut position =
            arbiter_games::GameId::Agog.start(&arbiter_core::GameOptions::new(), None).expect("the start");
        let mut moves = Vec::new();
        for _ in 0..120 {
            if position.legal_entries().iter().any(|e| e.choice.is_some()) {
                return moves;
            }
            let Some(mv) = position.random_move(&mut rng) else { break };
            moves.push(position.move_text(&mv));
            position = position.play(&mv).expect("a legal move");
        }
    }
    panic!("no random game reached a choice");
}

/// The positions kept: a name, and what `POST /api/positions` is asked;
/// besides these, every game's start (`<game>-start`) with its defaults.
fn positions() -> Vec<(String, Value)> {
    let mut kept: Vec<(String, Value)> = vec![
        ("agog-choice".into(), json!({"game": "agog", "moves": moves_to_a_choice()})),
        (
            "agog-classic-moves".into(),
            json!({"game": "agog", "variant": "classic", "moves": ["e2-e3", "d7-d6", "e3-e4"]}),
        ),
        ("ogama-start".into(), json!({"game": "ogama", "options": {"seed": 12}})),
        ("scg-round".into(), json!({"game": "scg", "options": {"players": 3}, "moves": ["A:c3,B:c3,C:d4"]})),
    ];
    for game in arbiter_games::GameId::ALL {
        let name = format!("{}-start", game.as_str());
        if !kept.iter().any(|(n, _)| *n == name) {
            kept.push((name, json!({"game": game.as_str()})));
        }
    }
    kept
}

fn folder() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../web/src/boards/fixtures")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_client_fixtures_are_the_servers_own_answers() {
    let s = TestServer::start(support::Db::Sqlite).await.unwrap();
    let update = std::env::var_os("UPDATE_FIXTURES").is_some();
    std::fs::create_dir_all(folder()).unwrap();
    let (status, catalog) = s.get("/api/games/catalog", None).await;
    assert_eq!(status, reqwest::StatusCode::OK);
    let mut answers = vec![("catalog".to_string(), catalog)];
    for (name, request) in positions() {
        let (status, answer) = s.post("/api/positions", None, request.clone()).await;
        assert_eq!(status, reqwest::StatusCode::OK, "{name}: {answer}");
        answers.push((name, answer));
    }
    // Every game's rules page, as the catalog serves it.
    for game in arbiter_games::GameId::ALL {
        let (status, page) = s.get(&format!("/api/games/catalog/{}/rules", game.as_str()), None).await;
        assert_eq!(status, reqwest::StatusCode::OK, "{}: {page}", game.as_str());
        answers.push((format!("rules-{}", game.as_str()), page));
    }
    for (name, answer) in answers {
        let text = format!("{}\n", serde_json::to_string_pretty(&answer).unwrap());
        let path = folder().join(format!("{name}.json"));
        if update {
            std::fs::write(&path, &text).unwrap();
        } else {
            let kept = std::fs::read_to_string(&path).unwrap_or_default();
            assert!(kept == text, "{} differs from the server's answer; run with UPDATE_FIXTURES=1", path.display());
        }
    }
    s.finish().await;
}
