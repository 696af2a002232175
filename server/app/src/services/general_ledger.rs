//! A lender's books (decisions 068, 069): the trial balance of its loans at
//! the end of a Manila day, and its income statement for a run of days,
//! derived from the loan ledger through the chart of accounts, read through
//! the latest close of the books; the closes themselves; and the lender's
//! portfolio by days past due as the daily run kept it (decision 070). A trial
//! balance is checked to balance before anyone reads it or a close keeps it.

use crate::services::{ServiceError, ServiceResult};
use crate::state::AppState;
use hiram_domain::clock::end_of_manila_day;
use hiram_domain::general_ledger::accrual::{self, Accrual, AccrualKey, Schedules, accrual_lines};
use hiram_domain::general_ledger::aging::{PortfolioAging, month_before};
use hiram_domain::general_ledger::close::{BooksClose, ClosePeriod, CloseRefused, check_close, check_unmatched};
use hiram_domain::general_ledger::journal::{Journal, JournalStatus, RunJournal};
use hiram_domain::general_ledger::provision::{self, ProductProvisions, ProvisionMatrix};
use hiram_domain::general_ledger::statement::{ProviderStatement, StatementLine, match_statement};
use hiram_domain::general_ledger::{GlAccount, IncomeStatement, Posted, TrialBalance};
use hiram_domain::idempotency::KeyedRequest;
use hiram_domain::product::{Lender, LenderId};
use time::{Date, OffsetDateTime};

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
    let trial = checked(&chart, &lender, day, &posted_through(state, lender.id, day).await?)?;
    Ok(Some(LenderTrialBalance { lender, day, trial }))
}

fn checked(chart: &[GlAccount], lender: &Lender, day: Date, posted: &Posted) -> ServiceResult<TrialBalance> {
    let trial = TrialBalance::of(chart, posted).map_err(|unmapped| ServiceError::Refused(unmapped.to_string()))?;
    if !trial.balances() {
        return Err(ServiceError::Refused(format!(
            "the trial balance of lender {} on {day} does not balance: debits {}, credits {}",
            lender.id.0,
            trial.total_debit.get(),
            trial.total_credit.get()
        )));
    }
    Ok(trial)
}

/// What was posted to each of the lender's accounts by the end of `day`
/// (its loans' ledger and its journals): what the latest close through
/// `day` kept and the entries since, so an old lender's books cost what its
/// open days posted, not its whole history.
async fn posted_through(state: &AppState, lender: LenderId, day: Date) -> ServiceResult<Posted> {
    let (from, kept) = match state.store.books_closed_by(lender, day).await? {
        Some((through, kept)) => (end_of_manila_day(through), kept),
        None => (OffsetDateTime::UNIX_EPOCH, Posted::default()),
    };
    let before = end_of_manila_day(day);
    let since = Posted {
        loans: state.store.loan_ledger_totals(lender, from, before).await?,
        journals: state.store.journal_totals(lender, from, before).await?,
    };
    Ok(kept.plus(&since))
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
    // What was posted by the end of the day before `from`.
    let opening = match from.previous_day() {
        Some(eve) => posted_through(state, lender.id, eve).await?,
        None => Posted::default(),
    };
    let closing = posted_through(state, lender.id, to).await?;
    let statement = IncomeStatement::of(&chart, &opening, &closing)
        .map_err(|unmapped| ServiceError::Refused(unmapped.to_string()))?;
    Ok(Some(LenderIncomeStatement { lender, from, to, statement }))
}

/// A close of a lender's books as it stands after a request to close.
pub struct Closing {
    pub lender: Lender,
    pub close: BooksClose,
    /// The books were closed through that day already; nothing changed.
    pub repeated: bool,
    /// Lines of the providers' statements still open that the close went
    /// over, with its note saying why (decision 074).
    pub unmatched: usize,
}

/// Who closes: a member, or a finance tool's token.
pub struct Closer {
    pub member: Option<i64>,
    pub token: Option<i64>,
}

