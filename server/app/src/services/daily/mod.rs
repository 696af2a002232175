//! The daily run: payouts still waiting are tried again, and every loan
//! with work today is brought to the day (decision 056): the interest of an
//! instalment falling due is charged on its due date, the late penalties of
//! the days since they were last worked out are charged within the ceilings,
//! and an open loan whose instalment went unpaid becomes overdue (174 →
//! 180). Only loans with work are read (their account's next check is
//! today or earlier), never a row per loan per day; request keys older than
//! `jobs.request_key_days` are deleted (decision 052). Re-running it charges
//! nothing twice: a day's postings go under the key `day:ORDER:DATE`, and an
//! account brought to a day has nothing more to charge for it.

pub mod report;

use crate::services::loans;
use crate::services::{ServiceError, ServiceResult};
use crate::state::AppState;
use hiram_domain::order::{OrderId, OrderStatus, Transition};
use hiram_domain::posting;
use hiram_domain::store::{HeldOrder, IdempotencyKey, OrderChanges, OrderEvent, OrderPosting, Refusal};
use report::DailyReport;
use time::{Date, OffsetDateTime};

/// How long a run holds a page it claimed (decision 050): far longer than a
/// page takes, so only a run that stopped loses its page, which the next run
/// takes over once the claim has run out.
const PAGE_CLAIM: time::Duration = time::Duration::minutes(10);

/// Runs the day. One loan's trouble never stops the others: a failure is
/// logged and counted, so several runs at once (several servers, or `hiram
/// daily` beside them) all finish.
pub async fn run(state: &AppState) -> ServiceResult<DailyReport> {
    run_as_of(state, state.today()).await
}

/// Late loans whose postings commit together: one sync to disk for this
/// many instead of one each (decision 038), while a batch holds the writer
/// (SQLite) or its orders' rows (PostgreSQL) for a few milliseconds.
const BATCH: usize = 200;

