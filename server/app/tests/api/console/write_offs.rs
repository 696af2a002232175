//! Write-offs and recoveries (decision 073): proposed by one finance
//! member with a reason, posted only when a second, independent one
//! approves; everything the loan owes leaves the lender's receivables for
//! the allowance, nothing more is charged, the borrower is still told what
//! they owe, and what they pay afterwards is a recovery.

use crate::console::{Member, member, named_member, send};
use crate::helpers::{TestApp, order_in};
use crate::repayment::{SECRET, callback, pay_code};
use hiram_domain::ledger::Account;
use hiram_domain::order::OrderId;
use hiram_domain::product::LenderId;
use hiram_domain::staff::Role;
use serde_json::Value;

async fn lender_of(app: &TestApp, order: i64) -> LenderId {
    let order = app.state.store.order(OrderId(order)).await.unwrap().unwrap();
    app.state.store.product(order.product_id).await.unwrap().unwrap().lender_id
}

async fn propose(app: &TestApp, who: &Member, order: i64, reason: &str) -> (u16, Value) {
    let order = order.to_string();
    send(app, who, "POST", "/api/console/general-ledger/write-offs/propose", &[("orderId", &order), ("reason", reason)])
        .await
}

async fn decide(app: &TestApp, who: &Member, verb: &str, id: i64) -> (u16, Value) {
    send(app, who, "POST", &format!("/api/console/general-ledger/write-offs/{verb}?id={id}"), &[]).await
}

async fn trial(app: &TestApp, who: &Member, lender: LenderId) -> Value {
    let today = hiram_domain::clock::manila_date(app.state.now());
    let path = format!("/api/console/general-ledger/trial-balance?lenderId={}&date={today}", lender.0);
    let (status, body) = send(app, who, "GET", &path, &[]).await;
    assert_eq!(status, 200, "{body}");
    body["data"].clone()
}

fn balance(trial: &Value, code: &str) -> i64 {
    let line = trial["lines"].as_array().unwrap().iter().find(|line| line["code"] == code).unwrap();
    line["debit"].as_i64().unwrap() - line["credit"].as_i64().unwrap()
}

