//! A lender's books (decision 068): the trial balance of its loans at the
//! end of a Manila day, and its income statement for a run of days, derived
//! from the loan ledger through the chart of accounts; a trial balance is
//! checked to balance before anyone reads it.

use crate::services::{ServiceError, ServiceResult};
use crate::state::AppState;
use hiram_domain::clock::{MANILA, end_of_manila_day};
use hiram_domain::general_ledger::{IncomeStatement, TrialBalance};
use hiram_domain::product::{Lender, LenderId};
use time::Date;

/// A lender's trial balance at the end of `day`: what its loans posted
/// before the next Manila midnight.
pub struct LenderTrialBalance {
    pub lender: Lender,
    pub day: Date,
    pub trial: TrialBalance,
}

/// `None` when there is no such lender. A chart that leaves money of the
/// loan ledger out, or columns that disagree, is broken data, never a
/// figure to show.
pub async fn trial_balance(state: &AppState, lender: LenderId, day: Date) -> ServiceResult<Option<LenderTrialBalance>> {
    let Some(lender) = state.store.lender(lender).await? else { return Ok(None) };
    let chart = state.store.chart_of_accounts().await?;
    let totals = state.store.loan_ledger_totals(lender.id, end_of_manila_day(day)).await?;
    let trial = TrialBalance::of(&chart, &totals).map_err(|unmapped| ServiceError::Refused(unmapped.to_string()))?;
    if !trial.balances() {
        return Err(ServiceError::Refused(format!(
            "the trial balance of lender {} on {day} does not balance: debits {}, credits {}",
            lender.id.0,
            trial.total_debit.get(),
            trial.total_credit.get()
        )));
    }
    Ok(Some(LenderTrialBalance { lender, day, trial }))
}

/// A lender's income statement for the Manila days `from` to `to`, both
/// included.
pub struct LenderIncomeStatement {
    pub lender: Lender,
    pub from: Date,
    pub to: Date,
    pub statement: IncomeStatement,
}

/// `None` when there is no such lender.
pub async fn income_statement(
    state: &AppState,
    lender: LenderId,
    from: Date,
    to: Date,
) -> ServiceResult<Option<LenderIncomeStatement>> {
    let Some(lender) = state.store.lender(lender).await? else { return Ok(None) };
    let chart = state.store.chart_of_accounts().await?;
    // What was posted before the Manila midnight that begins `from`.
    let opening = state.store.loan_ledger_totals(lender.id, from.midnight().assume_offset(MANILA)).await?;
    let closing = state.store.loan_ledger_totals(lender.id, end_of_manila_day(to)).await?;
    let statement = IncomeStatement::of(&chart, &opening, &closing)
        .map_err(|unmapped| ServiceError::Refused(unmapped.to_string()))?;
    Ok(Some(LenderIncomeStatement { lender, from, to, statement }))
}
