//! The Xendit collection adapter against a local fake of Xendit's
//! documented Payments API (v3): payment requests (`POST
//! /v3/payment_requests`, `api-version: 2024-11-11`, basic auth, an
//! idempotency key), payments fetched by id (`GET /v3/payments/{id}`), and
//! the `payment.capture` webhook with its `x-callback-token`. Every test
//! runs on SQLite and PostgreSQL.

use crate::helpers::{Backend, TestApp, order_in};
use crate::repayment::{pay_code, picture, repayment_page, scan};
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::routing::{get, post};
use axum::{Json, Router};
use hiram_domain::money::Centavos;
use hiram_domain::order::OrderId;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

const KEY: &str = "xnd_development_hiram_collections";
const TOKEN: &str = "webhook-verification-token-for-tests";

fn basic() -> String {
    // Base64 of "KEY:" written out by hand would hide a typo; build it.
    const TABLE: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let bytes = format!("{KEY}:").into_bytes();
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, byte)| n | u32::from(*byte) << (16 - 8 * i));
        for i in 0..4 {
            out.push(if i <= chunk.len() { TABLE[(n >> (18 - 6 * i) & 63) as usize] as char } else { '=' });
        }
    }
    format!("Basic {out}")
}

#[derive(Clone, Default)]
struct FakeXendit {
    /// Payment requests created, by reference_id: (headers, body, answer).
    requests: Arc<Mutex<Vec<(HeaderMap, Value)>>>,
    by_reference: Arc<Mutex<HashMap<String, Value>>>,
    /// Payments Xendit collected, by payment_id.
    payments: Arc<Mutex<HashMap<String, Value>>>,
    /// Payment ids the adapter asked about.
    asked: Arc<Mutex<Vec<String>>>,
    /// Xendit's transactions list: what `GET /transactions` filters and pages.
    transactions: Arc<Mutex<Vec<Value>>>,
    /// The queries the transactions list was asked.
    listed: Arc<Mutex<Vec<HashMap<String, String>>>>,
    /// The transactions list answers 503 while set.
    down: Arc<Mutex<bool>>,
}

fn authorised(headers: &HeaderMap) -> bool {
    headers.get("authorization").and_then(|value| value.to_str().ok()) == Some(basic().as_str())
        && headers.get("api-version").and_then(|value| value.to_str().ok()) == Some("2024-11-11")
}