/// Finance asks to close `lender`'s books for `period` on `day`. `None`
/// when there is no such lender; the inner `Err` is the rule that refused.
/// The close keeps what the loans posted by its end, checked to balance,
/// so it never keeps broken books. Run inside the staff action that audits
/// it: staff actions queue, so two closes never race.
pub async fn close_books(
    state: &AppState,
    lender: LenderId,
    period: ClosePeriod,
    day: Date,
    by: Closer,
    note: Option<String>,
    overriding_unmatched: bool,
) -> ServiceResult<Option<Result<Closing, CloseRefused>>> {
    let Some(lender) = state.store.lender(lender).await? else { return Ok(None) };
    let latest = state.store.books_closes(lender.id, 1).await?.into_iter().next();
    let through =
        match check_close(period, day, state.today(), latest.as_ref().map(|close| close.through), note.as_deref()) {
            Err(refused) => return Ok(Some(Err(refused))),
            Ok(None) => {
                let close = latest.ok_or(ServiceError::Stale)?;
                return Ok(Some(Ok(Closing { lender, close, repeated: true, unmatched: 0 })));
            }
            Ok(Some(through)) => through,
        };
    let unmatched = state.store.open_statement_items(lender.id, through).await?;
    if let Err(refused) = check_unmatched(unmatched.len(), overriding_unmatched, note.as_deref()) {
        return Ok(Some(Err(refused)));
    }
    let totals = posted_through(state, lender.id, through).await?;
    checked(&state.store.chart_of_accounts().await?, &lender, through, &totals)?;
    let close = BooksClose {
        lender: lender.id,
        through,
        period,
        closed_by: by.member,
        closed_by_token: by.token,
        closed_at: state.now(),
        note,
    };
    state.store.close_books(&close, end_of_manila_day(through), &totals).await?;
    Ok(Some(Ok(Closing { lender, close, repeated: false, unmatched: unmatched.len() })))
}

/// A lender's open loans by days past due on a day, and a month before.
pub struct LenderAging {
    pub lender: Lender,
    pub day: Date,
    /// Whether the daily run kept the day's figures (it keeps each day's
    /// when it runs that day).
    pub kept: bool,
    pub aging: PortfolioAging,
    pub month_before: Date,
    pub aging_month_before: PortfolioAging,
}

/// `None` when there is no such lender.
pub async fn portfolio_aging(state: &AppState, lender: LenderId, day: Date) -> ServiceResult<Option<LenderAging>> {
    let Some(lender) = state.store.lender(lender).await? else { return Ok(None) };
    let kept = state.store.portfolio_aged(day).await?;
    let aging = PortfolioAging::of(&state.store.portfolio_aging(lender.id, day).await?);
    let before = month_before(day);
    let aging_month_before = PortfolioAging::of(&state.store.portfolio_aging(lender.id, before).await?);
    Ok(Some(LenderAging { lender, day, kept, aging, month_before: before, aging_month_before }))
}

/// A lender's allowance for credit losses on a day: what the matrix in
/// force asks on the day's buckets, and what the books hold.
pub struct LenderProvisions {
    pub lender: Lender,
    pub day: Date,
    /// The day's buckets by product, each with the matrix it is provisioned at.
    pub products: Vec<ProductProvisions>,
    /// The matrices in force: the lender's and each product's own.
    pub in_force: Vec<ProvisionMatrix>,
    /// The allowance's credit balance at the end of the day.
    pub booked: i64,
}

/// `None` when there is no such lender.
pub async fn provisions(state: &AppState, lender: LenderId, day: Date) -> ServiceResult<Option<LenderProvisions>> {
    let Some(lender) = state.store.lender(lender).await? else { return Ok(None) };
    let in_force = provision::in_force(state.store.provision_matrices_approved(lender.id).await?);
    let products = ProductProvisions::of(&state.store.portfolio_aging_by_product(lender.id, day).await?, &in_force);
    let booked = allowance_booked(state, &lender, day).await?;
    Ok(Some(LenderProvisions { lender, day, products, in_force, booked }))
}

/// The allowance's credit balance in the lender's books at the end of `day`.
async fn allowance_booked(state: &AppState, lender: &Lender, day: Date) -> ServiceResult<i64> {
    credit_balance(state, lender, day, provision::ALLOWANCE).await
}

/// An account's credit balance (credits less debits) in the lender's books
/// at the end of `day`.
async fn credit_balance(state: &AppState, lender: &Lender, day: Date, code: &str) -> ServiceResult<i64> {
    let chart = state.store.chart_of_accounts().await?;
    let trial = checked(&chart, lender, day, &posted_through(state, lender.id, day).await?)?;
    let line = trial
        .line(code)
        .ok_or_else(|| ServiceError::Refused(format!("the chart of accounts has no account {code}")))?;
    Ok(line.credit.get() - line.debit.get())
}

/// The daily run's part (decisions 072, 079): for each lender with a matrix
/// in force, brings the allowance to what its matrices ask on `today`'s
/// kept buckets, each product's at its own matrix or else the lender's, in
/// one journal per lender and day; how many were posted. A run
/// the same day again posts nothing more.
pub async fn keep_provisions(state: &AppState, today: Date) -> ServiceResult<usize> {
    let mut posted = 0;
    for lender in state.store.lenders().await? {
        let in_force = provision::in_force(state.store.provision_matrices_approved(lender.id).await?);
        if in_force.is_empty() {
            continue;
        }
        let by_product = state.store.portfolio_aging_by_product(lender.id, today).await?;
        let required = ProductProvisions::required(&ProductProvisions::of(&by_product, &in_force));
        let booked = hiram_domain::money::Centavos::new(allowance_booked(state, &lender, today).await?);
        let Some(lines) = provision::adjustment(required, booked) else { continue };
        let now = state.now();
        let journal = Journal {
            id: 0,
            lender: lender.id,
            memo: format!(
                "Allowance for credit losses to the provision matri{} #{} on {today}",
                if in_force.len() == 1 { "x" } else { "ces" },
                in_force.iter().map(|matrix| matrix.id.to_string()).collect::<Vec<_>>().join(", #")
            ),
            lines,
            status: JournalStatus::Posted,
            proposed_by: None,
            proposed_by_token: None,
            proposed_at: now,
            decided_by: None,
            decided_at: Some(now),
            run: Some((RunJournal::Provision, today)),
            reverses: None,
        };
        if state.store.post_run_journal(&journal).await? {
            posted += 1;
        }
    }
    Ok(posted)
}

