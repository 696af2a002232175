//! The lenders' general ledger: its chart of accounts, what their loans
//! posted (decision 068), the closes of their books (decision 069), and
//! their portfolios by days past due (decision 070).

use super::StoreResult;
use crate::general_ledger::aging::AgingLine;
use crate::general_ledger::chart::AccountProposal;
use crate::general_ledger::close::BooksClose;
use crate::general_ledger::journal::Journal;
use crate::general_ledger::provision::ProvisionMatrix;
use crate::general_ledger::{AccountTotals, CodeTotals, GlAccount, Posted};
use crate::idempotency::KeyedRequest;
use crate::order::{OrderId, OrderStatus};
use crate::product::{LenderId, ProductId};
use crate::servicing::LoanAccount;
use async_trait::async_trait;
use time::{Date, OffsetDateTime};

#[async_trait]
pub trait GeneralLedgerStore {
    /// The chart of accounts, in its order.
    async fn chart_of_accounts(&self) -> StoreResult<Vec<GlAccount>>;
    /// Keeps a proposed account; its id (the first one's when `request` was
    /// made before). `Conflict("gl_account_proposal_code")` when a proposal
    /// of that code waits already.
    async fn propose_gl_account(&self, proposal: &AccountProposal, request: Option<&KeyedRequest>) -> StoreResult<i64>;
    async fn gl_account_proposal(&self, id: i64) -> StoreResult<Option<AccountProposal>>;
    /// The proposals, the latest first, at most `limit`.
    async fn gl_account_proposals(&self, limit: u32) -> StoreResult<Vec<AccountProposal>>;
    /// Adds a proposed account to the end of the chart (approve) or rejects
    /// it, in one transaction. `Stale` when it was decided already;
    /// `Conflict("gl_account_code")` when the chart took the code meanwhile.
    async fn decide_gl_account(&self, id: i64, approve: bool, by: Option<i64>, at: OffsetDateTime) -> StoreResult<()>;
    /// The sums of the debit and credit lines the lender's loans posted from
    /// `from` until `before`, per loan-ledger account that has any.
    async fn loan_ledger_totals(
        &self,
        lender: LenderId,
        from: OffsetDateTime,
        before: OffsetDateTime,
    ) -> StoreResult<Vec<AccountTotals>>;
    /// The lender's closes, the latest first, at most `limit`.
    async fn books_closes(&self, lender: LenderId, limit: u32) -> StoreResult<Vec<BooksClose>>;
    /// The latest close of the lender's books through `day` or an earlier
    /// day, with what it kept.
    async fn books_closed_by(&self, lender: LenderId, day: Date) -> StoreResult<Option<(Date, Posted)>>;
    /// Keeps a close and what was posted by the end of its last day; from
    /// then on the loan ledger and the journals refuse an entry of the
    /// lender's stamped before `ends` (the end of that day).
    /// `Conflict("books_close")` when the books were closed through that
    /// day already.
    async fn close_books(&self, close: &BooksClose, ends: OffsetDateTime, posted: &Posted) -> StoreResult<()>;
    /// The sums of the debit and credit lines of the lender's journals
    /// posted from `from` until `before`, per account of the chart.
    async fn journal_totals(
        &self,
        lender: LenderId,
        from: OffsetDateTime,
        before: OffsetDateTime,
    ) -> StoreResult<Vec<CodeTotals>>;
    /// Keeps a proposed journal; its id (the first one's when `request`
    /// was made before). `Conflict("gl_journal_reverses")` when the journal
    /// it reverses has a reversal waiting or posted already.
    async fn propose_journal(&self, journal: &Journal, request: Option<&KeyedRequest>) -> StoreResult<i64>;
    async fn journal(&self, id: i64) -> StoreResult<Option<Journal>>;
    /// The lender's journals, the latest first, at most `limit`.
    async fn journals(&self, lender: LenderId, limit: u32) -> StoreResult<Vec<Journal>>;
    /// Posts (approves) or rejects a proposed journal at `at`. `Stale` when
    /// it was decided already; `ClosedPeriod` when approving it would post
    /// into a day its lender's books are closed through.
    async fn decide_journal(&self, id: i64, approve: bool, by: Option<i64>, at: OffsetDateTime) -> StoreResult<()>;
    /// Keeps every lender's open loans by bucket on `day`, in place of what
    /// was kept for that day before; how many rows were kept.
    async fn keep_portfolio_aging(&self, day: Date) -> StoreResult<u64>;
    /// What was kept for the lender on `day`: no line when nothing was kept
    /// (or it had no open loan).
    async fn portfolio_aging(&self, lender: LenderId, day: Date) -> StoreResult<Vec<AgingLine>>;
    /// The same by product (decision 079); product 0 holds what a release
    /// before it kept for the whole portfolio.
    async fn portfolio_aging_by_product(&self, lender: LenderId, day: Date)
    -> StoreResult<Vec<(ProductId, AgingLine)>>;
    /// Whether anything was kept for `day`.
    async fn portfolio_aged(&self, day: Date) -> StoreResult<bool>;
    /// Overdue loans whose account has no `overdue_since` yet (written by a
    /// release before it), after `after`, at most `limit`, in order.
    async fn accounts_to_age(&self, after: OrderId, limit: u32) -> StoreResult<Vec<(OrderId, LoanAccount)>>;
    /// Sets an account's `overdue_since` where none is set yet.
    async fn set_overdue_since(&self, order: OrderId, since: Date) -> StoreResult<()>;
    /// Posts the daily run's journal of `journal.run` (the allowance's, the
    /// accrual's, of a day) unless one of that kind was posted for that
    /// lender and day; whether this one was. `ClosedPeriod` when
    /// `journal.decided_at` falls in a closed day.
    async fn post_run_journal(&self, journal: &Journal) -> StoreResult<bool>;
    /// Each lender's open loans (174, 180) on their schedule by accrual
    /// key, with how many share it: the daily run's accruals (decision 076).
    async fn accrual_groups(&self) -> StoreResult<Vec<(LenderId, String, i64)>>;
    /// Open loans off their schedule (accrual key `revised`, decision 078)
    /// after `after`, at most `limit`, in order, with their lender.
    async fn revised_accounts(&self, after: OrderId, limit: u32) -> StoreResult<Vec<(OrderId, LenderId, LoanAccount)>>;
    /// Accounts without an accrual key yet (written by a release before
    /// it), after `after`, at most `limit`, in order.
    async fn accounts_without_accrual_key(
        &self,
        after: OrderId,
        limit: u32,
    ) -> StoreResult<Vec<(OrderId, OrderStatus, LoanAccount)>>;
    /// Sets an account's accrual key where none is set yet.
    async fn set_accrual_key(&self, order: OrderId, key: &str) -> StoreResult<()>;
    /// Keeps a proposed matrix; its id (the first one's when `request` was
    /// made before).
    async fn propose_provision_matrix(
        &self,
        matrix: &ProvisionMatrix,
        request: Option<&KeyedRequest>,
    ) -> StoreResult<i64>;
    async fn provision_matrix(&self, id: i64) -> StoreResult<Option<ProvisionMatrix>>;
    /// The lender's matrices, the latest first, at most `limit`.
    async fn provision_matrices(&self, lender: LenderId, limit: u32) -> StoreResult<Vec<ProvisionMatrix>>;
    /// The lender's approved matrices, the latest decided first (the
    /// latest of each product, and of the lender's, is in force).
    async fn provision_matrices_approved(&self, lender: LenderId) -> StoreResult<Vec<ProvisionMatrix>>;
    /// Approves or rejects a proposed matrix; `Stale` when it was decided.
    async fn decide_provision_matrix(
        &self,
        id: i64,
        approve: bool,
        by: Option<i64>,
        at: OffsetDateTime,
    ) -> StoreResult<()>;
}
