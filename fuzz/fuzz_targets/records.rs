//! Text records (`[Game "agog"]`, numbered moves): the syntax
//! (`RecordText::parse`) and the whole record replayed
//! (`GameRecord::from_text`). A record that reads is written again in
//! record notation; that text must read back and write the same text, and
//! the long form must read back to it too.

#![no_main]

use arbiter_games::record::RecordText;
use arbiter_play::{GameRecord, MoveForm};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(syntax) = RecordText::parse(&text) {
        let _ = syntax.to_text();
    }
    let Ok(replayed) = GameRecord::from_text(&text) else { return };
    let written = replayed.to_text(MoveForm::Record);
    let again = GameRecord::from_text(&written)
        .unwrap_or_else(|e| panic!("the record written does not read back: {e}\n--- input\n{text}\n--- written\n{written}"));
    assert_eq!(again.to_text(MoveForm::Record), written, "the record written reads back to another text");
    let long = replayed.to_text(MoveForm::Long);
    let from_long = GameRecord::from_text(&long)
        .unwrap_or_else(|e| panic!("the record in long form does not read back: {e}\n--- input\n{text}\n--- long\n{long}"));
    assert_eq!(from_long.to_text(MoveForm::Record), written, "the long form reads back to another record");
});
