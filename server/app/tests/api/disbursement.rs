//! Money out: the payment account form and binding, and the payout that
//! moves a confirmed loan from 170 to 174 (sent) or 110 (refused), per D3.

use crate::helpers::TestApp;
use crate::journey::fill_kyc;
use hiram::services::disbursements::{Disbursed, disburse};
use hiram_domain::order::OrderId;
use hiram_domain::payout::{DebitRequest, DebitResult, GatewayError, PaymentGateway, PayoutRequest, PayoutResult};
use serde_json::Value;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use tokio::sync::Notify;

const PHONE: &str = "09351234567";
pub(crate) const ACCOUNT: &str = "001234567890";

/// A new borrower with a ₱3,000 Cash Express loan approved (151).
pub(crate) async fn approved_loan(app: &TestApp) -> (String, String, String) {
    let session = app.login(PHONE).await;
    let (_, home) = app.call(&session, "/v4/index/home-page", &[]).await;
    let express = home["data"]["products"]
        .as_array()
        .unwrap()
        .iter()
        .find(|card| card["name"] == "Bayanihan Cash Express")
        .unwrap();
    let product = express["id"].as_i64().unwrap().to_string();
    fill_kyc(app, &session, "18000").await;
    let (_, applied) = app.call(&session, "/v3/product/apply", &[("productId", &product), ("amount", "300000")]).await;
    assert_eq!(applied["data"]["status"], 151, "{applied}");
    (session, product, applied["data"]["orderId"].as_i64().unwrap().to_string())
}

pub(crate) async fn confirm(app: &TestApp, session: &str, product: &str, order: &str) {
    let push =
        [("productId", product), ("orderId", order), ("amount", "300000"), ("periods", "1"), ("termUnit", "days")];
    let (status, body) = app.call(session, "/v3/loan-confirm/loan-detail-push", &push).await;
    assert_eq!(status, 200, "{body}");
}

pub(crate) async fn bind_bank(app: &TestApp, session: &str, bank: &str, number: &str) -> (u16, Value) {
    app.call(
        session,
        "/v3/bind-card/bind-card-new",
        &[("cardType", "1"), ("bankCode", bank), ("bankAccount", number), ("product_id", "1")],
    )
    .await
}

/// The order's line in the borrower's list of loans.
async fn listed_status(app: &TestApp, session: &str, order: &str) -> Value {
    let (status, list) = app.call(session, "/v3/personal-center/order-list", &[]).await;
    assert_eq!(status, 200, "{list}");
    let orders = list["data"]["orders"].as_array().unwrap();
    orders.iter().find(|line| line["orderId"].as_i64() == order.parse().ok()).unwrap()["statusText"].clone()
}

pub(crate) async fn status(app: &TestApp, session: &str, order: &str) -> Value {
    app.loan_details(session, order.parse().unwrap()).await.1["data"].clone()
}

/// A gateway that counts its payout calls: the first is taken and pending,
/// later ones say sent. With a gate, each call waits until the test opens it.
#[derive(Default)]
struct CountingGateway {
    payouts: AtomicUsize,
    /// Told when a payout call has come in.
    called: Notify,
    gate: Option<Notify>,
}

#[async_trait::async_trait]
impl PaymentGateway for CountingGateway {
    fn name(&self) -> &'static str {
        "counting"
    }

    async fn payout(&self, request: &PayoutRequest) -> Result<PayoutResult, GatewayError> {
        let earlier = self.payouts.fetch_add(1, Ordering::SeqCst);
        self.called.notify_one();
        if let Some(gate) = &self.gate {
            gate.notified().await;
        }
        let transaction_id = format!("CNT-{}", request.reference);
        Ok(match earlier {
            0 => PayoutResult::Pending { transaction_id },
            _ => PayoutResult::Sent { transaction_id },
        })
    }

    async fn debit(&self, _: &DebitRequest) -> Result<DebitResult, GatewayError> {
        Err(GatewayError::Unavailable("the counting gateway only pays out".into()))
    }
}

