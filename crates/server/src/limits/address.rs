//! Who a request comes from: the peer's address, or, when the peer is a
//! trusted reverse proxy (`--trusted-proxy`), the client address that the
//! proxy wrote in `X-Forwarded-For`. Limits per address key an IPv4
//! address as it is and an IPv6 address by its /64 (one household or
//! host's network), so that one host cannot take a fresh key per address.

use std::net::{IpAddr, Ipv6Addr, SocketAddr};

use axum::http::HeaderMap;
use ipnet::IpNet;

/// The address limits count a client under.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AddressKey(IpAddr);

impl AddressKey {
    /// The key of `ip`: an IPv4 address (also when written as IPv6), or an
    /// IPv6 address's /64.
    pub fn of(ip: IpAddr) -> AddressKey {
        match ip {
            IpAddr::V4(v4) => AddressKey(IpAddr::V4(v4)),
            IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
                Some(v4) => AddressKey(IpAddr::V4(v4)),
                None => {
                    let s = v6.segments();
                    AddressKey(IpAddr::V6(Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0)))
                }
            },
        }
    }
}

/// The client's address as the server takes it (a request's extractor:
/// [`crate::auth`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClientAddress(pub IpAddr);

impl ClientAddress {
    /// The key limits count it under.
    pub fn key(self) -> AddressKey {
        AddressKey::of(self.0)
    }
}

/// Parses `--trusted-proxy`: address ranges (`127.0.0.1/32,10.0.0.0/8`) or
/// single addresses, separated by commas.
pub fn parse_trusted(text: &str) -> Result<Vec<IpNet>, String> {
    text.split(',')
        .map(str::trim)
        .filter(|part| !part.is_empty())
        .map(|part| {
            part.parse::<IpNet>()
                .or_else(|_| part.parse::<IpAddr>().map(IpNet::from))
                .map_err(|_| format!("'{part}': not an address or address range (such as 127.0.0.1/32 or ::1/128)"))
        })
        .collect()
}

/// The client of a request from `peer` with `headers`: `peer` itself,
/// unless `peer` is in `trusted`; then, reading `X-Forwarded-For` from its
/// right end (the address the nearest proxy saw), the first address that is
/// not a trusted proxy. Reading stops at an entry that is not an address.
pub fn client_of(peer: IpAddr, headers: &HeaderMap, trusted: &[IpNet]) -> IpAddr {
    let is_trusted = |ip: &IpAddr| trusted.iter().any(|net| net.contains(&AddressKey::plain(*ip)));
    if !is_trusted(&peer) {
        return peer;
    }
    let mut client = peer;
    let values: Vec<&str> = headers.get_all("x-forwarded-for").iter().filter_map(|v| v.to_str().ok()).collect();
    for text in values.iter().rev().flat_map(|v| v.rsplit(',')) {
        // What lies left of an address that cannot be read is not trusted.
        let Some(hop) = parse_hop(text) else { break };
        client = hop;
        if !is_trusted(&hop) {
            break;
        }
    }
    client
}

impl AddressKey {
    /// `ip` with an IPv4 address written as IPv6 made plain IPv4.
    fn plain(ip: IpAddr) -> IpAddr {
        match ip {
            IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
            v4 => v4,
        }
    }
}

/// One address of `X-Forwarded-For`: `192.0.2.1`, `2001:db8::1`,
/// `[2001:db8::1]:443` or `192.0.2.1:443`.
fn parse_hop(text: &str) -> Option<IpAddr> {
    let text = text.trim();
    if let Ok(ip) = text.parse::<IpAddr>() {
        return Some(AddressKey::plain(ip));
    }
    text.parse::<SocketAddr>().ok().map(|s| AddressKey::plain(s.ip()))
}

#[cfg(test)]
mod tests {
    use axum::http::HeaderValue;

    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    fn headers(values: &[&str]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for v in values {
            map.append("x-forwarded-for", HeaderValue::from_str(v).unwrap());
        }
        map
    }

    #[test]
    fn only_a_trusted_peer_says_who_the_client_is() {
        let trusted = parse_trusted("127.0.0.1/32, 10.0.0.0/8").unwrap();
        let forwarded = headers(&["203.0.113.9"]);
        assert_eq!(client_of(ip("198.51.100.4"), &forwarded, &trusted), ip("198.51.100.4"));
        assert_eq!(client_of(ip("127.0.0.1"), &forwarded, &trusted), ip("203.0.113.9"));
        assert_eq!(client_of(ip("::ffff:127.0.0.1"), &forwarded, &trusted), ip("203.0.113.9"));
        assert_eq!(client_of(ip("127.0.0.1"), &headers(&[]), &trusted), ip("127.0.0.1"));
        assert_eq!(client_of(ip("127.0.0.1"), &forwarded, &[]), ip("127.0.0.1"));
    }

    #[test]
    fn the_nearest_untrusted_hop_is_the_client_whatever_the_client_wrote() {
        let trusted = parse_trusted("127.0.0.1,10.0.0.0/8").unwrap();
        // The client wrote a fake first entry; the proxies appended theirs.
        let forwarded = headers(&["1.2.3.4, 203.0.113.9", "10.1.1.1"]);
        assert_eq!(client_of(ip("127.0.0.1"), &forwarded, &trusted), ip("203.0.113.9"));
        // Every hop trusted: the farthest one.
        assert_eq!(client_of(ip("127.0.0.1"), &headers(&["10.0.0.2, 10.0.0.3"]), &trusted), ip("10.0.0.2"));
        assert_eq!(client_of(ip("127.0.0.1"), &headers(&["[2001:db8::1]:443"]), &trusted), ip("2001:db8::1"));
        assert_eq!(client_of(ip("127.0.0.1"), &headers(&["198.51.100.7:8080"]), &trusted), ip("198.51.100.7"));
        // Entries left of the client's are the client's to write.
        assert_eq!(client_of(ip("127.0.0.1"), &headers(&["nonsense, 1.2.3.4"]), &trusted), ip("1.2.3.4"));
        assert_eq!(client_of(ip("127.0.0.1"), &headers(&["1.2.3.4, nonsense"]), &trusted), ip("127.0.0.1"));
        assert_eq!(client_of(ip("127.0.0.1"), &headers(&["1.2.3.4, nonsense, 10.0.0.1"]), &trusted), ip("10.0.0.1"));
    }

    #[test]
    fn ipv6_addresses_share_a_key_per_64() {
        assert_eq!(AddressKey::of(ip("2001:db8:1:2::1")), AddressKey::of(ip("2001:db8:1:2:ffff::9")));
        assert_ne!(AddressKey::of(ip("2001:db8:1:2::1")), AddressKey::of(ip("2001:db8:1:3::1")));
        assert_eq!(AddressKey::of(ip("::ffff:192.0.2.1")), AddressKey::of(ip("192.0.2.1")));
        assert_ne!(AddressKey::of(ip("192.0.2.1")), AddressKey::of(ip("192.0.2.2")));
    }

    #[test]
    fn trusted_ranges_are_read_or_refused_by_name() {
        assert_eq!(parse_trusted("").unwrap(), Vec::<IpNet>::new());
        assert_eq!(parse_trusted("::1").unwrap().len(), 1);
        let error = parse_trusted("127.0.0.1/32,localhost").unwrap_err();
        assert!(error.contains("'localhost'"), "{error}");
        assert!(parse_trusted("10.0.0.0/33").is_err());
    }
}
