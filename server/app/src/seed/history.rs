//! The demo lenders' past (decision 081): months of loans lived day by
//! day on a clock set back, for `make run` (`hiram demo-history`), never
//! for the tests' seed.

use super::{DEMO_PHONE, approve_matrices, make_order, pay, seed_once, text};
use crate::services::loans;
use crate::state::AppState;
use hiram_domain::money::Centavos;
use hiram_domain::order::{OrderId, OrderStatus};
use hiram_domain::phone::Phone;
use hiram_domain::store::IdempotencyKey;
use serde::Serialize;
use std::sync::Arc;
use time::{Date, Duration};

/// How a loan of the demo's history is paid (decision 081).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Habit {
    /// Each instalment on its due date.
    OnTime,
    /// Each instalment twelve days late, penalties and all.
    Late,
    /// Never: it goes late, and is written off once far enough behind.
    Never,
    /// The whole loan paid off half-way through its term.
    PaidEarly,
    /// Each instalment with ₱200 more: the credit left is refunded.
    PaysOver,
}

const HABITS: [Habit; 6] = [Habit::OnTime, Habit::Late, Habit::Never, Habit::OnTime, Habit::PaidEarly, Habit::PaysOver];

/// A demo loan with a past: its habit, and what became of it.
struct PastLoan {
    order: OrderId,
    habit: Habit,
    start: Date,
    due_dates: Vec<Date>,
    written_off: Option<Date>,
    /// Whether it pays half back after its write-off (every other one).
    recovers: bool,
    refunded: bool,
}

/// Days past due after which the demo's finance team writes a loan off.
const WRITE_OFF_AFTER_DAYS: i64 = 90;
/// A new demo loan per product every this many days.
const NEW_LOAN_EVERY_DAYS: i64 = 6;

/// What `hiram demo-history` made.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DemoHistory {
    /// False when the history was made before: nothing was done.
    pub made: bool,
    pub loans: usize,
    pub written_off: usize,
    pub refunds: usize,
}

/// The first phone of the history's borrowers, 0917 555 2000 on: its
/// borrower is the mark that the history was made.
const HISTORY_PHONE_FROM: i64 = 2000;

/// Gives the demo lenders `days` days of past (decision 081): a loan every
/// few days on each product offered, each paid by a habit (on time, late,
/// never, early, beyond what was due), lived day by day on a clock set back
/// (`ShiftedClock`): each morning the daily run as a server runs it (its
/// aging, allowance and accrual journals stamped that day), then the day's
/// applications and payments; loans far enough behind written off by two
/// demo finance members, one of them paid afterwards (a recovery), and the
/// credit of loans paid beyond what was due proposed and approved for
/// refund (the server's own daily run sends it). Run once: a second run
/// finds the history's first borrower and does nothing. For `make run`,
/// never for the tests' seed.
pub async fn demo_history(state: &AppState, days: i64) -> Result<DemoHistory, String> {
    // A lender's database is never filled with strangers' loans: production
    // refuses, and so does a database the demo seed did not fill.
    if state.settings.server.environment == crate::config::Environment::Production {
        return Err("demo-history refuses APP_SERVER__ENVIRONMENT=production: it makes demo loans".to_owned());
    }
    seed_once(state).await.map_err(text)?;
    let demo = Phone::parse(DEMO_PHONE).map_err(text)?;
    if state.store.borrower_by_phone(&demo).await.map_err(text)?.is_none() {
        return Err("demo-history fills only a database the demo seed filled: this one has no demo borrower".to_owned());
    }
    let first = Phone::parse(&format!("0917555{HISTORY_PHONE_FROM}")).map_err(text)?;
    if state.store.borrower_by_phone(&first).await.map_err(text)?.is_some() {
        return Ok(DemoHistory { made: false, loans: 0, written_off: 0, refunds: 0 });
    }
    let clock = Arc::new(crate::clock::ShiftedClock::default());
    clock.advance(Duration::days(-days));
    let past = state.changed(|shared| shared.clock = clock.clone());
    let (maker, checker) = demo_finance(&past).await?;
    let products = loans::offered_products(&past).await.map_err(text)?;
    approve_matrices(&past, &products, (maker, checker)).await?;
    let mut loans: Vec<PastLoan> = Vec::new();
    let mut history = DemoHistory { made: true, loans: 0, written_off: 0, refunds: 0 };
    for day in 0..=days {
        let today = past.today();
        // Each morning the daily run, as a server runs it.
        crate::services::daily::run(&past).await.map_err(text)?;
        if day % NEW_LOAN_EVERY_DAYS == 0 {
            for product in &products {
                let number = HISTORY_PHONE_FROM + i64::try_from(loans.len()).map_err(text)?;
                let phone = Phone::parse(&format!("0917555{number}")).map_err(text)?;
                let name = format!("Demo borrower {}", loans.len() + 1);
                let borrower = past.store.ensure_borrower(&phone, Some(&name), past.now()).await.map_err(text)?;
                let order_no = format!("HX{}{:04}", today.to_string().replace('-', ""), loans.len() + 1);
                let principal = product.terms.min_amount;
                let id = make_order(
                    &past,
                    borrower.id,
                    product,
                    principal,
                    order_no,
                    OrderStatus::RepaymentOpen,
                    past.now(),
                )
                .await?;
                let account = loans::account(&past, id).await.map_err(text)?.ok_or("the demo loan has no account")?;
                loans.push(PastLoan {
                    order: id,
                    habit: HABITS[loans.len() % HABITS.len()],
                    start: account.start,
                    due_dates: account.instalments.iter().map(|instalment| instalment.due_date).collect(),
                    written_off: None,
                    recovers: false,
                    refunded: false,
                });
            }
        }
        for loan in &mut loans {
            live_a_day(&past, loan, today, (maker, checker), &mut history).await?;
        }
        clock.advance(Duration::days(1));
    }
    history.loans = loans.len();
    Ok(history)
}

