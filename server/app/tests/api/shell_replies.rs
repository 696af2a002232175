//! D7: under `/pany` every handled outcome answers HTTP 200 and the
//! envelope's code carries the result, so a shell client that treats a
//! non-2xx reply as a transport failure still shows the message. These read
//! the raw reply (not the suite's `Checked`), so the HTTP status is seen.

use crate::helpers::order_in;
use serde_json::Value;

/// The HTTP status and the envelope of a raw reply.
async fn raw(response: reqwest::Response) -> (u16, Option<String>, Value) {
    let status = response.status().as_u16();
    let retry_after = response.headers().get("retry-after").map(|value| value.to_str().unwrap().to_owned());
    (status, retry_after, response.json().await.unwrap())
}

crate::on_both_stores! {
    async fn a_refused_complaint_answers_200_with_code_400_and_the_message(app) {
        let demo = app.demo_session().await;
        let session = demo.session_id.as_str();
        let order_no = "HR-none";
        let (status, _, body) = raw(
            app.post_form(
                &format!("/pany/user-problem/problem-save?sessionId={session}"),
                &[("problemType", "2"), ("problemDetail", "   "), ("orderNo", order_no)],
            )
            .await,
        )
        .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["code"], "400");
        assert_eq!(body["message"], "Please fill in your comments and suggestions.");
        let (_, _, list) = raw(app.post_form(&format!("/pany/user-problem/problem-list?sessionId={session}"), &[]).await).await;
        let entries: usize = list["data"]["tabs"].as_array().unwrap().iter().map(|tab| tab["list"].as_array().unwrap().len()).sum();
        assert_eq!(entries, 0, "nothing was filed");
    }

    async fn a_wrong_sms_code_answers_200_with_code_400_and_the_message(app) {
        let phone = "09171234567";
        let (status, _, sent) = raw(app.post_form("/pany/service/login/send-sms-code-new", &[("phone", phone)]).await).await;
        assert_eq!((status, sent["code"].as_str()), (200, Some("00")));
        let right = app.last_code(phone).await;
        let wrong = if right == "000000" { "111111" } else { "000000" };
        let (status, _, body) =
            raw(app.post_form("/pany/service/login/sms-code-login", &[("phone", phone), ("code", wrong)]).await).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["code"], "400");
        assert!(body["message"].as_str().unwrap().starts_with("The code is not correct."), "{body}");
        assert_eq!(body["data"]["sessionId"], Value::Null, "no session for a wrong code");
    }

    async fn a_confirmation_mismatch_answers_200_with_code_400_and_changes_nothing(app) {
        let demo = app.demo_session().await;
        let session = demo.session_id.as_str();
        let approved = order_in(&demo, 151);
        let (status, _, body) = raw(
            app.post_form(
                &format!("/pany/v3/loan-confirm/loan-detail-push?sessionId={session}"),
                &[("amount", "100"), ("periods", "4"), ("termUnit", "days"), ("productId", &approved.product_id.to_string())],
            )
            .await,
        )
        .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["code"], "400");
        assert_eq!(body["message"], "The amount or plan does not match your approved loan. Please reload the page.");
        assert_eq!(app.loan_details(session, approved.order_id).await.1["data"]["orderStatus"], 151);
    }

    async fn a_rate_limit_answers_200_with_code_429_and_retry_after(app) {
        let phone = "09171234567";
        let send = "/pany/service/login/send-sms-code-new";
        assert_eq!(raw(app.post_form(send, &[("phone", phone)]).await).await.2["code"], "00");
        let (status, retry_after, body) = raw(app.post_form(send, &[("phone", phone)]).await).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["code"], "429");
        let retry_after: i64 = retry_after.expect("a Retry-After header").parse().unwrap();
        assert!((1..=60).contains(&retry_after), "{retry_after}");
        assert_eq!(body["data"]["retryAfterSeconds"], retry_after);
        assert!(!body["message"].as_str().unwrap().is_empty());
        assert_eq!(app.messages_to(phone).await, 1, "the second send sent nothing");
    }

    async fn a_missing_session_answers_200_with_code_401_in_the_borrowers_language(app) {
        let (status, _, body) =
            raw(app.post_form("/pany/v3/loan-details/loan-details?lang=fil", &[("orderId", "1")]).await).await;
        assert_eq!((status, body["code"].as_str()), (200, Some("401")));
        assert_eq!(body["message"], "Natapos na ang iyong session. Mag-log in muli.");
    }

    async fn the_staff_api_and_the_providers_callbacks_keep_http_statuses(app) {
        let staff = app.get("/api/staff/orders").await;
        assert_eq!(staff.status(), 401, "D7 is for /pany only");
        let unsigned = app.client.post(app.url("/pany/payments/callback/sandbox")).json(&serde_json::json!({})).send().await.unwrap();
        assert_eq!(unsigned.status(), 401, "a provider retries on non-2xx: a refused callback keeps its status");
    }
}
