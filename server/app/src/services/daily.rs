//! The daily run: payouts still waiting are tried again, an order whose due date passed with money unpaid becomes
//! overdue (174 → 180), and each day late accrues the product's penalty
//! schedule, capped for covered loans (D4). Re-running it charges nothing
//! twice: each day's penalty is posted under the key `penalty:ORDER:DAY`.

use crate::services::money_in::balances;
use crate::services::{ServiceError, ServiceResult};
use crate::state::AppState;
use hiram_domain::ledger;
use hiram_domain::money::Centavos;
use hiram_domain::order::{Order, OrderStatus, Transition};
use hiram_domain::pricing::{PenaltyDay, penalty_for_day};
use hiram_domain::repayment::{next_unpaid_due, plan_status};
use hiram_domain::store::IdempotencyKey;

#[derive(Debug, Default, PartialEq, Eq)]
pub struct DailyReport {
    /// Waiting payouts (170) that went out or were refused.
    pub payouts_finished: usize,
    pub became_overdue: usize,
    pub penalty_days_posted: usize,
}

/// Runs the day for every order with money owed.
pub async fn run(state: &AppState) -> ServiceResult<DailyReport> {
    let mut report = DailyReport {
        payouts_finished: crate::services::disbursements::disburse_waiting(state, None).await?,
        ..DailyReport::default()
    };
    for order in state.store.repayable_orders().await? {
        accrue(state, &order, &mut report).await?;
    }
    Ok(report)
}

async fn accrue(state: &AppState, order: &Order, report: &mut DailyReport) -> ServiceResult<()> {
    let Some(product) = state.store.product(order.product_id).await? else { return Ok(()) };
    let today = state.today();
    let current = balances(state, order.id).await?;
    let Some(due) = next_unpaid_due(&plan_status(order, &product, &current, today)) else { return Ok(()) };
    let days_late = (today - due).whole_days();
    if days_late < 1 {
        return Ok(());
    }
    if order.status == OrderStatus::RepaymentOpen {
        state
            .move_order(&Transition {
                order_id: order.id,
                from: OrderStatus::RepaymentOpen,
                to: OrderStatus::Overdue,
                cause: format!("due date {due} passed with an amount unpaid"),
                at: state.now(),
                due_date: None,
            })
            .await?;
        report.became_overdue += 1;
    }
    let covered = order.is_covered();
    let orders = state.store.orders_of(order.borrower_id).await?;
    let repeat_borrower = orders.iter().any(|other| other.status == OrderStatus::Repaid);
    let prefix = format!("penalty:{}:", order.id.0);
    for day in 1..=days_late {
        let key = IdempotencyKey { key: format!("{prefix}{day}"), fingerprint: [0; 32] };
        let entries = state.store.ledger_entries(order.id).await?;
        if entries.iter().any(|entry| entry.key == key.key) {
            continue;
        }
        let window_start = (day - 1) / 30 * 30 + 1;
        let accrued_this_window: i64 = entries
            .iter()
            .filter_map(|entry| {
                entry.key.strip_prefix(&prefix).and_then(|day| day.parse::<i64>().ok()).map(|d| (d, entry))
            })
            .filter(|(d, _)| (window_start..day).contains(d))
            .map(|(_, entry)| entry.entry.amount().get())
            .sum();
        let balances = ledger::Balances::of(&entries.iter().map(|entry| entry.entry.clone()).collect::<Vec<_>>());
        let dues = balances.dues();
        let charge = penalty_for_day(
            &product.terms.penalty,
            &PenaltyDay {
                day_late: day,
                amount_due: Centavos::new(dues.principal.get() + dues.interest.get() + dues.fees.get()),
                accrued_this_window: Centavos::new(accrued_this_window),
                total_cost_so_far: Centavos::new(balances.cost_charged()),
                principal: order.principal,
                repeat_borrower,
                covered,
            },
        );
        let entry = ledger::penalty(charge).map_err(|error| ServiceError::Refused(error.to_string()))?;
        if let Some(entry) = entry {
            state.store.post_entry(order.id, &entry, &key, state.now()).await?;
            report.penalty_days_posted += 1;
        }
    }
    Ok(())
}
