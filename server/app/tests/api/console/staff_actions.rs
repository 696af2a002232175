//! Staff money actions commit once (issue 30, decision 063): an approval's
//! ledger entries, the order's move, the proposal's decision and the audit
//! entry commit together or not at all. Each test crashes the action
//! between every pair of its writes (`unit:write:N` fails the Nth write
//! before it starts, `post_to_order:after_entries` inside the posting,
//! `unit:commit` the commit) and retries it, as a staff member whose
//! screen showed an error would.

use super::{Member, named_member, send};
use crate::helpers::{TestApp, order_in};
use hiram_domain::back_office::PageRequest;
use hiram_domain::ledger::Balances;
use hiram_domain::order::{OrderId, OrderStatus};
use hiram_domain::staff::Role;
use serde_json::Value;

/// The crash points of an action, in the order they are tried: the
/// posting's inside, the commit, then each write from the first. A write
/// point past the action's last write never fires, and the action commits.
const CRASH_POINTS: [&str; 8] = [
    "post_to_order:after_entries",
    "unit:commit",
    "unit:write:1",
    "unit:write:2",
    "unit:write:3",
    "unit:write:4",
    "unit:write:5",
    "unit:write:6",
];

/// How many audit entries of `action` the log holds for `subject`.
async fn audited(app: &TestApp, subject: &str, action: &str) -> usize {
    let page = app.state.store.audit_entries(Some(subject), PageRequest { offset: 0, size: 1000 }).await.unwrap();
    page.rows.iter().filter(|logged| logged.entry.action == action).count()
}

/// What the books and the log say of an order and a proposal.
#[derive(Debug, PartialEq)]
struct Standing {
    entries: usize,
    balances: Balances,
    status: OrderStatus,
    history: usize,
    audit_entries: usize,
}

async fn standing(app: &TestApp, order: i64, subject: &str, action: &str) -> Standing {
    let id = OrderId(order);
    Standing {
        entries: app.state.store.ledger_entries(id).await.unwrap().len(),
        balances: app.state.store.balances(id).await.unwrap(),
        status: app.state.store.order(id).await.unwrap().unwrap().status,
        history: app.state.store.status_history(id).await.unwrap().len(),
        audit_entries: audited(app, subject, action).await,
    }
}

/// Crashes `path` at each point in turn, checking that a crash leaves
/// `before` as it was, until a try commits; answers that try's reply and
/// how many crashes came before it.
async fn crash_until_done(
    app: &TestApp,
    checker: &Member,
    path: &str,
    form: &[(&str, &str)],
    before: &Standing,
    now: impl AsyncFn() -> Standing,
) -> (Value, usize) {
    for (crashes, point) in CRASH_POINTS.iter().enumerate() {
        app.failpoints.arm(point).unwrap();
        let (status, reply) = send(app, checker, "POST", path, form).await;
        if status == 200 {
            return (reply, crashes);
        }
        assert_eq!(status, 500, "a crash at {point} is an internal error: {reply}");
        assert_eq!(&now().await, before, "a crash at {point} left part of the action");
    }
    panic!("{path} never committed");
}

