//! Figures read from the server's `GET /metrics` (Prometheus's text
//! format), which the server answers to a request from loopback without
//! a token.

use reqwest::Client;

/// The counter a server built to count its heap allocations exposes.
pub const ALLOCATIONS: &str = "arbiter_allocations_total";

/// The sum of the values of every series named `name` (whatever its
/// labels) in the server's metrics; `None` when the server does not
/// answer or has no such series.
pub async fn value(http: &Client, base: &str, name: &str) -> Option<f64> {
    let text = http.get(format!("{base}/metrics")).send().await.ok()?.text().await.ok()?;
    sum_of(&text, name)
}

/// The heap allocations the server has counted so far, if this build
/// counts them.
pub async fn allocations(http: &Client, base: &str) -> Option<u64> {
    value(http, base, ALLOCATIONS).await.map(|v| v as u64)
}

/// The sum of the series named `name` in `text`; `None` if there is none.
fn sum_of(text: &str, name: &str) -> Option<f64> {
    let mut found = None;
    for line in text.lines() {
        let Some(rest) = line.strip_prefix(name) else { continue };
        let rest = match rest.chars().next() {
            Some(' ') => rest,
            // The labels, up to their closing brace.
            Some('{') => rest.split_once('}').map_or("", |(_, after)| after),
            _ => continue,
        };
        // The value comes first; a timestamp or an exemplar may follow.
        if let Some(value) = rest.split_whitespace().next().and_then(|v| v.parse::<f64>().ok()) {
            found = Some(found.unwrap_or(0.0) + value);
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::sum_of;

    #[test]
    fn a_counter_is_read_with_or_without_labels() {
        let text = "# TYPE arbiter_allocations counter\n\
                    arbiter_allocations_total 1234\n\
                    arbiter_allocations_total_other 7\n\
                    arbiter_moves_total{kind=\"a b\"} 5 1700000000\n\
                    arbiter_moves_total{kind=\"c\"} 6\n\
                    # EOF\n";
        assert_eq!(sum_of(text, "arbiter_allocations_total"), Some(1234.0));
        assert_eq!(sum_of(text, "arbiter_moves_total"), Some(11.0));
        assert_eq!(sum_of(text, "arbiter_sockets_open"), None);
    }
}
