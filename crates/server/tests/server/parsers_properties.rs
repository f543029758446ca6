//! The server's own parsers of outside text, on any input: rates and
//! durations from flags, trusted proxy ranges, `X-Forwarded-For`, the
//! `Origin`/`Referer` check, and a conditional line in a mail. None panics, and each answers within what it
//! was given.

use std::net::IpAddr;

use arbiter_server::cross_site::same_site;
use arbiter_server::limits::address::{client_of, parse_trusted};
use arbiter_server::limits::{Rate, parse_duration};
use arbiter_server::origin_of;
use axum::http::{HeaderMap, HeaderValue};
use proptest::prelude::*;

/// Text made of what these headers and flags are made of, and anything.
fn texty() -> impl Strategy<Value = String> {
    prop_oneof![
        "[0-9a-fA-F:./,\\[\\] ]{0,60}",
        "[a-z0-9]{0,8}/[a-z0-9]{0,8}",
        "(https?|ws|null)?(://)?[a-z0-9.:-]{0,30}(/[a-z]{0,5})?",
        any::<String>(),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn a_line_in_words_reads_or_is_none(text in prop_oneof![
        "((if|IF|If|then|THEN) [a-z0-9x=-]{1,6},? ?){0,8}\\.?",
        any::<String>(),
    ]) {
        if let Some(line) = arbiter_server::mail_in::line_in_words(&text) {
            prop_assert!(!line.is_empty() && line.len().is_multiple_of(2));
            prop_assert!(line.iter().all(|m| !m.is_empty() && !m.contains(char::is_whitespace) && !m.contains(',')));
            let again: Vec<String> = line.chunks(2).map(|p| format!("if {} then {}", p[0], p[1])).collect();
            prop_assert_eq!(arbiter_server::mail_in::line_in_words(&again.join(", ")), Some(line));
        }
    }

    #[test]
    fn a_line_written_in_words_reads_back(line in proptest::collection::vec("[a-h][1-8]-[a-h][1-8]", 1..8)) {
        let pairs: Vec<String> = line.chunks(2).filter(|p| p.len() == 2).map(|p| format!("if {} then {}", p[0], p[1])).collect();
        let expected: Vec<String> = line.iter().take(pairs.len() * 2).cloned().collect();
        let read = arbiter_server::mail_in::line_in_words(&pairs.join(", "));
        prop_assert_eq!(read, (!expected.is_empty()).then_some(expected));
    }

    #[test]
    fn rates_and_durations_read_or_refuse(text in texty()) {
        if let Ok(rate) = text.parse::<Rate>() {
            prop_assert!(rate.count > 0 && !rate.per.is_zero());
            prop_assert_eq!(rate.to_string().parse::<Rate>(), Ok(rate));
        }
        let _ = parse_duration(&text);
    }

    #[test]
    fn a_rate_written_reads_back(count in 1u32..1_000_000, seconds in 1u64..10_000_000) {
        let rate = Rate::new(count, std::time::Duration::from_secs(seconds));
        prop_assert_eq!(rate.to_string().parse::<Rate>(), Ok(rate));
    }

    #[test]
    fn the_client_is_the_peer_or_an_address_the_header_names(
        peer in any::<IpAddr>(),
        forwarded in proptest::collection::vec(texty(), 0..3),
        trusted in texty(),
        trust_peer in any::<bool>(),
    ) {
        let mut nets = parse_trusted(&trusted).unwrap_or_default();
        if trust_peer {
            nets.push(peer.into());
        }
        let mut headers = HeaderMap::new();
        for value in &forwarded {
            if let Ok(value) = HeaderValue::from_str(value) {
                headers.append("x-forwarded-for", value);
            }
        }
        let client = client_of(peer, &headers, &nets);
        let named = forwarded.iter().flat_map(|v| v.split(',')).any(|hop| {
            let hop = hop.trim();
            hop.parse::<IpAddr>().ok().or_else(|| hop.parse::<std::net::SocketAddr>().ok().map(|s| s.ip()))
                .is_some_and(|ip| ip == client || ip.to_canonical() == client)
        });
        prop_assert!(client == peer || client == peer.to_canonical() || named, "{client}");
        if !trust_peer && nets.iter().all(|n| !n.contains(&peer.to_canonical())) {
            prop_assert_eq!(client, peer);
        }
    }

    #[test]
    fn origins_are_read_or_refused(origin in texty(), referer in texty(), host in texty(), public in texty()) {
        let _ = origin_of(&origin);
        let mut headers = HeaderMap::new();
        for (name, value) in [("origin", &origin), ("referer", &referer), ("host", &host)] {
            if let Ok(value) = HeaderValue::from_str(value) {
                headers.insert(name, value);
            }
        }
        let public = origin_of(&public);
        let passed = same_site(&headers, public.as_deref());
        if passed {
            // Only an origin that is the site's own passes.
            let seen = headers.get("origin").or_else(|| headers.get("referer")).and_then(|v| v.to_str().ok());
            prop_assert!(seen.and_then(origin_of).is_some());
        }
    }
}
