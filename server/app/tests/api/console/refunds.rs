//! Refunds (decision 075): credit a repaid loan holds for its borrower,
//! proposed by one finance member, approved by a second, sent by the payout
//! gateway; the ledger moves when the money left.

use crate::console::{Member, member, named_member, send};
use crate::helpers::{TestApp, order_in};
use crate::repayment::{SECRET, callback, pay_code};
use hiram_domain::ledger::{Account, EntryKind};
use hiram_domain::order::OrderId;
use hiram_domain::staff::Role;
use serde_json::{Value, json};

async fn propose(app: &TestApp, who: &Member, order: i64, amount: i64, reason: &str) -> (u16, Value) {
    let (order, amount) = (order.to_string(), amount.to_string());
    send(
        app,
        who,
        "POST",
        "/api/console/refunds/propose",
        &[("orderId", &order), ("amount", &amount), ("reason", reason)],
    )
    .await
}

crate::on_both_stores! {
    async fn a_repaid_loans_credit_goes_back_through_the_gateway_once_two_members_agree(app) {
        let demo = app.demo_session().await;
        let order = order_in(&demo, 174).order_id;
        let owed = hiram::services::loans::owed_today(&app.state, OrderId(order)).await.unwrap().get();
        // Two codes for what is owed, both paid: the second payment finds
        // the loan repaid, and is held for the borrower as credit.
        let mut codes = Vec::new();
        for _ in 0..2 {
            let (status, issued) = pay_code(&app, &demo.session_id, order, owed, 90011).await;
            assert_eq!(status, 200, "{issued}");
            codes.push(issued["data"]["payCode"].as_str().unwrap().to_owned());
        }
        for (index, code) in codes.iter().enumerate() {
            let paid = json!({ "transactionId": format!("PAID-TWICE-{index}"), "payCode": code, "amount": owed, "currency": "PHP" });
            assert_eq!(callback(&app, &paid, app.state.now().unix_timestamp(), SECRET).await.0, 200);
        }
        assert_eq!(app.state.store.order(OrderId(order)).await.unwrap().unwrap().status.code(), 200);
        assert_eq!(app.state.store.balances(OrderId(order)).await.unwrap().net(Account::BorrowerCredit), -owed, "paid twice");

        let maker = member(&app, Role::Finance).await;
        let checker = named_member(&app, Role::Finance, "second-finance").await;
        for (amount, reason, field) in [(owed + 1, "Paid the loan twice", "amount"), (0, "Paid the loan twice", "amount"), (owed, "ok", "reason")] {
            let (status, body) = propose(&app, &maker, order, amount, reason).await;
            assert_eq!((status, body["data"]["field"].as_str()), (400, Some(field)), "{amount} {reason}: {body}");
        }
        assert_eq!(propose(&app, &maker, order_in(&demo, 180).order_id, 100, "An open loan's credit").await.0, 409);
        let care = member(&app, Role::CustomerCare).await;
        assert_eq!(propose(&app, &care, order, owed, "Paid the loan twice").await.0, 403);
        let (status, proposed) = propose(&app, &maker, order, owed, "Paid the loan twice through GCash").await;
        assert_eq!(status, 200, "{proposed}");
        let id = proposed["data"]["id"].as_i64().unwrap();
        assert_eq!(propose(&app, &checker, order, 100, "Proposed twice by mistake").await.0, 409, "one waits at a time");
        assert_eq!(app.state.store.balances(OrderId(order)).await.unwrap().net(Account::BorrowerCredit), -owed, "a proposal moves nothing");

        // The refund goes to the account the borrower bound.
        assert_eq!(crate::disbursement::bind_bank(&app, &demo.session_id, "BPI", "001234567890").await.0, 200);
        let path = |verb: &str| format!("/api/console/refunds/{verb}?id={id}");
        let (status, own) = send(&app, &maker, "POST", &path("approve"), &[]).await;
        assert_eq!((status, own["data"]["reason"].as_str()), (403, Some("same_person")), "{own}");
        let (status, approved) = send(&app, &checker, "POST", &path("approve"), &[]).await;
        assert_eq!((status, approved["data"]["status"].as_str()), (200, Some("sent")), "{approved}");
        assert_eq!(send(&app, &checker, "POST", &path("approve"), &[]).await.0, 409, "once");

        // The money left once: the credit is gone from the loan and its
        // ledger, the cash with it; the borrower's trail says so.
        let balances = app.state.store.balances(OrderId(order)).await.unwrap();
        assert_eq!((balances.net(Account::BorrowerCredit), balances.sum()), (0, 0));
        let entries = app.state.store.ledger_entries(OrderId(order)).await.unwrap();
        let refunds: Vec<_> = entries.iter().filter(|stored| stored.entry.kind == EntryKind::Refund).collect();
        assert_eq!((refunds.len(), refunds[0].entry.amount().get()), (1, owed));
        let account = hiram::services::loans::account(&app.state, OrderId(order)).await.unwrap().unwrap();
        assert_eq!(account.credit.get(), 0);
        let listed = send(&app, &maker, "GET", "/api/console/refunds", &[]).await.1;
        assert_eq!((listed["data"][0]["status"].as_str(), listed["data"][0]["transactionId"].as_str().map(|id| id.starts_with("SBX-PO-"))), (Some("sent"), Some(true)), "{listed}");
        // A daily run finds nothing more to send, and the gateway is not asked twice.
        assert_eq!(hiram::services::daily::run(&app.state).await.unwrap().refunds_sent, 0);
        assert_eq!(app.state.store.balances(OrderId(order)).await.unwrap(), balances);
        let page = hiram_domain::back_office::PageRequest::new(1, 10).unwrap();
        assert_eq!(app.state.store.audit_entries(Some(&format!("refund:{id}")), page).await.unwrap().rows.len(), 2);
        let trail = app.post_form(&format!("/pany/v3/installment/loan-trail?sessionId={}", demo.session_id), &[("orderId", &order.to_string())]).await;
        let trail: Value = trail.json().await.unwrap();
        assert!(trail["data"]["trail"].as_array().unwrap().iter().any(|item| item["title"] == "Refund of what you paid beyond your loan" && item["amount"] == owed), "{trail}");
    }

    async fn a_refund_the_gateway_refuses_leaves_the_credit_with_the_borrower(app) {
        let demo = app.demo_session().await;
        let order = order_in(&demo, 174).order_id;
        let owed = hiram::services::loans::owed_today(&app.state, OrderId(order)).await.unwrap().get();
        let mut codes = Vec::new();
        for _ in 0..2 {
            codes.push(pay_code(&app, &demo.session_id, order, owed, 90011).await.1["data"]["payCode"].as_str().unwrap().to_owned());
        }
        for (index, code) in codes.iter().enumerate() {
            let paid = json!({ "transactionId": format!("TWICE-{index}"), "payCode": code, "amount": owed, "currency": "PHP" });
            assert_eq!(callback(&app, &paid, app.state.now().unix_timestamp(), SECRET).await.0, 200);
        }
        // An account the sandbox gateway refuses to pay (it ends in 0000).
        assert_eq!(crate::disbursement::bind_bank(&app, &demo.session_id, "BPI", "001234560000").await.0, 200);
        let maker = member(&app, Role::Finance).await;
        let checker = named_member(&app, Role::Finance, "second-finance").await;
        let rejected = propose(&app, &maker, order, 100, "Proposed in error, rejected").await.1["data"]["id"].as_i64().unwrap();
        assert_eq!(send(&app, &checker, "POST", &format!("/api/console/refunds/reject?id={rejected}"), &[]).await.0, 200);
        let id = propose(&app, &maker, order, owed, "Paid the loan twice").await.1["data"]["id"].as_i64().unwrap();
        let (status, approved) = send(&app, &checker, "POST", &format!("/api/console/refunds/approve?id={id}"), &[]).await;
        assert_eq!((status, approved["data"]["status"].as_str()), (200, Some("failed")), "{approved}");
        assert_eq!(app.state.store.balances(OrderId(order)).await.unwrap().net(Account::BorrowerCredit), -owed, "the credit stays the borrower's");
        let listed = send(&app, &maker, "GET", "/api/console/refunds?status=failed", &[]).await.1;
        assert!(listed["data"][0]["detail"].as_str().unwrap().contains("closed"), "{listed}");
        assert_eq!(propose(&app, &maker, order, owed, "Again, to the new account").await.0, 200, "a failed refund leaves room for another");
    }
}
