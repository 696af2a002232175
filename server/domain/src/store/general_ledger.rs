//! The lenders' general ledger: its chart of accounts and what their loans
//! posted (decision 068).

use super::StoreResult;
use crate::general_ledger::{AccountTotals, GlAccount};
use crate::product::LenderId;
use async_trait::async_trait;
use time::OffsetDateTime;

#[async_trait]
pub trait GeneralLedgerStore {
    /// The chart of accounts, in its order.
    async fn chart_of_accounts(&self) -> StoreResult<Vec<GlAccount>>;
    /// The sums of the debit and credit lines the lender's loans posted
    /// before `before`, per loan-ledger account that has any.
    async fn loan_ledger_totals(&self, lender: LenderId, before: OffsetDateTime) -> StoreResult<Vec<AccountTotals>>;
}
