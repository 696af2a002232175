//! The borrower's language (decision 046): saved from the personal centre or
//! the login page, refused when it is neither English nor Filipino, and
//! used for every SMS the server writes to them on its own.

use crate::console::{member, send};
use crate::disbursement::{ACCOUNT, approved_loan, bind_bank, confirm};
use crate::helpers::{TestApp, order_in, outcome};
use crate::repayment::{SECRET, callback, now, pay_code};
use hiram::seed::DEMO_PHONE;
use hiram_domain::phone::Phone;
use hiram_domain::staff::Role;
use serde_json::{Value, json};

const PHONE: &str = "09351234567";

async fn choose(app: &TestApp, session: &str, query: &str, form: &[(&str, &str)]) -> (u16, Value) {
    let path = format!("/pany/v3/personal-center/user-language?sessionId={session}{query}");
    outcome(app.post_form(&path, form).await).await
}

async fn saved(app: &TestApp, session: &str) -> Value {
    let (status, info) =
        outcome(app.post_form(&format!("/pany/v3/personal-center/user-info?sessionId={session}"), &[]).await).await;
    assert_eq!(status, 200, "{info}");
    info["data"]["language"].clone()
}

async fn last_text(app: &TestApp, phone: &str) -> String {
    let phone = Phone::parse(phone).unwrap();
    app.state.store.outbox(Some(&phone), 1).await.unwrap().pop().expect("a text").body
}

crate::on_both_stores! {
    async fn the_language_is_saved_and_the_reply_speaks_it(app) {
        let session = app.login(PHONE).await;
        assert_eq!(saved(&app, &session).await, Value::Null, "nobody chose yet");
        let (status, body) = choose(&app, &session, "", &[("language", "fil")]).await;
        assert_eq!((status, body["message"].as_str()), (200, Some("Tagumpay")), "{body}");
        assert_eq!(saved(&app, &session).await, "fil");
        let (status, body) = choose(&app, &session, "&lang=fil", &[("language", "en")]).await;
        assert_eq!((status, body["message"].as_str()), (200, Some("Success")), "{body}");
        assert_eq!(saved(&app, &session).await, "en");
    }

    async fn a_language_other_than_english_or_filipino_is_refused_in_the_borrowers_language_and_changes_nothing(app) {
        let session = app.login(PHONE).await;
        assert_eq!(choose(&app, &session, "", &[("language", "fil")]).await.0, 200);
        for form in [vec![("language", "de")], vec![("language", "FIL")], vec![("language", "")], vec![]] {
            let (status, body) = choose(&app, &session, "&lang=fil", &form).await;
            assert_eq!(status, 400, "{form:?}: {body}");
            assert_eq!(body["message"], "Pumili ng English o Filipino.", "{form:?}");
            assert_eq!(body["data"]["field"], "language", "{form:?}");
            assert_eq!(saved(&app, &session).await, "fil", "{form:?} changed nothing");
        }
        let (status, body) = choose(&app, &session, "&lang=en", &[("language", "tl")]).await;
        assert_eq!((status, body["message"].as_str()), (400, Some("Please choose English or Filipino.")));
        assert_eq!(choose(&app, "no-such-session", "", &[("language", "fil")]).await.0, 401);
        assert_eq!(saved(&app, &session).await, "fil");
    }

    async fn login_remembers_the_language_its_page_names_and_tells_the_page_the_saved_one(app with [("APP_OTP__RESEND_AFTER_SECONDS", "0")]) {
        let login = |query: &'static str| {
            let app = &app;
            async move {
                let sent = app.post_form(&format!("/pany/service/login/send-sms-code-new?{query}"), &[("phone", PHONE)]).await;
                assert_eq!(sent.status(), 200);
                let code = app.last_code(PHONE).await;
                let path = format!("/pany/service/login/sms-code-login?{query}");
                let (status, body) = outcome(app.post_form(&path, &[("phone", PHONE), ("code", &code)]).await).await;
                assert_eq!(status, 200, "{body}");
                body["data"].clone()
            }
        };
        assert_eq!(login("").await["language"], Value::Null, "the browser's language is nobody's choice");
        let chosen = login("lang=fil").await;
        assert_eq!(chosen["language"], "fil");
        assert!(last_text(&app, PHONE).await.starts_with("Ang iyong Hiram code"), "the code in the page's language");
        let elsewhere = login("").await;
        assert_eq!(elsewhere["language"], "fil", "a page that names none learns the saved one");
        assert_eq!(saved(&app, elsewhere["sessionId"].as_str().unwrap()).await, "fil");
    }

    async fn a_filipino_borrower_gets_the_payout_text_in_filipino(app) {
        let (session, product, order) = approved_loan(&app).await;
        assert_eq!(choose(&app, &session, "", &[("language", "fil")]).await.0, 200);
        assert_eq!(bind_bank(&app, &session, "BPI", ACCOUNT).await.0, 200);
        confirm(&app, &session, &product, &order).await;
        let text = last_text(&app, PHONE).await;
        assert!(text.starts_with("Hiram: naipadala na namin ang ₱2,910.00"), "{text}");
        assert!(text.contains("•••• 7890") && !text.contains(ACCOUNT), "{text}");
    }

    async fn an_english_borrower_still_gets_english(app) {
        let (session, product, order) = approved_loan(&app).await;
        assert_eq!(choose(&app, &session, "&lang=fil", &[("language", "en")]).await.0, 200);
        assert_eq!(bind_bank(&app, &session, "BPI", ACCOUNT).await.0, 200);
        confirm(&app, &session, &product, &order).await;
        assert!(last_text(&app, PHONE).await.starts_with("Hiram: we sent ₱2,910.00"));
    }

    async fn the_decision_and_the_receipt_reach_a_filipino_borrower_in_filipino(app with [("APP_PAYMENTS__SANDBOX_SECRET", "sandbox-secret-for-tests")]) {
        let demo = app.demo_session().await;
        assert_eq!(choose(&app, &demo.session_id, "", &[("language", "fil")]).await.0, 200);

        let officer = member(&app, Role::CreditOfficer).await;
        let waiting = order_in(&demo, 21).order_id.to_string();
        let decision = [("id", waiting.as_str()), ("decision", "approve"), ("reason", "Payslip checked by phone")];
        let (status, body) = send(&app, &officer, "POST", "/api/console/orders/decide", &decision).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["message"], "Success", "the staff member's reply stays in their language");
        let text = last_text(&app, DEMO_PHONE).await;
        assert!(text.starts_with("Hiram: aprubado na ang iyong loan application"), "{text}");

        let order = order_in(&demo, 180).order_id;
        let (owed, written) = crate::helpers::owed_today(&app, order).await;
        let (_, issued) = pay_code(&app, &demo.session_id, order, owed, 90015).await;
        let body = json!({ "transactionId": "QR-FIL", "payCode": issued["data"]["payCode"], "amount": owed, "currency": "PHP" });
        assert_eq!(callback(&app, &body, now(&app), SECRET).await.1["data"]["result"], "posted");
        let receipt = last_text(&app, DEMO_PHONE).await;
        assert!(receipt.starts_with(&format!("Hiram: natanggap namin ang {written}")) && receipt.contains("Natitirang utang: ₱0.00"), "{receipt}");
    }
}
