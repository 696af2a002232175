//! What operators' Prometheus scrapes at `/metrics` (decision 040): this
//! process's counters and fixed-bucket histograms in a prometheus-client
//! registry, written in the Prometheus text format 0.0.4 (decision 067). What lives in the
//! database (backlogs) is read at scrape time by the `metrics` feature.

use crate::services::daily::report::DailyReport;
use axum::extract::{MatchedPath, Request, State};
use axum::http::{Method, StatusCode};
use axum::middleware::Next;
use axum::response::Response;
use hiram_domain::store::PoolUse;
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::encoding::prometheus_text;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::Histogram;
use prometheus_client::registry::Registry;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Upper bounds, in seconds, of the request latency buckets: a page of the
/// API answers in a few milliseconds, a payout call may take seconds.
const REQUEST_BUCKETS: &[f64] = &[0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0];

/// Upper bounds, in seconds, of the daily run's buckets: seconds on a small
/// book, minutes on a million loans (docs/benchmarks.md).
const DAILY_RUN_BUCKETS: &[f64] = &[0.1, 0.5, 1.0, 5.0, 15.0, 30.0, 60.0, 120.0, 300.0, 600.0, 1800.0];

/// The route label of a request no route matched (static files, unknown
/// paths): one value, so random paths cannot grow the series without end.
const UNMATCHED: &str = "unmatched";

/// Money posted to an order's ledger, by where it was posted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PostingKind {
    /// Money received from the borrower (`services::money_in`).
    Payment,
    /// A loan brought to the day by the daily run: an instalment's interest,
    /// penalties worked out since the last, a move to overdue (`services::daily`).
    Day,
    /// The loan sent out with its interest (`services::disbursements`).
    Disbursement,
    /// A staff adjustment (console).
    Adjustment,
    /// An approved payment reversal (`services::reversals`).
    Reversal,
    /// An approved write-off (decision 073).
    WriteOff,
}

impl PostingKind {
    const ALL: [PostingKind; 6] = [
        PostingKind::Payment,
        PostingKind::Day,
        PostingKind::Disbursement,
        PostingKind::Adjustment,
        PostingKind::Reversal,
        PostingKind::WriteOff,
    ];

    fn label(self) -> &'static str {
        match self {
            PostingKind::Payment => "payment",
            PostingKind::Day => "day",
            PostingKind::Disbursement => "disbursement",
            PostingKind::Adjustment => "adjustment",
            PostingKind::WriteOff => "write_off",
            PostingKind::Reversal => "reversal",
        }
    }
}

/// How one try at a payout ended at the gateway.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PayoutOutcome {
    Sent,
    /// The gateway refused it (the account, the amount): the order is rejected.
    Refused,
    /// The gateway has not decided yet; a later try asks again.
    Pending,
    /// The gateway failed or did not answer in time; a later try repeats it.
    Failed,
    /// Another process was trying the order (decision 052): nothing was asked.
    LeftToAnother,
}

impl PayoutOutcome {
    const ALL: [PayoutOutcome; 5] = [
        PayoutOutcome::Sent,
        PayoutOutcome::Refused,
        PayoutOutcome::Pending,
        PayoutOutcome::Failed,
        PayoutOutcome::LeftToAnother,
    ];

    fn label(self) -> &'static str {
        match self {
            PayoutOutcome::Sent => "sent",
            PayoutOutcome::Refused => "refused",
            PayoutOutcome::Pending => "pending",
            PayoutOutcome::Failed => "failed",
            PayoutOutcome::LeftToAnother => "left_to_another",
        }
    }
}

