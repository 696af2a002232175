//! Extensions: paying the charges and the fee moves the due dates, once
//! (the agreement allows one), while a period later is not past; plan and
//! money trail read-outs. Rollover from 180 is in `clauses`.

use crate::helpers::{TestApp, order_in};
use crate::repayment::{SECRET, callback, now};
use hiram_domain::order::OrderId;
use serde_json::{Value, json};

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
    app.call(session, "/v3/loan-details/generate-vcode", &form).await
}

async fn due_date(app: &TestApp, order: i64) -> time::Date {
    app.state.store.order(OrderId(order)).await.unwrap().unwrap().due_date.unwrap()
}

crate::on_both_stores! {
    async fn paying_what_is_due_that_day_moves_the_due_date_once_with_a_new_disclosure(app with [("APP_PAYMENTS__SANDBOX_SECRET", "sandbox-secret-for-tests")]) {
        let demo = app.demo_session().await;
        let session = demo.session_id.as_str();
        let order = order_in(&demo, 174).order_id;
        let id = order.to_string();
        assert_eq!(app.loan_details(session, order).await.1["data"]["isDelay"], "1");
        let (status, info) = app.call(session, "/v3/loan-details/delay-detail", &[("orderId", &id)]).await;
        assert_eq!(status, 200, "{info}");
        // ₱5,000 at 4% a month, sent `day` days ago: the interest accrued
        // to today is what is due; the agreement's extension fee is 0%.
        let held = app.state.store.order(OrderId(order)).await.unwrap().unwrap();
        let day = (app.state.today() - hiram_domain::clock::manila_date(held.disbursed_at.unwrap())).whole_days();
        let price = 500_000 * 400 * day / 300_000;
        let info = &info["data"];
        assert_eq!(info["delayInfo"]["delayAmount"], price);
        assert_eq!(info["delayInfo"]["title"], "Extend your loan by 91 days");
        assert_eq!(info["extensionDays"], 91);
        let row = |text: &str| info["detail"].as_array().unwrap().iter().find(|row| row["text"] == text).unwrap()["value"].clone();
        assert_eq!(row("Extension fee"), "₱0.00");
        assert_eq!(row("Loan amount still to repay"), "₱5,000.00");
        let before = due_date(&app, order).await;
        assert_eq!(info["repayDate"], before.to_string());
        assert_eq!(info["nextRepayDate"], (before + time::Duration::days(91)).to_string());
        // The renewal's own disclosure: its effective rate under the rule
        // set in force, before the borrower pays.
        let disclosure = &info["disclosure"];
        let rows = disclosure["disclosure"]["rows"].as_array().unwrap();
        assert!(rows.iter().any(|row| row["value"].as_str().unwrap().contains("SEC Memorandum Circular No. 14")), "{disclosure}");
        // The renewal is new credit: its lender is named with its registrations.
        let registration = rows.iter().find(|row| row["label"] == "SEC registration / Certificate of Authority");
        assert!(registration.is_some_and(|row| row["value"].as_str().unwrap().contains(" / CA No. ")), "{disclosure}");
        let (_, legacy) = app.call(session, "/orbital/fail", &[("orderId", &id)]).await;
        assert_eq!(legacy["data"], *info, "the old shells' path answers the same");
        let (_, repayment) = app.call(session, "/v3/installment/loan-play-detail", &[("orderId", &id)]).await;
        assert_eq!(repayment["data"]["delayInfo"]["delayAmount"], price);

        assert_eq!(extension_code(&app, session, order, price - 1, price - 1).await.0, 400, "not the amount offered");
        assert_eq!(extension_code(&app, session, order, 50_000, price).await.0, 400, "amount and delayAmount differ");
        assert!(app.state.store.renewal_disclosures(OrderId(order)).await.unwrap().is_empty(), "nothing stored for a refused code");
        let (status, issued) = extension_code(&app, session, order, price, price).await;
        assert_eq!(status, 200, "{issued}");
        let expires = time::OffsetDateTime::parse(issued["data"]["expiresAt"].as_str().unwrap(), &time::format_description::well_known::Rfc3339);
        assert!(expires.is_ok_and(|at| at <= hiram_domain::clock::end_of_manila_day(app.state.today())), "the price holds for its day");
        // Stored with the code before any money moves, as shown.
        let stored = app.state.store.renewal_disclosures(OrderId(order)).await.unwrap();
        assert_eq!(stored.len(), 1);
        assert_eq!(stored[0].0, issued["data"]["payCode"].as_str().unwrap());
        let stored_body: Value = serde_json::from_str(&stored[0].2).unwrap();
        assert_eq!(stored_body, *disclosure);

        let body = json!({ "transactionId": "MAYA-EXT-1", "payCode": issued["data"]["payCode"], "amount": price, "currency": "PHP" });
        assert_eq!(callback(&app, &body, now(&app), SECRET).await.1["data"]["result"], "posted");
        assert_eq!(callback(&app, &body, now(&app), SECRET).await.1["data"]["result"], "duplicate");
        let after = due_date(&app, order).await;
        assert_eq!(after, before + time::Duration::days(91), "moved once, by the agreement's 91 days");
        let (_, details) = app.loan_details(session, order).await;
        assert_eq!(details["data"]["orderStatus"], 174);
        let phone = hiram_domain::phone::Phone::parse(hiram::seed::DEMO_PHONE).unwrap();
        let receipt = app.state.store.outbox(Some(&phone), 1).await.unwrap().pop().unwrap();
        assert!(receipt.body.contains("extended") && receipt.body.contains(&hiram::i18n::day(after, hiram::i18n::Lang::En)), "{}", receipt.body);
        // The renewal's proof is stored with the order.
        let proofs = app.state.store.cap_proofs(OrderId(order)).await.unwrap();
        let occasions: Vec<&str> = proofs.iter().map(|proof| proof.occasion.as_str()).collect();
        assert_eq!(occasions, ["acceptance", "renewal 1"]);
        assert!(proofs.iter().all(|proof| proof.passed && proof.rule_set_code == "SEC-MC-14-2025"));
        let account = crate::helpers::account_matching_ledger(&app, OrderId(order)).await;
        assert_eq!((account.unpaid().get(), account.renewals), (500_000, 1), "the principal is still owed");
        // Order details' running balance: the extension's payment counted
        // as paid, what is owed as its ledger holds.
        let balance = app.loan_details(session, order).await.1["data"]["balance"].clone();
        assert_eq!(balance["paid"], price, "{balance}");
        assert_eq!(balance["owedToday"], crate::loan_details::ledger_owed(&app, order).await, "{balance}");
        assert_eq!(balance["nextDueDate"], after.to_string(), "{balance}");

        let (_, plan) = app.call(session, "/v3/installment/loan-plan-info", &[("orderId", &id)]).await;
        assert_eq!(plan["data"]["repayDate"], after.to_string());
        assert_eq!(plan["data"]["repayPlan"][0]["remark"], "Due");
        let (_, trail) = app.call(session, "/v3/installment/loan-trail", &[("orderId", &id)]).await;
        let titles: Vec<&str> = trail["data"]["trail"].as_array().unwrap().iter().map(|item| item["title"].as_str().unwrap()).collect();
        assert_eq!(titles, ["Loan sent to you", "Interest", "Payment received"]);
        assert_eq!(trail["data"]["trail"][2]["amount"], price);

        // The agreement allows one extension: a second is neither offered
        // nor sold, in either language.
        assert_eq!(app.loan_details(session, order).await.1["data"]["isDelay"], "0");
        let (_, repayment) = app.call(session, "/v3/installment/loan-play-detail", &[("orderId", &id)]).await;
        assert_eq!(repayment["data"]["delayInfo"]["delayAmount"], 0);
        let (status, again) = app.call(session, "/v3/loan-details/delay-detail", &[("orderId", &id)]).await;
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

    async fn an_extension_on_day_25_of_a_four_instalment_loan_costs_what_has_accrued(app) {
        use hiram_domain::order::OrderStatus;
        // The audit's product 2: ₱5,000 in four monthly instalments at 3.5%
        // a month. On day 25 instalment 1's interest would be ₱175.00 on
        // its day; ₱145.83 has accrued, and that is the price.
        let order = crate::helpers::loan_made(&app, "Bayanihan Cash Plus", 5_000, 25, "09181112501", OrderStatus::RepaymentOpen).await;
        let session = app.login("09181112501").await;
        let (status, info) = app.call(&session, "/v3/loan-details/delay-detail", &[("orderId", &order.0.to_string())]).await;
        assert_eq!(status, 200, "{info}");
        assert_eq!(info["data"]["delayInfo"]["delayAmount"], 14_583, "{info}");
        assert_eq!(info["data"]["extensionDays"], 30);
    }

    async fn a_listing_change_leaves_signed_loans_extension_terms_as_signed(app) {
        use hiram_domain::order::OrderStatus;
        let token = app.staff_token(hiram_domain::staff::Role::Admin).await;
        // One loan on a product that extends, one on a product that does
        // not; then staff switch both listings the other way.
        let extends = crate::helpers::loan_made(&app, "Bayanihan Cash Express", 2_000, 5, "09181112502", OrderStatus::RepaymentOpen).await;
        let fixed = crate::helpers::loan_made(&app, "Sampaguita Salary Loan", 2_000, 5, "09181112503", OrderStatus::RepaymentOpen).await;
        for name in ["Bayanihan Cash Express", "Sampaguita Salary Loan"] {
            let product = app.state.store.products().await.unwrap().into_iter().find(|p| p.name == name).unwrap();
            let flipped = (!product.allows_extension).to_string();
            let response = app
                .client
                .post(app.url("/api/staff/products/listing"))
                .bearer_auth(&token)
                .form(&[
                    ("id", product.id.0.to_string()),
                    ("name", product.name.clone()),
                    ("logoUrl", product.logo_url.clone()),
                    ("tags", product.tags.join(", ")),
                    ("allowsExtension", flipped),
                    ("requiresReview", product.requires_review.to_string()),
                    ("available", product.available.to_string()),
                ])
                .send()
                .await
                .unwrap();
            let (status, body) = crate::helpers::outcome(response).await;
            assert_eq!(status, 200, "{name}: {body}");
        }
        let extends_session = app.login("09181112502").await;
        let (status, info) = app.call(&extends_session, "/v3/loan-details/delay-detail", &[("orderId", &extends.0.to_string())]).await;
        assert_eq!(status, 200, "signed \"may extend once\": still offered: {info}");
        let fixed_session = app.login("09181112503").await;
        let (status, refused) = app.call(&fixed_session, "/v3/loan-details/delay-detail", &[("orderId", &fixed.0.to_string())]).await;
        assert_eq!(status, 409, "signed \"cannot be extended\": still not offered: {refused}");
        assert!(refused["message"].as_str().unwrap().contains("cannot be extended"), "{refused}");
    }

    async fn overdue_closed_and_other_borrowers_loans_cannot_be_extended(app) {
        let demo = app.demo_session().await;
        let session = demo.session_id.as_str();
        for status in [200, 151] {
            let order = order_in(&demo, status).order_id;
            let (code, body) = app.call(session, "/v3/loan-details/delay-detail", &[("orderId", &order.to_string())]).await;
            assert_eq!(code, 409, "{status}: {body}");
            assert!(body["message"].as_str().unwrap().contains("cannot be extended"), "{body}");
        }
        let overdue = order_in(&demo, 180).order_id;
        assert_eq!(app.loan_details(session, overdue).await.1["data"]["isDelay"], "1", "a rollover (D3: 180 → 174)");
        let open = order_in(&demo, 174).order_id.to_string();
        let stranger = app.login("09281234567").await;
        for path in ["/v3/loan-details/delay-detail", "/v3/installment/loan-plan-info", "/v3/installment/loan-trail", "/orbital/fail"] {
            assert_eq!(app.call(&stranger, path, &[("orderId", &open)]).await.0, 404, "{path}");
        }
        let order = order_in(&demo, 174).order_id;
        let bad_flag = [("orderId", open.as_str()), ("amount", "100"), ("channelNumber", "90011"), ("isDelay", "2")];
        assert_eq!(app.call(session, "/v3/loan-details/generate-vcode", &bad_flag).await.0, 400);
        // 91 days past the due date a rollover's new due date would be
        // past too.
        app.clock.advance(time::Duration::days(200));
        let later = app.demo_session().await;
        let (status, refused) = extension_code(&app, &later.session_id, order, 100_000, 100_000).await;
        assert_eq!(status, 409, "too far past the due date: {refused}");
        assert!(refused["message"].as_str().unwrap().contains("too far past its due date"), "{refused}");
    }
}
