//! The daily run (decision 056): each loan with work on the day (an
//! instalment falling due, a loan becoming overdue) is brought to the day
//! once, its interest and penalties posted with its account, however many
//! runs there are; loans with nothing to do are not touched.

use crate::helpers::{account_matching_ledger, loan_made, order_in};
use hiram_domain::ledger::{Balances, EntryKind, Side};
use hiram_domain::order::{OrderId, OrderStatus};

async fn ledger_of(app: &crate::helpers::TestApp, order: i64) -> Vec<hiram_domain::store::StoredEntry> {
    app.state.store.ledger_entries(OrderId(order)).await.unwrap()
}

/// Debits of `kind` entries on the order, in centavos.
fn posted(entries: &[hiram_domain::store::StoredEntry], kind: EntryKind) -> i64 {
    entries
        .iter()
        .filter(|stored| stored.entry.kind == kind)
        .flat_map(|stored| stored.entry.lines.iter().filter(|line| line.side == Side::Debit))
        .map(|line| line.amount.get())
        .sum()
}

/// Days from the demo's open loan's payout to its due date: it was sent on
/// the day it was applied for, 11 days ago, for 91 days.
async fn days_to_due(app: &crate::helpers::TestApp, order: i64) -> i64 {
    let held = app.state.store.order(OrderId(order)).await.unwrap().unwrap();
    (held.due_date.unwrap() - app.state.today()).whole_days()
}

