//! The daily run: payouts still waiting are tried again, an order whose due date passed with money unpaid becomes
//! overdue (174 → 180), and each day late accrues the product's penalty
//! schedule, capped for covered loans (D4); request keys older than
//! `jobs.request_key_days` are deleted (decision 052). Re-running it charges nothing
//! twice: each day's penalty is posted under the key `penalty:ORDER:DAY`
//! (`penalty:ORDER:rN:DAY` for a lateness after N rollovers).

use crate::services::money_in::balances;
use crate::services::{ServiceError, ServiceResult};
use crate::state::AppState;
use hiram_domain::late_penalties::{LateLoan, accrued_in_window, days_charged, key_prefix, uncharged_days};
use hiram_domain::ledger;
use hiram_domain::ledger::Balances;
use hiram_domain::money::Centavos;
use hiram_domain::order::{Order, OrderId, OrderStatus, Transition};
use hiram_domain::pricing::{PenaltyDay, penalty_for_day};
use hiram_domain::product::{Product, ProductId};
use hiram_domain::repayment::{next_unpaid_due, plan_status};
use hiram_domain::reversal::ReversalStatus;
use hiram_domain::store::{HeldOrder, IdempotencyKey, OrderChanges, OrderEvent, OrderPosting, Refusal, RepayableOrder};
use std::collections::HashMap;
use time::Date;

/// How long a run holds a page it claimed (decision 050): far longer than a
/// page takes, so only a run that stopped loses its page, which the next run
/// takes over once the claim has run out.
const PAGE_CLAIM: time::Duration = time::Duration::minutes(10);

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
    /// Pages of orders this run claimed and finished (decision 050).
    pub pages_finished: usize,
    /// Pages of orders another run at once held: they are that run's work.
    pub pages_left_to_others: usize,
    /// Clients' request keys deleted as older than `jobs.request_key_days`.
    pub request_keys_purged: usize,
}

/// Runs the day for every order with money owed. One order's trouble never
/// stops the others: an order moved on by another process is skipped, and
/// a failure is logged and counted, so several runs at once (several
/// servers, or `hiram daily` beside them) all finish.
pub async fn run(state: &AppState) -> ServiceResult<DailyReport> {
    run_as_of(state, state.today()).await
}

/// The run as if `today` were the business day (the benchmark's portfolio
/// is brought up to yesterday with it). The orders are read page by page
/// with their balances and penalties (decision 030): no ledger is read per
/// order, each late order's missing days (and its move to 180) are worked
/// out in one step, and the late orders of a batch are posted in one
/// transaction, each still checked on its own (decision 038).
pub async fn run_as_of(state: &AppState, today: Date) -> ServiceResult<DailyReport> {
    let started = std::time::Instant::now();
    let mut report = DailyReport {
        payouts_finished: crate::services::disbursements::disburse_waiting(state, None).await?,
        ..DailyReport::default()
    };
    // A product's terms never change once it exists (decision 017).
    let mut products: HashMap<ProductId, Product> =
        state.store.products().await?.into_iter().map(|product| (product.id, product)).collect();
    let reopened = reopened_by_reversal(state).await?;
    let mut after = OrderId(0);
    let mut batch = Vec::with_capacity(BATCH);
    loop {
        let page = state.store.repayable_page(after, state.settings.jobs.daily_page_orders).await?;
        let (Some(first), Some(last)) = (page.first(), page.last()) else { break };
        let first = first.order.id;
        after = last.order.id;
        // Each page is one run's: runs at once (several servers, or `hiram
        // daily` beside them) split the day instead of all doing it all.
        let now = state.now();
        if !state.store.claim_daily_page(first, now, now + PAGE_CLAIM).await? {
            report.pages_left_to_others += 1;
            continue;
        }
        for held in &page {
            let product = match products.get(&held.order.product_id) {
                Some(product) => product,
                None => match state.store.product(held.order.product_id).await? {
                    Some(product) => products.entry(product.id).or_insert(product),
                    None => continue,
                },
            };
            let reopened_on = reopened.get(&held.order.id).copied();
            match accrual(state, held, product, today, reopened_on, &mut report).await {
                Ok(Some(accrual)) => batch.push(accrual),
                Ok(None) => {}
                Err(error) => count_failure(&mut report, held.order.id, error),
            }
            if batch.len() == BATCH {
                post_batch(state, &batch, &mut report).await;
                batch.clear();
            }
        }
        // The page is finished before it is let go.
        post_batch(state, &batch, &mut report).await;
        batch.clear();
        report.pages_finished += 1;
        if let Err(error) = state.store.release_daily_page(first).await {
            tracing::warn!(%error, order = first.0, "daily run: a finished page stays claimed until its claim runs out");
        }
    }
    // A key serves a client's retry, which comes within minutes; kept for
    // ever, the keys would only grow the table (decision 052).
    let kept_since = state.now() - time::Duration::days(i64::from(state.settings.jobs.request_key_days));
    // The day's money is posted by now: a purge that fails is left to the
    // next run rather than failing this one and losing its report.
    match state.store.purge_request_keys(kept_since).await {
        Ok(purged) => report.request_keys_purged = usize::try_from(purged).unwrap_or(usize::MAX),
        Err(error) => tracing::warn!(%error, "daily run: old request keys stay until the next run"),
    }
    state.metrics.daily_run_finished(started.elapsed(), &report);
    Ok(report)
}

