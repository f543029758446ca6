//! The numbers an operator watches, in Prometheus's text format: requests
//! and their latency by route, moves applied, the database's time, and,
//! read when asked, the connections and sockets open, the computer's
//! searches queued and running and the mail queued and given up. Each
//! server has its registry of its own; `GET /metrics` and the layer that
//! counts requests are in [`crate::routes::metrics`].
//!
//! Labels come from a bounded set: a route is the router's path template
//! (`/api/games/{id}`), never the path asked, and the pages outside the
//! API count as one route, so no request can make a new series.

use std::time::Duration;

use arbiter_store::MailCounts;
use axum::http::{Method, StatusCode};
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::Registry;

/// Reads how many heap allocations the process has made, in a build whose
/// allocator counts them (see [`count_allocations_with`]).
static ALLOCATIONS: std::sync::OnceLock<fn() -> u64> = std::sync::OnceLock::new();

/// Makes every server of this process report `arbiter_allocations_total`,
/// read with `read` (a counting allocator's count). A build whose
/// allocator does not count reports nothing; the load tool then says so.
/// The first call wins.
pub fn count_allocations_with(read: fn() -> u64) {
    let _ = ALLOCATIONS.set(read);
}

/// The heap allocations counted, as a counter read at each scrape.
#[derive(Debug)]
struct AllocationCount(fn() -> u64);

impl prometheus_client::collector::Collector for AllocationCount {
    fn encode(&self, mut encoder: prometheus_client::encoding::DescriptorEncoder) -> Result<(), std::fmt::Error> {
        use prometheus_client::encoding::EncodeMetric;
        use prometheus_client::metrics::TypedMetric;
        let count = prometheus_client::metrics::counter::ConstCounter::new((self.0)());
        let metric = encoder.encode_descriptor(
            "allocations",
            "Heap allocations made by the process since it started",
            None,
            prometheus_client::metrics::counter::ConstCounter::<u64>::TYPE,
        )?;
        count.encode(metric)
    }
}

/// The route every path outside the API's routes counts as.
pub const PAGES: &str = "pages";

/// What the gauges read when the metrics are asked for.
#[derive(Clone, Copy, Debug, Default)]
pub struct Readings {
    /// HTTP connections open.
    pub connections: usize,
    /// WebSockets open.
    pub sockets: usize,
    /// The computer's searches waiting.
    pub searches_queued: usize,
    /// The computer's searches running.
    pub searches_running: usize,
    /// The outbox, if it could be read.
    pub mail: Option<MailCounts>,
}

/// A request's labels.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RequestLabels {
    route: String,
    method: &'static str,
    status: u16,
}

/// A latency's labels.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RouteLabels {
    route: String,
    method: &'static str,
}

/// A database operation's label.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct OperationLabels {
    operation: &'static str,
}

type Histograms<L> = Family<L, Histogram, fn() -> Histogram>;

/// Latencies from 0.25 ms to about 8 s.
fn latency_histogram() -> Histogram {
    Histogram::new(exponential_buckets(0.000_25, 2.0, 16))
}

/// A server's metrics.
pub struct Metrics {
    registry: Registry,
    requests: Family<RequestLabels, Counter>,
    latency: Histograms<RouteLabels>,
    database: Histograms<OperationLabels>,
    moves: Counter,
    connections: Gauge,
    sockets: Gauge,
    searches_queued: Gauge,
    searches_running: Gauge,
    mail_queued: Gauge,
    mail_failed: Gauge,
    database_up: Gauge,
    database_outages: Counter,
}

impl Default for Metrics {
    fn default() -> Metrics {
        Metrics::new()
    }
}

impl Metrics {
    /// A registry with every metric at zero.
    pub fn new() -> Metrics {
        let mut registry = Registry::with_prefix("arbiter");
        let requests = Family::<RequestLabels, Counter>::default();
        registry.register("http_requests", "HTTP requests answered, by route, method and status", requests.clone());
        let latency = Histograms::<RouteLabels>::new_with_constructor(latency_histogram);
        registry.register("http_request_duration_seconds", "Time to answer a request, by route", latency.clone());
        let database = Histograms::<OperationLabels>::new_with_constructor(latency_histogram);
        registry.register("database_duration_seconds", "Time the database took, by operation", database.clone());
        let moves = Counter::default();
        registry.register("moves", "Moves and plays of rounds applied", moves.clone());
        if let Some(read) = ALLOCATIONS.get() {
            registry.register_collector(Box::new(AllocationCount(*read)));
        }
        let database_outages = Counter::default();
        registry.register("database_outages", "Times the database stopped answering", database_outages.clone());
        let gauge = |registry: &mut Registry, name: &str, help: &str| {
            let gauge = Gauge::default();
            registry.register(name, help, gauge.clone());
            gauge
        };
        Metrics {
            connections: gauge(&mut registry, "connections_open", "HTTP connections open"),
            sockets: gauge(&mut registry, "sockets_open", "WebSockets open"),
            searches_queued: gauge(&mut registry, "searches_queued", "The computer's searches waiting"),
            searches_running: gauge(&mut registry, "searches_running", "The computer's searches running"),
            mail_queued: gauge(&mut registry, "mail_queued", "Mails waiting to be sent or tried again"),
            mail_failed: gauge(&mut registry, "mail_failed", "Mails given up (kept for their accounts to see)"),
            database_up: gauge(&mut registry, "database_up", "1 if the database answered the last time it was asked"),
            database_outages,
            registry,
            requests,
            latency,
            database,
            moves,
        }
    }

