//! Extensions: paying the charges and the fee moves the due dates, once
//! (the agreement allows one), while a period later is not past; plan and
//! money trail read-outs. Rollover from 180 is in `clauses`.

use crate::helpers::{TestApp, order_in};
use crate::repayment::{SECRET, callback, now};
use hiram_domain::order::OrderId;
use serde_json::{Value, json};

async fn call(app: &TestApp, session: &str, path: &str, form: &[(&str, &str)]) -> (u16, Value) {
    let response = app.post_form(&format!("/pany{path}?sessionId={session}"), form).await;
    crate::helpers::outcome(response).await
}

async fn extension_code(app: &TestApp, session: &str, order: i64, amount: i64, delay_amount: i64) -> (u16, Value) {
    let (amount, delay_amount) = (amount.to_string(), delay_amount.to_string());
    let order = order.to_string();
    let form = [
        ("orderId", order.as_str()),
        ("amount", &amount),
        ("channelNumber", "90012"),
        ("isDelay", "1"),
        ("delayAmount", &delay_amount),
    ];
    call(app, session, "/v3/loan-details/generate-vcode", &form).await
}

async fn due_date(app: &TestApp, order: i64) -> time::Date {
    app.state.store.order(OrderId(order)).await.unwrap().unwrap().due_date.unwrap()
}