crate::on_both_stores! {
    async fn a_payout_try_leaves_an_order_another_process_holds_until_its_claim_runs_out(app with [("APP_SERVER__METRICS_TOKEN", "metrics-token-for-tests")]) {
        let (session, product, order) = approved_loan(&app).await;
        confirm(&app, &session, &product, &order).await;
        let id = OrderId(order.parse().unwrap());
        let store = &app.state.store;
        // Another process (one that stopped, say) is trying the order.
        let now = app.state.now();
        assert!(store.claim_payout(id, now, now + time::Duration::minutes(2)).await.unwrap());
        assert!(!store.claim_payout(id, now, now + time::Duration::minutes(2)).await.unwrap(), "held");
        let (code, bound) = bind_bank(&app, &session, "BPI", ACCOUNT).await;
        assert_eq!((code, bound["data"]["loansSent"].as_i64()), (200, Some(0)), "{bound}");
        assert!(store.payout_attempts(id).await.unwrap().is_empty(), "the bind's try left the order to its holder");

        let gateway = Arc::new(CountingGateway::default());
        let state = app.state.changed(|shared| shared.gateway = gateway.clone());
        assert_eq!(disburse(&state, id).await.unwrap(), Disbursed::ClaimedElsewhere);
        assert_eq!(gateway.payouts.load(Ordering::SeqCst), 0, "a held order's try never calls the gateway");
        assert!(store.payout_attempts(id).await.unwrap().is_empty());
        assert_eq!(status(&app, &session, &order).await["orderStatus"], 170);
        let left = crate::metrics::sample(&crate::metrics::scrape(&app).await, "hiram_payouts_total", &["outcome=\"left_to_another\""]);
        assert_eq!(left, 2.0, "the bind's try and this one were left to the holder, and counted");

        // The claim runs out: the next try goes.
        app.clock.advance(time::Duration::minutes(3));
        assert_eq!(disburse(&state, id).await.unwrap(), Disbursed::Pending);
        assert_eq!(gateway.payouts.load(Ordering::SeqCst), 1);
        // That try let its claim go when it ended: the next goes at once.
        assert_eq!(disburse(&state, id).await.unwrap(), Disbursed::Sent);
        assert_eq!(gateway.payouts.load(Ordering::SeqCst), 2);
        assert_eq!(store.payout_attempts(id).await.unwrap().len(), 2);
        assert_eq!(status(&app, &session, &order).await["orderStatus"], 174);
        let now = app.state.now();
        assert!(store.claim_payout(id, now, now + time::Duration::minutes(2)).await.unwrap(), "released when done");
    }

    async fn two_tries_at_once_call_the_gateway_once(app) {
        let (session, product, order) = approved_loan(&app).await;
        confirm(&app, &session, &product, &order).await;
        let waiting = OrderId(order.parse().unwrap());
        let store = &app.state.store;
        // The account is bound while the test holds the order, so the bind's
        // own try leaves it waiting; then the test lets it go.
        let now = app.state.now();
        let until = now + time::Duration::minutes(2);
        assert!(store.claim_payout(waiting, now, until).await.unwrap());
        assert_eq!(bind_bank(&app, &session, "BPI", ACCOUNT).await.0, 200);
        assert_eq!(status(&app, &session, &order).await["orderStatus"], 170);
        store.release_payout(waiting, now).await.unwrap();
        assert!(!store.claim_payout(waiting, now, until).await.unwrap(), "a release lets go of its own claim only");
        store.release_payout(waiting, until).await.unwrap();

        let gateway = Arc::new(CountingGateway { gate: Some(Notify::new()), ..CountingGateway::default() });
        let state = app.state.changed(|shared| shared.gateway = gateway.clone());
        let first = tokio::spawn({
            let state = state.clone();
            async move { disburse(&state, waiting).await }
        });
        let called = tokio::time::timeout(std::time::Duration::from_secs(10), gateway.called.notified()).await;
        assert!(called.is_ok(), "the first try reached the gateway");
        // The first try is at the gateway: a second one at the same moment leaves it.
        assert_eq!(disburse(&state, waiting).await.unwrap(), Disbursed::ClaimedElsewhere);
        gateway.gate.as_ref().unwrap().notify_one();
        assert_eq!(first.await.unwrap().unwrap(), Disbursed::Pending);
        assert_eq!(gateway.payouts.load(Ordering::SeqCst), 1);
        assert_eq!(store.payout_attempts(waiting).await.unwrap().len(), 1, "one attempt recorded");
    }

    async fn a_confirmed_loan_waits_for_an_account_then_goes_out(app) {
        let (session, product, order) = approved_loan(&app).await;
        confirm(&app, &session, &product, &order).await;
        let waiting = status(&app, &session, &order).await;
        assert_eq!(waiting["orderStatus"], 170);
        assert_eq!(waiting["cardNeedPop"], 1);
        assert_eq!(waiting["cardPopTitle"], "Where should we send your loan?");
        // The banner asks for the account too: it does not say the money is on its way.
        assert_eq!(waiting["noticeStatusText"], "Where should we send your loan?");
        assert_eq!(waiting["noticeDesText"], waiting["cardPopMsg"]);
        assert_eq!(listed_status(&app, &session, &order).await, "Add an account to receive it", "and so does its line in the list");

        let (_, form) = app.call(&session, "/v3/bind-card/card-init", &[("product_id", &product)]).await;
        let items = form["data"]["items"].as_array().unwrap();
        let codes: Vec<&str> = items.iter().map(|item| item["code"].as_str().unwrap()).collect();
        assert_eq!(codes, ["cardType", "bankCode", "bankAccount", "walletCode", "walletNumber"]);
        assert_eq!(items[0]["value"], "1", "card type 1 by default");
        assert_eq!(items[1]["channelNumber"], 90006, "banks over InstaPay, the default channel");
        assert_eq!(items[2]["inputType"], "bankCard");
        assert_eq!(items[4]["cardTypeMi"], 2);
        assert_eq!(form["data"]["current"], "");

        for (form, field) in [
            (vec![("cardType", "3"), ("bankCode", "BPI"), ("bankAccount", ACCOUNT)], "cardType"),
            (vec![("cardType", "1"), ("bankCode", "GCASH"), ("bankAccount", ACCOUNT)], "bankCode"),
            (vec![("cardType", "1"), ("bankCode", "BPI"), ("bankAccount", "12345")], "bankAccount"),
            (vec![("cardType", "1"), ("bankCode", "BPI"), ("bankAccount", "0012 3456 7890")], "bankAccount"),
            (vec![("cardType", "2"), ("walletCode", "GCASH"), ("walletNumber", "0817123")], "walletNumber"),
        ] {
            let (code, body) = app.call(&session, "/v3/bind-card/bind-card-new", &form).await;
            assert_eq!((code, body["data"]["field"].as_str()), (400, Some(field)), "{body}");
        }
        assert_eq!(status(&app, &session, &order).await["orderStatus"], 170, "nothing bound, nothing sent");

        let (code, bound) = bind_bank(&app, &session, "BPI", ACCOUNT).await;
        assert_eq!(code, 200, "{bound}");
        assert_eq!(bound["data"]["masked"], "•••• 7890");
        assert_eq!(bound["data"]["loansSent"], 1);
        assert!(!bound.to_string().contains(ACCOUNT), "the number never comes back whole");
        let sent = status(&app, &session, &order).await;
        assert_eq!(sent["orderStatus"], 174);
        assert_eq!(sent["cardNeedPop"], 0);
        assert_eq!(listed_status(&app, &session, &order).await, "Loan received");

        let stored = app.state.store.order(OrderId(order.parse().unwrap())).await.unwrap().unwrap();
        assert_eq!(stored.due_date, Some(app.state.today() + time::Duration::days(91)));
        let entries = app.state.store.ledger_entries(stored.id).await.unwrap();
        let dues = hiram_domain::ledger::Balances::of(&entries.iter().map(|stored| stored.entry.clone()).collect::<Vec<_>>()).dues();
        // Interest is charged as it falls due, not at the payout.
        assert_eq!((dues.principal.get(), dues.interest.get()), (300_000, 0));
        let account = crate::helpers::account_matching_ledger(&app, stored.id).await;
        assert_eq!(account.instalments[0].due_date, app.state.today() + time::Duration::days(91), "the engine's due date is the order's");
        assert_eq!(account.scheduled_interest.get(), 36_400, "₱3,000 at 4% a month for 91 days, paid on its day");
        let phone = hiram_domain::phone::Phone::parse(PHONE).unwrap();
        let text = app.state.store.outbox(Some(&phone), 1).await.unwrap().pop().unwrap().body;
        assert!(text.contains("₱2,910.00") && text.contains("•••• 7890") && !text.contains(ACCOUNT), "{text}");

        let (_, form) = app.call(&session, "/v3/bind-card/card-init", &[]).await;
        assert_eq!(form["data"]["current"], "Bank of the Philippine Islands •••• 7890");
        assert!(!form.to_string().contains(ACCOUNT));
        let (_, again) = bind_bank(&app, &session, "BDO", "009876543210").await;
        assert_eq!(again["data"]["loansSent"], 0, "a loan is sent once");
        let attempts = app.state.store.payout_attempts(stored.id).await.unwrap();
        assert_eq!(attempts.len(), 1);
    }

    async fn a_bound_account_receives_the_loan_at_confirmation(app) {
        let (session, product, order) = approved_loan(&app).await;
        let wallet = [("cardType", "2"), ("walletCode", "GCASH"), ("walletNumber", "0917 123 4567")];
        let (code, bound) = app.call(&session, "/v3/bind-card/bind-card-change", &wallet).await;
        assert_eq!(code, 200, "{bound}");
        assert_eq!((bound["data"]["providerName"].as_str(), bound["data"]["masked"].as_str()), (Some("GCash"), Some("•••• 4567")));
        confirm(&app, &session, &product, &order).await;
        assert_eq!(status(&app, &session, &order).await["orderStatus"], 174);
    }

    async fn a_double_tap_on_save_account_stores_one_and_answers_every_tap(app) {
        let (session, _, _) = approved_loan(&app).await;
        let taps = (0..10).map(|tap| {
            let (app, session) = (&app, &session);
            async move { bind_bank(app, session, "BDO", &format!("00987654321{tap}")).await }
        });
        let answers = crate::helpers::join_all(taps.collect()).await;
        for (status, body) in &answers {
            assert_eq!((*status, body["code"].as_str()), (200, Some("00")), "{body}");
        }
        let borrower = app.state.store.borrower_by_phone(&hiram_domain::phone::Phone::parse(PHONE).unwrap()).await.unwrap().unwrap();
        let current = app.state.store.payout_account(borrower.id).await.unwrap().expect("one account is current");
        assert!(current.details.number.starts_with("00987654321"), "{current:?}");
    }

    async fn a_refused_payout_rejects_the_loan_and_says_so(app) {
        let (session, product, order) = approved_loan(&app).await;
        assert_eq!(bind_bank(&app, &session, "LBP", "123456780000").await.0, 200);
        confirm(&app, &session, &product, &order).await;
        let details = status(&app, &session, &order).await;
        assert_eq!(details["orderStatus"], 110);
        // Under the status's one name, loan details say the money was not
        // sent, not that the loan was refused.
        assert_eq!(details["noticeStatusText"], "Loan not made", "{details}");
        assert!(details["noticeDesText"].as_str().unwrap().contains("was approved"), "{details}");
        let history = app.state.store.status_history(OrderId(order.parse().unwrap())).await.unwrap();
        assert!(history.last().unwrap().cause.starts_with("payout refused"), "{history:?}");
        let phone = hiram_domain::phone::Phone::parse(PHONE).unwrap();
        let text = app.state.store.outbox(Some(&phone), 1).await.unwrap().pop().unwrap().body;
        assert!(text.contains("cancelled") && text.contains("You owe nothing"), "{text}");
        let entries = app.state.store.ledger_entries(OrderId(order.parse().unwrap())).await.unwrap();
        assert!(entries.is_empty(), "no money moved");
    }
}
