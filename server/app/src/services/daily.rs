//! The daily run: payouts still waiting are tried again, an order whose due date passed with money unpaid becomes
//! overdue (174 → 180), and each day late accrues the product's penalty
//! schedule, capped for covered loans (D4). Re-running it charges nothing
//! twice: each day's penalty is posted under the key `penalty:ORDER:DAY`
//! (`penalty:ORDER:rN:DAY` for a lateness after N rollovers).

use crate::services::money_in::balances;
use crate::services::{ServiceError, ServiceResult};
use crate::state::AppState;
use hiram_domain::ledger;
use hiram_domain::money::Centavos;
use hiram_domain::order::{Order, OrderStatus, Transition};
use hiram_domain::pricing::{PenaltyDay, penalty_for_day};
use hiram_domain::product::Product;
use hiram_domain::repayment::{next_unpaid_due, plan_status};
use hiram_domain::store::{IdempotencyKey, Posting, StoredEntry};

#[derive(Debug, Default, PartialEq, Eq)]
pub struct DailyReport {
    /// Waiting payouts (170) that went out or were refused.
    pub payouts_finished: usize,
    pub became_overdue: usize,
    pub penalty_days_posted: usize,
    /// Orders another process (a second daily run, a payment) moved on
    /// while this run looked at them: that process's state stands, and the
    /// next run looks again.
    pub orders_skipped: usize,
    /// Orders whose step failed (logged); the rest of the batch still ran.
    pub orders_failed: usize,
}

/// Runs the day for every order with money owed. One order's trouble never
/// stops the others: an order moved on by another process is skipped, and
/// a failure is logged and counted, so several runs at once (several
/// servers, or `hiram daily` beside them) all finish.
pub async fn run(state: &AppState) -> ServiceResult<DailyReport> {
    let mut report = DailyReport {
        payouts_finished: crate::services::disbursements::disburse_waiting(state, None).await?,
        ..DailyReport::default()
    };
    for order in state.store.repayable_orders().await? {
        match accrue(state, &order, &mut report).await {
            Ok(()) => {}
            Err(ServiceError::Stale) => report.orders_skipped += 1,
            Err(error) => {
                tracing::error!(order.id = order.id.0, %error, "daily run: order left for the next run");
                report.orders_failed += 1;
            }
        }
    }
    Ok(report)
}

/// Days late count from the due date as it stands. A lateness that a
/// rollover (180 → 174) ended is over: a later one counts from day 1 again,
/// under keys of its own (`penalty:ORDER:rN:DAY` after N rollovers), so its
/// days are charged rather than mistaken for the first lateness's. Orders
/// never rolled over keep `penalty:ORDER:DAY`.
async fn penalty_prefix(state: &AppState, order: &Order) -> ServiceResult<String> {
    let rollovers = match order.extensions {
        0 => 0,
        _ => state
            .store
            .status_history(order.id)
            .await?
            .iter()
            .filter(|change| change.from == Some(OrderStatus::Overdue) && change.to == OrderStatus::RepaymentOpen)
            .count(),
    };
    Ok(match rollovers {
        0 => format!("penalty:{}:", order.id.0),
        n => format!("penalty:{}:r{n}:", order.id.0),
    })
}

/// Penalties posted for the days of `day`'s 30-day window before it.
fn accrued_in_window(entries: &[StoredEntry], prefix: &str, day: i64) -> i64 {
    let window_start = (day - 1) / 30 * 30 + 1;
    entries
        .iter()
        .filter_map(|entry| entry.key.strip_prefix(prefix).and_then(|day| day.parse::<i64>().ok()).map(|d| (d, entry)))
        .filter(|(d, _)| (window_start..day).contains(d))
        .map(|(_, entry)| entry.entry.amount().get())
        .sum()
}

/// Where an overdue loan stands today, for the borrower (issue 16): days
/// late, penalties so far, the balance today, and what one more day late
/// adds under the schedule, or that a cap stops it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OverdueStanding {
    pub days_late: i64,
    /// Late penalties charged so far (net of any waived).
    pub penalties_so_far: Centavos,
    /// Everything owed today.
    pub balance_today: Centavos,
    /// What tomorrow's penalty adds.
    pub next_day_adds: Centavos,
    /// Whether a BSP cap holds tomorrow's penalty below the schedule.
    pub cap_reached: bool,
}

/// `None` when the loan is not past its first unpaid due date.
pub async fn overdue_standing(
    state: &AppState,
    order: &Order,
    product: &Product,
) -> ServiceResult<Option<OverdueStanding>> {
    let today = state.today();
    let current = balances(state, order.id).await?;
    let Some(due) = next_unpaid_due(&plan_status(order, product, &current, today)) else { return Ok(None) };
    let days_late = (today - due).whole_days();
    if days_late < 1 || !order.status.is_repayable() {
        return Ok(None);
    }
    let entries = state.store.ledger_entries(order.id).await?;
    let orders = state.store.orders_of(order.borrower_id).await?;
    let dues = current.dues();
    let tomorrow = days_late + 1;
    let day = PenaltyDay {
        day_late: tomorrow,
        amount_due: Centavos::new(dues.principal.get() + dues.interest.get() + dues.fees.get()),
        accrued_this_window: Centavos::new(accrued_in_window(&entries, &penalty_prefix(state, order).await?, tomorrow)),
        total_cost_so_far: Centavos::new(current.cost_charged()),
        principal: order.principal,
        repeat_borrower: orders.iter().any(|other| other.status == OrderStatus::Repaid),
        covered: order.is_covered(),
    };
    let next_day_adds = penalty_for_day(&product.terms.penalty, &day);
    let scheduled = penalty_for_day(&product.terms.penalty, &PenaltyDay { covered: false, ..day });
    Ok(Some(OverdueStanding {
        days_late,
        penalties_so_far: Centavos::new(-current.net(ledger::Account::PenaltyIncome)),
        balance_today: dues.total().max(Centavos::ZERO),
        next_day_adds,
        cap_reached: next_day_adds < scheduled,
    }))
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
    // Days late count from the due date as it stands; after a rollover a new
    // lateness counts from day 1 again, under keys of its own.
    let prefix = penalty_prefix(state, order).await?;
    for day in 1..=days_late {
        let key = IdempotencyKey { key: format!("{prefix}{day}"), fingerprint: [0; 32] };
        let entries = state.store.ledger_entries(order.id).await?;
        if entries.iter().any(|entry| entry.key == key.key) {
            continue;
        }
        let accrued_this_window = accrued_in_window(&entries, &prefix, day);
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
            // Another run may have posted the day between the read and
            // here: the key makes it once, and only the run that stored it
            // counts it.
            if let Posting::Posted(_) = state.store.post_entry(order.id, &entry, &key, state.now()).await? {
                report.penalty_days_posted += 1;
            }
        }
    }
    Ok(())
}