/// Late orders whose penalties commit together: one sync to disk for this
/// many orders instead of one each (decision 038), while a batch holds the
/// writer (SQLite) or its orders' rows (PostgreSQL) for a few milliseconds.
const BATCH: usize = 200;

/// One late order's day's work as read from its page: the entries of the
/// days not charged yet, and the move to 180 when it was still 174.
struct Accrual {
    order: OrderId,
    /// The status and balances the page showed: the changes are written
    /// only if the order still stands so.
    read_as: (OrderStatus, Balances),
    key: IdempotencyKey,
    changes: OrderChanges,
    days: usize,
}

impl Accrual {
    /// Refuses when another process (a payment, another run) moved the
    /// order on since it was read; the next run works from what that left.
    fn decide(&self, now: &HeldOrder) -> Result<OrderChanges, Refusal> {
        if (now.order.status, &now.balances) == (self.read_as.0, &self.read_as.1) {
            Ok(self.changes.clone())
        } else {
            Err(Refusal("the order moved on since it was read".to_owned()))
        }
    }
}

fn count_failure(report: &mut DailyReport, order: OrderId, error: ServiceError) {
    match error {
        ServiceError::Stale => report.orders_skipped += 1,
        error => {
            tracing::error!(order.id = order.0, %error, "daily run: order left for the next run");
            report.orders_failed += 1;
        }
    }
}

/// Posts a batch in one transaction, each order checked on its own there
/// (`LedgerStore::post_to_orders`). When the transaction itself fails,
/// none of it was stored and the batch is posted again one order at a
/// time, so one order's trouble costs only that order.
async fn post_batch(state: &AppState, batch: &[Accrual], report: &mut DailyReport) {
    if batch.is_empty() {
        return;
    }
    let decides: Vec<_> = batch.iter().map(|accrual| move |now: &HeldOrder| accrual.decide(now)).collect();
    let events: Vec<OrderEvent<'_>> = batch
        .iter()
        .zip(&decides)
        .map(|(accrual, decide)| OrderEvent { order: accrual.order, key: accrual.key.clone(), decide })
        .collect();
    match state.store.post_to_orders(&events, state.now()).await {
        Ok(postings) => {
            for (accrual, posting) in batch.iter().zip(postings) {
                count_posting(state, report, accrual, posting.map_err(ServiceError::from));
            }
        }
        Err(error) => {
            tracing::warn!(%error, orders = batch.len(), "daily run: a batch failed, posting its orders one by one");
            for (accrual, decide) in batch.iter().zip(&decides) {
                let posting = state.store.post_to_order(accrual.order, &accrual.key, state.now(), decide).await;
                count_posting(state, report, accrual, posting.map_err(ServiceError::from));
            }
        }
    }
}