crate::on_both_stores! {
    async fn a_loan_written_off_by_two_members_leaves_the_books_and_a_payment_on_it_is_a_recovery(app) {
        let demo = app.demo_session().await;
        let order = order_in(&demo, 180).order_id;
        let lender = lender_of(&app, order).await;
        let maker = member(&app, Role::Finance).await;
        let checker = named_member(&app, Role::Finance, "second-finance").await;

        // Refused, each for its reason, and nothing kept.
        let (status, short) = propose(&app, &maker, order, "bad").await;
        assert_eq!((status, short["data"]["field"].as_str()), (400, Some("reason")), "{short}");
        assert_eq!(propose(&app, &maker, 9_999_999, "Collection given up").await.0, 404);
        let (status, closed) = propose(&app, &maker, order_in(&demo, 200).order_id, "Collection given up").await;
        assert_eq!(status, 409, "a repaid loan owes nothing: {closed}");
        let care = member(&app, Role::CustomerCare).await;
        assert_eq!(propose(&app, &care, order, "Collection given up").await.0, 403);

        let (_, before_details) = app.loan_details(&demo.session_id, order).await;
        let owed_before = before_details["data"]["overdue"]["balanceToday"].as_i64().unwrap();
        let books_before = trial(&app, &maker, lender).await;
        let (status, proposed) = propose(&app, &maker, order, "Borrower unreachable, 120 days of collection").await;
        assert_eq!(status, 200, "{proposed}");
        let id = proposed["data"]["id"].as_i64().unwrap();
        assert_eq!(propose(&app, &checker, order, "Proposed twice by mistake").await.0, 409, "one per loan");
        assert_eq!(trial(&app, &maker, lender).await, books_before, "a proposal is not in the books");

        // The maker cannot approve their own; the checker can, once.
        let (status, own) = decide(&app, &maker, "approve", id).await;
        assert_eq!((status, own["data"]["reason"].as_str()), (403, Some("same_person")), "{own}");
        let (status, approved) = decide(&app, &checker, "approve", id).await;
        assert_eq!(status, 200, "{approved}");
        assert_eq!(decide(&app, &checker, "approve", id).await.0, 409, "once");

        let listed = send(&app, &maker, "GET", &format!("/api/console/general-ledger/write-offs?lenderId={}", lender.0), &[]).await.1;
        let row = &listed["data"][0];
        assert_eq!((row["status"].as_str(), row["orderId"].as_i64()), (Some("approved"), Some(order)), "{listed}");
        let written_off = row["amount"].as_i64().unwrap();
        assert_eq!(written_off, owed_before, "everything the loan owed that day");

        // The lender's books: the receivables left for the allowance, the
        // loan's own ledger says the same, and the books still balance.
        let balances = app.state.store.balances(OrderId(order)).await.unwrap();
        let dues = balances.dues();
        assert_eq!(dues.total().get(), 0, "nothing owed is left in the loan's receivables: {dues:?}");
        assert_eq!(balances.net(Account::WrittenOff), written_off);
        let books = trial(&app, &maker, lender).await;
        assert_eq!(books["totalDebit"], books["totalCredit"], "{books}");
        let receivables = |trial: &Value| ["1200", "1300", "1310", "1320"].iter().map(|code| balance(trial, code)).sum::<i64>();
        // The approval brought the loan to the day first (its interest to the
        // day and the day's penalty, income), then took everything off.
        let income = |trial: &Value| ["4100", "4200", "4300"].iter().map(|code| balance(trial, code)).sum::<i64>();
        let charged_today = income(&books_before) - income(&books);
        assert_eq!(receivables(&books_before) + charged_today - receivables(&books), written_off, "{books}");
        assert_eq!(balance(&books, "1290") - balance(&books_before, "1290"), written_off, "charged against the allowance");

        // The borrower still owes it, is told so, and is charged nothing more.
        let (_, details) = app.loan_details(&demo.session_id, order).await;
        assert_eq!(details["data"]["overdue"]["balanceToday"].as_i64(), Some(owed_before), "{details}");
        assert_eq!(details["data"]["overdue"]["nextDayAdds"].as_i64(), Some(0), "no penalty runs on a loan written off");
        app.clock.advance(time::Duration::days(5));
        hiram::services::daily::run(&app.state).await.unwrap();
        let borrower = app.state.store.order(OrderId(order)).await.unwrap().unwrap().borrower_id;
        let phone = app.state.store.borrower(borrower).await.unwrap().unwrap().phone.national();
        let session = app.login(&phone).await;
        let (_, later) = app.loan_details(&session, order).await;
        assert_eq!(later["data"]["overdue"]["balanceToday"].as_i64(), Some(owed_before), "five days on: {later}");
        let finance = named_member(&app, Role::Finance, "finance-later").await;
        let aging = send(&app, &finance, "GET", &format!("/api/console/general-ledger/aging?lenderId={}&date={}", lender.0, app.state.today()), &[]).await.1;
        let mut repayable = 0;
        for demo_order in &demo.orders {
            let status = app.state.store.order(OrderId(demo_order.order_id)).await.unwrap().unwrap().status;
            if status.is_repayable() && lender_of(&app, demo_order.order_id).await == lender {
                repayable += 1;
            }
        }
        assert_eq!(aging["data"]["kept"], true, "{aging}");
        assert_eq!(aging["data"]["totalLoans"].as_i64(), Some(repayable - 1), "a loan written off leaves the portfolio's buckets: {aging}");

        // A payment on it is a recovery: income of its own, the debt down by it.
        let books_before_payment = trial(&app, &finance, lender).await;
        let (_, issued) = pay_code(&app, &session, order, 50_000, 90011).await;
        let code = issued["data"]["payCode"].as_str().unwrap().to_owned();
        let paid = serde_json::json!({ "transactionId": "WRITTEN-OFF-1", "payCode": code, "amount": 50_000, "currency": "PHP" });
        assert_eq!(callback(&app, &paid, app.state.now().unix_timestamp(), SECRET).await.0, 200);
        let books = trial(&app, &finance, lender).await;
        assert_eq!(balance(&books, "4400") - balance(&books_before_payment, "4400"), -50_000, "recovered: {books}");
        assert_eq!(balance(&books, "1010") - balance(&books_before_payment, "1010"), 50_000);
        assert_eq!(receivables(&books), receivables(&books_before_payment), "no receivable moves");
        let (_, after_payment) = app.loan_details(&session, order).await;
        assert_eq!(after_payment["data"]["overdue"]["balanceToday"].as_i64(), Some(owed_before - 50_000), "{after_payment}");

        // Staff read the write-off on the loan's record; each step was audited.
        let record = send(&app, &finance, "GET", &format!("/api/console/orders/record?id={order}"), &[]).await.1;
        assert_eq!(record["data"]["loan"]["writtenOff"].as_i64(), Some(written_off), "{record}");
        let page = hiram_domain::back_office::PageRequest::new(1, 10).unwrap();
        let audited = app.state.store.audit_entries(Some(&format!("write_off:{id}")), page).await.unwrap();
        assert_eq!(audited.rows.len(), 2, "proposed and approved");
    }

    async fn a_rejected_write_off_leaves_the_loan_as_it_was(app) {
        let demo = app.demo_session().await;
        let order = order_in(&demo, 174).order_id;
        let lender = lender_of(&app, order).await;
        let maker = member(&app, Role::Finance).await;
        let checker = named_member(&app, Role::Finance, "second-finance").await;
        let before = trial(&app, &maker, lender).await;
        let id = propose(&app, &maker, order, "Suspected fraud, under review").await.1["data"]["id"].as_i64().unwrap();
        assert_eq!(decide(&app, &checker, "reject", id).await.0, 200);
        assert_eq!(decide(&app, &checker, "approve", id).await.0, 409, "decided already");
        assert_eq!(trial(&app, &maker, lender).await, before);
        let account = hiram::services::loans::account(&app.state, OrderId(order)).await.unwrap().unwrap();
        assert_eq!(account.written_off, None);
        let (status, again) = propose(&app, &maker, order, "Fraud confirmed by the lender").await;
        assert_eq!(status, 200, "a rejected proposal leaves room for another: {again}");
    }
}
