//! `/pany/v3/loan-details/loan-details`: the order details of the caller.

use crate::helpers::order_in;
use hiram_domain::phone::Phone;
use serde_json::Value;
use std::collections::BTreeSet;

fn row<'a>(data: &'a Value, text: &str) -> &'a str {
    data["userOrderDetail"]["detail"]
        .as_array()
        .unwrap()
        .iter()
        .find(|row| row["text"] == text)
        .unwrap_or_else(|| panic!("a {text} row"))["value"]
        .as_str()
        .unwrap()
}

/// What the loan's ledger says is owed: its receivables less the credit
/// it holds for the borrower (a credit balance), in centavos.
pub(crate) async fn ledger_owed(app: &crate::helpers::TestApp, order: i64) -> i64 {
    let balances = app.state.store.balances(hiram_domain::order::OrderId(order)).await.unwrap();
    (balances.dues().total().get() + balances.net(hiram_domain::ledger::Account::BorrowerCredit)).max(0)
}

crate::on_both_stores! {
    async fn after_a_partial_payment_the_balance_shows_paid_and_owed_today_as_the_ledger_holds(app with [("APP_PAYMENTS__SANDBOX_SECRET", "sandbox-secret-for-tests")]) {
        use crate::repayment::{SECRET, callback, now, pay_code, repayment_page};
        let demo = app.demo_session().await;
        let session = demo.session_id.as_str();
        let order = order_in(&demo, 174).order_id;
        let before = app.loan_details(session, order).await.1["data"]["balance"].clone();
        let (_, issued) = pay_code(&app, session, order, 100_000, 90011).await;
        let paid = serde_json::json!({ "transactionId": "GC-PART-1", "payCode": issued["data"]["payCode"], "amount": 100_000, "currency": "PHP" });
        assert_eq!(callback(&app, &paid, now(&app), SECRET).await.1["data"]["result"], "posted");
        let (_, details) = app.loan_details(session, order).await;
        let balance = &details["data"]["balance"];
        assert_eq!(balance["paid"].as_i64().unwrap(), before["paid"].as_i64().unwrap() + 100_000, "{balance}");
        assert_eq!(balance["owedToday"].as_i64().unwrap(), ledger_owed(&app, order).await, "{balance}");
        assert_eq!(balance["owedToday"].as_i64().unwrap(), before["owedToday"].as_i64().unwrap() - 100_000, "interest to the day was already counted before");
        // The next payment is the repayment page's, on its day; what the page
        // asks a payment today for is it, or closing the loan today when that
        // is less (decision 093).
        let repayment = repayment_page(&app, session, order).await;
        assert_eq!(balance["nextDueAmount"], repayment["nextPayment"], "{repayment}");
        let (next, payoff) = (balance["nextDueAmount"].as_i64().unwrap(), balance["payoffToday"].as_i64().unwrap());
        assert_eq!(repayment["repayAmount"].as_i64().unwrap(), next.min(payoff), "{repayment}");
        crate::helpers::account_matching_ledger(&app, hiram_domain::order::OrderId(order)).await;
    }

    async fn a_loan_gone_late_since_the_last_daily_run_shows_its_penalties_at_once(app) {
        let demo = app.demo_session().await;
        let order = order_in(&demo, 174).order_id;
        let due = app.state.store.order(hiram_domain::order::OrderId(order)).await.unwrap().unwrap().due_date.unwrap();
        // Nine days past its due date, with no daily run since: still 174.
        app.clock.advance(time::Duration::days((due - app.state.today()).whole_days() + 9));
        // The demo session has ended by then: the borrower signs in again.
        let session = app.login(hiram::seed::DEMO_PHONE).await;
        let (_, details) = app.loan_details(&session, order).await;
        let data = &details["data"];
        assert_eq!(data["orderStatus"], 174, "no daily run has marked it");
        let overdue = &data["overdue"];
        assert_eq!(overdue["daysLate"], 9, "{overdue}");
        assert!(overdue["penaltiesSoFar"].as_i64().unwrap() > 0, "{overdue}");
        assert_eq!(data["balance"]["owedToday"], overdue["balanceToday"]);
        assert_eq!(data["balance"]["nextDueDate"], app.state.today().to_string(), "everything late is due today");
    }


    async fn the_demo_borrower_has_an_order_in_every_status(app) {
        let session = app.demo_session().await;
        let mut statuses = BTreeSet::new();
        for order in &session.orders {
            let (status, body) = app.loan_details(&session.session_id, order.order_id).await;
            assert_eq!(status, 200);
            assert_eq!(body["code"], "00");
            assert_eq!(body["data"]["productName"], order.product_name.as_str());
            statuses.insert(body["data"]["orderStatus"].as_i64().unwrap());
        }
        assert_eq!(statuses, BTreeSet::from([21, 110, 151, 170, 174, 180, 200]));
    }

    async fn an_open_loan_shows_its_amounts_dates_and_status_from_the_database(app) {
        let session = app.demo_session().await;
        let order = order_in(&session, 174);
        let (_, body) = app.loan_details(&session.session_id, order.order_id).await;
        let data = &body["data"];
        assert_eq!(data["noticeStatusText"], "Loan received");
        assert_eq!(data["productLogo"], "/media/logos/bayanihan.svg");
        // ₱5,000 at 4% a month for 91 days (₱606.666… rounded down); the 3%
        // fee is deducted from the money sent, so it is not repaid.
        assert_eq!(row(data, "Loan amount"), "₱5,000.00");
        assert_eq!(row(data, "Interest"), "₱606.66");
        assert_eq!(row(data, "Service fee"), "₱150.00");
        assert_eq!(row(data, "Total repayment"), "₱5,606.66");
        assert_eq!(row(data, "Term"), "91 days");
        assert_eq!(row(data, "Due date").len(), "2026-01-01".len());
        assert_eq!(data["isDelay"], "1", "the product allows extension and the loan is open");
        assert_eq!(data["recProducts"].as_array().unwrap().len(), 0, "hidden for 174");
        assert_eq!(data["playeduL"], "");
        assert_eq!(data["telephone"], "(02) 8123 4567");
    }

    async fn an_approved_order_points_to_its_confirm_page_and_reminds_to_withdraw(app) {
        let session = app.demo_session().await;
        let order = order_in(&session, 151);
        let (_, body) = app.loan_details(&session.session_id, order.order_id).await;
        assert_eq!(
            body["data"]["playeduL"],
            format!("/loanConfirm?productId={}&orderId={}", order.product_id, order.order_id)
        );
        assert!(!body["data"]["reyMsg"].as_str().unwrap().is_empty());
        assert_eq!(row(&body["data"], "Due date"), "", "no due date before the money is sent");
    }

    async fn an_order_under_review_recommends_the_other_products(app) {
        let session = app.demo_session().await;
        let order = order_in(&session, 21);
        let (_, body) = app.loan_details(&session.session_id, order.order_id).await;
        let cards = body["data"]["recProducts"].as_array().unwrap();
        assert_eq!(cards.len(), 5, "six demo products less this one");
        assert!(cards.iter().all(|card| card["id"] != order.product_id));
        let unavailable: Vec<&Value> = cards.iter().filter(|card| card["flag"] == "0").collect();
        assert_eq!(unavailable.len(), 1);
        assert_eq!(unavailable[0]["name"], "Kalesa Biyahe Loan");
    }

    async fn the_real_flag_switches_amounts_to_the_rupee_sign(app) {
        let session = app.demo_session().await;
        let order = order_in(&session, 174);
        let response = app
            .post_form(
                &format!("/pany/v3/loan-details/loan-details?sessionId={}&real=1", session.session_id),
                &[("orderId", &order.order_id.to_string())],
            )
            .await;
        let body: Value = response.json().await.unwrap();
        assert_eq!(row(&body["data"], "Loan amount"), "₹5,000.00");
    }

    async fn texts_follow_the_borrowers_language(app) {
        let session = app.demo_session().await;
        let order = order_in(&session, 180);
        let response = app
            .post_form(
                &format!("/pany/v3/loan-details/loan-details?sessionId={}&lang=fil", session.session_id),
                &[("orderId", &order.order_id.to_string())],
            )
            .await;
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["message"], "Tagumpay");
        assert_eq!(body["data"]["noticeStatusText"], "Lampas na sa takdang petsa");
        assert_eq!(row(&body["data"], "Halaga ng loan"), "₱3,000.00");
    }

    async fn without_a_session_the_call_is_refused(app) {
        let response = app.post_form("/pany/v3/loan-details/loan-details", &[("orderId", "1")]).await;
        let response = crate::helpers::Checked::of(response).await;
        assert_eq!(response.status(), 401);
        assert_eq!(response.json::<Value>().await.unwrap()["code"], "401");
    }

    async fn malformed_and_unknown_session_tokens_are_refused_alike(app) {
        app.demo_session().await;
        for token in ["nonsense", &"0".repeat(64), &"A".repeat(64)] {
            let (status, body) = app.loan_details(token, 1).await;
            assert_eq!((status, body["code"].as_str().unwrap()), (401, "401"), "{token}");
        }
    }

    async fn a_revoked_session_is_refused(app) {
        let session = app.demo_session().await;
        let order = order_in(&session, 174);
        let digest = hiram::session::digest(&session.session_id).unwrap();
        app.state.store.revoke_session(&digest, app.state.now()).await.unwrap();
        let (status, _) = app.loan_details(&session.session_id, order.order_id).await;
        assert_eq!(status, 401);
    }

    async fn an_expired_session_is_refused(app) {
        let session = app.demo_session().await;
        let order = order_in(&session, 174);
        let digest = hiram::session::digest(&session.session_id).unwrap();
        let mut stored = app.state.store.session(&digest).await.unwrap().unwrap();
        app.state.store.revoke_session(&digest, app.state.now()).await.unwrap();
        // A second session whose absolute expiry has passed.
        let token = "b".repeat(64);
        stored.digest = hiram::session::digest(&token).unwrap();
        stored.revoked_at = None;
        stored.expires_at = app.state.now() - time::Duration::seconds(1);
        app.state.store.insert_session(&stored).await.unwrap();
        let (status, _) = app.loan_details(&token, order.order_id).await;
        assert_eq!(status, 401);
    }

    async fn an_idle_session_ends_after_thirty_minutes_and_an_active_one_lives_on(app) {
        let session = app.demo_session().await;
        let order = order_in(&session, 174).order_id;
        app.clock.advance(time::Duration::minutes(29));
        assert_eq!(app.loan_details(&session.session_id, order).await.0, 200, "used within 30 minutes: still live");
        // The use is written down after the reply, off the request's path.
        let digest = hiram::session::digest(&session.session_id).unwrap();
        for _ in 0..200 {
            let stored = app.state.store.session(&digest).await.unwrap().unwrap();
            if app.state.now() - stored.last_seen_at < time::Duration::seconds(1) {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
        app.clock.advance(time::Duration::minutes(29));
        assert_eq!(app.loan_details(&session.session_id, order).await.0, 200, "idle time counts from the last use");
        app.clock.advance(time::Duration::minutes(31));
        assert_eq!(app.loan_details(&session.session_id, order).await.0, 401);
    }

    async fn another_borrowers_order_looks_exactly_like_a_missing_one(app) {
        let session = app.demo_session().await;
        let victim_order = order_in(&session, 174).order_id;
        let other = app
            .state
            .store
            .ensure_borrower(&Phone::parse("09181234567").unwrap(), None, app.state.now())
            .await
            .unwrap();
        let other_token = hiram::session::start(&app.state, other.id).await.unwrap();
        let (theirs_status, theirs) = app.loan_details(&other_token, victim_order).await;
        let (missing_status, missing) = app.loan_details(&other_token, 987_654).await;
        assert_eq!((theirs_status, missing_status), (404, 404));
        assert_eq!(theirs, missing);
    }

    async fn a_user_id_in_the_query_is_ignored(app) {
        let session = app.demo_session().await;
        let other = app
            .state
            .store
            .ensure_borrower(&Phone::parse("09181234567").unwrap(), None, app.state.now())
            .await
            .unwrap();
        let other_token = hiram::session::start(&app.state, other.id).await.unwrap();
        let demo_phone = Phone::parse(hiram::seed::DEMO_PHONE).unwrap();
        let demo_borrower = app.state.store.borrower_by_phone(&demo_phone).await.unwrap().unwrap().id.0;
        let response = app
            .post_form(
                &format!("/pany/v3/loan-details/loan-details?sessionId={other_token}&userId={demo_borrower}"),
                &[("orderId", &order_in(&session, 174).order_id.to_string())],
            )
            .await;
        let response = crate::helpers::Checked::of(response).await;
        assert_eq!(response.status(), 404);
    }

    async fn a_product_id_that_is_not_the_orders_is_not_found(app) {
        let session = app.demo_session().await;
        let order = order_in(&session, 174);
        let response = app
            .post_form(
                &format!("/pany/v3/loan-details/loan-details?sessionId={}", session.session_id),
                &[("orderId", &order.order_id.to_string()), ("productId", "999")],
            )
            .await;
        let response = crate::helpers::Checked::of(response).await;
        assert_eq!(response.status(), 404);
        let matching = app
            .post_form(
                &format!("/pany/v3/loan-details/loan-details?sessionId={}", session.session_id),
                &[("orderId", &order.order_id.to_string()), ("productId", &order.product_id.to_string())],
            )
            .await;
        assert_eq!(matching.status(), 200);
    }

    async fn a_non_numeric_order_id_is_a_clear_error(app) {
        let session = app.demo_session().await;
        for bad in ["abc", "", "1.5", "99999999999999999999"] {
            let response = app
                .post_form(&format!("/pany/v3/loan-details/loan-details?sessionId={}", session.session_id), &[("orderId", bad)])
                .await;
            let response = crate::helpers::Checked::of(response).await;
            assert_eq!(response.status(), 400, "{bad:?}");
            assert_eq!(response.json::<Value>().await.unwrap()["code"], "400");
        }
    }
}
