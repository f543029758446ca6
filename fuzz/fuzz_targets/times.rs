//! Moments as text: `Timestamp::parse` (seconds since 1970, or
//! `YYYY-MM-DDTHH:MM[:SS]Z`), `Timestamp::parse_record_date`
//! (`2026.11.25`) and a timestamp read from JSON. A moment that reads
//! must write RFC 3339 and a record date that read back, and go through
//! JSON unchanged.

#![no_main]

use arbiter_play::Timestamp;
use libfuzzer_sys::fuzz_target;

fn check(t: Timestamp) {
    let _ = t.for_people();
    let _ = t.after(3_600);
    let written = t.rfc3339();
    let json = serde_json::to_string(&t).expect("a timestamp serialises");
    let back: Timestamp = serde_json::from_str(&json)
        .unwrap_or_else(|e| panic!("{t:?} writes {json}, which does not read back: {e}"));
    assert_eq!(back, t, "{t:?} writes {json}, which reads back as another moment");
    if let Ok(again) = Timestamp::parse(&written) {
        assert_eq!(again, t, "{t:?} writes {written:?}, which reads as another moment");
    }
    if let Some(day) = Timestamp::parse_record_date(&t.record_date()) {
        assert!(day <= t && t.since(day) < 86_400, "{t:?}: its record date {} is another day", t.record_date());
    }
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(t) = Timestamp::parse(&text) {
        let written = t.rfc3339();
        assert_eq!(Timestamp::parse(&written), Ok(t), "{text:?} writes {written:?}, which does not read back");
        check(t);
    }
    if let Some(t) = Timestamp::parse_record_date(&text) {
        assert_eq!(Timestamp::parse_record_date(&t.record_date()), Some(t), "{text:?}: the record date");
        check(t);
    }
    if let Ok(t) = serde_json::from_value::<Timestamp>(serde_json::Value::String(text.to_string())) {
        check(t);
    }
    if data.len() >= 8 {
        let seconds = i64::from_le_bytes(data[..8].try_into().expect("eight bytes"));
        check(Timestamp::from_unix(seconds));
    }
});
