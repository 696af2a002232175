//! Payment reversals under maker-checker (issue 16, D3, decision 029): a
//! payment of a closed loan is proposed for reversal by one finance
//! officer, refused to its proposer, approved by another; the loan reopens
//! (200 → 174 before its due date, 200 → 180 after), owes the payment
//! again, and the borrower gets an SMS; a payment is reversed once.

use super::{Member, member, named_member, send};
use crate::helpers::{TestApp, order_in};
use crate::idempotency::staff_post;
use crate::repayment::{SECRET, callback, now, pay_code};
use hiram_domain::ledger::EntryKind;
use hiram_domain::money::{Centavos, CurrencySymbol, format_amount};
use hiram_domain::order::OrderId;
use hiram_domain::staff::Role;
use serde_json::{Value, json};

/// What the repayment page says paying the loan off costs today, centavos.
async fn repay_amount(app: &TestApp, session: &str, order: i64) -> i64 {
    let path = format!("/pany/v3/installment/loan-play-detail?sessionId={session}");
    let (status, body) = crate::helpers::outcome(app.post_form(&path, &[("orderId", &order.to_string())]).await).await;
    assert_eq!(status, 200, "{body}");
    body["data"]["payoff"]["amount"].as_i64().unwrap()
}

async fn status_of(app: &TestApp, session: &str, order: i64) -> i64 {
    let (status, details) = app.loan_details(session, order).await;
    assert_eq!(status, 200, "{details}");
    details["data"]["orderStatus"].as_i64().unwrap()
}

/// Pays everything owed through a Maya code and the gateway's callback;
/// the ledger entry of the payment.
pub(crate) async fn pay_in_full(app: &TestApp, session: &str, order: i64, transaction: &str) -> (i64, i64) {
    let owed = repay_amount(app, session, order).await;
    let (status, issued) = pay_code(app, session, order, owed, 90012).await;
    assert_eq!(status, 200, "{issued}");
    let body = json!({ "transactionId": transaction, "payCode": issued["data"]["payCode"], "amount": owed, "currency": "PHP" });
    let (status, answer) = callback(app, &body, now(app), SECRET).await;
    assert_eq!((status, answer["data"]["result"].clone()), (200, json!("posted")), "{answer}");
    let entries = app.state.store.ledger_entries(OrderId(order)).await.unwrap();
    let payment = entries.iter().rev().find(|stored| stored.entry.kind == EntryKind::Repayment).unwrap();
    assert_eq!(payment.entry.amount().get(), owed);
    (payment.id, owed)
}

async fn propose(
    app: &TestApp,
    who: &Member,
    order: i64,
    entry: i64,
    amount: Option<i64>,
    reason: &str,
) -> (u16, Value) {
    let (order, entry, amount) = (order.to_string(), entry.to_string(), amount.map(|amount| amount.to_string()));
    let mut form = vec![("orderId", order.as_str()), ("entryId", entry.as_str()), ("reason", reason)];
    if let Some(amount) = &amount {
        form.push(("amount", amount));
    }
    send(app, who, "POST", "/api/console/reversals/propose", &form).await
}

async fn decide(app: &TestApp, who: &Member, decision: &str, id: &str) -> (u16, Value) {
    send(app, who, "POST", &format!("/api/console/reversals/{decision}"), &[("id", id)]).await
}

async fn reversals_posted(app: &TestApp, order: i64) -> usize {
    let entries = app.state.store.ledger_entries(OrderId(order)).await.unwrap();
    entries
        .iter()
        .filter(|stored| stored.key.starts_with("payment-reversal:") && !stored.key.ends_with(":early-payoff"))
        .count()
}

async fn last_text(app: &TestApp) -> String {
    let phone = hiram_domain::phone::Phone::parse(hiram::seed::DEMO_PHONE).unwrap();
    app.state.store.outbox(Some(&phone), 1).await.unwrap().pop().unwrap().body
}

