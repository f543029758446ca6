//! `POST /api/positions` bodies, answered as the server answers them
//! (`arbiter_server::answer_position`). The input is a JSON body when it
//! reads as one; else byte 0 chooses the game, and the rest is a position
//! string and moves, one a line. An answer must never panic; one that is
//! given must offer only moves that play (each entry's move, sent after
//! the others, is answered too), with steps that name its board's cells
//! and spots, and a position string that reads back to the same answer.

#![no_main]

use arbiter_api::PositionRequest;
use arbiter_games::GameId;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let request = match serde_json::from_slice::<PositionRequest>(data) {
        Ok(request) => request,
        Err(_) => {
            let Some((&pick, rest)) = data.split_first() else { return };
            let game = GameId::ALL[pick as usize % GameId::ALL.len()];
            let text = String::from_utf8_lossy(rest);
            let mut lines = text.lines();
            let position = lines.next().filter(|p| !p.is_empty()).map(str::to_string);
            PositionRequest {
                game: game.as_str().to_string(),
                variant: None,
                options: None,
                position,
                moves: lines.map(str::to_string).collect(),
            }
        }
    };
    if request.moves.len() > 64 {
        return;
    }
    let Ok(answer) = arbiter_server::answer_position(&request) else { return };
    for entry in &answer.legal {
        for step in &entry.steps {
            assert!(
                answer.board.cells.iter().any(|c| &c.name == step) || answer.board.spots.iter().any(|s| &s.name == step),
                "{}: {step} is on no board: {answer:?}",
                entry.mv
            );
        }
    }
    for entry in answer.legal.iter().take(3) {
        let mut next = request.clone();
        next.moves.push(entry.mv.clone());
        if let Err(e) = arbiter_server::answer_position(&next) {
            panic!("{} is offered but refused: {e}", entry.mv);
        }
    }
    let again = PositionRequest { position: Some(answer.position.clone()), moves: Vec::new(), ..request };
    let read = arbiter_server::answer_position(&again).unwrap_or_else(|e| panic!("{} does not read back: {e}", answer.position));
    assert_eq!(read.position, answer.position);
});
