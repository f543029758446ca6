//! The mail reader: any bytes as a mail delivered by a mail server (the
//! pipe or LMTP). Reading never panics; what it finds is bounded; the
//! first own line of any text never panics either.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(mail) = arbiter_server::mail_in::read(data) {
        assert!(mail.from.contains('@'));
        assert!(!mail.message_id.is_empty() && mail.message_id.chars().count() <= 250);
        if let Some(line) = &mail.first_line {
            assert!(!line.is_empty() && line.chars().count() <= 200 && !line.contains('\n'));
        }
    }
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = arbiter_server::mail_in::first_own_line(text);
    }
});
