//! Payments reported with a receipt reference wait for staff; nothing a
//! borrower types posts money, and a match posts once.

use crate::helpers::{TestApp, order_in};
use hiram_domain::order::OrderId;
use hiram_domain::staff::Role;
use serde_json::Value;

async fn report(app: &TestApp, session: &str, order: i64, utr: &str, amount: i64, channel: i64) -> (u16, Value) {
    let response = app
        .post_form(
            &format!("/pany/v3/loan-details/submit-utr?sessionId={session}"),
            &[
                ("orderId", &order.to_string()),
                ("utr", utr),
                ("amount", &amount.to_string()),
                ("channelNumber", &channel.to_string()),
            ],
        )
        .await;
    crate::helpers::outcome(response).await
}

async fn staff(app: &TestApp, token: &str, path: &str, form: &[(&str, &str)]) -> (u16, Value) {
    let response = app.client.post(app.url(path)).bearer_auth(token).form(form).send().await.unwrap();
    (response.status().as_u16(), response.json().await.unwrap())
}

async fn queue(app: &TestApp, token: &str, status: &str) -> Vec<Value> {
    let response = app
        .client
        .get(app.url(&format!("/api/staff/unposted-payments?status={status}")))
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    response.json::<Value>().await.unwrap()["data"]["rows"].as_array().unwrap().clone()
}

async fn entries(app: &TestApp, order: i64) -> usize {
    app.state.store.ledger_entries(OrderId(order)).await.unwrap().len()
}

async fn payments(app: &TestApp, order: i64) -> usize {
    crate::helpers::payments_posted(app, order).await
}