crate::on_both_stores! {
    async fn a_waiver_approval_crashed_between_any_two_writes_leaves_all_or_nothing(app) {
        let demo = app.demo_session().await;
        let order = order_in(&demo, 180).order_id;
        let maker = named_member(&app, Role::Finance, "maker").await;
        let checker = named_member(&app, Role::Finance, "checker").await;
        let id = order.to_string();
        let waive = [("orderId", id.as_str()), ("bucket", "interest"), ("amount", "7300"), ("reason", "complaint upheld: late posting")];
        let (status, proposed) = send(&app, &maker, "POST", "/api/console/adjustments/propose", &waive).await;
        assert_eq!(status, 200, "{proposed}");
        let proposal = proposed["data"]["id"].to_string();
        let subject = format!("adjustment:{proposal}");
        let proposal_status = |app: &TestApp| {
            let (store, proposal) = (app.state.store.clone(), proposal.parse::<i64>().unwrap());
            async move { store.adjustment(proposal).await.unwrap().unwrap().status }
        };
        let before = standing(&app, order, &subject, "adjustment.approve").await;
        assert_eq!(before.audit_entries, 0);

        let (_, crashes) = crash_until_done(&app, &checker, "/api/console/adjustments/approve", &[("id", &proposal)], &before, async || {
            assert_eq!(proposal_status(&app).await, "proposed", "a crashed approval decides nothing");
            standing(&app, order, &subject, "adjustment.approve").await
        })
        .await;
        assert_eq!(crashes, 5, "inside the posting, at the commit, and before each of its 3 writes (posting, decision, audit)");
        let after = standing(&app, order, &subject, "adjustment.approve").await;
        assert_eq!(proposal_status(&app).await, "approved");
        assert_eq!(after.audit_entries, 1, "audited exactly when approved");
        assert_eq!(after.balances.dues().interest.get(), before.balances.dues().interest.get() - 7_300, "waived once");
        assert!(after.entries > before.entries);
        // A retry after it committed changes nothing.
        assert_eq!(send(&app, &checker, "POST", "/api/console/adjustments/approve", &[("id", &proposal)]).await.0, 409);
        assert_eq!(standing(&app, order, &subject, "adjustment.approve").await, after);
    }

    async fn a_reversal_approval_crashed_between_any_two_writes_leaves_all_or_nothing(app with [("APP_PAYMENTS__SANDBOX_SECRET", "sandbox-secret-for-tests")]) {
        let demo = app.demo_session().await;
        let order = order_in(&demo, 174).order_id;
        let (payment, paid) = crate::console::reversals::pay_in_full(&app, &demo.session_id, order, "MAYA-CRASH-1").await;
        let maker = named_member(&app, Role::Finance, "maker").await;
        let checker = named_member(&app, Role::Finance, "checker").await;
        let form = [("orderId", order.to_string()), ("entryId", payment.to_string()), ("reason", "GCash reversed the transfer".to_owned())];
        let form: Vec<(&str, &str)> = form.iter().map(|(key, value)| (*key, value.as_str())).collect();
        let (status, proposed) = send(&app, &maker, "POST", "/api/console/reversals/propose", &form).await;
        assert_eq!(status, 200, "{proposed}");
        let proposal = proposed["data"]["id"].to_string();
        let subject = format!("reversal:{proposal}");
        let texts = |app: &TestApp| {
            let store = app.state.store.clone();
            async move { store.outbox(None, 1000).await.unwrap().len() }
        };
        let texts_before = texts(&app).await;
        let before = standing(&app, order, &subject, "reversal.approve").await;
        assert_eq!(before.status, OrderStatus::Repaid);

        let (reply, crashes) = crash_until_done(&app, &checker, "/api/console/reversals/approve", &[("id", &proposal)], &before, async || {
            assert_eq!(texts(&app).await, texts_before, "no text reports a reversal that did not stand");
            standing(&app, order, &subject, "reversal.approve").await
        })
        .await;
        assert_eq!(crashes, 4, "inside the posting, at the commit, and before each of its 2 writes (posting with the approval, audit)");
        let after = standing(&app, order, &subject, "reversal.approve").await;
        assert_eq!(after.status, OrderStatus::RepaymentOpen, "{reply}");
        assert_eq!(after.history, before.history + 1, "moved once");
        assert_eq!(after.audit_entries, 1, "audited exactly when approved");
        assert_eq!(reply["data"]["owed"], paid, "owes the payment again, once: {reply}");
        assert_eq!(after.balances.sum(), 0, "the ledger balances");
        assert_eq!(texts(&app).await, texts_before + 1, "the borrower is told once");
        assert_eq!(send(&app, &checker, "POST", "/api/console/reversals/approve", &[("id", &proposal)]).await.0, 409);
        assert_eq!(standing(&app, order, &subject, "reversal.approve").await, after);
    }

    async fn a_payout_crashed_inside_its_posting_leaves_the_loan_waiting_and_the_next_try_sends_it_once(app) {
        use crate::disbursement::{approved_loan, bind_bank, confirm};
        let (session, product, order) = approved_loan(&app).await;
        confirm(&app, &session, &product, &order).await;
        let order = OrderId(order.parse().unwrap());
        assert_eq!(app.state.store.order(order).await.unwrap().unwrap().status, OrderStatus::Disbursing);
        // Binding an account tries the payout at once: the gateway sends it,
        // and the store crashes inside the posting of the money out.
        app.failpoints.arm("post_to_order:after_entries").unwrap();
        assert_eq!(bind_bank(&app, &session, "BPI", "001234567890").await.0, 200);
        assert_eq!(app.state.store.order(order).await.unwrap().unwrap().status, OrderStatus::Disbursing, "no move without its money");
        assert!(app.state.store.ledger_entries(order).await.unwrap().is_empty(), "no money out without its move");
        assert!(app.state.store.loan_account(order).await.unwrap().is_none(), "no account opened");
        // The next try (the daily run's) sends it once.
        let sent = hiram::services::disbursements::disburse(&app.state, order).await.unwrap();
        assert_eq!(sent, hiram::services::disbursements::Disbursed::Sent);
        let entries = app.state.store.ledger_entries(order).await.unwrap();
        assert_eq!(entries.len(), 1, "one disbursement: {entries:?}");
        assert_eq!(entries[0].key, format!("disbursement:{}", order.0));
        assert_eq!(app.state.store.order(order).await.unwrap().unwrap().status, OrderStatus::RepaymentOpen);
        assert!(app.state.store.loan_account(order).await.unwrap().is_some());
        let moves = app.state.store.status_history(order).await.unwrap();
        assert_eq!(moves.iter().filter(|change| change.to == OrderStatus::RepaymentOpen).count(), 1);
        assert_eq!(hiram::services::disbursements::disburse(&app.state, order).await.unwrap(), hiram::services::disbursements::Disbursed::NotDisbursing);
    }
}
