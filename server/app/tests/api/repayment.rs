//! Pay codes and the sandbox's signed callbacks: M4, M5, a loan repaid in
//! full, the sandbox as a demo (D8), the standing code, and the pictures
//! of a code read back by a scanner (`zbarimg`).

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
    crate::helpers::outcome(response).await
}

/// Writes the payment to the sandbox gateway's statement, as its page does
/// when a tester pays, so that the callback's re-check finds it.
pub(crate) async fn gateway_paid(app: &TestApp, body: &Value) {
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
    crate::helpers::outcome(response).await
}

pub(crate) fn now(app: &TestApp) -> i64 {
    app.state.now().unix_timestamp()
}

async fn entries(app: &TestApp, order: i64) -> usize {
    crate::helpers::payments_posted(app, order).await
}

crate::on_both_stores! {
    async fn one_loan_gets_at_most_ten_pay_codes_a_day(app) {
        let demo = app.demo_session().await;
        let order = order_in(&demo, 174).order_id;
        let asked = crate::helpers::join_all((0..12).map(|_| pay_code(&app, &demo.session_id, order, 10_000, 90011)).collect()).await;
        let issued = asked.iter().filter(|(status, _)| *status == 200).count();
        assert_eq!(issued, 10, "ten at once or one after another: {asked:?}");
        let (status, refused) = pay_code(&app, &demo.session_id, order, 10_000, 90011).await;
        assert_eq!(status, 429, "{refused}");
        assert!(refused["message"].as_str().unwrap().contains("many payment codes"), "{refused}");
        let other = order_in(&demo, 180).order_id;
        assert_eq!(pay_code(&app, &demo.session_id, other, 10_000, 90011).await.0, 200, "another loan has its own ten");
        app.clock.advance(time::Duration::hours(25));
        let later = app.demo_session().await;
        assert_eq!(pay_code(&app, &later.session_id, order, 10_000, 90011).await.0, 200, "a day later, again");
    }

    async fn with_real_1_every_amount_of_the_repayment_and_extension_pages_is_in_rupees(app) {
        let demo = app.demo_session().await;
        let order = order_in(&demo, 180).order_id.to_string();
        for path in ["/v3/installment/loan-play-detail", "/v3/loan-details/delay-detail"] {
            let url = |real: &str| format!("/pany{path}?sessionId={}{real}", demo.session_id);
            let (status, mut rupees) = crate::helpers::outcome(app.post_form(&url("&real=1"), &[("orderId", &order)]).await).await;
            assert_eq!(status, 200, "{rupees}");
            // A renewal's disclosure is a legal document of a peso loan: it
            // states pesos whatever the page shows.
            if let Some(data) = rupees["data"].as_object_mut() {
                data.remove("disclosure");
            }
            let text = rupees["data"].to_string();
            assert!(text.contains('₹') && !text.contains('₱'), "{path}: {text}");
            let (_, pesos) = crate::helpers::outcome(app.post_form(&url(""), &[("orderId", &order)]).await).await;
            let text = pesos["data"].to_string();
            assert!(text.contains('₱') && !text.contains('₹'), "{path}: {text}");
        }
    }

    async fn the_same_callback_twenty_times_at_once_and_twenty_times_in_a_row_posts_once(app with [("APP_PAYMENTS__SANDBOX_SECRET", "sandbox-secret-for-tests")]) {
        let demo = app.demo_session().await;
        let order = order_in(&demo, 174).order_id;
        let (status, issued) = pay_code(&app, &demo.session_id, order, 50_000, 90011).await;
        assert_eq!(status, 200, "{issued}");
        let code = issued["data"]["payCode"].as_str().unwrap().to_owned();
        assert_eq!(issued["data"]["payUrl"], format!("{}/sandbox/pay?code={code}", app.address), "an e-wallet pays on the sandbox's page, an absolute address the pages leave for");
        assert_eq!(issued["data"]["showType"], 1);
        assert_eq!((issued["data"]["payCodeImg"].as_str(), issued["data"]["barcodeImg"].as_str()), (Some(""), Some("")));
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
        let unsigned = crate::helpers::Checked::of(unsigned).await;
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

    async fn with_the_sandbox_off_there_is_no_pay_page_no_callback_and_no_pay_code(app with [("APP_PAYMENTS__COLLECTIONS", "off")]) {
        let demo = app.demo_session().await;
        let order = order_in(&demo, 174).order_id;
        assert_eq!(pay_code(&app, &demo.session_id, order, 50_000, 90013).await.0, 400, "no channel is live");
        let body = json!({ "transactionId": "711-1", "payCode": "123456789012", "amount": 50_000, "currency": "PHP" });
        assert_eq!(callback(&app, &body, now(&app), SECRET).await.0, 401);
        assert_eq!(crate::helpers::Checked::of(app.get("/sandbox/pay?code=123456789012").await).await.status(), 404);
        let posted = app.client.post(app.url("/sandbox/pay")).form(&[("code", "123456789012")]).send().await.unwrap();
        let posted = crate::helpers::Checked::of(posted).await;
        assert_eq!(posted.status(), 404);
        let info = repayment_page(&app, &demo.session_id, order).await;
        assert_eq!(info["repayList"], json!([]));
        assert_eq!(info["defDetail"]["payCode"], "");
    }

    async fn paying_everything_closes_the_loan_and_texts_a_receipt(app with [("APP_PAYMENTS__SANDBOX_SECRET", "sandbox-secret-for-tests")]) {
        let demo = app.demo_session().await;
        let order = order_in(&demo, 180).order_id;
        // ₱3,000 at 3% a month for 91 days (₱273.00 of interest), interest
        // and penalties since the due date: what is owed today.
        let (owed, written) = crate::helpers::owed_today(&app, order).await;
        assert!(owed > 327_300, "{owed}");
        let (status, too_much) = pay_code(&app, &demo.session_id, order, owed + 1, 90015).await;
        assert_eq!(status, 400, "{too_much}");
        let (_, issued) = pay_code(&app, &demo.session_id, order, owed, 90015).await;
        assert!(issued["data"]["payUrl"].as_str().unwrap().starts_with("/repaymentOfCode?showType=2"), "QR shows a code to scan");
        assert_eq!(issued["data"]["showType"], 2);
        let body = json!({ "transactionId": "QR-1", "payCode": issued["data"]["payCode"], "amount": owed, "currency": "PHP" });
        assert_eq!(callback(&app, &body, now(&app), SECRET).await.1["data"]["result"], "posted");
        let (_, details) = app.loan_details(&demo.session_id, order).await;
        assert_eq!(details["data"]["orderStatus"], 200);
        let phone = hiram_domain::phone::Phone::parse(hiram::seed::DEMO_PHONE).unwrap();
        let receipt = app.state.store.outbox(Some(&phone), 1).await.unwrap().pop().unwrap();
        assert!(receipt.body.contains(&written) && receipt.body.contains("₱0.00"), "{}", receipt.body);
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

/// Decodes a PNG with Debian's `zbarimg` (package zbar-tools; `make zbar`
/// installs it), as a phone or a cashier's scanner would read it.
pub(crate) fn scan(png: &[u8]) -> String {
    let path = std::env::temp_dir().join(format!("hiram-scan-{}.png", crate::helpers::random_suffix()));
    std::fs::write(&path, png).unwrap();
    let output =
        std::process::Command::new("zbarimg").args(["--raw", "-q"]).arg(&path).output().unwrap_or_else(|error| {
            panic!("zbarimg is needed to read the pictures back ({error}): install zbar-tools (`make zbar`)")
        });
    std::fs::remove_file(&path).ok();
    assert!(output.status.success(), "zbarimg read nothing: {}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout).unwrap().trim_end_matches('\n').to_owned()
}

pub(crate) async fn repayment_page(app: &TestApp, session: &str, order: i64) -> Value {
    let response = app
        .post_form(
            &format!("/pany/v3/installment/loan-play-detail?sessionId={session}"),
            &[("orderId", &order.to_string())],
        )
        .await;
    assert_eq!(response.status(), 200);
    response.json::<Value>().await.unwrap()["data"].clone()
}

/// A picture of the borrower's, fetched as the page does: the address
/// from the API with the session in its query.
pub(crate) async fn picture(app: &TestApp, address: &str, session: &str) -> reqwest::Response {
    let joiner = if address.contains('?') { '&' } else { '?' };
    app.get(&format!("{address}{joiner}sessionId={session}")).await
}

/// The path of a signed picture address, and whether it is signed.
fn signed_path(address: &str) -> &str {
    let (path, query) = address.split_once('?').unwrap_or_else(|| panic!("a signed address: {address}"));
    assert!(query.starts_with("until=") && query.contains("&sig="), "{address}");
    path
}

/// Pays a code on the sandbox's page; the page's text.
async fn pay_on_page(app: &TestApp, form: &[(&str, &str)]) -> String {
    app.client.post(app.url("/sandbox/pay")).form(form).send().await.unwrap().text().await.unwrap()
}

mod pages {
    use super::*;

    crate::on_both_stores! {
        async fn the_repayment_page_data_shows_what_is_owed_and_where_to_pay(app) {
            let demo = app.demo_session().await;
            let order = order_in(&demo, 180).order_id;
            let data = repayment_page(&app, &demo.session_id, order).await;
            let (owed, written) = crate::helpers::owed_today(&app, order).await;
            assert_eq!(data["repayAmount"], owed);
            let channels: Vec<i64> = data["repayList"].as_array().unwrap().iter().map(|item| item["channel_number"].as_i64().unwrap()).collect();
            assert_eq!(channels, [90011, 90012, 90013, 90014, 90017, 90015], "the configured live channels, in order");
            assert_eq!(data["repayPlan"][0]["remark"], "Overdue");
            assert_eq!(data["detail"].as_array().unwrap().iter().find(|row| row["text"] == "Owed today").unwrap()["value"], written.as_str());
            let repaid = order_in(&demo, 200).order_id;
            let closed = app
                .post_form(&format!("/pany/v3/installment/loan-play-detail?sessionId={}", demo.session_id), &[("orderId", &repaid.to_string())])
                .await;
            let closed = crate::helpers::Checked::of(closed).await;
            assert_eq!(closed.status(), 409, "nothing to repay on a closed loan");
        }

        async fn only_the_configured_channels_are_offered_and_issued(app with [("APP_PAYMENTS__CHANNELS", "qrph,cebuana")]) {
            let demo = app.demo_session().await;
            let order = order_in(&demo, 174).order_id;
            let data = repayment_page(&app, &demo.session_id, order).await;
            let channels: Vec<i64> = data["repayList"].as_array().unwrap().iter().map(|item| item["channel_number"].as_i64().unwrap()).collect();
            assert_eq!(channels, [90015, 90014]);
            assert_eq!(pay_code(&app, &demo.session_id, order, 50_000, 90011).await.0, 400, "GCash is not live");
            assert_eq!(pay_code(&app, &demo.session_id, order, 50_000, 90014).await.0, 200);
        }

        async fn the_sandbox_page_pays_a_code_once_through_a_real_signed_callback(app) {
            let demo = app.demo_session().await;
            let order = order_in(&demo, 174).order_id;
            let (owed, written) = crate::helpers::owed_today(&app, order).await;
            let (_, issued) = pay_code(&app, &demo.session_id, order, owed, 90011).await;
            let code = issued["data"]["payCode"].as_str().unwrap().to_owned();
            assert_eq!(issued["data"]["sandboxUrl"], format!("/sandbox/pay?code={code}"));
            let page = app.get(&format!("/sandbox/pay?code={code}")).await.text().await.unwrap();
            assert!(page.contains(&format!("Pay {written}")), "{page}");
            assert!(page.contains("TEST PAGE") && page.contains("No real money moves"), "every sandbox page says it is a test");
            assert!(page.contains("<a href=\"/home\">Back to Hiram</a>"), "and leads back to the app");
            let text = pay_on_page(&app, &[("code", &code), ("transactionId", "SBX-TESTER-1")]).await;
            assert!(text.contains("Payment sent") && text.contains("HTTP 200 (posted)") && text.contains("TEST PAGE"), "{text}");
            assert_eq!(app.loan_details(&demo.session_id, order).await.1["data"]["orderStatus"], 200);
            let retry = pay_on_page(&app, &[("code", &code), ("transactionId", "SBX-TESTER-1")]).await;
            assert!(retry.contains("HTTP 200 (duplicate)"), "the gateway's retry posts nothing: {retry}");
            let bad = app.client.post(app.url("/sandbox/pay")).form(&[("code", code.as_str()), ("transactionId", "<script>")]).send().await.unwrap();
            let bad = crate::helpers::Checked::of(bad).await;
            assert_eq!(bad.status(), 400);
        }

        async fn a_single_use_code_takes_one_payment(app) {
            let demo = app.demo_session().await;
            let order = order_in(&demo, 174).order_id;
            let (_, issued) = pay_code(&app, &demo.session_id, order, 100_000, 90013).await;
            let code = issued["data"]["payCode"].as_str().unwrap().to_owned();
            assert!(pay_on_page(&app, &[("code", &code)]).await.contains("HTTP 200 (posted)"));
            let after_one = entries(&app, order).await;
            let again = pay_on_page(&app, &[("code", &code)]).await;
            assert!(again.contains("Not paid") && again.contains("paid already"), "{again}");
            assert!(app.get(&format!("/sandbox/pay?code={code}")).await.text().await.unwrap().contains("paid already"));
            // Even a second payment that reached the sandbox's statement (a
            // race between two pages) is refused when it is notified.
            let second = json!({ "transactionId": "711-RACE", "payCode": code, "amount": 100_000, "currency": "PHP" });
            let (status, answer) = callback(&app, &second, now(&app), SECRET).await;
            assert_eq!(status, 409, "{answer}");
            assert_eq!(entries(&app, order).await, after_one, "nothing posted for the second payment");
        }

        async fn the_standing_code_is_made_once_and_takes_any_amount_up_to_what_is_owed(app) {
            let demo = app.demo_session().await;
            let order = order_in(&demo, 180).order_id;
            let first = repayment_page(&app, &demo.session_id, order).await["defDetail"].clone();
            let code = first["payCode"].as_str().unwrap().to_owned();
            assert_eq!(code.len(), 12);
            assert!(code.bytes().all(|byte| byte.is_ascii_digit()), "digits only: {code}");
            assert_eq!(first["logo"], "/media/logos/channel-cebuana.svg");
            assert!(first["title"].as_str().unwrap().contains("Cebuana Lhuillier"), "{first}");
            assert_eq!(signed_path(first["barcodeImg"].as_str().unwrap()), format!("/pany/pay-codes/{code}/barcode.png"));
            assert_eq!(first["sandboxUrl"], format!("/sandbox/pay?code={code}"));
            // §3: groups keyed by title, each a list of channels with their
            // steps: for the standing code, only its own channel's.
            let groups = first["payNotice"].as_object().unwrap();
            let titles: Vec<&str> = groups.keys().map(String::as_str).collect();
            assert_eq!(titles, ["Pay at a store"], "{groups:?}");
            assert_eq!(groups["Pay at a store"].as_array().unwrap().len(), 1, "{groups:?}");
            assert_eq!(groups["Pay at a store"][0]["name"], "Cebuana Lhuillier");
            assert!(!groups["Pay at a store"][0]["steps"].as_array().unwrap().is_empty());
            let again = repayment_page(&app, &demo.session_id, order).await["defDetail"].clone();
            assert_eq!(again["payCode"], code.as_str(), "one standing code per loan");
            let other_loan = repayment_page(&app, &demo.session_id, order_in(&demo, 174).order_id).await["defDetail"]["payCode"].clone();
            assert_ne!(other_loan, json!(code), "each loan has its own");

            let (owed, written) = crate::helpers::owed_today(&app, order).await;
            let pesos = |centavos: i64| format!("{}.{:02}", centavos / 100, centavos % 100);
            let page = app.get(&format!("/sandbox/pay?code={code}")).await.text().await.unwrap();
            assert!(page.contains(&written) && page.contains("name=\"amount\""), "{page}");
            let too_much = pay_on_page(&app, &[("code", &code), ("amount", &pesos(owed + 1))]).await;
            assert!(too_much.contains("Not paid"), "more than is owed is refused by the channel: {too_much}");
            assert!(pay_on_page(&app, &[("code", &code), ("amount", "1000")]).await.contains("HTTP 200 (posted)"));
            assert_eq!(repayment_page(&app, &demo.session_id, order).await["repayAmount"], owed - 100_000);
            assert!(pay_on_page(&app, &[("code", &code), ("amount", &pesos(owed - 100_000))]).await.contains("HTTP 200 (posted)"), "the same code again");
            assert_eq!(app.loan_details(&demo.session_id, order).await.1["data"]["orderStatus"], 200);
            let closed = pay_on_page(&app, &[("code", &code), ("amount", "1")]).await;
            assert!(closed.contains("Nothing is owed"), "{closed}");
            let bad = app.client.post(app.url("/sandbox/pay")).form(&[("code", code.as_str()), ("amount", "1e3")]).send().await.unwrap();
            assert!(bad.status() == 400 || bad.text().await.unwrap().contains("Nothing is owed"));
        }

        async fn no_standing_code_without_a_standing_channel(app with [("APP_PAYMENTS__STANDING_CHANNEL", "")]) {
            let demo = app.demo_session().await;
            let info = repayment_page(&app, &demo.session_id, order_in(&demo, 174).order_id).await;
            assert_eq!(info["defDetail"]["payCode"], "");
            assert_eq!(info["defDetail"]["barcodeImg"], "");
        }

        async fn a_qr_ph_code_scans_back_to_its_payload(app) {
            let demo = app.demo_session().await;
            let order = order_in(&demo, 174).order_id;
            let (_, issued) = pay_code(&app, &demo.session_id, order, 123_450, 90015).await;
            let code = issued["data"]["payCode"].as_str().unwrap().to_owned();
            let address = issued["data"]["payCodeImg"].as_str().unwrap().to_owned();
            assert_eq!(signed_path(&address), format!("/pany/pay-codes/{code}/qr.png"));
            assert_eq!(issued["data"]["barcodeImg"], "");
            let pay_url = issued["data"]["payUrl"].as_str().unwrap();
            assert!(pay_url.contains("payCodeImg=%2Fpany%2Fpay-codes%2F"), "{pay_url}");
            // Fetched exactly as given, with no session, as a native shell would.
            let response = app.get(&address).await;
            assert_eq!(response.status(), 200);
            assert_eq!(response.headers()["content-type"], "image/png");
            assert!(response.headers()["cache-control"].to_str().unwrap().starts_with("private"));
            let payload = scan(&response.bytes().await.unwrap());
            let stored = app.state.store.pay_code(&code).await.unwrap().unwrap();
            assert_eq!(Some(payload.clone()), stored.instruction.unwrap().qr_string, "the picture is the payload");
            let fields = hiram_domain::qr_ph::fields(&payload).expect("an EMVCo payload with a right CRC");
            let get = |id: &str| fields.iter().find(|(key, _)| key == id).map(|(_, value)| value.clone());
            assert_eq!(get("54").as_deref(), Some("1234.50"));
            assert_eq!(get("53").as_deref(), Some("608"));
            assert_eq!(hiram_domain::qr_ph::tlv(&get("62").unwrap()).unwrap(), vec![("05".to_owned(), code.clone())]);
        }

        async fn a_store_code_has_a_barcode_a_scanner_reads(app) {
            let demo = app.demo_session().await;
            let order = order_in(&demo, 174).order_id;
            let (_, issued) = pay_code(&app, &demo.session_id, order, 50_000, 90013).await;
            let code = issued["data"]["payCode"].as_str().unwrap().to_owned();
            let address = issued["data"]["barcodeImg"].as_str().unwrap().to_owned();
            assert_eq!(signed_path(&address), format!("/pany/pay-codes/{code}/barcode.png"));
            assert_eq!(issued["data"]["payCodeImg"], "");
            assert!(issued["data"]["payUrl"].as_str().unwrap().starts_with("/repaymentOfCode?showType=1&payCode="));
            let response = app.get(&address).await;
            assert_eq!(response.status(), 200);
            assert_eq!(response.headers()["content-type"], "image/png");
            assert_eq!(scan(&response.bytes().await.unwrap()), code);
            let standing = repayment_page(&app, &demo.session_id, order).await["defDetail"].clone();
            let barcode = picture(&app, standing["barcodeImg"].as_str().unwrap(), &demo.session_id).await;
            assert_eq!(scan(&barcode.bytes().await.unwrap()), standing["payCode"].as_str().unwrap());
        }

        async fn a_codes_picture_opens_by_its_signed_address_until_it_ends_or_else_only_for_its_borrower(app) {
            let demo = app.demo_session().await;
            let order = order_in(&demo, 174).order_id;
            let (_, qr) = pay_code(&app, &demo.session_id, order, 50_000, 90015).await;
            let (_, store) = pay_code(&app, &demo.session_id, order, 50_000, 90014).await;
            let qr_address = qr["data"]["payCodeImg"].as_str().unwrap().to_owned();
            let barcode_address = store["data"]["barcodeImg"].as_str().unwrap().to_owned();
            let stranger = app.login("09281234567").await;
            let status = |response: reqwest::Response| async { crate::helpers::Checked::of(response).await.status() };
            for address in [&qr_address, &barcode_address] {
                assert_eq!(status(app.get(address).await).await, 200, "as given, no session: {address}");
                let path = signed_path(address);
                let response = crate::helpers::Checked::of(picture(&app, path, &stranger).await).await;
                assert_eq!(response.status(), 404, "unsigned, another borrower's session: {path}");
                let envelope: Value = response.json().await.unwrap();
                assert_eq!(envelope["code"], "404", "the envelope's not-found");
                assert_eq!(status(app.get(path).await).await, 401, "unsigned, no session");
                assert_eq!(status(picture(&app, path, &demo.session_id).await).await, 200, "unsigned, the owner's session");
                // A signature opens the one address it signs: not another end, not another picture.
                let later = address.replacen("until=", "until=9", 1);
                assert_eq!(status(app.get(&later).await).await, 401, "{later}");
                let other = match address.contains("/qr.png?") {
                    true => address.replace("/qr.png?", "/barcode.png?"),
                    false => address.replace("/barcode.png?", "/qr.png?"),
                };
                assert_eq!(status(app.get(&other).await).await, 401, "{other}");
            }
            let qr_code = qr["data"]["payCode"].as_str().unwrap();
            let wrong_kind = picture(&app, &format!("/pany/pay-codes/{qr_code}/barcode.png"), &demo.session_id).await;
            assert_eq!(status(wrong_kind).await, 404, "a QR code has no barcode");
            assert_eq!(status(picture(&app, "/pany/pay-codes/..%2F..%2Fetc/qr.png", &demo.session_id).await).await, 404);
            assert_eq!(status(picture(&app, "/pany/pay-codes/000000000000/qr.png", &demo.session_id).await).await, 404);
            // A day later the address has ended.
            app.clock.advance(time::Duration::hours(26));
            assert_eq!(status(app.get(&qr_address).await).await, 401, "ended");
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
            let entries_before = app.state.store.ledger_entries(OrderId(order)).await.unwrap().len();
            let (owed, written) = crate::helpers::owed_today(&app, order).await;
            let (_, issued) = pay_code(&app, &demo.session_id, order, owed, 90015).await;
            let body = json!({ "transactionId": "CRASH-1", "payCode": issued["data"]["payCode"], "amount": owed, "currency": "PHP" });
            let (status, _) = callback(&app, &body, now(&app), SECRET).await;
            assert_eq!(status, 500, "the crash point fails the first delivery");
            assert_eq!(app.state.store.ledger_entries(OrderId(order)).await.unwrap().len(), entries_before, "nothing of the payment was kept");
            assert_eq!(app.loan_details(&demo.session_id, order).await.1["data"]["orderStatus"], 180);
            assert_eq!(app.state.store.outbox(Some(&phone), 1000).await.unwrap().len(), texts_before, "no receipt for it");
            // The channel delivers the same notification again.
            assert_eq!(callback(&app, &body, now(&app), SECRET).await.1["data"]["result"], "posted");
            assert_eq!(callback(&app, &body, now(&app), SECRET).await.1["data"]["result"], "duplicate");
            assert_eq!(app.loan_details(&demo.session_id, order).await.1["data"]["orderStatus"], 200);
            let texts = app.state.store.outbox(Some(&phone), 1000).await.unwrap();
            let receipts = texts[texts_before..].iter().filter(|text| text.body.contains(&written)).count();
            assert_eq!((texts.len() - texts_before, receipts), (1, 1), "exactly one receipt");
        }
    }
}