crate::on_both_stores! {
    async fn a_reported_payment_waits_and_posts_nothing_by_itself(app) {
        let token = app.staff_token(Role::Finance).await;
        let demo = app.demo_session().await;
        let session = demo.session_id.as_str();
        let order = order_in(&demo, 180).order_id;
        let before = entries(&app, order).await;
        let answer = app
            .post_form(&format!("/pany/v3/loan-details/init-pay-type?sessionId={session}"), &[("orderId", &order.to_string())])
            .await;
        assert_eq!(answer.status(), 200);
        let types: Value = answer.json().await.unwrap();
        assert_eq!(types["data"]["defaultChannelNumber"], 90011);
        assert_eq!(types["data"]["payTypes"].as_array().unwrap().len(), 6, "every channel a transfer can be made at, ECPay included");

        let owed = hiram::services::loans::owed_today(&app.state, OrderId(order)).await.unwrap().get();
        for (utr, amount, channel, expected) in [
            ("12345", 10_000, 90011, "reference number"),
            ("1234567890<script>", 10_000, 90011, "reference number"),
            ("9012345678", 0, 90011, "₱0.01"),
            ("9012345678", owed + 1, 90011, "₱0.01"),
            ("9012345678", 10_000, 1, "payment method"),
        ] {
            let (status, body) = report(&app, session, order, utr, amount, channel).await;
            assert_eq!(status, 400, "{utr} {amount} {channel}: {body}");
            assert!(body["message"].as_str().unwrap().contains(expected), "{body}");
        }
        let (status, queued) = report(&app, session, order, " 9012 3456 78 ", 100_000, 90011).await;
        assert_eq!(status, 200, "{queued}");
        assert_eq!(queued["data"]["status"], "pending");
        let (status, twice) = report(&app, session, order, "9012345678", 100_000, 90011).await;
        assert_eq!((status, &twice), (200, &queued), "the same report sent again (its answer lost) is the same report");
        let (status, other) = report(&app, session, order, "9012345678", 90_000, 90011).await;
        assert_eq!(status, 409, "the reference with another amount: {other}");
        assert!(other["message"].as_str().unwrap().contains("already sent"), "{other}");
        assert_eq!(app.state.store.pending_unposted_of(OrderId(order)).await.unwrap(), 1, "one report waits");
        assert_eq!(entries(&app, order).await, before, "nothing posted");

        let repaid = order_in(&demo, 200).order_id;
        assert_eq!(report(&app, session, repaid, "5555666677", 100, 90011).await.0, 409);
        let stranger = app.login("09281234567").await;
        assert_eq!(report(&app, &stranger, order, "5555666677", 100, 90011).await.0, 404);
        for utr in ["1111111111", "2222222222"] {
            assert_eq!(report(&app, session, order, utr, 100, 90012).await.0, 200);
        }
        assert_eq!(report(&app, session, order, "3333333333", 100, 90012).await.0, 409, "three waiting is the most");

        let pending = queue(&app, &token, "pending").await;
        assert_eq!(pending.len(), 3);
        assert_eq!(pending[0]["reference"], "9012345678");
        assert_eq!(pending[0]["amount"], 100_000);
        let anonymous = app.client.get(app.url("/api/staff/unposted-payments")).send().await.unwrap();
        assert_eq!(anonymous.status(), 401);

        let paged = |query: &'static str| {
            let (app, token) = (&app, &token);
            async move {
                let response = app.client.get(app.url(&format!("/api/staff/unposted-payments?{query}"))).bearer_auth(token).send().await.unwrap();
                (response.status().as_u16(), response.json::<Value>().await.unwrap())
            }
        };
        let (status, second) = paged("status=pending&page=2&pageSize=2").await;
        assert_eq!(status, 200);
        assert_eq!((second["data"]["total"].as_i64(), second["data"]["page"].as_i64(), second["data"]["pageSize"].as_i64()), (Some(3), Some(2), Some(2)));
        assert_eq!(second["data"]["rows"].as_array().unwrap().len(), 1, "the oldest two are on page 1");
        assert_eq!(second["data"]["rows"][0]["id"], pending[2]["id"]);
        for query in ["page=0", "pageSize=0", "pageSize=101", "pageSize=many", "status=lost"] {
            assert_eq!(paged(query).await.0, 400, "{query}");
        }
    }

    async fn a_payment_a_provider_posted_is_never_credited_again_whichever_report_comes_first(app) {
        let token = app.staff_token(Role::Finance).await;
        let demo = app.demo_session().await;
        let session = demo.session_id.as_str();
        let order = order_in(&demo, 180).order_id;
        let pay = |amount: i64, transaction: &'static str| {
            let app = &app;
            async move {
                let (_, issued) = crate::repayment::pay_code(app, session, order, amount, 90011).await;
                let code = issued["data"]["payCode"].as_str().unwrap().to_owned();
                let response = app.client.post(app.url("/sandbox/pay")).form(&[("code", code.as_str()), ("transactionId", transaction)]).send().await.unwrap();
                let text = response.text().await.unwrap();
                assert!(text.contains("HTTP 200 (posted)"), "{text}");
            }
        };

        // The provider's posting first, then the borrower's report of it.
        pay(20_000, "SBX-DUPREF-777").await;
        let credited = payments(&app, order).await;
        for utr in ["SBX-DUPREF-777", " sbx-dupref-777 "] {
            let (status, refused) = report(&app, session, order, utr, 20_000, 90011).await;
            assert_eq!(status, 409, "{utr}: {refused}");
            assert!(refused["message"].as_str().unwrap().contains("already in your loan"), "{refused}");
        }
        assert_eq!(app.state.store.pending_unposted_of(OrderId(order)).await.unwrap(), 0, "nothing waits to be matched");

        // The borrower's report first, then the provider's posting: the
        // report can no longer be matched, and says why.
        let (status, queued) = report(&app, session, order, "SBX-LATE-4242", 15_000, 90011).await;
        assert_eq!(status, 200, "{queued}");
        pay(15_000, "SBX-LATE-4242").await;
        let id = queued["data"]["id"].to_string();
        let (status, refused) = staff(&app, &token, "/api/staff/unposted-payments/match", &[("id", &id), ("note", "seen in GCash")]).await;
        assert_eq!(status, 409, "{refused}");
        assert_eq!(refused["data"]["reason"], "already_credited");
        assert_eq!(refused["data"]["orderId"], order);
        assert_eq!(payments(&app, order).await, credited + 1, "two payments, each credited once");
        let (status, rejected) = staff(&app, &token, "/api/staff/unposted-payments/reject", &[("id", &id), ("note", "posted by the provider")]).await;
        assert_eq!(status, 200, "finance closes it: {rejected}");
    }

    async fn staff_match_a_payment_once_and_reject_with_a_reason(app) {
        let token = app.staff_token(Role::Finance).await;
        let demo = app.demo_session().await;
        let order = order_in(&demo, 180).order_id;
        report(&app, &demo.session_id, order, "GC-88776655", 100_000, 90011).await;
        report(&app, &demo.session_id, order, "GC-11223344", 5_000, 90011).await;
        let pending = queue(&app, &token, "pending").await;
        let (first, second) = (pending[0]["id"].to_string(), pending[1]["id"].to_string());
        let before = payments(&app, order).await;
        let owed_before = app.loan_details(&demo.session_id, order).await;
        assert_eq!(owed_before.0, 200);

        let mut tasks = Vec::new();
        for _ in 0..20 {
            let (client, url, id, token) =
                (app.client.clone(), app.url("/api/staff/unposted-payments/match"), first.clone(), token.clone());
            tasks.push(tokio::spawn(async move {
                client.post(url).bearer_auth(token).form(&[("id", id.as_str()), ("note", "found in GCash statement")]).send().await.unwrap().status().as_u16()
            }));
        }
        let mut answers = Vec::new();
        for task in tasks {
            answers.push(task.await.unwrap());
        }
        assert!(answers.iter().all(|status| *status == 200 || *status == 409), "{answers:?}");
        assert_eq!(payments(&app, order).await, before + 1, "20 concurrent matches post once");
        let phone = hiram_domain::phone::Phone::parse(hiram::seed::DEMO_PHONE).unwrap();
        let receipt = app.state.store.outbox(Some(&phone), 1).await.unwrap().pop().unwrap();
        assert!(receipt.body.contains("₱1,000.00"), "{}", receipt.body);

        assert_eq!(staff(&app, &token, "/api/staff/unposted-payments/reject", &[("id", &second)]).await.0, 400, "a reason is needed");
        assert_eq!(staff(&app, &token, "/api/staff/unposted-payments/reject", &[("id", &second), ("note", "not in the statement")]).await.0, 200);
        assert_eq!(staff(&app, &token, "/api/staff/unposted-payments/match", &[("id", &second)]).await.0, 409);
        assert_eq!(payments(&app, order).await, before + 1);
        let all = queue(&app, &token, "all").await;
        let statuses: Vec<&str> = all.iter().map(|entry| entry["status"].as_str().unwrap()).collect();
        assert_eq!(statuses, ["matched", "rejected"]);
        assert_eq!(all[1]["note"], "not in the statement");
        assert_eq!(staff(&app, &token, "/api/staff/unposted-payments/match", &[("id", "999999")]).await.0, 404);
    }
}