crate::on_both_stores! {
    async fn a_reversal_retried_under_its_key_answers_the_first_proposal(app with [("APP_PAYMENTS__SANDBOX_SECRET", "sandbox-secret-for-tests")]) {
        let demo = app.demo_session().await;
        let order = order_in(&demo, 174).order_id;
        let (payment, _) = pay_in_full(&app, &demo.session_id, order, "MAYA-REV-KEY").await;
        let maker = named_member(&app, Role::Finance, "maker").await;
        let (order_text, payment_text) = (order.to_string(), payment.to_string());
        let form = [("orderId", order_text.as_str()), ("entryId", payment_text.as_str()), ("reason", "the channel reversed it")];
        let path = "/api/console/reversals/propose";
        let (status, first) = staff_post(&app, &maker, path, "reversal-1", &form).await;
        assert_eq!(status, 200, "{first}");
        let (status, retried) = staff_post(&app, &maker, path, "reversal-1", &form).await;
        assert_eq!((status, &retried), (200, &first), "a lost answer retried is the same proposal, not 'already proposed'");
        let (status, again) = propose(&app, &maker, order, payment, None, "the channel reversed it").await;
        assert_eq!(status, 409, "without the key a second proposal for the payment is refused: {again}");
        assert_eq!(app.state.store.reversals(None, 100).await.unwrap().len(), 1);
    }

    async fn a_reversal_proposed_by_one_and_approved_by_another_reopens_a_loan_not_yet_due(app with [("APP_PAYMENTS__SANDBOX_SECRET", "sandbox-secret-for-tests")]) {
        let demo = app.demo_session().await;
        let session = demo.session_id.as_str();
        let order = order_in(&demo, 174).order_id;
        let owed_before = repay_amount(&app, session, order).await;
        let (payment, paid) = pay_in_full(&app, session, order, "MAYA-REV-1").await;
        assert_eq!(status_of(&app, session, order).await, 200);
        let maker = named_member(&app, Role::Finance, "maker").await;
        let checker = named_member(&app, Role::Finance, "checker").await;

        // The reason is checked on the server, in the caller's language.
        let (status, short) = propose(&app, &maker, order, payment, None, " no ").await;
        assert_eq!(status, 400, "{short}");
        assert!(short["message"].as_str().unwrap().contains("from 5 to 500 characters"), "{short}");
        let fil = send(&app, &maker, "POST", "/api/console/reversals/propose?lang=fil", &[("orderId", &order.to_string()), ("entryId", &payment.to_string()), ("reason", "")]).await;
        assert!(fil.1["message"].as_str().unwrap().starts_with("Isulat ang dahilan"), "{}", fil.1);
        let (status, too_much) = propose(&app, &maker, order, payment, Some(paid + 1), "GCash reversed the transfer").await;
        assert_eq!(status, 400, "{too_much}");
        assert!(too_much["message"].as_str().unwrap().contains(&format_amount(Centavos::new(paid), CurrencySymbol::Peso)), "{too_much}");
        let disbursement = app.state.store.ledger_entries(OrderId(order)).await.unwrap()[0].id;
        assert_eq!(propose(&app, &maker, order, disbursement, None, "not a payment at all").await.0, 400, "only payments are reversed");
        let care = member(&app, Role::CustomerCare).await;
        let (status, lacking) = propose(&app, &care, order, payment, None, "GCash reversed the transfer").await;
        assert_eq!((status, lacking["data"]["permission"].as_str()), (403, Some("propose_adjustments")), "{lacking}");

        // A first proposal is rejected (by another), a second approved.
        let (status, first) = propose(&app, &maker, order, payment, None, "GCash reversed the transfer").await;
        assert_eq!(status, 200, "{first}");
        let first = first["data"]["id"].to_string();
        assert_eq!(propose(&app, &checker, order, payment, None, "the same payment again").await.0, 409, "one open proposal per payment");
        assert_eq!(decide(&app, &maker, "reject", &first).await.0, 403, "nobody decides their own");
        assert_eq!(decide(&app, &checker, "reject", &first).await.0, 200);
        assert_eq!(status_of(&app, session, order).await, 200, "a rejected proposal moves nothing");

        let (status, second) = propose(&app, &maker, order, payment, None, "GCash reversed the transfer (dispute 7781)").await;
        assert_eq!(status, 200, "{second}");
        let second = second["data"]["id"].to_string();
        let (status, own) = decide(&app, &maker, "approve", &second).await;
        assert_eq!(status, 403, "{own}");
        assert!(own["message"].as_str().unwrap().contains("nobody approves their own proposal"), "{own}");
        assert_eq!(reversals_posted(&app, order).await, 0, "a proposal moves no money");

        let (status, approved) = decide(&app, &checker, "approve", &second).await;
        assert_eq!(status, 200, "{approved}");
        assert_eq!(approved["data"]["status"], 174, "not yet due: open for repayment again");
        assert_eq!(approved["data"]["owed"], owed_before, "{approved}");
        assert_eq!(status_of(&app, session, order).await, 174);
        assert_eq!(repay_amount(&app, session, order).await, owed_before, "the repayment page owes the payment again");
        assert!(app.state.store.order(OrderId(order)).await.unwrap().unwrap().closed_at.is_none(), "no longer closed");
        let text = last_text(&app).await;
        assert!(text.contains("was reversed") && text.contains(&format_amount(Centavos::new(owed_before), CurrencySymbol::Peso)), "{text}");

        assert_eq!(decide(&app, &checker, "approve", &second).await.0, 409, "decided once");
        assert_eq!(propose(&app, &maker, order, payment, None, "GCash reversed the transfer").await.0, 409, "a payment is reversed once");
        assert_eq!(reversals_posted(&app, order).await, 1);
        let balances = app.state.store.balances(OrderId(order)).await.unwrap();
        assert_eq!(balances.sum(), 0, "the ledger still balances");

        let (_, all) = send(&app, &checker, "GET", "/api/console/reversals?status=all", &[]).await;
        let statuses: Vec<&str> = all["data"].as_array().unwrap().iter().map(|row| row["status"].as_str().unwrap()).collect();
        assert_eq!(statuses, ["approved", "rejected"], "newest first");
        let auditor = member(&app, Role::Auditor).await;
        let (_, audit) = send(&app, &auditor, "GET", "/api/console/audit?pageSize=100", &[]).await;
        let rows = audit["data"]["rows"].as_array().unwrap();
        let actor = |action: &str| {
            let row = rows.iter().find(|row| row["action"] == action && row["subject"] == format!("reversal:{second}"));
            row.map(|row| row["staffId"].as_i64().unwrap())
        };
        let (_, maker_me) = send(&app, &maker, "GET", "/api/console/me", &[]).await;
        let (_, checker_me) = send(&app, &checker, "GET", "/api/console/me", &[]).await;
        assert_eq!(actor("reversal.propose"), maker_me["data"]["id"].as_i64());
        assert_eq!(actor("reversal.approve"), checker_me["data"]["id"].as_i64());
        assert!(rows.iter().any(|row| row["action"] == "reversal.reject" && row["subject"] == format!("reversal:{first}")));
    }

    async fn a_reversal_after_the_due_date_reopens_the_loan_overdue_and_concurrent_approvals_post_once(app with [("APP_PAYMENTS__SANDBOX_SECRET", "sandbox-secret-for-tests")]) {
        let demo = app.demo_session().await;
        let session = demo.session_id.as_str();
        let order = order_in(&demo, 180).order_id;
        hiram::services::daily::run(&app.state).await.unwrap();
        let owed_before = repay_amount(&app, session, order).await;
        let (payment, paid) = pay_in_full(&app, session, order, "MAYA-REV-2").await;
        assert_eq!(paid, owed_before);
        assert_eq!(status_of(&app, session, order).await, 200);
        // The channel takes the money back three days later (the borrower
        // signs in again by then).
        app.clock.advance(time::Duration::days(3));
        let demo = app.demo_session().await;
        let session = demo.session_id.as_str();
        let maker = named_member(&app, Role::Finance, "maker").await;
        let checkers = [named_member(&app, Role::Finance, "checker-a").await, named_member(&app, Role::Finance, "checker-b").await];
        let (status, proposed) = propose(&app, &maker, order, payment, None, "the cheque bounced").await;
        assert_eq!(status, 200, "{proposed}");
        let id = proposed["data"]["id"].to_string();

        let (one, two) = tokio::join!(decide(&app, &checkers[0], "approve", &id), decide(&app, &checkers[1], "approve", &id));
        let mut statuses = [one.0, two.0];
        statuses.sort_unstable();
        assert_eq!(statuses, [200, 409], "{one:?} {two:?}");
        let approved = if one.0 == 200 { one.1 } else { two.1 };
        assert_eq!(approved["data"]["status"], 180, "the due date has passed: overdue again");
        assert_eq!(reversals_posted(&app, order).await, 1, "posted once");
        assert_eq!(status_of(&app, session, order).await, 180);
        // Owed again: what was paid, and ₱3.00 a day of interest on the
        // ₱3,000 that was in truth owed for the three days.
        let owed_now = owed_before + 3 * 300;
        assert_eq!(approved["data"]["owed"], owed_now, "{approved}");
        assert_eq!(repay_amount(&app, session, order).await, owed_now);
        let (_, details) = app.loan_details(session, order).await;
        assert_eq!(details["data"]["overdue"]["balanceToday"], owed_now, "order details show what is owed again");
        assert!(last_text(&app).await.contains("was reversed"));
        let phone = hiram_domain::phone::Phone::parse(hiram::seed::DEMO_PHONE).unwrap();
        let texts = app.state.store.outbox(Some(&phone), 50).await.unwrap();
        assert_eq!(texts.iter().filter(|text| text.body.contains("was reversed")).count(), 1, "one SMS for one reversal");

        // The days the loan stood repaid are not late days; the next one is,
        // at 0.10% of the overdue amount (the one-time charge was charged
        // once already).
        let penalties = || async {
            let standing = hiram::services::loans::standing(&app.state, OrderId(order)).await.unwrap().unwrap();
            (standing.payoff.penalties.get(), standing.account.instalments[0].unpaid_scheduled().get())
        };
        let entries = app.state.store.ledger_entries(OrderId(order)).await.unwrap();
        let before_reversal: i64 =
            entries.iter().filter(|stored| stored.entry.kind == EntryKind::Penalty).map(|stored| stored.entry.amount().get()).sum();
        let (reopened, overdue) = penalties().await;
        assert_eq!(reopened, before_reversal, "no penalty for the days it stood repaid");
        app.clock.advance(time::Duration::days(1));
        assert_eq!(penalties().await.0, reopened + overdue * 10 / 10_000, "late again from the day after the reversal");
        crate::helpers::account_matching_ledger(&app, OrderId(order)).await;
    }

    async fn a_loan_whose_borrower_took_another_of_the_product_is_not_reopened(app) {
        let demo = app.demo_session().await;
        // The demo's repaid loan: its borrower holds another open loan of the
        // same product, and one open loan per product still holds.
        let order = order_in(&demo, 200).order_id;
        let entries = app.state.store.ledger_entries(OrderId(order)).await.unwrap();
        let payment = entries.iter().find(|stored| stored.entry.kind == EntryKind::Repayment).unwrap().id;
        let maker = named_member(&app, Role::Finance, "maker").await;
        let checker = named_member(&app, Role::Finance, "checker").await;
        let (status, proposed) = propose(&app, &maker, order, payment, None, "the transfer bounced").await;
        assert_eq!(status, 200, "{proposed}");
        let id = proposed["data"]["id"].to_string();
        let (status, refused) = decide(&app, &checker, "approve", &id).await;
        assert_eq!(status, 409, "{refused}");
        assert!(refused["message"].as_str().unwrap().contains("another loan of this product"), "{refused}");
        assert_eq!(reversals_posted(&app, order).await, 0, "nothing posted");
        assert_eq!(app.state.store.order(OrderId(order)).await.unwrap().unwrap().status.code(), 200);
        let (_, waiting) = send(&app, &checker, "GET", "/api/console/reversals", &[]).await;
        assert_eq!(waiting["data"][0]["id"].to_string(), id, "still waiting for a decision");
    }
}
