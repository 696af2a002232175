//! What operators' Prometheus scrapes at `/metrics` (decision 040): a small
//! registry of this process's counters and fixed-bucket histograms, and
//! the Prometheus text format they are written in. What lives in the
//! database (backlogs) is read at scrape time by the `metrics` feature.

use crate::services::daily::report::DailyReport;
use axum::extract::{MatchedPath, Request, State};
use axum::http::{Method, StatusCode};
use axum::middleware::Next;
use axum::response::Response;
use hiram_domain::store::PoolUse;
use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, PoisonError, RwLock};
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
}

impl PostingKind {
    const ALL: [PostingKind; 5] = [
        PostingKind::Payment,
        PostingKind::Day,
        PostingKind::Disbursement,
        PostingKind::Adjustment,
        PostingKind::Reversal,
    ];

    fn label(self) -> &'static str {
        match self {
            PostingKind::Payment => "payment",
            PostingKind::Day => "day",
            PostingKind::Disbursement => "disbursement",
            PostingKind::Adjustment => "adjustment",
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

/// Counts observations into fixed buckets. Each bucket holds only its own
/// observations; the cumulative counts Prometheus wants are summed when
/// written.
struct Histogram {
    bounds: &'static [f64],
    /// One per bound, and the last for what is above every bound.
    buckets: Vec<AtomicU64>,
    sum_nanos: AtomicU64,
}

impl Histogram {
    fn new(bounds: &'static [f64]) -> Histogram {
        Histogram {
            bounds,
            buckets: (0..=bounds.len()).map(|_| AtomicU64::new(0)).collect(),
            sum_nanos: AtomicU64::new(0),
        }
    }

    fn observe(&self, elapsed: Duration) {
        let seconds = elapsed.as_secs_f64();
        let bucket = self.bounds.iter().position(|bound| seconds <= *bound).unwrap_or(self.bounds.len());
        self.buckets[bucket].fetch_add(1, Ordering::Relaxed);
        let nanos = u64::try_from(elapsed.as_nanos()).unwrap_or(u64::MAX);
        self.sum_nanos.fetch_add(nanos, Ordering::Relaxed);
    }

    fn count(&self) -> u64 {
        self.buckets.iter().map(|bucket| bucket.load(Ordering::Relaxed)).sum()
    }

    /// The `_bucket`, `_sum` and `_count` lines under `labels` (written
    /// `key="value",` each, or empty).
    fn write(&self, out: &mut String, name: &str, labels: &str) {
        let mut cumulative = 0;
        for (bound, bucket) in self.bounds.iter().zip(&self.buckets) {
            cumulative += bucket.load(Ordering::Relaxed);
            let _ = writeln!(out, "{name}_bucket{{{labels}le=\"{bound}\"}} {cumulative}");
        }
        cumulative += self.buckets[self.bounds.len()].load(Ordering::Relaxed);
        let _ = writeln!(out, "{name}_bucket{{{labels}le=\"+Inf\"}} {cumulative}");
        let sum = Duration::from_nanos(self.sum_nanos.load(Ordering::Relaxed)).as_secs_f64();
        let _ = writeln!(out, "{name}_sum{{{}}} {sum}", labels.trim_end_matches(','));
        let _ = writeln!(out, "{name}_count{{{}}} {cumulative}", labels.trim_end_matches(','));
    }
}

#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct RequestLabels {
    route: String,
    method: &'static str,
    status_class: &'static str,
}

/// The process's counters, shared by every request and job.
pub struct Metrics {
    /// A new route, method and status class adds a series under the write
    /// lock; every later request only reads the map and adds atomically.
    requests: RwLock<HashMap<RequestLabels, Arc<Histogram>>>,
    postings: [AtomicU64; PostingKind::ALL.len()],
    payouts: [AtomicU64; PayoutOutcome::ALL.len()],
    daily_runs: Histogram,
    daily_items: [AtomicU64; 8],
}

impl Default for Metrics {
    fn default() -> Metrics {
        Metrics {
            requests: RwLock::default(),
            postings: Default::default(),
            payouts: Default::default(),
            daily_runs: Histogram::new(DAILY_RUN_BUCKETS),
            daily_items: Default::default(),
        }
    }
}

impl Metrics {
    pub fn posted(&self, kind: PostingKind) {
        self.postings[kind as usize].fetch_add(1, Ordering::Relaxed);
    }

    pub fn payout_tried(&self, outcome: PayoutOutcome) {
        self.payouts[outcome as usize].fetch_add(1, Ordering::Relaxed);
    }

    /// A daily run that finished (one that stopped early on a store error
    /// is in the logs, not here).
    pub fn daily_run_finished(&self, elapsed: Duration, report: &DailyReport) {
        self.daily_runs.observe(elapsed);
        for (counter, (_, count)) in self.daily_items.iter().zip(report.items()) {
            counter.fetch_add(u64::try_from(count).unwrap_or(u64::MAX), Ordering::Relaxed);
        }
    }

    fn request_finished(&self, labels: RequestLabels, elapsed: Duration) {
        let known = self.requests.read().unwrap_or_else(PoisonError::into_inner).get(&labels).cloned();
        let histogram = match known {
            Some(histogram) => histogram,
            None => Arc::clone(
                self.requests
                    .write()
                    .unwrap_or_else(PoisonError::into_inner)
                    .entry(labels)
                    .or_insert_with(|| Arc::new(Histogram::new(REQUEST_BUCKETS))),
            ),
        };
        histogram.observe(elapsed);
    }