/// The run as if `today` were the business day (the benchmark's portfolio
/// is brought up to yesterday with it). The loans with work are read page
/// by page (decision 030), and each is decided in the transaction that
/// posts it, from its account as that transaction holds it, so a payment
/// that came in between is never undone.
pub async fn run_as_of(state: &AppState, today: Date) -> ServiceResult<DailyReport> {
    let started = std::time::Instant::now();
    // A `hiram daily` after an upgrade, before any server started.
    loans::restate_legacy_loans(state).await?;
    let mut report = DailyReport {
        payouts_finished: crate::services::disbursements::disburse_waiting(state, None).await?,
        ..DailyReport::default()
    };
    bring_loans_to(state, today, &mut report).await?;
    report.accounts_aged = age_older_accounts(state).await?;
    report.aging_rows = usize::try_from(state.store.keep_portfolio_aging(today).await?).unwrap_or(usize::MAX);
    report.provisions_posted = crate::services::general_ledger::keep_provisions(state, today).await?;
    report.accruals_posted = crate::services::general_ledger::keep_accruals(state, today).await?;
    report.refunds_sent = crate::services::refunds::send_approved(state).await?;
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

/// Brings every loan with work by `today` to the day, page by page.
pub async fn bring_loans_to(state: &AppState, today: Date, report: &mut DailyReport) -> ServiceResult<()> {
    let mut after = OrderId(0);
    loop {
        let page = state.store.due_page(today, after, state.settings.jobs.daily_page_orders).await?;
        let (Some(first), Some(last)) = (page.first(), page.last()) else { break };
        let first = first.order.id;
        after = last.order.id;
        // Each page is one run's: runs at once split the day instead of all
        // doing it all.
        let now = state.now();
        if !state.store.claim_daily_page(first, now, now + PAGE_CLAIM).await? {
            report.pages_left_to_others += 1;
            continue;
        }
        let orders: Vec<OrderId> = page.iter().map(|loan| loan.order.id).collect();
        for batch in orders.chunks(BATCH) {
            post_batch(state, batch, today, report).await;
        }
        report.pages_finished += 1;
        if let Err(error) = state.store.release_daily_page(first).await {
            tracing::warn!(%error, order = first.0, "daily run: a finished page stays claimed until its claim runs out");
        }
    }
    Ok(())
}

/// Works out, once, the day each overdue loan is overdue since where a
/// release before decision 070 left it unset: every posting writes it since.
async fn age_older_accounts(state: &AppState) -> ServiceResult<usize> {
    let mut aged = 0;
    let mut after = OrderId(0);
    loop {
        let limit = u32::try_from(state.settings.jobs.daily_page_orders).unwrap_or(u32::MAX);
        let page = state.store.accounts_to_age(after, limit).await?;
        let Some((last, _)) = page.last() else { return Ok(aged) };
        after = *last;
        for (order, account) in &page {
            if let Some(since) = account.unpaid_since() {
                state.store.set_overdue_since(*order, since).await?;
                aged += 1;
            }
        }
    }
}

/// The key a loan's day is posted under.
fn day_key(order: OrderId, today: Date) -> IdempotencyKey {
    IdempotencyKey { key: format!("day:{}:{today}", order.0), fingerprint: [0; 32] }
}

/// What bringing the held loan to `today` changes: the interest and
/// penalties charged, the account, and 174 → 180 when an instalment is past
/// its due date unpaid.
fn day_changes(held: &HeldOrder, today: Date, now: OffsetDateTime) -> Result<OrderChanges, Refusal> {
    let order = &held.order;
    let mut account = held.account.clone().ok_or_else(|| Refusal(format!("order {} has no account", order.id.0)))?;
    if !order.status.is_repayable() {
        return Err(Refusal("the loan no longer owes money".to_owned()));
    }
    let charges = account.bring_to(today);
    let entries = posting::ledger_entries(&charges, None, false, &day_key(order.id, today))
        .map_err(|error| Refusal(error.to_string()))?;
    let transition = match (order.status, account.overdue_since(today)) {
        (OrderStatus::RepaymentOpen, Some(due)) => Some(
            Transition::new(order, OrderStatus::Overdue, format!("due date {due} passed with an amount unpaid"), now)
                .map_err(|error| Refusal(error.to_string()))?,
        ),
        _ => None,
    };
    let status = transition.as_ref().map_or(order.status, |transition| transition.to());
    let proofs = posting::holds_record(&account, &charges).into_iter().collect();
    let update = posting::account_update(account, status);
    if entries.is_empty() && transition.is_none() && held.account.as_ref() == Some(&update.account) {
        return Err(Refusal(NOTHING_TO_DO.to_owned()));
    }
    Ok(OrderChanges { entries, transition, account: Some(update), proofs, ..OrderChanges::default() })
}

/// The refusal of a loan another process already brought to the day.
const NOTHING_TO_DO: &str = "already brought to the day";

/// Posts a batch in one transaction, each loan decided and checked on its
/// own there (`LedgerStore::post_to_orders`). When the transaction itself
/// fails, none of it was stored and the batch is posted again one loan at a
/// time, so one loan's trouble costs only that loan.
async fn post_batch(state: &AppState, batch: &[OrderId], today: Date, report: &mut DailyReport) {
    let now = state.now();
    let decide = move |held: &HeldOrder| day_changes(held, today, now);
    let events: Vec<OrderEvent<'_>> =
        batch.iter().map(|order| OrderEvent { order: *order, key: day_key(*order, today), decide: &decide }).collect();
    match state.store.post_to_orders(&events, now).await {
        Ok(postings) => {
            for (order, posting) in batch.iter().zip(postings) {
                count_posting(state, report, *order, posting.map_err(ServiceError::from));
            }
        }
        Err(error) => {
            tracing::warn!(%error, orders = batch.len(), "daily run: a batch failed, posting its loans one by one");
            for order in batch {
                let posting = state.store.post_to_order(*order, &day_key(*order, today), now, &decide).await;
                count_posting(state, report, *order, posting.map_err(ServiceError::from));
            }
        }
    }
}

fn count_posting(
    state: &AppState,
    report: &mut DailyReport,
    order: OrderId,
    posting: ServiceResult<Result<OrderPosting, Refusal>>,
) {
    match posting {
        Ok(Ok(OrderPosting::Posted { changes, .. })) => {
            state.metrics.posted(crate::metrics::PostingKind::Day);
            report.loans_posted += 1;
            report.became_overdue += usize::from(changes.transition.is_some());
        }
        // Another run posted this day first.
        Ok(Ok(OrderPosting::Replayed(_))) => report.orders_skipped += 1,
        Ok(Err(Refusal(reason))) if reason == NOTHING_TO_DO => report.orders_skipped += 1,
        Ok(Ok(OrderPosting::KeyReused) | Err(_)) => report.orders_skipped += 1,
        Err(ServiceError::Stale) => report.orders_skipped += 1,
        Err(error) => {
            tracing::error!(order.id = order.0, %error, "daily run: loan left for the next run");
            report.orders_failed += 1;
        }
    }
}