    /// A request to `route` was answered with `status` after `took`.
    pub fn request(&self, route: &str, method: &Method, status: StatusCode, took: Duration) {
        let method = method_label(method);
        self.latency.get_or_create(&RouteLabels { route: route.to_owned(), method }).observe(secs(took));
        self.requests.get_or_create(&RequestLabels { route: route.to_owned(), method, status: status.as_u16() }).inc();
    }

    /// `count` moves or plays were applied.
    pub fn moved(&self, count: u64) {
        self.moves.inc_by(count);
    }

    /// The database answered (`answered`) the watch's question, or not.
    pub fn database_answers(&self, answered: bool) {
        self.database_up.set(i64::from(answered));
    }

    /// The database stopped answering.
    pub fn database_outage(&self) {
        self.database_outages.inc();
    }

    /// The database took `took` for `operation`.
    pub fn database(&self, operation: &'static str, took: Duration) {
        self.database.get_or_create(&OperationLabels { operation }).observe(secs(took));
    }

    /// The metrics as Prometheus reads them, the gauges set from
    /// `readings`.
    pub fn render(&self, readings: Readings) -> String {
        self.connections.set(gauge_value(readings.connections));
        self.sockets.set(gauge_value(readings.sockets));
        self.searches_queued.set(gauge_value(readings.searches_queued));
        self.searches_running.set(gauge_value(readings.searches_running));
        if let Some(counts) = readings.mail {
            self.mail_queued.set(counts.queued.try_into().unwrap_or(i64::MAX));
            self.mail_failed.set(counts.failed.try_into().unwrap_or(i64::MAX));
        }
        let mut text = String::new();
        if let Err(e) = prometheus_client::encoding::text::encode(&mut text, &self.registry) {
            tracing::error!(error = %e, "the metrics were not written");
        }
        text
    }
}

/// A method as a label: one of HTTP's own, else `other`, so that a
/// client cannot make new series by inventing methods.
fn method_label(method: &Method) -> &'static str {
    [
        Method::GET,
        Method::HEAD,
        Method::POST,
        Method::PUT,
        Method::PATCH,
        Method::DELETE,
        Method::OPTIONS,
        Method::CONNECT,
        Method::TRACE,
    ]
    .iter()
    .zip(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "CONNECT", "TRACE"])
    .find_map(|(known, label)| (known == method).then_some(label))
    .unwrap_or("other")
}

fn secs(took: Duration) -> f64 {
    took.as_secs_f64()
}

fn gauge_value(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_are_counted_by_route_and_status() {
        let metrics = Metrics::new();
        metrics.request("/api/games/{id}", &Method::GET, StatusCode::OK, Duration::from_millis(3));
        metrics.request("/api/games/{id}", &Method::GET, StatusCode::OK, Duration::from_millis(5));
        metrics.request(PAGES, &Method::GET, StatusCode::NOT_FOUND, Duration::from_millis(1));
        metrics.request(PAGES, &Method::from_bytes(b"INVENTED").unwrap(), StatusCode::NOT_FOUND, Duration::ZERO);
        metrics.moved(2);
        let text = metrics.render(Readings { sockets: 3, ..Readings::default() });
        assert!(
            text.contains(r#"arbiter_http_requests_total{route="/api/games/{id}",method="GET",status="200"} 2"#),
            "{text}"
        );
        assert!(text.contains(r#"arbiter_http_requests_total{route="pages",method="GET",status="404"} 1"#));
        assert!(text.contains(r#"arbiter_http_requests_total{route="pages",method="other",status="404"} 1"#));
        assert!(!text.contains("INVENTED"), "a client's method never becomes a label");
        assert!(
            text.contains(r#"arbiter_http_request_duration_seconds_count{route="/api/games/{id}",method="GET"} 2"#)
        );
        assert!(text.contains("arbiter_moves_total 2"));
        assert!(text.contains("arbiter_sockets_open 3"));
    }

    static COUNTED: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

    fn counted() -> u64 {
        COUNTED.load(std::sync::atomic::Ordering::Relaxed)
    }

    #[test]
    fn a_counting_allocator_is_read_at_each_scrape() {
        count_allocations_with(counted);
        let metrics = Metrics::new();
        COUNTED.store(41, std::sync::atomic::Ordering::Relaxed);
        assert!(metrics.render(Readings::default()).contains("arbiter_allocations_total 41"));
        COUNTED.store(1234, std::sync::atomic::Ordering::Relaxed);
        let text = metrics.render(Readings::default());
        assert!(text.contains("arbiter_allocations_total 1234"), "{text}");
        assert!(text.contains("# TYPE arbiter_allocations counter"), "{text}");
    }
}
