//! The console's searches and reports across borrowers and orders.

use super::StoreResult;
use crate::back_office::{Activity, BorrowerSearch, CollectedPayment, OrderRow, Page, PageRequest};
use crate::borrower::Borrower;
use async_trait::async_trait;
use time::OffsetDateTime;

/// The console's searches and reports across borrowers and orders.
#[async_trait]
pub trait BackOfficeStore {
    async fn find_orders(&self, query: &crate::back_office::OrderQuery) -> StoreResult<Page<OrderRow>>;
    /// Borrowers matching the search, or every borrower without one;
    /// newest first either way.
    async fn find_borrowers(&self, search: Option<&BorrowerSearch>, page: PageRequest) -> StoreResult<Page<Borrower>>;
    /// What the payment gateway's statement says it collected in
    /// `[from, to)`, by the channel of the pay code.
    async fn statement_payments(&self, from: OffsetDateTime, to: OffsetDateTime) -> StoreResult<Vec<CollectedPayment>>;
    /// Repayments the ledger posted in `[from, to)`, by the channel they
    /// came through.
    async fn posted_repayments(&self, from: OffsetDateTime, to: OffsetDateTime) -> StoreResult<Vec<CollectedPayment>>;
    /// Applications, decisions, disbursements and collections since `since`.
    async fn activity(&self, since: OffsetDateTime) -> StoreResult<Vec<Activity>>;
}
