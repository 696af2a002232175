//! Pay codes and signed callbacks: M4, M5, and a loan repaid in full.

use crate::helpers::{TestApp, order_in};
use hiram::services::callback_signing::{SIGNATURE_HEADER, TIMESTAMP_HEADER, sign};
use hiram_domain::money::Centavos;
use hiram_domain::order::OrderId;
use hiram_domain::payment::GatewayPayment;
use serde_json::{Value, json};

pub(crate) const SECRET: &str = "sandbox-secret-for-tests";

pub(crate) async fn pay_code(app: &TestApp, session: &str, order: i64, amount: i64, channel: i64) -> (u16, Value) {
    let response = app
        .post_form(
            &format!("/pany/v3/loan-details/generate-vcode?sessionId={session}"),
            &[
                ("orderId", &order.to_string()),
                ("amount", &amount.to_string()),
                ("channelNumber", &channel.to_string()),
            ],
        )
        .await;
    (response.status().as_u16(), response.json().await.unwrap())
}

/// Writes the payment to the sandbox gateway's statement, as its page does
/// when a tester pays, so that the callback's re-check finds it.
async fn gateway_paid(app: &TestApp, body: &Value) {
    if let (Some(transaction_id), Some(pay_code), Some(amount)) =
        (body["transactionId"].as_str(), body["payCode"].as_str(), body["amount"].as_i64())
    {
        let payment = GatewayPayment {
            transaction_id: transaction_id.to_owned(),
            pay_code: pay_code.to_owned(),
            amount: Centavos::new(amount),
            paid_at: app.state.now(),
        };
        app.state.store.record_gateway_payment(&payment).await.unwrap();
    }
}

/// A signed callback for a payment the gateway made.
pub(crate) async fn callback(app: &TestApp, body: &Value, timestamp: i64, secret: &str) -> (u16, Value) {
    gateway_paid(app, body).await;
    send_callback(app, body, timestamp, secret).await
}

/// A signed callback as it arrives, whatever the gateway knows of it.
async fn send_callback(app: &TestApp, body: &Value, timestamp: i64, secret: &str) -> (u16, Value) {
    let body = body.to_string();
    let response = app
        .client
        .post(app.url("/pany/payments/callback/sandbox"))
        .header("content-type", "application/json")
        .header(TIMESTAMP_HEADER, timestamp.to_string())
        .header(SIGNATURE_HEADER, sign(secret, timestamp, body.as_bytes()))
        .body(body)
        .send()
        .await
        .unwrap();
    (response.status().as_u16(), response.json().await.unwrap())
}

pub(crate) fn now(app: &TestApp) -> i64 {
    app.state.now().unix_timestamp()
}

async fn entries(app: &TestApp, order: i64) -> usize {
    app.state.store.ledger_entries(OrderId(order)).await.unwrap().len()
}

