//! What borrowers did that the product counts.

use super::StoreResult;
use crate::borrower::BorrowerId;
use async_trait::async_trait;
use time::OffsetDateTime;

/// Something a borrower did that the product counts (taps, ratings).
#[derive(Clone, Debug)]
pub struct BorrowerEvent {
    pub borrower_id: Option<BorrowerId>,
    pub kind: &'static str,
    pub product_id: Option<i64>,
    pub module_id: Option<i64>,
    pub position_id: Option<i64>,
    pub value: Option<i64>,
    pub at: OffsetDateTime,
}

#[async_trait]
pub trait EventStore {
    async fn record_event(&self, event: &BorrowerEvent) -> StoreResult<()>;
    /// Whether the borrower ever did this (rated the app, ...).
    async fn has_event(&self, borrower: BorrowerId, kind: &str) -> StoreResult<bool>;
}