/// Brings in a provider's statement of a Manila day (decision 074): its
/// lines matched against the books' postings of that provider and day, and
/// kept with the match; anything that does not match waits on finance's
/// worklist. Its id, or `Conflict("provider_statement_day")` when that day's
/// statement of the provider is kept already.
pub async fn import_statement(
    state: &AppState,
    statement: &ProviderStatement,
    lines: &[StatementLine],
    request: Option<&KeyedRequest>,
) -> ServiceResult<i64> {
    let from = end_of_manila_day(statement.day.previous_day().unwrap_or(statement.day));
    let books = state.store.provider_postings(&statement.provider, from, end_of_manila_day(statement.day)).await?;
    let items = match_statement(lines, &books);
    Ok(state.store.keep_statement(statement, &items, request).await?)
}

/// Works out, once, the accrual key of each account a release before it
/// wrote without one: every posting writes it since.
async fn key_older_accounts(state: &AppState, today: Date) -> ServiceResult<()> {
    let mut after = hiram_domain::order::OrderId(0);
    let limit = u32::try_from(state.settings.jobs.daily_page_orders).unwrap_or(u32::MAX);
    loop {
        let page = state.store.accounts_without_accrual_key(after, limit).await?;
        let Some((last, _, _)) = page.last() else { return Ok(()) };
        after = *last;
        for (order, status, account) in &page {
            // An account written before decision 078 carries no mark of
            // having left its schedule: brought to the day, whatever its
            // state shows (late, penalties, money held, paid ahead) marks it.
            let mut brought = account.clone();
            brought.bring_to(today);
            state.store.set_accrual_key(*order, &Accrual::kept(&brought, *status)).await?;
        }
    }
}

/// The daily run's accruals (decision 076): each open loan's adjustment to
/// the effective interest method on `today`, summed per lender over groups
/// of loans on their schedule sharing terms and payout day (one grouped
/// statement, nothing kept per loan and day) and over the loans off their
/// schedule, each re-estimated from its account (decision 078); one journal
/// per lender brings its books to that sum; how many were posted. A run the same day again posts nothing
/// more.
pub async fn keep_accruals(state: &AppState, today: Date) -> ServiceResult<usize> {
    key_older_accounts(state, today).await?;
    let mut required: std::collections::HashMap<LenderId, i64> = std::collections::HashMap::new();
    let mut schedules = Schedules::default();
    for (lender, text, loans) in state.store.accrual_groups().await? {
        let key = AccrualKey::parse(&text)
            .ok_or_else(|| ServiceError::Refused(format!("a loan account's accrual key does not read: {text}")))?;
        *required.entry(lender).or_default() += schedules.of_key(&key, today) * loans;
    }
    // Loans off their schedule, each re-estimated from its account (decision 078).
    let mut after = hiram_domain::order::OrderId(0);
    let limit = u32::try_from(state.settings.jobs.daily_page_orders).unwrap_or(u32::MAX);
    loop {
        let page = state.store.revised_accounts(after, limit).await?;
        let Some((last, _, _)) = page.last() else { break };
        after = *last;
        for (_, lender, account) in &page {
            *required.entry(*lender).or_default() += schedules.of_revised(account, today);
        }
    }
    let mut posted = 0;
    for lender in state.store.lenders().await? {
        let wanted = required.get(&lender.id).copied().unwrap_or(0);
        let booked = credit_balance(state, &lender, today, accrual::ADJUSTMENT).await?;
        let Some(lines) = accrual_lines(wanted, booked) else { continue };
        let now = state.now();
        let journal = Journal {
            id: 0,
            lender: lender.id,
            memo: format!("Income to the effective interest method on {today} (PFRS 9)"),
            lines,
            status: JournalStatus::Posted,
            proposed_by: None,
            proposed_by_token: None,
            proposed_at: now,
            decided_by: None,
            decided_at: Some(now),
            run: Some((RunJournal::Accrual, today)),
            reverses: None,
        };
        if state.store.post_run_journal(&journal).await? {
            posted += 1;
        }
    }
    Ok(posted)
}