    /// Everything in the Prometheus text exposition format (version 0.0.4),
    /// each family with its HELP and TYPE lines, series in a stable order.
    pub fn render(&self, scraped: &Scraped) -> String {
        let mut out = String::with_capacity(8 * 1024);
        let mut requests: Vec<(RequestLabels, Arc<Histogram>)> = self
            .requests
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .iter()
            .map(|(labels, histogram)| (labels.clone(), Arc::clone(histogram)))
            .collect();
        requests.sort_by(|(a, _), (b, _)| a.cmp(b));
        let request_labels = |labels: &RequestLabels| {
            format!(
                "route=\"{}\",method=\"{}\",status_class=\"{}\",",
                escape(&labels.route),
                labels.method,
                labels.status_class
            )
        };

        family(
            &mut out,
            "hiram_http_requests_total",
            "counter",
            "HTTP requests answered, by matched route template, method and status class.",
        );
        for (labels, histogram) in &requests {
            let labels = request_labels(labels);
            let _ =
                writeln!(out, "hiram_http_requests_total{{{}}} {}", labels.trim_end_matches(','), histogram.count());
        }
        family(
            &mut out,
            "hiram_http_request_duration_seconds",
            "histogram",
            "Time from receiving a request to its response, by matched route template, method and status class.",
        );
        for (labels, histogram) in &requests {
            histogram.write(&mut out, "hiram_http_request_duration_seconds", &request_labels(labels));
        }

        family(&mut out, "hiram_money_postings_total", "counter", "Postings to order ledgers, by kind.");
        for (kind, counter) in PostingKind::ALL.iter().zip(&self.postings) {
            let _ = writeln!(
                out,
                "hiram_money_postings_total{{kind=\"{}\"}} {}",
                kind.label(),
                counter.load(Ordering::Relaxed)
            );
        }

        family(
            &mut out,
            "hiram_payouts_total",
            "counter",
            "Payout tries, by outcome (left_to_another: another process held the order).",
        );
        for (outcome, counter) in PayoutOutcome::ALL.iter().zip(&self.payouts) {
            let _ = writeln!(
                out,
                "hiram_payouts_total{{outcome=\"{}\"}} {}",
                outcome.label(),
                counter.load(Ordering::Relaxed)
            );
        }

        family(
            &mut out,
            "hiram_daily_run_duration_seconds",
            "histogram",
            "Duration of the daily runs that finished in this process.",
        );
        self.daily_runs.write(&mut out, "hiram_daily_run_duration_seconds", "");
        family(&mut out, "hiram_daily_run_items_total", "counter", "What the daily runs of this process did, by item.");
        for (counter, (item, _)) in self.daily_items.iter().zip(DailyReport::default().items()) {
            let _ = writeln!(out, "hiram_daily_run_items_total{{item=\"{item}\"}} {}", counter.load(Ordering::Relaxed));
        }

        gauge(
            &mut out,
            "hiram_repayment_reminders_due",
            "Repayment reminders due and not yet sent (the whole database).",
            scraped.reminders_due,
        );
        gauge(
            &mut out,
            "hiram_sms_outbox_queued",
            "SMS texts queued and not yet sent (the whole database).",
            scraped.texts_queued,
        );
        let to_i64 = |count: usize| i64::try_from(count).unwrap_or(i64::MAX);
        gauge(
            &mut out,
            "hiram_db_pool_connections_in_use",
            "Database connections handed out now (SQLite: readers).",
            to_i64(scraped.pool.in_use),
        );
        gauge(
            &mut out,
            "hiram_db_pool_connections_max",
            "Database connections the pool may hold (SQLite: readers).",
            to_i64(scraped.pool.max),
        );
        out
    }
}

fn family(out: &mut String, name: &str, kind: &str, help: &str) {
    let _ = writeln!(out, "# HELP {name} {help}");
    let _ = writeln!(out, "# TYPE {name} {kind}");
}

fn gauge(out: &mut String, name: &str, help: &str, value: i64) {
    family(out, name, "gauge", help);
    let _ = writeln!(out, "{name} {value}");
}

/// A label value as the text format wants it: backslash, quote and line
/// feed escaped.
fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"").replace('\n', "\\n")
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

    #[test]
    fn a_histogram_writes_cumulative_buckets_with_its_sum_and_count() {
        let histogram = Histogram::new(&[0.1, 1.0]);
        histogram.observe(Duration::from_millis(50));
        histogram.observe(Duration::from_millis(500));
        histogram.observe(Duration::from_secs(3));
        let mut out = String::new();
        histogram.write(&mut out, "x_seconds", "a=\"b\",");
        assert_eq!(
            out,
            "x_seconds_bucket{a=\"b\",le=\"0.1\"} 1\nx_seconds_bucket{a=\"b\",le=\"1\"} 2\n\
             x_seconds_bucket{a=\"b\",le=\"+Inf\"} 3\nx_seconds_sum{a=\"b\"} 3.55\nx_seconds_count{a=\"b\"} 3\n"
        );
    }

    #[test]
    fn a_label_value_escapes_backslash_quote_and_line_feed() {
        assert_eq!(escape("a\\b\"c\nd"), "a\\\\b\\\"c\\nd");
    }
}
