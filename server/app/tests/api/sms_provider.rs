//! The Semaphore adapter against a local fake of Semaphore's documented API.

use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::post;
use axum::{Form, Json, Router};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

#[derive(Clone, Default)]
struct FakeSemaphore {
    received: Arc<Mutex<Vec<HashMap<String, String>>>>,
}

async fn accept(State(fake): State<FakeSemaphore>, Form(form): Form<HashMap<String, String>>) -> Json<Value> {
    let recipient = format!("63{}", &form["number"][1..]);
    fake.received.lock().unwrap().push(form);
    Json(json!([{ "message_id": 7001, "user_id": 1, "recipient": recipient, "message": "…",
                  "sender_name": "HIRAM", "network": "Globe", "status": "Pending", "type": "Single" }]))
}

async fn fail() -> (StatusCode, &'static str) {
    (StatusCode::INTERNAL_SERVER_ERROR, "upstream trouble")
}

/// Starts the fake and returns its base URL.
async fn start(router: Router) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    format!("http://{address}/api/v4")
}

async fn app_with_provider(base_url: &str) -> crate::helpers::TestApp {
    app_with_provider_on(crate::helpers::Backend::Sqlite, base_url, &[]).await
}

async fn app_with_provider_on(
    backend: crate::helpers::Backend,
    base_url: &str,
    more: &[(&str, &str)],
) -> crate::helpers::TestApp {
    let mut settings = vec![
        ("APP_SMS__PROVIDER", "semaphore"),
        ("APP_SMS__SEMAPHORE_BASE_URL", base_url),
        ("APP_SMS__SEMAPHORE_API_KEY", "test-key-123"),
    ];
    settings.extend_from_slice(more);
    crate::helpers::TestApp::spawn_with(backend, &settings).await
}

#[tokio::test]
async fn codes_go_to_semaphore_and_the_outbox_keeps_them_masked() {
    let fake = FakeSemaphore::default();
    let base = start(Router::new().route("/api/v4/messages", post(accept)).with_state(fake.clone())).await;
    let app = app_with_provider(&base).await;
    let response = app.post_form("/pany/service/login/send-sms-code-new", &[("phone", "+639171234567")]).await;
    assert_eq!(response.status(), 200);
    let received = fake.received.lock().unwrap().clone();
    assert_eq!(received.len(), 1);
    let form = &received[0];
    assert_eq!(form["apikey"], "test-key-123");
    assert_eq!(form["number"], "09171234567");
    assert_eq!(form["sendername"], "HIRAM");
    let code: String =
        form["message"].split(|c: char| !c.is_ascii_digit()).find(|run| run.len() == 6).unwrap().to_owned();
    let phone = hiram_domain::phone::Phone::parse("09171234567").unwrap();
    let outbox = app.state.store.outbox(Some(&phone), 5).await.unwrap();
    assert_eq!(outbox.len(), 1);
    assert_eq!(outbox[0].provider, "semaphore");
    assert!(outbox[0].body.contains("******") && !outbox[0].body.contains(&code), "{}", outbox[0].body);
    let login = app.post_form("/pany/service/login/sms-code-login", &[("phone", "09171234567"), ("code", &code)]).await;
    assert_eq!(login.status(), 200, "the code that reached the phone logs in");
}

#[tokio::test]
async fn a_failing_provider_is_reported_and_recorded() {
    let base = start(Router::new().route("/api/v4/messages", post(fail))).await;
    let app = app_with_provider(&base).await;
    let response = app.post_form("/pany/service/login/send-sms-code-new", &[("phone", "09171234567")]).await;
    assert_eq!(response.status(), 503);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["message"], "We could not send the message right now. Please try again in a minute.");
    let phone = hiram_domain::phone::Phone::parse("09171234567").unwrap();
    let outbox = app.state.store.outbox(Some(&phone), 5).await.unwrap();
    assert_eq!(outbox[0].status, hiram_domain::sms::OutboxStatus::Failed);
}

#[tokio::test]
async fn semaphore_cannot_place_voice_calls_and_says_so() {
    let fake = FakeSemaphore::default();
    let base = start(Router::new().route("/api/v4/messages", post(accept)).with_state(fake.clone())).await;
    let app = app_with_provider(&base).await;
    let response = app.post_form("/pany/service/login/send-voice-code", &[("phone", "09171234567")]).await;
    assert_eq!(response.status(), 503);
    assert!(fake.received.lock().unwrap().is_empty());
    let init: Value = app.post_form("/pany/service/login/login-init", &[]).await.json().await.unwrap();
    assert_eq!(init["data"]["voiceCodeAvailable"], false);
}

#[tokio::test]
async fn a_text_left_queued_by_a_sender_that_crashed_is_sent_once_when_its_claim_runs_out() {
    for backend in [crate::helpers::Backend::Sqlite, crate::helpers::Backend::Postgres] {
        a_stranded_text_is_sent_once(backend).await;
    }
}

async fn a_stranded_text_is_sent_once(backend: crate::helpers::Backend) {
    use hiram_domain::sms::{NewOutboxEntry, OutboxStatus, SEND_CLAIM};
    let fake = FakeSemaphore::default();
    let base = start(Router::new().route("/api/v4/messages", post(accept)).with_state(fake.clone())).await;
    // The test runs the rounds itself.
    let app = app_with_provider_on(backend, &base, &[("APP_JOBS__OUTBOX_INTERVAL_SECONDS", "0")]).await;
    let phone = hiram_domain::phone::Phone::parse("09171234567").unwrap();
    let queued = |created_at| NewOutboxEntry {
        phone: phone.clone(),
        delivery: hiram_domain::otp::Delivery::Sms,
        body: "Received ₱100.00 for order H1.".to_owned(),
        provider: "semaphore".to_owned(),
        status: OutboxStatus::Queued,
        created_at,
    };
    let now = app.state.now();
    // Stored with a payment by a process that then died; and one whose
    // sender is still within its claim.
    let stranded = app.state.store.record_outbox(&queued(now - SEND_CLAIM - time::Duration::seconds(1))).await.unwrap();
    let in_flight = app.state.store.record_outbox(&queued(now)).await.unwrap();
    assert_eq!(hiram::adapters::sms::send_queued(&app.state).await.unwrap(), 1);
    assert_eq!(hiram::adapters::sms::send_queued(&app.state).await.unwrap(), 0, "claimed and sent: not again");
    assert_eq!(fake.received.lock().unwrap().len(), 1);
    let outbox = app.state.store.outbox(Some(&phone), 5).await.unwrap();
    let status = |id| outbox.iter().find(|entry| entry.id == id).unwrap().status;
    assert_eq!((status(stranded), status(in_flight)), (OutboxStatus::Sent, OutboxStatus::Queued));
}
