//! Debits of a bound account through the old repayment store.

use super::StoreResult;
use crate::borrower::BorrowerId;
use crate::money::Centavos;
use crate::order::OrderId;
use async_trait::async_trait;
use time::OffsetDateTime;

/// A debit of the borrower's bound account through the old repayment store:
/// offered (a token), committed with an amount (a code is sent), then
/// collected or declined.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DirectDebit {
    pub id: i64,
    pub order_id: OrderId,
    pub borrower_id: BorrowerId,
    pub account_id: i64,
    pub amount: Centavos,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DebitCommit {
    Committed(i64),
    /// The token was committed before (a second tap, a replay).
    AlreadyUsed,
    /// No live token of this borrower and order.
    Unknown,
}

#[async_trait]
pub trait DebitStore {
    /// Offers a debit of `account_id` for the order under `token`.
    async fn offer_debit(
        &self,
        order: OrderId,
        borrower: BorrowerId,
        account_id: i64,
        token: &str,
        expires_at: OffsetDateTime,
        at: OffsetDateTime,
    ) -> StoreResult<()>;
    /// Sets the amount of an offered debit, once.
    async fn commit_debit(
        &self,
        token: &str,
        order: OrderId,
        borrower: BorrowerId,
        amount: Centavos,
        at: OffsetDateTime,
    ) -> StoreResult<DebitCommit>;
    /// Claims a committed debit for collection, once; `None` when it is not
    /// (or no longer) waiting for its code.
    async fn claim_debit(&self, id: i64, order: OrderId, borrower: BorrowerId) -> StoreResult<Option<DirectDebit>>;
    /// Records how the collection ended: `collected` or `declined`.
    async fn finish_debit(&self, id: i64, outcome: &str, at: OffsetDateTime) -> StoreResult<()>;
}