crate::on_both_stores! {
    async fn the_same_callback_twenty_times_at_once_and_twenty_times_in_a_row_posts_once(app with [("APP_PAYMENTS__SANDBOX_SECRET", "sandbox-secret-for-tests")]) {
        let demo = app.demo_session().await;
        let order = order_in(&demo, 174).order_id;
        let (status, issued) = pay_code(&app, &demo.session_id, order, 50_000, 90011).await;
        assert_eq!(status, 200, "{issued}");
        let code = issued["data"]["payCode"].as_str().unwrap().to_owned();
        assert!(issued["data"]["payUrl"].as_str().unwrap().starts_with("/repaymentOfCode?showType=1&payCode="));
        let before = entries(&app, order).await;
        let body = json!({ "transactionId": "GC-0001", "payCode": code, "amount": 50_000, "currency": "PHP" });
        gateway_paid(&app, &body).await;
        let timestamp = now(&app);
        let mut tasks = Vec::new();
        for _ in 0..20 {
            let (client, url, body, signature) = (
                app.client.clone(),
                app.url("/pany/payments/callback/sandbox"),
                body.to_string(),
                sign(SECRET, timestamp, body.to_string().as_bytes()),
            );
            tasks.push(tokio::spawn(async move {
                let response = client
                    .post(url)
                    .header("content-type", "application/json")
                    .header(TIMESTAMP_HEADER, timestamp.to_string())
                    .header(SIGNATURE_HEADER, signature)
                    .body(body)
                    .send()
                    .await
                    .unwrap();
                (response.status().as_u16(), response.json::<Value>().await.unwrap()["data"]["result"].as_str().unwrap().to_owned())
            }));
        }
        let mut results = Vec::new();
        for task in tasks {
            results.push(task.await.unwrap());
        }
        for _ in 0..20 {
            let (status, answer) = callback(&app, &body, timestamp, SECRET).await;
            results.push((status, answer["data"]["result"].as_str().unwrap().to_owned()));
        }
        assert!(results.iter().all(|(status, _)| *status == 200), "duplicates answer 2xx");
        assert_eq!(results.iter().filter(|(_, result)| result == "posted").count(), 1);
        assert_eq!(results.iter().filter(|(_, result)| result == "duplicate").count(), 39);
        assert_eq!(entries(&app, order).await, before + 1);
    }

    async fn bad_callbacks_change_nothing(app with [("APP_PAYMENTS__SANDBOX_SECRET", "sandbox-secret-for-tests")]) {
        let demo = app.demo_session().await;
        let order = order_in(&demo, 174).order_id;
        let (_, issued) = pay_code(&app, &demo.session_id, order, 50_000, 90012).await;
        let code = issued["data"]["payCode"].as_str().unwrap().to_owned();
        let before = entries(&app, order).await;
        let good = json!({ "transactionId": "MY-1", "payCode": code, "amount": 50_000, "currency": "PHP" });
        let cases = [
            ("wrong signature", callback(&app, &good, now(&app), "not-the-secret").await.0, 401),
            ("older than 300 s", callback(&app, &good, now(&app) - 301, SECRET).await.0, 400),
            ("wrong amount", callback(&app, &json!({ "transactionId": "MY-2", "payCode": code, "amount": 49_999, "currency": "PHP" }), now(&app), SECRET).await.0, 400),
            ("wrong currency", callback(&app, &json!({ "transactionId": "MY-3", "payCode": code, "amount": 50_000, "currency": "USD" }), now(&app), SECRET).await.0, 400),
            ("unknown pay code", callback(&app, &json!({ "transactionId": "MY-4", "payCode": "000000000000", "amount": 50_000, "currency": "PHP" }), now(&app), SECRET).await.0, 400),
            ("rightly signed, but no such payment at the gateway", send_callback(&app, &json!({ "transactionId": "MY-5", "payCode": code, "amount": 50_000, "currency": "PHP" }), now(&app), SECRET).await.0, 400),
        ];
        for (case, status, expected) in cases {
            assert_eq!(status, expected, "{case}");
        }
        let unsigned = app.client.post(app.url("/pany/payments/callback/sandbox")).json(&good).send().await.unwrap();
        assert_eq!(unsigned.status(), 401);
        assert_eq!(entries(&app, order).await, before, "nothing posted");
    }

    async fn the_same_transaction_with_another_body_changes_nothing(app with [("APP_PAYMENTS__SANDBOX_SECRET", "sandbox-secret-for-tests")]) {
        let demo = app.demo_session().await;
        let order = order_in(&demo, 174).order_id;
        let (_, first) = pay_code(&app, &demo.session_id, order, 10_000, 90011).await;
        let (_, second) = pay_code(&app, &demo.session_id, order, 20_000, 90011).await;
        let paid = json!({ "transactionId": "GC-M2", "payCode": first["data"]["payCode"], "amount": 10_000, "currency": "PHP" });
        assert_eq!(callback(&app, &paid, now(&app), SECRET).await.1["data"]["result"], "posted");
        let before = entries(&app, order).await;
        let other = json!({ "transactionId": "GC-M2", "payCode": second["data"]["payCode"], "amount": 20_000, "currency": "PHP" });
        assert_eq!(send_callback(&app, &other, now(&app), SECRET).await.0, 400);
        assert_eq!(entries(&app, order).await, before, "same key, different body: no effect");
    }

    async fn without_a_secret_every_callback_is_refused(app) {
        let demo = app.demo_session().await;
        let order = order_in(&demo, 174).order_id;
        let (_, issued) = pay_code(&app, &demo.session_id, order, 50_000, 90013).await;
        let body = json!({ "transactionId": "711-1", "payCode": issued["data"]["payCode"], "amount": 50_000, "currency": "PHP" });
        assert_eq!(callback(&app, &body, now(&app), "").await.0, 401);
        assert_eq!(callback(&app, &body, now(&app), "anything").await.0, 401);
    }

    async fn paying_everything_closes_the_loan_and_texts_a_receipt(app with [("APP_PAYMENTS__SANDBOX_SECRET", "sandbox-secret-for-tests")]) {
        let demo = app.demo_session().await;
        let order = order_in(&demo, 180).order_id;
        // ₱3,000 at 3% a month for 91 days: ₱273.00 interest.
        let (status, too_much) = pay_code(&app, &demo.session_id, order, 327_301, 90015).await;
        assert_eq!(status, 400, "{too_much}");
        let (_, issued) = pay_code(&app, &demo.session_id, order, 327_300, 90015).await;
        assert!(issued["data"]["payUrl"].as_str().unwrap().starts_with("/repaymentOfCode?showType=2"), "QR shows a code to scan");
        let body = json!({ "transactionId": "QR-1", "payCode": issued["data"]["payCode"], "amount": 327_300, "currency": "PHP" });
        assert_eq!(callback(&app, &body, now(&app), SECRET).await.1["data"]["result"], "posted");
        let (_, details) = app.loan_details(&demo.session_id, order).await;
        assert_eq!(details["data"]["orderStatus"], 200);
        let phone = hiram_domain::phone::Phone::parse(hiram::seed::DEMO_PHONE).unwrap();
        let receipt = app.state.store.outbox(Some(&phone), 1).await.unwrap().pop().unwrap();
        assert!(receipt.body.contains("₱3,273.00") && receipt.body.contains("₱0.00"), "{}", receipt.body);
    }

    async fn pay_codes_are_only_for_the_borrowers_open_loans(app) {
        let demo = app.demo_session().await;
        let open = order_in(&demo, 174).order_id;
        assert_eq!(pay_code(&app, &demo.session_id, open, 50_000, 12345).await.0, 400, "unknown channel");
        assert_eq!(pay_code(&app, &demo.session_id, open, 0, 90011).await.0, 400);
        assert_eq!(pay_code(&app, &demo.session_id, order_in(&demo, 151).order_id, 50_000, 90011).await.0, 409);
        let stranger = app.login("09281234567").await;
        assert_eq!(pay_code(&app, &stranger, open, 50_000, 90011).await.0, 404);
    }
}