/// What a scrape reads besides the process's own counters.
pub struct Scraped {
    /// Repayment reminders due and not yet looked at.
    pub reminders_due: i64,
    /// SMS texts queued and not yet sent.
    pub texts_queued: i64,
    pub pool: PoolUse,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RequestLabels {
    route: String,
    method: &'static str,
    status_class: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct KindLabel {
    kind: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct OutcomeLabel {
    outcome: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct ItemLabel {
    item: &'static str,
}

type Histograms<L> = Family<L, Histogram, fn() -> Histogram>;

fn request_histogram() -> Histogram {
    Histogram::new(REQUEST_BUCKETS.iter().copied())
}

/// The process's counters, shared by every request and job, in one
/// registry that a scrape writes out.
pub struct Metrics {
    registry: Registry,
    requests: Family<RequestLabels, Counter>,
    request_durations: Histograms<RequestLabels>,
    postings: Family<KindLabel, Counter>,
    payouts: Family<OutcomeLabel, Counter>,
    daily_runs: Histogram,
    daily_items: Family<ItemLabel, Counter>,
    reminders_due: Gauge,
    texts_queued: Gauge,
    pool_in_use: Gauge,
    pool_max: Gauge,
}

impl Default for Metrics {
    fn default() -> Metrics {
        let metrics = Metrics {
            registry: Registry::default(),
            requests: Family::default(),
            request_durations: Family::new_with_constructor(request_histogram),
            postings: Family::default(),
            payouts: Family::default(),
            daily_runs: Histogram::new(DAILY_RUN_BUCKETS.iter().copied()),
            daily_items: Family::default(),
            reminders_due: Gauge::default(),
            texts_queued: Gauge::default(),
            pool_in_use: Gauge::default(),
            pool_max: Gauge::default(),
        };
        // Every kind, outcome and item is written from the start, at 0, so
        // a rate over a scrape that saw none yet is 0 rather than missing.
        for kind in PostingKind::ALL {
            metrics.postings.get_or_create_owned(&KindLabel { kind: kind.label() });
        }
        for outcome in PayoutOutcome::ALL {
            metrics.payouts.get_or_create_owned(&OutcomeLabel { outcome: outcome.label() });
        }
        for (item, _) in DailyReport::default().items() {
            metrics.daily_items.get_or_create_owned(&ItemLabel { item });
        }
        metrics.registered()
    }
}

impl Metrics {
    /// The registry holds handles onto the same counters the process adds to.
    fn registered(mut self) -> Metrics {
        let registry = &mut self.registry;
        registry.register(
            "hiram_http_requests",
            "HTTP requests answered, by matched route template, method and status class",
            self.requests.clone(),
        );
        registry.register(
            "hiram_http_request_duration_seconds",
            "Time from receiving a request to its response, by matched route template, method and status class",
            self.request_durations.clone(),
        );
        registry.register("hiram_money_postings", "Postings to order ledgers, by kind", self.postings.clone());
        registry.register(
            "hiram_payouts",
            "Payout tries, by outcome (left_to_another: another process held the order)",
            self.payouts.clone(),
        );
        registry.register(
            "hiram_daily_run_duration_seconds",
            "Duration of the daily runs that finished in this process",
            self.daily_runs.clone(),
        );
        registry.register(
            "hiram_daily_run_items",
            "What the daily runs of this process did, by item",
            self.daily_items.clone(),
        );
        registry.register(
            "hiram_repayment_reminders_due",
            "Repayment reminders due and not yet sent (the whole database)",
            self.reminders_due.clone(),
        );
        registry.register(
            "hiram_sms_outbox_queued",
            "SMS texts queued and not yet sent (the whole database)",
            self.texts_queued.clone(),
        );
        registry.register(
            "hiram_db_pool_connections_in_use",
            "Database connections handed out now (SQLite: readers)",
            self.pool_in_use.clone(),
        );
        registry.register(
            "hiram_db_pool_connections_max",
            "Database connections the pool may hold (SQLite: readers)",
            self.pool_max.clone(),
        );
        self
    }

    pub fn posted(&self, kind: PostingKind) {
        self.postings.get_or_create(&KindLabel { kind: kind.label() }).inc();
    }

    pub fn payout_tried(&self, outcome: PayoutOutcome) {
        self.payouts.get_or_create(&OutcomeLabel { outcome: outcome.label() }).inc();
    }

    /// A daily run that finished (one that stopped early on a store error
    /// is in the logs, not here).
    pub fn daily_run_finished(&self, elapsed: Duration, report: &DailyReport) {
        self.daily_runs.observe(elapsed.as_secs_f64());
        for (item, count) in report.items() {
            self.daily_items.get_or_create(&ItemLabel { item }).inc_by(u64::try_from(count).unwrap_or(u64::MAX));
        }
    }

    fn request_finished(&self, labels: RequestLabels, elapsed: Duration) {
        self.request_durations.get_or_create(&labels).observe(elapsed.as_secs_f64());
        self.requests.get_or_create(&labels).inc();
    }

    /// Everything in the Prometheus text exposition format (version 0.0.4),
    /// each family with its HELP and TYPE lines; the backlogs as `scraped`
    /// says they are now.
    pub fn render(&self, scraped: &Scraped) -> Result<String, std::fmt::Error> {
        let to_i64 = |count: usize| i64::try_from(count).unwrap_or(i64::MAX);
        self.reminders_due.set(scraped.reminders_due);
        self.texts_queued.set(scraped.texts_queued);
        self.pool_in_use.set(to_i64(scraped.pool.in_use));
        self.pool_max.set(to_i64(scraped.pool.max));
        let mut out = String::with_capacity(8 * 1024);
        prometheus_text::encode(&mut out, &self.registry)?;
        Ok(out)
    }
}

/// The method as a label; methods outside HTTP's own are one value, so a
/// client cannot add series by inventing them.
fn method_label(method: &Method) -> &'static str {
    match *method {
        Method::GET => "GET",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::DELETE => "DELETE",
        Method::PATCH => "PATCH",
        Method::HEAD => "HEAD",
        Method::OPTIONS => "OPTIONS",
        _ => "other",
    }
}

fn status_class(status: StatusCode) -> &'static str {
    match status.as_u16() / 100 {
        1 => "1xx",
        2 => "2xx",
        3 => "3xx",
        4 => "4xx",
        _ => "5xx",
    }
}

/// Counts each request under its route template (axum's `MatchedPath`,
/// never the raw path with its ids) and times it to its response.
pub async fn count_request(State(metrics): State<Arc<Metrics>>, request: Request, next: Next) -> Response {
    let route = request.extensions().get::<MatchedPath>().map_or(UNMATCHED, MatchedPath::as_str).to_owned();
    let method = method_label(request.method());
    let started = Instant::now();
    let response = next.run(request).await;
    let labels = RequestLabels { route, method, status_class: status_class(response.status()) };
    metrics.request_finished(labels, started.elapsed());
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scraped() -> Scraped {
        Scraped { reminders_due: 2, texts_queued: 3, pool: PoolUse { in_use: 1, max: 4 } }
    }

    #[test]
    fn a_histogram_writes_cumulative_buckets_with_its_sum_and_count() {
        let metrics = Metrics::default();
        for seconds in [0.0005, 0.004, 30.0] {
            let labels = RequestLabels { route: "/healthz".to_owned(), method: "GET", status_class: "2xx" };
            metrics.request_finished(labels, Duration::from_secs_f64(seconds));
        }
        let text = metrics.render(&scraped()).expect("the text");
        let series = "route=\"/healthz\",method=\"GET\",status_class=\"2xx\"";
        for (le, count) in [("0.001", 1), ("0.005", 2), ("10", 2), ("+Inf", 3)] {
            let line = format!("hiram_http_request_duration_seconds_bucket{{{series},le=\"{le}\"}} {count}\n");
            assert!(text.contains(&line), "{line} in:\n{text}");
        }
        assert!(text.contains(&format!("hiram_http_request_duration_seconds_count{{{series}}} 3\n")), "{text}");
        assert!(text.contains(&format!("hiram_http_requests_total{{{series}}} 3\n")), "{text}");
    }

    #[test]
    fn every_kind_is_written_from_the_start_and_the_backlogs_as_scraped() {
        let text = Metrics::default().render(&scraped()).expect("the text");
        for kind in PostingKind::ALL {
            assert!(text.contains(&format!("hiram_money_postings_total{{kind=\"{}\"}} 0\n", kind.label())), "{text}");
        }
        assert!(text.contains("# TYPE hiram_money_postings_total counter\n"), "{text}");
        assert!(text.contains("\nhiram_sms_outbox_queued 3\n"), "{text}");
        assert!(text.contains("\nhiram_db_pool_connections_max 4\n"), "{text}");
    }

    #[test]
    fn a_label_value_escapes_backslash_quote_and_line_feed() {
        let metrics = Metrics::default();
        let labels = RequestLabels { route: "a\\b\"c\nd".to_owned(), method: "GET", status_class: "2xx" };
        metrics.request_finished(labels, Duration::from_millis(1));
        let text = metrics.render(&scraped()).expect("the text");
        assert!(text.contains("route=\"a\\\\b\\\"c\\nd\""), "{text}");
    }
}
