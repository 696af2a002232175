//! The daily run: overdue orders and late penalties within the caps.

use crate::helpers::order_in;
use hiram_domain::ledger::{Balances, EntryKind, Side};
use hiram_domain::order::OrderId;

async fn ledger_of(app: &crate::helpers::TestApp, order: i64) -> Vec<hiram_domain::store::StoredEntry> {
    app.state.store.ledger_entries(OrderId(order)).await.unwrap()
}

crate::on_both_stores! {
    async fn an_overdue_loan_accrues_one_penalty_a_day_once(app) {
        let demo = app.demo_session().await;
        let order = order_in(&demo, 180).order_id;
        let before = ledger_of(&app, order).await.len();
        let first = hiram::services::daily::run(&app.state).await.unwrap();
        assert!(first.penalty_days_posted >= 7, "{first:?}");
        let after_first = ledger_of(&app, order).await.len();
        assert_eq!(after_first - before, first.penalty_days_posted);
        let again = hiram::services::daily::run(&app.state).await.unwrap();
        assert_eq!(again.penalty_days_posted, 0, "re-running charges nothing twice");
        assert_eq!(ledger_of(&app, order).await.len(), after_first);
    }

    async fn a_loan_past_its_due_date_becomes_overdue_and_penalties_stop_at_the_caps(app) {
        let demo = app.demo_session().await;
        let order = order_in(&demo, 174).order_id;
        // 91-day loan received 10 days ago: 200 days on it is 119 days late.
        app.clock.advance(time::Duration::days(200));
        let report = hiram::services::daily::run(&app.state).await.unwrap();
        assert!(report.became_overdue >= 1);
        let status = app.state.store.order(OrderId(order)).await.unwrap().unwrap().status;
        assert_eq!(status, hiram_domain::order::OrderStatus::Overdue, "the demo session itself has expired by now");
        let entries = ledger_of(&app, order).await;
        let penalties: Vec<(i64, i64)> = entries
            .iter()
            .filter(|entry| entry.entry.kind == EntryKind::Penalty)
            .map(|entry| {
                let day: i64 = entry.key.rsplit(':').next().unwrap().parse().unwrap();
                let amount = entry.entry.lines.iter().filter(|line| line.side == Side::Debit).map(|line| line.amount.get()).sum();
                (day, amount)
            })
            .collect();
        assert!(!penalties.is_empty());
        // ₱5,000 + ₱606.66 due: at most 5% (₱280.33) in any 30-day window.
        for window in 0..4 {
            let charged: i64 = penalties.iter().filter(|(day, _)| (day - 1) / 30 == window).map(|(_, amount)| amount).sum();
            assert!(charged <= 28_033, "window {window}: {charged}");
        }
        let balances = Balances::of(&entries.iter().map(|entry| entry.entry.clone()).collect::<Vec<_>>());
        assert!(balances.cost_charged() <= 500_000, "interest, fees and penalties within the principal");
        assert_eq!(balances.sum(), 0);
    }

    async fn daily_runs_at_once_all_finish_and_charge_each_day_once(app) {
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
        let posted: usize = reports.iter().map(|report| report.penalty_days_posted).sum();
        let after = ledger_of(&app, open).await.len() + ledger_of(&app, overdue).await.len();
        assert!(posted > 0, "{reports:?}");
        assert_eq!(after - before, posted, "each day charged once, and counted by the run that charged it: {reports:?}");
        assert_eq!(reports.iter().map(|report| report.became_overdue).sum::<usize>(), 1, "{reports:?}");
        assert!(reports.iter().all(|report| report.orders_failed == 0), "{reports:?}");
        let keys: Vec<String> = ledger_of(&app, open).await.into_iter().map(|entry| entry.key).collect();
        let mut unique = keys.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), keys.len(), "no key twice");
        let again = hiram::services::daily::run(&app.state).await.unwrap();
        assert_eq!(again.penalty_days_posted, 0, "nothing left for a later run");
    }

    async fn a_page_another_run_holds_is_left_to_it_until_its_claim_runs_out(app with [
        ("APP_JOBS__DAILY_PAGE_ORDERS", "1"),
    ]) {
        let demo = app.demo_session().await;
        let (open, overdue) = (order_in(&demo, 174).order_id, order_in(&demo, 180).order_id);
        let store = &app.state.store;
        let held = store.repayable_page(OrderId(0), 1).await.unwrap()[0].order.id;
        let other = if held.0 == open { overdue } else { open };
        assert!([open, overdue].contains(&held.0), "the demo's repayable orders are 174 and 180");
        app.clock.advance(time::Duration::days(120));
        // Another run (a process that stopped, say) holds the first page.
        let now = app.state.now();
        assert!(store.claim_daily_page(held, now, now + time::Duration::minutes(10)).await.unwrap());
        assert!(!store.claim_daily_page(held, now, now + time::Duration::minutes(10)).await.unwrap(), "held");
        let (held_before, other_before) = (ledger_of(&app, held.0).await.len(), ledger_of(&app, other).await.len());
        let first = hiram::services::daily::run(&app.state).await.unwrap();
        assert_eq!(first.pages_left_to_others, 1, "{first:?}");
        assert_eq!(first.pages_finished, 1, "{first:?}");
        assert_eq!(ledger_of(&app, held.0).await.len(), held_before, "the held page is not this run's");
        assert_eq!(ledger_of(&app, other).await.len() - other_before, first.penalty_days_posted, "{first:?}");
        assert!(first.penalty_days_posted > 0, "{first:?}");
        // Its claim runs out: the next run takes the page over.
        app.clock.advance(time::Duration::minutes(11));
        let other_after_first = ledger_of(&app, other).await.len();
        let second = hiram::services::daily::run(&app.state).await.unwrap();
        assert_eq!((second.pages_finished, second.pages_left_to_others), (2, 0), "{second:?}");
        let held_charged = ledger_of(&app, held.0).await.len() - held_before;
        assert!(held_charged > 0, "{second:?}");
        // (11 minutes may cross midnight in Manila, adding a day to the other.)
        let other_charged = ledger_of(&app, other).await.len() - other_after_first;
        assert_eq!(held_charged + other_charged, second.penalty_days_posted, "{second:?}");
        // A finished page is let go: a later run looks again (and finds nothing owed).
        let third = hiram::services::daily::run(&app.state).await.unwrap();
        assert_eq!((third.pages_finished, third.penalty_days_posted), (2, 0), "{third:?}");
        assert_balances_are_the_ledger(&app, &[open, overdue]).await;
    }

    async fn an_order_failing_in_a_batch_leaves_the_others_charged(app with [
        ("APP_DATABASE__FAILPOINTS", "post_to_order:after_entries"),
    ]) {
        let demo = app.demo_session().await;
        let (open, overdue) = (order_in(&demo, 174).order_id, order_in(&demo, 180).order_id);
        app.clock.advance(time::Duration::days(120));
        let before = ledger_of(&app, open).await.len() + ledger_of(&app, overdue).await.len();
        let first = hiram::services::daily::run(&app.state).await.unwrap();
        assert_eq!(first.orders_failed, 1, "the first order of the batch fails once: {first:?}");
        assert!(first.penalty_days_posted > 0, "the batch's other orders are charged: {first:?}");
        let after_first = ledger_of(&app, open).await.len() + ledger_of(&app, overdue).await.len();
        let second = hiram::services::daily::run(&app.state).await.unwrap();
        assert_eq!(second.orders_failed, 0, "{second:?}");
        assert!(second.penalty_days_posted > 0, "the next run charges the failed order: {second:?}");
        let after = ledger_of(&app, open).await.len() + ledger_of(&app, overdue).await.len();
        assert_eq!(after - before, first.penalty_days_posted + second.penalty_days_posted, "each day once");
        assert!(after > after_first);
        assert_balances_are_the_ledger(&app, &[open, overdue]).await;
        let third = hiram::services::daily::run(&app.state).await.unwrap();
        assert_eq!(third.penalty_days_posted, 0, "nothing left: {third:?}");
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
        assert_balances_are_the_ledger(&app, &[order]).await;
    }

    async fn a_batch_whose_commit_fails_is_posted_order_by_order(app with [
        ("APP_DATABASE__FAILPOINTS", "post_to_orders:before_commit"),
    ]) {
        let demo = app.demo_session().await;
        let (open, overdue) = (order_in(&demo, 174).order_id, order_in(&demo, 180).order_id);
        app.clock.advance(time::Duration::days(120));
        let before = ledger_of(&app, open).await.len() + ledger_of(&app, overdue).await.len();
        let report = hiram::services::daily::run(&app.state).await.unwrap();
        assert_eq!(report.orders_failed, 0, "{report:?}");
        assert_eq!(report.became_overdue, 1, "{report:?}");
        let after = ledger_of(&app, open).await.len() + ledger_of(&app, overdue).await.len();
        assert!(report.penalty_days_posted > 0, "{report:?}");
        assert_eq!(after - before, report.penalty_days_posted, "the batch's days, each once: {report:?}");
        let status = app.state.store.order(OrderId(open)).await.unwrap().unwrap().status;
        assert_eq!(status, hiram_domain::order::OrderStatus::Overdue);
        assert_balances_are_the_ledger(&app, &[open, overdue]).await;
    }
}

/// The balance row each posting keeps equals the fold of the order's ledger.
async fn assert_balances_are_the_ledger(app: &crate::helpers::TestApp, orders: &[i64]) {
    for &order in orders {
        let entries: Vec<_> = ledger_of(app, order).await.into_iter().map(|stored| stored.entry).collect();
        let kept = app.state.store.balances(OrderId(order)).await.unwrap();
        assert_eq!(kept, Balances::of(&entries), "order {order}");
    }
}