async fn create(
    State(fake): State<FakeXendit>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> (StatusCode, Json<Value>) {
    if !authorised(&headers) {
        return (StatusCode::UNAUTHORIZED, Json(json!({ "error_code": "INVALID_API_KEY", "message": "bad key" })));
    }
    let reference = body["reference_id"].as_str().unwrap_or("").to_owned();
    let valid = headers.get("idempotency-key").is_some()
        && body["country"] == "PH"
        && body["currency"] == "PHP"
        && match body["type"].as_str() {
            Some("PAY") => body["request_amount"].is_number(),
            Some("REUSABLE_PAYMENT_CODE") => body["request_amount"].is_null(),
            _ => false,
        };
    if !valid || reference.is_empty() {
        return (StatusCode::BAD_REQUEST, Json(json!({ "error_code": "API_VALIDATION_ERROR", "message": "invalid" })));
    }
    if body["channel_code"] == "7ELEVEN" && body["request_amount"].as_f64().is_some_and(|pesos| pesos < 50.0) {
        return (
            StatusCode::BAD_REQUEST,
            Json(json!({ "error_code": "INVALID_VALUE_ERROR", "message": "minimum 50" })),
        );
    }
    fake.requests.lock().unwrap().push((headers, body.clone()));
    let mut known = fake.by_reference.lock().unwrap();
    if let Some(answer) = known.get(&reference) {
        // The same reference and idempotency key: the same request.
        return (StatusCode::CREATED, Json(answer.clone()));
    }
    let number = known.len() + 1;
    let request_id = format!("pr-00000000-0000-4000-8000-{number:012}");
    let action = match body["channel_code"].as_str().unwrap_or("") {
        "7ELEVEN" | "CEBUANA" | "ECPAY" => {
            json!({ "type": "PRESENT_TO_CUSTOMER", "descriptor": "PAYMENT_CODE", "value": format!("{}", 880_000_000_000_u64 + number as u64) })
        }
        "QRPH" => json!({
            "type": "PRESENT_TO_CUSTOMER",
            "descriptor": "QR_STRING",
            "value": hiram_domain::qr_ph::MerchantQr {
                acquirer: "XENDITPH".into(),
                merchant_id: "XND-HIRAM".into(),
                category: "6012".into(),
                merchant_name: "HIRAM VIA XENDIT".into(),
                merchant_city: "TAGUIG".into(),
                amount: None,
                reference: reference.clone(),
            }
            .payload()
            .unwrap(),
        }),
        _ => {
            json!({ "type": "REDIRECT_CUSTOMER", "descriptor": "WEB_URL", "value": format!("https://checkout.xendit.test/{request_id}") })
        }
    };
    let answer = json!({
        "business_id": "5f27a14a9bf05c73dd040bc8",
        "reference_id": reference,
        "payment_request_id": request_id,
        "type": body["type"],
        "country": "PH",
        "currency": "PHP",
        "request_amount": body["request_amount"],
        "channel_code": body["channel_code"],
        "channel_properties": body["channel_properties"],
        "actions": [action],
        "status": if body["type"] == "PAY" { "REQUIRES_ACTION" } else { "ACCEPTING_PAYMENTS" },
        "created": "2026-11-22T02:00:00Z",
        "updated": "2026-11-22T02:00:00Z",
    });
    known.insert(reference, answer.clone());
    (StatusCode::CREATED, Json(answer))
}

async fn payment(
    State(fake): State<FakeXendit>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> (StatusCode, Json<Value>) {
    if !authorised(&headers) {
        return (StatusCode::UNAUTHORIZED, Json(json!({ "error_code": "INVALID_API_KEY" })));
    }
    fake.asked.lock().unwrap().push(id.clone());
    match fake.payments.lock().unwrap().get(&id) {
        Some(payment) => (StatusCode::OK, Json(payment.clone())),
        None => (StatusCode::NOT_FOUND, Json(json!({ "error_code": "DATA_NOT_FOUND", "message": "not found" }))),
    }
}

/// `GET /transactions` as Xendit documents it: filtered by type, status,
/// currency and `created[gte]`/`created[lte]`, `limit` a page from after
/// `after_id`, `has_more` while more follow.
async fn transactions(
    State(fake): State<FakeXendit>,
    headers: HeaderMap,
    axum::extract::Query(query): axum::extract::Query<HashMap<String, String>>,
) -> (StatusCode, Json<Value>) {
    let basic_only = headers.get("authorization").and_then(|value| value.to_str().ok()) == Some(basic().as_str());
    if !basic_only {
        return (StatusCode::UNAUTHORIZED, Json(json!({ "error_code": "INVALID_API_KEY" })));
    }
    fake.listed.lock().unwrap().push(query.clone());
    if *fake.down.lock().unwrap() {
        return (StatusCode::SERVICE_UNAVAILABLE, Json(json!({ "error_code": "SERVER_ERROR" })));
    }
    let at = |text: &str| time::OffsetDateTime::parse(text, &time::format_description::well_known::Rfc3339).unwrap();
    let (from, to) = (at(&query["created[gte]"]), at(&query["created[lte]"]));
    let limit: usize = query["limit"].parse().unwrap();
    let listed: Vec<Value> = fake
        .transactions
        .lock()
        .unwrap()
        .iter()
        .filter(|transaction| {
            let created = at(transaction["created"].as_str().unwrap());
            transaction["type"] == query["types"].as_str()
                && transaction["status"] == query["statuses"].as_str()
                && transaction["currency"] == query["currency"].as_str()
                && created >= from
                && created <= to
        })
        .cloned()
        .collect();
    let start =
        query.get("after_id").map_or(0, |after| listed.iter().position(|t| t["id"] == after.as_str()).unwrap() + 1);
    let page: Vec<Value> = listed.iter().skip(start).take(limit).cloned().collect();
    let has_more = start + page.len() < listed.len();
    (StatusCode::OK, Json(json!({ "data": page, "has_more": has_more, "links": [] })))
}

async fn start(fake: FakeXendit) -> String {
    let router = Router::new()
        .route("/v3/payment_requests", post(create))
        .route("/v3/payments/{id}", get(payment))
        .route("/transactions", get(transactions))
        .with_state(fake);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    format!("http://{address}")
}

async fn app_on(backend: Backend, base: &str) -> TestApp {
    TestApp::spawn_with(
        backend,
        &[
            ("APP_PAYMENTS__COLLECTIONS", "xendit"),
            ("APP_PAYMENTS__XENDIT_BASE_URL", base),
            ("APP_PAYMENTS__XENDIT_SECRET_KEY", KEY),
            ("APP_PAYMENTS__XENDIT_CALLBACK_TOKEN", TOKEN),
            ("APP_PAYMENTS__XENDIT_RETURN_URL", "https://hiram.example/paid"),
        ],
    )
    .await
}

impl FakeXendit {
    /// Xendit collects `pesos` for the request with our `reference`, in
    /// `status`; the payment's id.
    fn collect(&self, reference: &str, pesos: Value, status: &str) -> String {
        let request = self.by_reference.lock().unwrap().get(reference).cloned().expect("a created request");
        let mut payments = self.payments.lock().unwrap();
        let id = format!("py-00000000-0000-4000-9000-{:012}", payments.len() + 1);
        payments.insert(
            id.clone(),
            json!({
                "payment_id": id,
                "business_id": "5f27a14a9bf05c73dd040bc8",
                "reference_id": reference,
                "payment_request_id": request["payment_request_id"],
                "type": request["type"],
                "country": "PH",
                "currency": "PHP",
                "request_amount": pesos,
                "capture_method": "AUTOMATIC",
                "channel_code": request["channel_code"],
                "captures": if status == "SUCCEEDED" { json!([{ "capture_id": format!("cap-{id}"), "capture_amount": pesos, "capture_timestamp": "2026-11-22T03:00:00Z" }]) } else { json!([]) },
                "status": status,
                "created": "2026-11-22T03:00:00Z",
                "updated": "2026-11-22T03:00:00Z",
            }),
        );
        id
    }

    fn asked(&self) -> usize {
        self.asked.lock().unwrap().len()
    }

    /// Lists a successful payment of `pesos`, of which Xendit kept `fee`,
    /// created at `created`.
    fn list(&self, payment_id: &str, pesos: &str, fee: &str, created: time::OffsetDateTime) {
        let mut listed = self.transactions.lock().unwrap();
        let net = Centavos::parse_decimal(pesos).unwrap().get() - Centavos::parse_decimal(fee).unwrap().get();
        let id = format!("txn_{}", listed.len() + 1);
        listed.push(json!({
            "id": id,
            "product_id": payment_id,
            "type": "PAYMENT",
            "status": "SUCCESS",
            "channel_category": "RETAIL_OUTLET",
            "currency": "PHP",
            "amount": pesos.parse::<f64>().unwrap(),
            "net_amount": format!("{}.{:02}", net / 100, net % 100),
            "cashflow": "MONEY_IN",
            "created": created.format(&time::format_description::well_known::Rfc3339).unwrap(),
        }));
    }
}

/// The webhook body Xendit sends for a payment it holds.
fn capture(fake: &FakeXendit, payment_id: &str) -> Value {
    let payment = fake.payments.lock().unwrap().get(payment_id).cloned().unwrap();
    json!({ "event": "payment.capture", "business_id": "5f27a14a9bf05c73dd040bc8", "created": "2026-11-22T03:00:01Z", "data": payment })
}

async fn webhook(app: &TestApp, body: &Value, token: Option<&str>) -> (u16, Value) {
    let mut request = app.client.post(app.url("/pany/payments/callback/xendit")).json(body);
    if let Some(token) = token {
        request = request.header("x-callback-token", token);
    }
    let response = request.send().await.unwrap();
    crate::helpers::outcome(response).await
}

async fn entries(app: &TestApp, order: i64) -> usize {
    crate::helpers::payments_posted(app, order).await
}

crate::on_both_backends!(
    pay_codes_are_xendit_payment_requests,
    a_paid_code_posts_once_whatever_the_order_and_number_of_deliveries,
    a_notification_xendit_denies_posts_nothing,
    a_forged_notification_is_refused_before_xendit_is_asked,
    the_standing_code_is_a_reusable_store_code_that_takes_any_amount,
    an_outage_refuses_new_codes_and_asks_for_the_notification_again,
    three_hundred_notifications_from_one_address_in_seconds_are_all_posted,
    finance_fetches_xendits_statement_of_a_day_page_by_page_and_matches_it,
);

async fn pay_codes_are_xendit_payment_requests(backend: Backend) {
    let fake = FakeXendit::default();
    let app = app_on(backend, &start(fake.clone()).await).await;
    let demo = app.demo_session().await;
    let order = order_in(&demo, 174).order_id;
    let order_no = app.state.store.order(OrderId(order)).await.unwrap().unwrap().order_no;

    let (status, store) = pay_code(&app, &demo.session_id, order, 150_050, 90013).await;
    assert_eq!(status, 200, "{store}");
    let (headers, body) = fake.requests.lock().unwrap().last().cloned().unwrap();
    let ours = app.state.store.pay_code(body["reference_id"].as_str().unwrap()).await.unwrap().unwrap();
    assert_eq!(headers["idempotency-key"], ours.code.as_str(), "our pay code is the key and the reference");
    assert_eq!(body["type"], "PAY");
    assert_eq!(body["channel_code"], "7ELEVEN");
    assert_eq!(body["request_amount"], json!(1500.5), "₱1,500.50 in pesos at Xendit's edge");
    assert_eq!(body["channel_properties"]["payer_name"], "Maria Clara Santos");
    assert!(body["channel_properties"]["expires_at"].as_str().unwrap().ends_with('Z'));
    assert_eq!(body["description"], format!("Hiram loan {order_no}"));
    let shown = store["data"]["payCode"].as_str().unwrap();
    assert_eq!(shown, "880000000001", "the code Xendit issued for the cashier");
    let barcode = picture(&app, store["data"]["barcodeImg"].as_str().unwrap(), &demo.session_id).await;
    assert_eq!(scan(&barcode.bytes().await.unwrap()), shown);
    assert_eq!(store["data"]["sandboxUrl"], "", "no sandbox with a real provider");

    let (_, qr) = pay_code(&app, &demo.session_id, order, 20_000, 90015).await;
    assert_eq!(fake.requests.lock().unwrap().last().unwrap().1["channel_code"], "QRPH");
    let image = picture(&app, qr["data"]["payCodeImg"].as_str().unwrap(), &demo.session_id).await;
    let payload = scan(&image.bytes().await.unwrap());
    let reference = fake.requests.lock().unwrap().last().unwrap().1["reference_id"].as_str().unwrap().to_owned();
    assert_eq!(
        payload,
        fake.by_reference.lock().unwrap()[&reference]["actions"][0]["value"],
        "Xendit's QR string, drawn"
    );

    let (_, wallet) = pay_code(&app, &demo.session_id, order, 20_000, 90012).await;
    let (_, body) = fake.requests.lock().unwrap().last().cloned().unwrap();
    assert_eq!(body["channel_code"], "PAYMAYA");
    assert_eq!(body["channel_properties"]["success_return_url"], "https://hiram.example/paid");
    assert!(wallet["data"]["payUrl"].as_str().unwrap().starts_with("https://checkout.xendit.test/pr-"), "{wallet}");

    let (status, refused) = pay_code(&app, &demo.session_id, order, 4_900, 90013).await;
    assert_eq!(status, 400, "Xendit refuses 7-Eleven under ₱50: {refused}");
}

async fn a_paid_code_posts_once_whatever_the_order_and_number_of_deliveries(backend: Backend) {
    let fake = FakeXendit::default();
    let app = app_on(backend, &start(fake.clone()).await).await;
    let demo = app.demo_session().await;
    let order = order_in(&demo, 174).order_id;
    let (_, issued) = pay_code(&app, &demo.session_id, order, 50_000, 90014).await;
    let reference = fake.requests.lock().unwrap().last().unwrap().1["reference_id"].as_str().unwrap().to_owned();
    let before = entries(&app, order).await;

    // A failure notice for another attempt arrives first: nothing moves.
    let (status, answer) =
        webhook(&app, &json!({ "event": "payment.failure", "data": { "payment_id": "py-x" } }), Some(TOKEN)).await;
    assert_eq!((status, answer["data"]["result"].as_str()), (200, Some("ignored")));

    let paid = fake.collect(&reference, json!(500), "SUCCEEDED");
    let body = capture(&fake, &paid);
    let mut results = Vec::new();
    let mut tasks = Vec::new();
    for _ in 0..8 {
        let (client, url, body) = (app.client.clone(), app.url("/pany/payments/callback/xendit"), body.clone());
        tasks.push(tokio::spawn(async move {
            let response = client.post(url).header("x-callback-token", TOKEN).json(&body).send().await.unwrap();
            (
                response.status().as_u16(),
                response.json::<Value>().await.unwrap()["data"]["result"].as_str().unwrap_or("").to_owned(),
            )
        }));
    }
    for task in tasks {
        results.push(task.await.unwrap());
    }
    // Xendit retries for a day: a late delivery of the same payment.
    app.clock.advance(time::Duration::days(1));
    let (status, late) = webhook(&app, &body, Some(TOKEN)).await;
    results.push((status, late["data"]["result"].as_str().unwrap().to_owned()));
    assert!(results.iter().all(|(status, _)| *status == 200), "{results:?}");
    assert_eq!(results.iter().filter(|(_, result)| result == "posted").count(), 1, "{results:?}");
    assert_eq!(results.iter().filter(|(_, result)| result == "duplicate").count(), 8);
    assert_eq!(entries(&app, order).await, before + 1);
    assert!(fake.asked() >= 9, "every delivery is re-checked with Xendit");

    // Another payment of the same single-use code posts nothing.
    let second = fake.collect(&reference, json!(500), "SUCCEEDED");
    let (status, _) = webhook(&app, &capture(&fake, &second), Some(TOKEN)).await;
    assert_eq!(status, 409);
    assert_eq!(entries(&app, order).await, before + 1);
    let key = format!("xendit:{paid}");
    let ledger = app.state.store.ledger_entries(OrderId(order)).await.unwrap();
    assert!(ledger.iter().any(|entry| entry.key == key), "the provider's payment id is the key");
    assert_eq!(issued["data"]["payCode"], "880000000001");
}

async fn a_notification_xendit_denies_posts_nothing(backend: Backend) {
    let fake = FakeXendit::default();
    let app = app_on(backend, &start(fake.clone()).await).await;
    let demo = app.demo_session().await;
    let order = order_in(&demo, 174).order_id;
    pay_code(&app, &demo.session_id, order, 50_000, 90014).await;
    let reference = fake.requests.lock().unwrap().last().unwrap().1["reference_id"].as_str().unwrap().to_owned();
    let before = entries(&app, order).await;

    let unknown = json!({ "event": "payment.capture", "data": { "payment_id": "py-00000000-0000-4000-9000-999999999999", "reference_id": reference, "request_amount": 500, "currency": "PHP", "status": "SUCCEEDED" } });
    assert_eq!(webhook(&app, &unknown, Some(TOKEN)).await.0, 400, "Xendit knows no such payment");

    let pending = fake.collect(&reference, json!(500), "PENDING");
    let mut claims_paid = capture(&fake, &pending);
    claims_paid["data"]["status"] = json!("SUCCEEDED");
    assert_eq!(webhook(&app, &claims_paid, Some(TOKEN)).await.0, 400, "Xendit says it is not paid");

    let paid = fake.collect(&reference, json!(500), "SUCCEEDED");
    let mut more = capture(&fake, &paid);
    more["data"]["request_amount"] = json!(5000);
    more["data"]["captures"] = json!([{ "capture_amount": 5000 }]);
    assert_eq!(webhook(&app, &more, Some(TOKEN)).await.0, 400, "the notification claims more than Xendit collected");

    let short = fake.collect(&reference, json!(499.99), "SUCCEEDED");
    assert_eq!(webhook(&app, &capture(&fake, &short), Some(TOKEN)).await.0, 400, "not the code's amount");

    let dollars = fake.collect(&reference, json!(500), "SUCCEEDED");
    fake.payments.lock().unwrap().get_mut(&dollars).unwrap()["currency"] = json!("USD");
    assert_eq!(webhook(&app, &capture(&fake, &dollars), Some(TOKEN)).await.0, 400, "not pesos");

    let wrong_request = fake.collect(&reference, json!(500), "SUCCEEDED");
    fake.payments.lock().unwrap().get_mut(&wrong_request).unwrap()["payment_request_id"] = json!("pr-someone-else");
    assert_eq!(webhook(&app, &capture(&fake, &wrong_request), Some(TOKEN)).await.0, 400, "another request's payment");

    assert_eq!(entries(&app, order).await, before, "nothing posted");
    let (status, answer) = webhook(&app, &capture(&fake, &paid), Some(TOKEN)).await;
    assert_eq!((status, answer["data"]["result"].as_str()), (200, Some("posted")), "the true one still posts");
}

async fn a_forged_notification_is_refused_before_xendit_is_asked(backend: Backend) {
    let fake = FakeXendit::default();
    let app = app_on(backend, &start(fake.clone()).await).await;
    let demo = app.demo_session().await;
    let order = order_in(&demo, 174).order_id;
    pay_code(&app, &demo.session_id, order, 50_000, 90014).await;
    let reference = fake.requests.lock().unwrap().last().unwrap().1["reference_id"].as_str().unwrap().to_owned();
    let paid = fake.collect(&reference, json!(500), "SUCCEEDED");
    let body = capture(&fake, &paid);
    let before = entries(&app, order).await;
    for token in [Some("not-the-token"), Some(""), None, Some("webhook-verification-token-for-test")] {
        let (status, envelope) = webhook(&app, &body, token).await;
        assert_eq!(status, 401, "{token:?}: {envelope}");
        let message = envelope["message"].as_str().unwrap();
        assert!(message.contains("does not verify") && !message.contains("session"), "says what is wrong: {message}");
    }
    assert_eq!(fake.asked(), 0, "a forged notification costs Xendit nothing");
    assert_eq!(entries(&app, order).await, before);
    let sandbox = app.client.post(app.url("/pany/payments/callback/sandbox")).json(&json!({})).send().await.unwrap();
    let sandbox = crate::helpers::Checked::of(sandbox).await;
    assert_eq!(sandbox.status(), 401, "the sandbox is off when Xendit collects");
    let refusal: serde_json::Value = sandbox.json().await.unwrap();
    assert!(refusal["message"].as_str().unwrap().contains("takes no payment notifications"), "{refusal}");
    assert_eq!(crate::helpers::Checked::of(app.get("/sandbox/pay?code=123456789012").await).await.status(), 404);
    let malformed = app
        .client
        .post(app.url("/pany/payments/callback/xendit"))
        .header("x-callback-token", TOKEN)
        .body("{")
        .send()
        .await
        .unwrap();
    let malformed = crate::helpers::Checked::of(malformed).await;
    assert_eq!(malformed.status(), 400);
}

async fn the_standing_code_is_a_reusable_store_code_that_takes_any_amount(backend: Backend) {
    let fake = FakeXendit::default();
    let app = app_on(backend, &start(fake.clone()).await).await;
    let demo = app.demo_session().await;
    let order = order_in(&demo, 180).order_id;
    let first = repayment_page(&app, &demo.session_id, order).await["defDetail"].clone();
    assert_eq!(first["payCode"], "880000000001");
    let (_, body) = fake.requests.lock().unwrap().last().cloned().unwrap();
    assert_eq!(body["type"], "REUSABLE_PAYMENT_CODE");
    assert_eq!(body["channel_code"], "CEBUANA");
    assert!(body["request_amount"].is_null() && body["channel_properties"]["expires_at"].is_null(), "{body}");
    let again = repayment_page(&app, &demo.session_id, order).await["defDetail"].clone();
    assert_eq!(again["payCode"], first["payCode"]);
    assert_eq!(fake.requests.lock().unwrap().len(), 1, "made once, then read from the store");
    let barcode = picture(&app, first["barcodeImg"].as_str().unwrap(), &demo.session_id).await;
    assert_eq!(scan(&barcode.bytes().await.unwrap()), "880000000001");

    let reference = body["reference_id"].as_str().unwrap().to_owned();
    // What is owed today, paid in two: ₱1,000.25 (a number) and the rest
    // (a string, as Xendit may send it).
    let (owed, _) = crate::helpers::owed_today(&app, order).await;
    let rest = owed - 100_025;
    for pesos in [json!(1000.25), json!(format!("{}.{:02}", rest / 100, rest % 100))] {
        let paid = fake.collect(&reference, pesos, "SUCCEEDED");
        assert_eq!(webhook(&app, &capture(&fake, &paid), Some(TOKEN)).await.1["data"]["result"], "posted");
    }
    assert_eq!(app.loan_details(&demo.session_id, order).await.1["data"]["orderStatus"], 200, "paid in two");
    let balances = hiram::services::money_in::balances(&app.state, OrderId(order)).await.unwrap();
    assert_eq!(balances.dues().total(), Centavos::ZERO);
}

async fn an_outage_refuses_new_codes_and_asks_for_the_notification_again(backend: Backend) {
    let app = app_on(backend, "http://127.0.0.1:9").await;
    let demo = app.demo_session().await;
    let order = order_in(&demo, 174).order_id;
    let (status, refused) = pay_code(&app, &demo.session_id, order, 50_000, 90014).await;
    assert_eq!(status, 409, "{refused}");
    assert!(refused["message"].as_str().unwrap().contains("could not get a pay code"));
    let info = repayment_page(&app, &demo.session_id, order).await;
    assert_eq!(info["defDetail"]["payCode"], "", "the page still shows, without the standing code");
    let body =
        json!({ "event": "payment.capture", "data": { "payment_id": "py-00000000-0000-4000-9000-000000000001" } });
    assert_eq!(webhook(&app, &body, Some(TOKEN)).await.0, 503, "Xendit retries a delivery we could not check");
}

/// A payday at Xendit: 300 payments of the standing code notified from one
/// address within seconds, 20 at a time. Notifications that verify are never
/// limited per address (decision 054), so every one posts.
async fn three_hundred_notifications_from_one_address_in_seconds_are_all_posted(backend: Backend) {
    let fake = FakeXendit::default();
    let app = app_on(backend, &start(fake.clone()).await).await;
    let demo = app.demo_session().await;
    let order = order_in(&demo, 174).order_id;
    repayment_page(&app, &demo.session_id, order).await;
    let reference = fake.requests.lock().unwrap().last().unwrap().1["reference_id"].as_str().unwrap().to_owned();
    let before = entries(&app, order).await;
    let bodies: Vec<Value> =
        (0..300).map(|_| capture(&fake, &fake.collect(&reference, json!(0.01), "SUCCEEDED"))).collect();
    let mut answers = Vec::new();
    for round in bodies.chunks(20) {
        let sends = round.iter().map(|body| webhook(&app, body, Some(TOKEN))).collect();
        answers.extend(crate::helpers::join_all(sends).await);
    }
    let posted =
        answers.iter().filter(|(status, envelope)| *status == 200 && envelope["data"]["result"] == "posted").count();
    let throttled = answers.iter().filter(|(status, _)| *status == 429).count();
    assert_eq!((posted, throttled), (300, 0), "{:?}", answers.iter().find(|(status, _)| *status != 200));
    assert_eq!(entries(&app, order).await, before + 300);
}

/// Decision 080: the day's statement comes from Xendit's transactions
/// list, every page of it and only that Manila day, and is matched against
/// the books as an imported one is.
async fn finance_fetches_xendits_statement_of_a_day_page_by_page_and_matches_it(backend: Backend) {
    let fake = FakeXendit::default();
    let app = app_on(backend, &start(fake.clone()).await).await;
    let demo = app.demo_session().await;
    let order = order_in(&demo, 174).order_id;
    pay_code(&app, &demo.session_id, order, 50_000, 90014).await;
    let reference = fake.requests.lock().unwrap().last().unwrap().1["reference_id"].as_str().unwrap().to_owned();
    let paid = fake.collect(&reference, json!(500), "SUCCEEDED");
    assert_eq!(webhook(&app, &capture(&fake, &paid), Some(TOKEN)).await.0, 200);
    let day = hiram_domain::clock::manila_date(app.state.now());
    let midnight = hiram_domain::clock::end_of_manila_day(day.previous_day().unwrap());
    fake.list(&paid, "500", "11.25", app.state.now());
    // 55 more the books never posted, spread over the Manila day (two
    // pages of 50), and three of the day before, which are not this day's.
    for n in 0..55 {
        fake.list(&format!("py-extra-{n}"), "250.00", "5.60", midnight + time::Duration::minutes(25 * n));
    }
    for n in 0..3 {
        fake.list(&format!("py-before-{n}"), "100", "2", midnight - time::Duration::seconds(n + 1));
    }

    app.clock.advance(time::Duration::days(1));
    let finance = crate::console::member(&app, hiram_domain::staff::Role::Finance).await;
    let fetch = |provider: &str, date: &str| {
        format!("/api/console/general-ledger/statements/fetch?provider={provider}&date={date}")
    };
    let (status, today) =
        crate::console::send(&app, &finance, "POST", &fetch("xendit", &app.state.today().to_string()), &[]).await;
    assert_eq!((status, today["data"]["field"].as_str()), (400, Some("date")), "a day not over: {today}");
    let (status, sandbox) =
        crate::console::send(&app, &finance, "POST", &fetch("sandbox", &day.to_string()), &[]).await;
    assert_eq!(
        (status, sandbox["data"]["field"].as_str()),
        (400, Some("provider")),
        "not collecting through it: {sandbox}"
    );

    *fake.down.lock().unwrap() = true;
    let (status, _) = crate::console::send(&app, &finance, "POST", &fetch("xendit", &day.to_string()), &[]).await;
    assert_eq!(status, 503);
    assert!(app.state.store.statements(10).await.unwrap().is_empty(), "nothing kept of a statement not read whole");
    *fake.down.lock().unwrap() = false;

    let (status, fetched) = crate::console::send(&app, &finance, "POST", &fetch("xendit", &day.to_string()), &[]).await;
    assert_eq!(status, 200, "{fetched}");
    let id = fetched["data"]["id"].as_i64().unwrap();
    let items = app.state.store.statement_items(id).await.unwrap();
    assert_eq!(items.len(), 56, "every page, only the day");
    let matched: Vec<_> = items.iter().filter(|item| item.item.kind.key() == "matched").collect();
    assert_eq!(matched.len(), 1);
    assert_eq!(
        (matched[0].item.reference.as_str(), matched[0].item.fee.map(|fee| fee.get())),
        (paid.as_str(), Some(1_125))
    );
    assert_eq!(items.iter().filter(|item| item.item.kind.key() == "missing_in_books").count(), 55);
    let listed = fake.listed.lock().unwrap().clone();
    let pages: Vec<_> = listed.iter().filter(|query| query.get("after_id").is_some()).collect();
    assert_eq!(pages.len(), 1, "the second page asked after the first's last: {listed:?}");
    let (status, _) = crate::console::send(&app, &finance, "POST", &fetch("xendit", &day.to_string()), &[]).await;
    assert_eq!(status, 409, "one statement a provider and day");
}