mod pages {
    use super::*;

    crate::on_both_stores! {
        async fn the_repayment_page_data_shows_what_is_owed_and_where_to_pay(app) {
            let demo = app.demo_session().await;
            let order = order_in(&demo, 180).order_id;
            let response = app
                .post_form(&format!("/pany/v3/installment/loan-play-detail?sessionId={}", demo.session_id), &[("orderId", &order.to_string())])
                .await;
            assert_eq!(response.status(), 200);
            let data = response.json::<Value>().await.unwrap()["data"].clone();
            assert_eq!(data["repayAmount"], 327_300);
            assert_eq!(data["repayList"].as_array().unwrap().len(), 5);
            assert_eq!(data["repayPlan"][0]["remark"], "Overdue");
            assert_eq!(data["detail"].as_array().unwrap().iter().find(|row| row["text"] == "To pay now").unwrap()["value"], "₱3,273.00");
            let repaid = order_in(&demo, 200).order_id;
            let closed = app
                .post_form(&format!("/pany/v3/installment/loan-play-detail?sessionId={}", demo.session_id), &[("orderId", &repaid.to_string())])
                .await;
            assert_eq!(closed.status(), 409, "nothing to repay on a closed loan");
        }

        async fn the_sandbox_page_pays_a_code_through_a_real_signed_callback(app with [("APP_PAYMENTS__SANDBOX_SECRET", "sandbox-secret-for-tests")]) {
            let demo = app.demo_session().await;
            let order = order_in(&demo, 174).order_id;
            let (_, issued) = pay_code(&app, &demo.session_id, order, 560_666, 90011).await;
            let code = issued["data"]["payCode"].as_str().unwrap().to_owned();
            let page = app.get(&format!("/sandbox/pay?code={code}")).await.text().await.unwrap();
            assert!(page.contains("Pay ₱5,606.66"), "{page}");
            let paid = app.client.post(app.url("/sandbox/pay")).form(&[("code", code.as_str())]).send().await.unwrap();
            let text = paid.text().await.unwrap();
            assert!(text.contains("Payment sent") && text.contains("HTTP 200 (posted)"), "{text}");
            assert_eq!(app.loan_details(&demo.session_id, order).await.1["data"]["orderStatus"], 200);
            let again = app.client.post(app.url("/sandbox/pay")).form(&[("code", code.as_str()), ("transactionId", "SBX-TESTER-1")]).send().await.unwrap();
            assert!(again.text().await.unwrap().contains("HTTP 200 (posted)"), "a tester's own transaction id");
            let retry = app.client.post(app.url("/sandbox/pay")).form(&[("code", code.as_str()), ("transactionId", "SBX-TESTER-1")]).send().await.unwrap();
            assert!(retry.text().await.unwrap().contains("HTTP 200 (duplicate)"), "the gateway's retry posts nothing");
            let bad = app.client.post(app.url("/sandbox/pay")).form(&[("code", code.as_str()), ("transactionId", "<script>")]).send().await.unwrap();
            assert_eq!(bad.status(), 400);
        }

        async fn the_sandbox_is_off_without_a_secret(app) {
            let page = app.get("/sandbox/pay?code=123").await.text().await.unwrap();
            assert!(page.contains("The sandbox is off"));
        }
    }
}