crate::on_both_stores! {
    async fn paying_the_charges_and_the_fee_moves_the_due_date_once(app with [("APP_PAYMENTS__SANDBOX_SECRET", "sandbox-secret-for-tests")]) {
        let demo = app.demo_session().await;
        let session = demo.session_id.as_str();
        let order = order_in(&demo, 174).order_id;
        let id = order.to_string();
        assert_eq!(app.loan_details(session, order).await.1["data"]["isDelay"], "1");
        let (status, info) = call(&app, session, "/v3/loan-details/delay-detail", &[("orderId", &id)]).await;
        assert_eq!(status, 200, "{info}");
        // ₱5,000 at 4% a month for 91 days: ₱606.66 interest due, and the
        // same again for 91 more days.
        let info = &info["data"];
        assert_eq!(info["delayInfo"]["delayAmount"], 121_332);
        assert_eq!(info["delayInfo"]["title"], "Extend your loan by 91 days");
        assert_eq!(info["extensionDays"], 91);
        let row = |text: &str| info["detail"].as_array().unwrap().iter().find(|row| row["text"] == text).unwrap()["value"].clone();
        assert_eq!(row("Extension fee"), "₱606.66");
        assert_eq!(row("Loan amount still to repay"), "₱5,000.00");
        let before = due_date(&app, order).await;
        assert_eq!(info["repayDate"], before.to_string());
        assert_eq!(info["nextRepayDate"], (before + time::Duration::days(91)).to_string());
        assert_eq!(info["repayPlan"][0]["amount"], 500_000, "after the extension only the principal is left");
        let (_, legacy) = call(&app, session, "/orbital/fail", &[("orderId", &id)]).await;
        assert_eq!(legacy["data"], *info, "the old shells' path answers the same");
        let (_, repayment) = call(&app, session, "/v3/installment/loan-play-detail", &[("orderId", &id)]).await;
        assert_eq!(repayment["data"]["delayInfo"]["delayAmount"], 121_332);

        assert_eq!(extension_code(&app, session, order, 121_331, 121_331).await.0, 400, "not the amount offered");
        assert_eq!(extension_code(&app, session, order, 50_000, 121_332).await.0, 400, "amount and delayAmount differ");
        let (status, issued) = extension_code(&app, session, order, 121_332, 121_332).await;
        assert_eq!(status, 200, "{issued}");
        let expires = time::OffsetDateTime::parse(issued["data"]["expiresAt"].as_str().unwrap(), &time::format_description::well_known::Rfc3339);
        assert!(expires.is_ok_and(|at| at <= hiram_domain::clock::end_of_manila_day(before)), "the offer ends with the due date");

        let body = json!({ "transactionId": "MAYA-EXT-1", "payCode": issued["data"]["payCode"], "amount": 121_332, "currency": "PHP" });
        assert_eq!(callback(&app, &body, now(&app), SECRET).await.1["data"]["result"], "posted");
        assert_eq!(callback(&app, &body, now(&app), SECRET).await.1["data"]["result"], "duplicate");
        let after = due_date(&app, order).await;
        assert_eq!(after, before + time::Duration::days(91), "moved once, by one period");
        let (_, details) = app.loan_details(session, order).await;
        assert_eq!(details["data"]["orderStatus"], 174);
        let phone = hiram_domain::phone::Phone::parse(hiram::seed::DEMO_PHONE).unwrap();
        let receipt = app.state.store.outbox(Some(&phone), 1).await.unwrap().pop().unwrap();
        assert!(receipt.body.contains("extended") && receipt.body.contains(&after.to_string()), "{}", receipt.body);

        let (_, plan) = call(&app, session, "/v3/installment/loan-plan-info", &[("orderId", &id)]).await;
        assert_eq!(plan["data"]["repayDate"], after.to_string());
        assert_eq!(plan["data"]["repayAmount"], 500_000, "the principal is still owed");
        assert_eq!(plan["data"]["repayPlan"][0]["amount"], 500_000);
        assert_eq!(plan["data"]["repayPlan"][0]["remark"], "Due");
        let (_, trail) = call(&app, session, "/v3/installment/loan-trail", &[("orderId", &id)]).await;
        let titles: Vec<&str> = trail["data"]["trail"].as_array().unwrap().iter().map(|item| item["title"].as_str().unwrap()).collect();
        assert_eq!(titles, ["Loan sent to you", "Interest", "Extension fee", "Payment received"]);
        assert_eq!(trail["data"]["trail"][3]["amount"], 121_332);

        // The agreement allows one extension: a second is neither offered
        // nor sold, in either language.
        assert_eq!(app.loan_details(session, order).await.1["data"]["isDelay"], "0");
        let (_, repayment) = call(&app, session, "/v3/installment/loan-play-detail", &[("orderId", &id)]).await;
        assert_eq!(repayment["data"]["delayInfo"]["delayAmount"], 0);
        let (status, again) = call(&app, session, "/v3/loan-details/delay-detail", &[("orderId", &id)]).await;
        assert_eq!(status, 409, "{again}");
        assert_eq!(again["message"], "This loan has already been extended as many times as its agreement allows. Please repay it instead.");
        let fil = app.post_form(&format!("/pany/v3/loan-details/delay-detail?sessionId={session}&lang=fil"), &[("orderId", &id)]).await;
        let (status, fil) = crate::helpers::outcome(fil).await;
        assert_eq!(status, 409, "{fil}");
        assert!(fil["message"].as_str().unwrap().starts_with("Na-extend na ang loan na ito"), "{fil}");
        let (status, refused) = extension_code(&app, session, order, 60_666, 60_666).await;
        assert_eq!(status, 409, "{refused}");
        assert!(refused["message"].as_str().unwrap().contains("already been extended"), "{refused}");
        assert_eq!(due_date(&app, order).await, after, "nothing moved");
    }

    async fn overdue_closed_and_other_borrowers_loans_cannot_be_extended(app) {
        let demo = app.demo_session().await;
        let session = demo.session_id.as_str();
        for status in [200, 151] {
            let order = order_in(&demo, status).order_id;
            let (code, body) = call(&app, session, "/v3/loan-details/delay-detail", &[("orderId", &order.to_string())]).await;
            assert_eq!(code, 409, "{status}: {body}");
            assert!(body["message"].as_str().unwrap().contains("cannot be extended"), "{body}");
        }
        let overdue = order_in(&demo, 180).order_id;
        assert_eq!(app.loan_details(session, overdue).await.1["data"]["isDelay"], "1", "a rollover (D3: 180 → 174)");
        let open = order_in(&demo, 174).order_id.to_string();
        let stranger = app.login("09281234567").await;
        for path in ["/v3/loan-details/delay-detail", "/v3/installment/loan-plan-info", "/v3/installment/loan-trail", "/orbital/fail"] {
            assert_eq!(call(&app, &stranger, path, &[("orderId", &open)]).await.0, 404, "{path}");
        }
        let order = order_in(&demo, 174).order_id;
        let bad_flag = [("orderId", open.as_str()), ("amount", "100"), ("channelNumber", "90011"), ("isDelay", "2")];
        assert_eq!(call(&app, session, "/v3/loan-details/generate-vcode", &bad_flag).await.0, 400);
        // 91 days past the due date a rollover's new due date would be
        // past too.
        app.clock.advance(time::Duration::days(200));
        let later = app.demo_session().await;
        let (status, refused) = extension_code(&app, &later.session_id, order, 121_332, 121_332).await;
        assert_eq!(status, 409, "too far past the due date: {refused}");
        assert!(refused["message"].as_str().unwrap().contains("too far past its due date"), "{refused}");
    }
}
