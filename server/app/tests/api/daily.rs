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
}