/// Two finance members of the demo, who propose and approve its
/// write-offs and refunds; nobody knows their passwords.
async fn demo_finance(state: &AppState) -> Result<(i64, i64), String> {
    use crate::features::console::staff_accounts::add_staff;
    let maker = add_staff(state, "demo-finance-maker@hiram.ph", "Demo finance (maker)", "finance").await;
    let checker = add_staff(state, "demo-finance-checker@hiram.ph", "Demo finance (checker)", "finance").await;
    Ok((maker.map_err(|_| "no demo finance maker")?.id, checker.map_err(|_| "no demo finance checker")?.id))
}

/// What a demo loan's habit does on `today`.
async fn live_a_day(
    state: &AppState,
    loan: &mut PastLoan,
    today: Date,
    (maker, checker): (i64, i64),
    history: &mut DemoHistory,
) -> Result<(), String> {
    let Some(account) = loans::account(state, loan.order).await.map_err(text)? else { return Ok(()) };
    let order = state.store.order(loan.order).await.map_err(text)?.ok_or("a demo loan is missing")?;
    let due_today = loan.due_dates.contains(&today);
    let paying = match loan.habit {
        _ if !order.status.is_repayable() => None,
        Habit::OnTime if due_today => Some(account.due_now(today)),
        Habit::PaysOver if due_today => Some(Centavos::new(account.due_now(today).get() + 20_000)),
        Habit::Late if loan.due_dates.iter().any(|due| *due + Duration::days(12) == today) => {
            Some(account.due_now(today))
        }
        Habit::PaidEarly if today == loan.start + Duration::days(account.terms.term_days() / 2) => {
            Some(account.payoff(today).total)
        }
        Habit::Never => {
            if let Some(written_off) = loan.written_off {
                // Half of what was written off comes back, 20 days later.
                (today == written_off + Duration::days(20) && loan.recovers)
                    .then(|| Centavos::new(account.unpaid().get() / 2))
            } else {
                let behind = account.unpaid_since().map_or(0, |since| (today - since).whole_days());
                if behind >= WRITE_OFF_AFTER_DAYS {
                    write_off(state, loan, today, (maker, checker)).await?;
                    loan.recovers = history.written_off.is_multiple_of(2);
                    history.written_off += 1;
                }
                None
            }
        }
        _ => None,
    };
    if let Some(amount) = paying.filter(|amount| amount.get() > 0) {
        let key = format!("demo-history-pay-{}-{today}", loan.order.0);
        pay(state, loan.order, amount, &key, today, state.now()).await?;
    }
    if loan.habit == Habit::PaysOver && !loan.refunded {
        let order = state.store.order(loan.order).await.map_err(text)?.ok_or("a demo loan is missing")?;
        let account = loans::account(state, loan.order).await.map_err(text)?.ok_or("the demo loan has no account")?;
        if order.status == OrderStatus::Repaid && account.credit.get() > 0 {
            refund(state, loan.order, account.credit, (maker, checker)).await?;
            loan.refunded = true;
            history.refunds += 1;
        }
    }
    Ok(())
}

/// A write-off proposed by one demo member and approved by the other.
async fn write_off(
    state: &AppState,
    loan: &mut PastLoan,
    today: Date,
    (maker, checker): (i64, i64),
) -> Result<(), String> {
    use hiram_domain::general_ledger::write_off::{WriteOffProposal, WriteOffStatus};
    let proposal = WriteOffProposal {
        id: 0,
        order_id: loan.order,
        reason: format!("No payment in {WRITE_OFF_AFTER_DAYS} days; collection continues"),
        status: WriteOffStatus::Proposed,
        proposed_by: Some(maker),
        proposed_by_token: None,
        proposed_at: state.now(),
        decided_by: None,
        decided_at: None,
        amount: None,
    };
    let id = state.store.propose_write_off(&proposal, None).await.map_err(text)?;
    let key = IdempotencyKey { key: format!("write-off:{id}"), fingerprint: [0; 32] };
    let amount = loans::post_write_off(state, loan.order, &key).await.map_err(text)??;
    state.store.decide_write_off(id, Some(amount), Some(checker), state.now()).await.map_err(text)?;
    loan.written_off = Some(today);
    Ok(())
}

/// A refund of a repaid loan's credit, proposed and approved; the server's
/// daily run sends it through the payout gateway.
async fn refund(
    state: &AppState,
    order: OrderId,
    credit: Centavos,
    (maker, checker): (i64, i64),
) -> Result<(), String> {
    use hiram_domain::refund::{Refund, RefundStatus};
    let refund = Refund {
        id: 0,
        order_id: order,
        amount: credit,
        reason: "Paid beyond the loan: the borrower asked for it back".to_owned(),
        status: RefundStatus::Proposed,
        proposed_by: Some(maker),
        proposed_by_token: None,
        proposed_at: state.now(),
        decided_by: None,
        decided_at: None,
        transaction_id: None,
        detail: None,
    };
    let id = state.store.propose_refund(&refund, None).await.map_err(text)?;
    state.store.decide_refund(id, true, Some(checker), state.now()).await.map_err(text)
}