mod exactly_once {
    use super::*;

    crate::on_both_stores! {
        async fn a_crash_between_the_posting_and_the_status_leaves_nothing_and_the_replay_closes_the_loan_with_one_receipt(app with [
            ("APP_PAYMENTS__SANDBOX_SECRET", "sandbox-secret-for-tests"),
            ("APP_DATABASE__FAILPOINTS", "post_to_order:after_entries"),
        ]) {
            let demo = app.demo_session().await;
            let order = order_in(&demo, 180).order_id;
            let phone = hiram_domain::phone::Phone::parse(hiram::seed::DEMO_PHONE).unwrap();
            let texts_before = app.state.store.outbox(Some(&phone), 1000).await.unwrap().len();
            let entries_before = entries(&app, order).await;
            let (_, issued) = pay_code(&app, &demo.session_id, order, 327_300, 90015).await;
            let body = json!({ "transactionId": "CRASH-1", "payCode": issued["data"]["payCode"], "amount": 327_300, "currency": "PHP" });
            let (status, _) = callback(&app, &body, now(&app), SECRET).await;
            assert_eq!(status, 500, "the crash point fails the first delivery");
            assert_eq!(entries(&app, order).await, entries_before, "nothing of the payment was kept");
            assert_eq!(app.loan_details(&demo.session_id, order).await.1["data"]["orderStatus"], 180);
            assert_eq!(app.state.store.outbox(Some(&phone), 1000).await.unwrap().len(), texts_before, "no receipt for it");
            // The channel delivers the same notification again.
            assert_eq!(callback(&app, &body, now(&app), SECRET).await.1["data"]["result"], "posted");
            assert_eq!(callback(&app, &body, now(&app), SECRET).await.1["data"]["result"], "duplicate");
            assert_eq!(app.loan_details(&demo.session_id, order).await.1["data"]["orderStatus"], 200);
            let texts = app.state.store.outbox(Some(&phone), 1000).await.unwrap();
            let receipts = texts[texts_before..].iter().filter(|text| text.body.contains("₱3,273.00")).count();
            assert_eq!((texts.len() - texts_before, receipts), (1, 1), "exactly one receipt");
        }
    }
}