fn count_posting(
    state: &AppState,
    report: &mut DailyReport,
    accrual: &Accrual,
    posting: ServiceResult<Result<OrderPosting, Refusal>>,
) {
    match posting {
        Ok(Ok(OrderPosting::Posted { .. })) => {
            state.metrics.posted(crate::metrics::PostingKind::Penalty);
            report.penalty_days_posted += accrual.days;
            report.became_overdue += usize::from(accrual.changes.transition.is_some());
        }
        // Another run posted these days (and any move to 180) first.
        Ok(Ok(OrderPosting::Replayed(_))) => {}
        Ok(Ok(OrderPosting::KeyReused) | Err(_)) => report.orders_skipped += 1,
        Err(error) => count_failure(report, accrual.order, error),
    }
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
    Ok(key_prefix(order.id, rollovers))
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
    let charged = days_charged(
        &penalty_prefix(state, order).await?,
        entries.iter().map(|entry| (entry.key.as_str(), entry.entry.amount())),
    );
    let orders = state.store.orders_of(order.borrower_id).await?;
    let dues = current.dues();
    let tomorrow = days_late + 1;
    let day = PenaltyDay {
        day_late: tomorrow,
        amount_due: Centavos::new(dues.principal.get() + dues.interest.get() + dues.fees.get()),
        accrued_this_window: accrued_in_window(&charged, tomorrow),
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

/// The Manila day each order was last reopened by an approved payment
/// reversal: the days up to it the loan stood repaid, and the borrower had
/// been told so, are never charged as late days (decision 029). Read once
/// a run: reversals are rare.
async fn reopened_by_reversal(state: &AppState) -> ServiceResult<HashMap<OrderId, Date>> {
    let approved = state.store.reversals(Some(ReversalStatus::Approved), i64::MAX).await?;
    let mut reopened = HashMap::new();
    for reversal in approved {
        if let Some(at) = reversal.decided_at {
            let day = hiram_domain::clock::manila_date(at);
            reopened.entry(reversal.order_id).and_modify(|last: &mut Date| *last = (*last).max(day)).or_insert(day);
        }
    }
    Ok(reopened)
}

/// The order's work for the day, or `None` when it is not late. A loan
/// going overdue with no penalty to charge today (the schedule charges
/// nothing yet, or a cap is reached) moves to 180 on its own here.
async fn accrual(
    state: &AppState,
    held: &RepayableOrder,
    product: &Product,
    today: Date,
    reopened_on: Option<Date>,
    report: &mut DailyReport,
) -> ServiceResult<Option<Accrual>> {
    let order = &held.order;
    let Some(due) = next_unpaid_due(&plan_status(order, product, &held.balances, today)) else { return Ok(None) };
    let days_late = (today - due).whole_days();
    if days_late < 1 {
        return Ok(None);
    }
    let transition = (order.status == OrderStatus::RepaymentOpen).then(|| Transition {
        order_id: order.id,
        from: OrderStatus::RepaymentOpen,
        to: OrderStatus::Overdue,
        cause: format!("due date {due} passed with an amount unpaid"),
        at: state.now(),
        due_date: None,
    });
    if let Some(transition) = &transition {
        transition.from.transition(transition.to).map_err(|error| ServiceError::Refused(error.to_string()))?;
    }
    // Days late count from the due date as it stands; after a rollover a new
    // lateness counts from day 1 again, under keys of its own.
    let rollovers = if order.extensions == 0 { 0 } else { held.rollovers };
    let prefix = key_prefix(order.id, rollovers);
    let late = LateLoan {
        schedule: &product.terms.penalty,
        principal: order.principal,
        repeat_borrower: held.repeat_borrower,
        covered: order.is_covered(),
        balances: held.balances.clone(),
        charged: days_charged(&prefix, held.penalties.iter().map(|(key, amount)| (key.as_str(), *amount))),
        stood_repaid_through_day: reopened_on.map_or(0, |day| (day - due).whole_days()),
    };
    let entries: Vec<_> = uncharged_days(&late, days_late)
        .map_err(|error| ServiceError::Refused(error.to_string()))?
        .into_iter()
        .map(|(day, entry)| (entry, IdempotencyKey { key: format!("{prefix}{day}"), fingerprint: [0; 32] }))
        .collect();
    let Some((_, key)) = entries.first() else {
        if let Some(transition) = &transition {
            state.move_order(transition).await?;
            report.became_overdue += 1;
        }
        return Ok(None);
    };
    Ok(Some(Accrual {
        order: order.id,
        read_as: (order.status, held.balances.clone()),
        key: key.clone(),
        days: entries.len(),
        changes: OrderChanges { entries, transition, ..OrderChanges::default() },
    }))
}
