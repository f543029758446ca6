//! The referee's game file (JSON, format 1 or 2): `RefereeFile::from_json`
//! then `Rounds::from_record`. A file that reads and goes on is written
//! again (`RefereeFile::to_json(&rounds.record())`); that file must read,
//! go on, and write the same JSON again. Records that do not go on as
//! rounds are replayed (`GameRecord::replay`) for the turn-based games.

#![no_main]

use arbiter_play::{RefereeFile, Rounds};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(record) = RefereeFile::from_json(text) else { return };
    let _ = record.replay();
    let Ok(rounds) = Rounds::from_record(&record) else { return };
    assert!(record.game.is_simultaneous(), "a referee's file of a game played in turns goes on as rounds");
    let json = RefereeFile::to_json(&rounds.record());
    let again = RefereeFile::from_json(&json)
        .unwrap_or_else(|e| panic!("the file written does not read back: {e}\n--- input\n{text}\n--- written\n{json}"));
    let rounds_again = Rounds::from_record(&again)
        .unwrap_or_else(|e| panic!("the file written does not go on: {e}\n--- input\n{text}\n--- written\n{json}"));
    assert_eq!(RefereeFile::to_json(&rounds_again.record()), json, "the file written reads back to another file");
});