crate::on_both_stores! {
    async fn a_loan_falling_due_is_charged_its_interest_once_and_becomes_overdue_the_next_day(app) {
        let demo = app.demo_session().await;
        let order = order_in(&demo, 174).order_id;
        let first = hiram::services::daily::run(&app.state).await.unwrap();
        assert_eq!(first.loans_posted, 0, "nothing falls due today: {first:?}");
        let to_due = days_to_due(&app, order).await;
        app.clock.advance(time::Duration::days(to_due));
        let due_day = hiram::services::daily::run(&app.state).await.unwrap();
        assert_eq!((due_day.loans_posted, due_day.became_overdue), (1, 0), "{due_day:?}");
        // ₱5,000 at 4% a month for 91 days, on the declining balance: the
        // whole principal owed every day, ₱606.66.
        assert_eq!(posted(&ledger_of(&app, order).await, EntryKind::Interest), 60_666);
        let again = hiram::services::daily::run(&app.state).await.unwrap();
        assert_eq!(again.loans_posted, 0, "re-running charges nothing twice: {again:?}");
        app.clock.advance(time::Duration::days(1));
        let late = hiram::services::daily::run(&app.state).await.unwrap();
        assert_eq!((late.loans_posted, late.became_overdue), (1, 1), "{late:?}");
        assert_eq!(app.state.store.order(OrderId(order)).await.unwrap().unwrap().status, OrderStatus::Overdue);
        // Day 1 late: the one-time ₱15 of a repeat borrower (the demo
        // borrower repaid a loan before) and 0.10% of the ₱5,606.66 overdue.
        assert_eq!(posted(&ledger_of(&app, order).await, EntryKind::Penalty), 1_500 + 560);
        account_matching_ledger(&app, OrderId(order)).await;
        let after = ledger_of(&app, order).await.len();
        let again = hiram::services::daily::run(&app.state).await.unwrap();
        assert_eq!(again.loans_posted, 0, "{again:?}");
        assert_eq!(ledger_of(&app, order).await.len(), after);
    }

    async fn an_overdue_loans_penalties_are_the_agreements_figures_day_by_day(app) {
        let demo = app.demo_session().await;
        let order = order_in(&demo, 174).order_id;
        app.clock.advance(time::Duration::days(200));
        let report = hiram::services::daily::run(&app.state).await.unwrap();
        assert_eq!(report.became_overdue, 1, "{report:?}");
        let account = account_matching_ledger(&app, OrderId(order)).await;
        let due = account.instalments[0].due_date;
        let late = (app.state.today() - due).whole_days();
        assert!(late > 100, "{late} days late");
        // Clause 5: ₱15 once (a repeat borrower), then each day 0.10% (days 1–30), 0.08%
        // (31–90), 0.04% (from 91) of the ₱5,606.66 overdue, each day
        // rounded down; a month of it stays within 5% (₱280.33), and the
        // loan's whole cost within its ₱5,000.
        let daily = |day: i64| 560_666 * match day { 1..=30 => 10, 31..=90 => 8, _ => 4 } / 10_000;
        let expected: i64 = 1_500 + (1..=late).map(daily).sum::<i64>();
        assert_eq!(posted(&ledger_of(&app, order).await, EntryKind::Penalty), expected);
        assert!(1_500 + (1..=30).map(daily).sum::<i64>() <= 28_033);
        assert!(account.cost_charged.get() <= 500_000);
        let again = hiram::services::daily::run(&app.state).await.unwrap();
        assert_eq!(again.loans_posted, 0, "an overdue loan waits for its borrower: {again:?}");
    }

    async fn daily_runs_at_once_all_finish_and_bring_each_loan_to_the_day_once(app) {
        let demo = app.demo_session().await;
        let (open, overdue) = (order_in(&demo, 174).order_id, order_in(&demo, 180).order_id);
        app.clock.advance(time::Duration::days(120));
        let before = ledger_of(&app, open).await.len() + ledger_of(&app, overdue).await.len();
        let (first, second, third) = tokio::join!(
            hiram::services::daily::run(&app.state),
            hiram::services::daily::run(&app.state),
            hiram::services::daily::run(&app.state),
        );
        let reports = [first.unwrap(), second.unwrap(), third.unwrap()];
        let loans: usize = reports.iter().map(|report| report.loans_posted).sum();
        assert_eq!(loans, 1, "the open loan, by one run: {reports:?}");
        assert_eq!(reports.iter().map(|report| report.became_overdue).sum::<usize>(), 1, "{reports:?}");
        assert!(reports.iter().all(|report| report.orders_failed == 0), "{reports:?}");
        let after = ledger_of(&app, open).await.len() + ledger_of(&app, overdue).await.len();
        assert_eq!(after - before, 2, "its interest and its penalties, once: {reports:?}");
        let keys: Vec<String> = ledger_of(&app, open).await.into_iter().map(|entry| entry.key).collect();
        let mut unique = keys.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), keys.len(), "no key twice");
        account_matching_ledger(&app, OrderId(open)).await;
        account_matching_ledger(&app, OrderId(overdue)).await;
    }

    async fn a_page_another_run_holds_is_left_to_it_until_its_claim_runs_out(app with [
        ("APP_JOBS__DAILY_PAGE_ORDERS", "1"),
    ]) {
        let demo = app.demo_session().await;
        let open = order_in(&demo, 174).order_id;
        let other = loan_made(&app, "Bayanihan Cash Express", 3_000, 11, "09181110001", OrderStatus::RepaymentOpen).await.0;
        app.clock.advance(time::Duration::days(120));
        let store = &app.state.store;
        let page = store.due_page(app.state.today(), OrderId(0), 1).await.unwrap();
        let held = page[0].order.id;
        let free = if held.0 == open { other } else { open };
        assert!([open, other].contains(&held.0), "the loans with work are the two open ones");
        // Another run (a process that stopped, say) holds the first page.
        let now = app.state.now();
        assert!(store.claim_daily_page(held, now, now + time::Duration::minutes(10)).await.unwrap());
        assert!(!store.claim_daily_page(held, now, now + time::Duration::minutes(10)).await.unwrap(), "held");
        let held_before = ledger_of(&app, held.0).await.len();
        let first = hiram::services::daily::run(&app.state).await.unwrap();
        assert_eq!((first.pages_left_to_others, first.pages_finished, first.loans_posted), (1, 1, 1), "{first:?}");
        assert_eq!(ledger_of(&app, held.0).await.len(), held_before, "the held page is not this run's");
        account_matching_ledger(&app, OrderId(free)).await;
        // Its claim runs out: the next run takes the page over.
        app.clock.advance(time::Duration::minutes(11));
        let second = hiram::services::daily::run(&app.state).await.unwrap();
        assert_eq!(second.pages_left_to_others, 0, "{second:?}");
        assert!(ledger_of(&app, held.0).await.len() > held_before, "{second:?}");
        // A finished page is let go: a later run looks again and finds
        // nothing to do.
        let third = hiram::services::daily::run(&app.state).await.unwrap();
        assert_eq!((third.pages_left_to_others, third.loans_posted), (0, 0), "{third:?}");
        for order in [open, other] {
            account_matching_ledger(&app, OrderId(order)).await;
        }
    }

    async fn a_loan_failing_in_a_batch_leaves_the_others_posted(first) {
        let demo = first.demo_session().await;
        let open = order_in(&demo, 174).order_id;
        let other = loan_made(&first, "Bayanihan Cash Express", 3_000, 11, "09181110002", OrderStatus::RepaymentOpen).await.0;
        // The same database, served by a process whose store fails once
        // where a loan's posting would.
        let app = crate::helpers::TestApp::start(&first.database_url, &[("APP_DATABASE__FAILPOINTS", "post_to_order:after_entries")])
            .await
            .unwrap();
        app.clock.advance(time::Duration::days(120));
        let first = hiram::services::daily::run(&app.state).await.unwrap();
        assert_eq!(first.orders_failed, 1, "the first loan of the batch fails once: {first:?}");
        assert_eq!(first.loans_posted, 1, "the batch's other loan is posted: {first:?}");
        let second = hiram::services::daily::run(&app.state).await.unwrap();
        assert_eq!((second.orders_failed, second.loans_posted), (0, 1), "the next run posts the failed loan: {second:?}");
        for order in [open, other] {
            account_matching_ledger(&app, OrderId(order)).await;
            assert_eq!(app.state.store.order(OrderId(order)).await.unwrap().unwrap().status, OrderStatus::Overdue);
        }
        let third = hiram::services::daily::run(&app.state).await.unwrap();
        assert_eq!(third.loans_posted, 0, "nothing left: {third:?}");
    }

    async fn a_batch_aborted_for_contention_runs_again_and_commits_once(app with [
        ("APP_DATABASE__FAILPOINTS", "post_to_orders:serialization_failure"),
    ]) {
        use hiram_domain::store::{OrderChanges, OrderEvent, OrderPosting};
        let demo = app.demo_session().await;
        let order = order_in(&demo, 174).order_id;
        let before = ledger_of(&app, order).await.len();
        let key = hiram_domain::store::IdempotencyKey { key: format!("contention-test:{order}"), fingerprint: [0; 32] };
        let entry = hiram_domain::ledger::penalty(hiram_domain::money::Centavos::from_pesos(5)).unwrap().unwrap();
        let changes = OrderChanges { entries: vec![(entry, key.clone())], ..OrderChanges::default() };
        let decide = move |_: &hiram_domain::store::HeldOrder| Ok(changes.clone());
        let events = [OrderEvent { order: OrderId(order), key: key.clone(), decide: &decide }];
        // The batch's transaction is aborted with SQLSTATE 40001 just before
        // its commit (on PostgreSQL by the server itself): without the retry
        // the call fails; with it, the batch runs again and commits.
        let postings = app.state.store.post_to_orders(&events, app.state.now()).await.expect("retried after 40001");
        assert!(matches!(postings.as_slice(), [Ok(Ok(OrderPosting::Posted { .. }))]), "{postings:?}");
        let entries = ledger_of(&app, order).await;
        assert_eq!(entries.len(), before + 1, "one entry, however many runs");
        assert_eq!(entries.iter().filter(|entry| entry.key == key.key).count(), 1);
        let kept = app.state.store.balances(OrderId(order)).await.unwrap();
        assert_eq!(kept, Balances::of(&entries.into_iter().map(|stored| stored.entry).collect::<Vec<_>>()));
    }

    async fn a_batch_whose_commit_fails_is_posted_loan_by_loan(app with [
        ("APP_DATABASE__FAILPOINTS", "post_to_orders:before_commit"),
    ]) {
        let demo = app.demo_session().await;
        let open = order_in(&demo, 174).order_id;
        let other = loan_made(&app, "Bayanihan Cash Express", 3_000, 11, "09181110003", OrderStatus::RepaymentOpen).await.0;
        app.clock.advance(time::Duration::days(120));
        let report = hiram::services::daily::run(&app.state).await.unwrap();
        assert_eq!((report.orders_failed, report.loans_posted, report.became_overdue), (0, 2, 2), "{report:?}");
        for order in [open, other] {
            account_matching_ledger(&app, OrderId(order)).await;
            assert_eq!(app.state.store.order(OrderId(order)).await.unwrap().unwrap().status, OrderStatus::Overdue);
        }
    }
}
