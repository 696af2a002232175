//! The Xendit payout adapter against a local fake of Xendit's documented
//! Payouts API (v2): create with basic auth and an idempotency key, then
//! ask again by id while the payout is on its way.

use crate::disbursement::{approved_loan, confirm, status};
use crate::helpers::{Backend, TestApp};
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::routing::{get, post};
use axum::{Json, Router};
use hiram_domain::order::OrderId;
use hiram_domain::payout::PayoutResult;
use serde_json::{Value, json};
use std::sync::{Arc, Mutex};

const KEY: &str = "xnd_development_hiram_test";
/// Base64 of "xnd_development_hiram_test:".
const AUTHORIZATION: &str = "Basic eG5kX2RldmVsb3BtZW50X2hpcmFtX3Rlc3Q6";

#[derive(Clone, Default)]
struct FakeXendit {
    created: Arc<Mutex<Vec<(HeaderMap, Value)>>>,
    asked: Arc<Mutex<Vec<String>>>,
}

async fn create(
    State(fake): State<FakeXendit>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> (StatusCode, Json<Value>) {
    if headers.get("authorization").and_then(|value| value.to_str().ok()) != Some(AUTHORIZATION) {
        return (StatusCode::UNAUTHORIZED, Json(json!({ "error_code": "INVALID_API_KEY", "message": "bad key" })));
    }
    if headers.get("idempotency-key").is_none() {
        return (
            StatusCode::BAD_REQUEST,
            Json(json!({ "error_code": "API_VALIDATION_ERROR", "message": "Idempotency-key" })),
        );
    }
    let account = body["channel_properties"]["account_number"].as_str().unwrap_or("").to_owned();
    fake.created.lock().unwrap().push((headers, body.clone()));
    (
        StatusCode::OK,
        Json(json!({
            "id": format!("disb-{account}"),
            "reference_id": body["reference_id"],
            "amount": body["amount"],
            "currency": "PHP",
            "channel_code": body["channel_code"],
            "status": "ACCEPTED",
            "created": "2026-11-22T02:00:00.000Z",
            "updated": "2026-11-22T02:00:00.000Z",
        })),
    )
}

async fn read(State(fake): State<FakeXendit>, headers: HeaderMap, Path(id): Path<String>) -> (StatusCode, Json<Value>) {
    if headers.get("authorization").and_then(|value| value.to_str().ok()) != Some(AUTHORIZATION) {
        return (StatusCode::UNAUTHORIZED, Json(json!({ "error_code": "INVALID_API_KEY" })));
    }
    fake.asked.lock().unwrap().push(id.clone());
    let failed = id.ends_with("0099");
    (
        StatusCode::OK,
        Json(json!({
            "id": id,
            "status": if failed { "FAILED" } else { "SUCCEEDED" },
            "failure_code": if failed { json!("INVALID_DESTINATION") } else { Value::Null },
        })),
    )
}

async fn start(fake: FakeXendit) -> String {
    let router = Router::new().route("/v2/payouts", post(create)).route("/v2/payouts/{id}", get(read)).with_state(fake);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    format!("http://{address}")
}

async fn app_with_xendit(base: &str) -> TestApp {
    TestApp::spawn_with(
        Backend::Sqlite,
        &[
            ("APP_PAYMENTS__GATEWAY", "xendit"),
            ("APP_PAYMENTS__XENDIT_BASE_URL", base),
            ("APP_PAYMENTS__XENDIT_SECRET_KEY", KEY),
        ],
    )
    .await
}

async fn bind(app: &TestApp, session: &str, number: &str) {
    let form = [("cardType", "1"), ("bankCode", "BPI"), ("bankAccount", number)];
    let response = app.post_form(&format!("/pany/v3/bind-card/bind-card-new?sessionId={session}"), &form).await;
    assert_eq!(response.status(), 200);
}

#[tokio::test]
async fn a_payout_is_created_once_then_followed_until_it_succeeds() {
    let fake = FakeXendit::default();
    let app = app_with_xendit(&start(fake.clone()).await).await;
    let (session, product, order) = approved_loan(&app).await;
    bind(&app, &session, "001234567890").await;
    confirm(&app, &session, &product, &order).await;
    assert_eq!(status(&app, &session, &order).await["orderStatus"], 170, "accepted by Xendit, not yet sent");

    let created = fake.created.lock().unwrap().clone();
    assert_eq!(created.len(), 1);
    let (headers, body) = &created[0];
    let order_no = app.state.store.order(OrderId(order.parse().unwrap())).await.unwrap().unwrap().order_no;
    assert_eq!(headers["idempotency-key"], order_no.as_str());
    assert_eq!(body["reference_id"], order_no.as_str());
    assert_eq!(body["channel_code"], "PH_BPI");
    assert_eq!(
        body["channel_properties"],
        json!({ "account_number": "001234567890", "account_holder_name": "Andres Bonifacio Reyes" })
    );
    assert_eq!(body["amount"], json!(2910.0), "₱3,000 less the ₱90 fee, in pesos");
    assert_eq!(body["currency"], "PHP");

    let report = hiram::services::daily::run(&app.state).await.unwrap();
    assert_eq!(report.payouts_finished, 1);
    assert_eq!(fake.asked.lock().unwrap().clone(), ["disb-001234567890"], "asked by id, not paid again");
    assert_eq!(fake.created.lock().unwrap().len(), 1);
    assert_eq!(status(&app, &session, &order).await["orderStatus"], 174);
    let attempts = app.state.store.payout_attempts(OrderId(order.parse().unwrap())).await.unwrap();
    let results: Vec<_> = attempts.into_iter().map(|attempt| (attempt.gateway, attempt.result)).collect();
    assert_eq!(
        results,
        [
            ("xendit".to_owned(), Some(PayoutResult::Pending { transaction_id: "disb-001234567890".to_owned() })),
            ("xendit".to_owned(), Some(PayoutResult::Sent { transaction_id: "disb-001234567890".to_owned() })),
        ]
    );
}

#[tokio::test]
async fn a_failed_payout_rejects_the_loan_and_an_outage_leaves_it_waiting() {
    let fake = FakeXendit::default();
    let app = app_with_xendit(&start(fake.clone()).await).await;
    let (session, product, order) = approved_loan(&app).await;
    bind(&app, &session, "001234560099").await;
    confirm(&app, &session, &product, &order).await;
    hiram::services::daily::run(&app.state).await.unwrap();
    assert_eq!(status(&app, &session, &order).await["orderStatus"], 110);
    let history = app.state.store.status_history(OrderId(order.parse().unwrap())).await.unwrap();
    assert_eq!(history.last().unwrap().cause, "payout refused: xendit FAILED INVALID_DESTINATION");

    let down = app_with_xendit("http://127.0.0.1:9").await;
    let (session, product, order) = approved_loan(&down).await;
    bind(&down, &session, "001234567890").await;
    confirm(&down, &session, &product, &order).await;
    assert_eq!(status(&down, &session, &order).await["orderStatus"], 170, "unknown outcome: it waits");
    let attempts = down.state.store.payout_attempts(OrderId(order.parse().unwrap())).await.unwrap();
    assert_eq!(attempts.len(), 1);
    assert_eq!(attempts[0].result, None, "recorded as unavailable");
}
