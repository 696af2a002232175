//! `/metrics` (decision 040): counts that move with what the server did,
//! route templates rather than raw paths, the token, and Prometheus's own
//! checker on the scraped text.

use crate::disbursement::{ACCOUNT, approved_loan, bind_bank, confirm, status};
use crate::helpers::{TestApp, order_in};
use crate::repayment::{SECRET, callback, now, pay_code};
use serde_json::json;
use std::io::Write;
use std::process::{Command, Stdio};

const TOKEN: &str = "metrics-token-for-tests";

pub(crate) async fn scrape(app: &TestApp) -> String {
    let response = app.client.get(app.url("/metrics")).bearer_auth(TOKEN).send().await.unwrap();
    assert_eq!(response.status(), 200);
    let content_type = response.headers()["content-type"].to_str().unwrap().to_owned();
    assert!(content_type.starts_with("text/plain; version=0.0.4"), "{content_type}");
    response.text().await.unwrap()
}

/// The sum of the samples of `name` whose labels include every one of
/// `labels` (`key="value"`); 0 when there is none yet.
pub(crate) fn sample(text: &str, name: &str, labels: &[&str]) -> f64 {
    text.lines()
        .filter(|line| !line.starts_with('#'))
        .filter_map(|line| {
            let (series, value) = line.rsplit_once(' ')?;
            let (metric, rest) = series.split_once('{').unwrap_or((series, ""));
            (metric == name && labels.iter().all(|label| rest.contains(label))).then(|| value.parse::<f64>().unwrap())
        })
        .sum()
}

/// `promtool check metrics` on the text: its complaints, if any.
fn promtool_problems(text: &str) -> Option<String> {
    let mut checker = Command::new("promtool")
        .args(["check", "metrics"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("promtool is installed (make promtool)");
    checker.stdin.take().unwrap().write_all(text.as_bytes()).unwrap();
    let output = checker.wait_with_output().unwrap();
    let said = format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    (!output.status.success() || !said.trim().is_empty()).then_some(said)
}

crate::on_both_stores! {
    async fn the_scrape_counts_requests_by_route_postings_and_daily_runs_and_promtool_accepts_it(app with [("APP_SERVER__METRICS_TOKEN", "metrics-token-for-tests")]) {
        let demo = app.demo_session().await;
        let order = order_in(&demo, 174).order_id;
        let before = scrape(&app).await;

        for _ in 0..3 {
            assert_eq!(app.get("/healthz").await.status(), 200);
        }
        let (_, code) = pay_code(&app, &demo.session_id, order, 10_000, 90011).await;
        let code = code["data"]["payCode"].as_str().unwrap().to_owned();
        let paid = json!({ "transactionId": "METRICS-1", "payCode": code, "amount": 10_000, "currency": "PHP" });
        assert_eq!(callback(&app, &paid, now(&app), SECRET).await.1["data"]["result"], "posted");
        let qr = app.get(&format!("/pany/pay-codes/{code}/qr.png?sessionId={}", demo.session_id)).await;
        assert_eq!(qr.status(), 200);
        let (borrower, product, loan) = approved_loan(&app).await;
        confirm(&app, &borrower, &product, &loan).await;
        assert_eq!(bind_bank(&app, &borrower, "BPI", ACCOUNT).await.0, 200);
        assert_eq!(status(&app, &borrower, &loan).await["orderStatus"], 174, "the loan went out");
        // Past their due dates, the open loans have work for the daily run.
        app.clock.advance(time::Duration::days(100));
        let report = hiram::services::daily::run(&app.state).await.unwrap();
        assert!(report.loans_posted > 0, "the loans past due are brought to the day: {report:?}");

        let after = scrape(&app).await;
        let moved = |name: &str, labels: &[&str]| sample(&after, name, labels) - sample(&before, name, labels);
        let healthz = ["route=\"/healthz\"", "method=\"GET\"", "status_class=\"2xx\""];
        assert_eq!(moved("hiram_http_requests_total", &healthz), 3.0, "{after}");
        assert_eq!(moved("hiram_http_request_duration_seconds_count", &healthz), 3.0);
        assert_eq!(moved("hiram_http_request_duration_seconds_bucket", &[healthz[0], "le=\"+Inf\""]), 3.0);
        assert_eq!(moved("hiram_http_requests_total", &["route=\"/pany/pay-codes/{code}/qr.png\"", "status_class=\"2xx\""]), 1.0, "{after}");
        assert!(!after.contains(&code), "the route's template is counted, never the path with its code");
        assert_eq!(moved("hiram_money_postings_total", &["kind=\"payment\""]), 1.0);
        assert_eq!(moved("hiram_money_postings_total", &["kind=\"day\""]), report.loans_posted as f64);
        assert_eq!(moved("hiram_daily_run_duration_seconds_count", &[]), 1.0);
        let brought = moved("hiram_daily_run_items_total", &["item=\"loans_posted\""]);
        assert_eq!(brought, report.loans_posted as f64);
        let finished = moved("hiram_payouts_total", &["outcome=\"sent\""]) + moved("hiram_payouts_total", &["outcome=\"refused\""]);
        assert_eq!(finished, 1.0 + report.payouts_finished as f64, "the new loan's and the run's: {report:?}");
        assert_eq!(moved("hiram_payouts_total", &["outcome=\"sent\""]), 1.0 + report.payouts_finished as f64);
        assert_eq!(moved("hiram_money_postings_total", &["kind=\"disbursement\""]), 1.0 + report.payouts_finished as f64);
        let queued = app.state.store.count_queued_outbox().await.unwrap();
        assert!(after.contains(&format!("\nhiram_sms_outbox_queued {queued}\n")), "{after}");
        let due = app.state.store.count_due_reminders(app.state.now()).await.unwrap();
        assert!(after.contains(&format!("\nhiram_repayment_reminders_due {due}\n")), "{after}");
        assert!(sample(&after, "hiram_db_pool_connections_max", &[]) >= 1.0);

        if let Some(problems) = promtool_problems(&after) {
            panic!("promtool check metrics reports problems:\n{problems}\n--- the text:\n{after}");
        }
    }

    async fn a_scrape_without_the_token_or_with_another_is_refused(app with [("APP_SERVER__METRICS_TOKEN", "metrics-token-for-tests")]) {
        let url = app.url("/metrics");
        assert_eq!(app.client.get(&url).send().await.unwrap().status(), 401);
        for wrong in ["metrics-token-for-test", "metrics-token-for-tests-", "METRICS-TOKEN-FOR-TESTS", ""] {
            assert_eq!(app.client.get(&url).bearer_auth(wrong).send().await.unwrap().status(), 401, "{wrong:?}");
        }
        let basic = app.client.get(&url).header("authorization", format!("Basic {TOKEN}")).send().await.unwrap();
        assert_eq!(basic.status(), 401);
        assert_eq!(app.client.get(&url).bearer_auth(TOKEN).send().await.unwrap().status(), 200);
    }

    async fn with_no_token_configured_there_is_no_metrics_endpoint(app) {
        let url = app.url("/metrics");
        assert_eq!(app.client.get(&url).send().await.unwrap().status(), 404);
        assert_eq!(app.client.get(&url).bearer_auth("").send().await.unwrap().status(), 404);
        assert_eq!(app.client.get(&url).bearer_auth(TOKEN).send().await.unwrap().status(), 404);
    }
}
