//! Adjustments to what an order owes: one proposes, another approves.

use super::StoreResult;
use crate::idempotency::KeyedRequest;
use async_trait::async_trait;
use time::OffsetDateTime;

#[async_trait]
pub trait AdjustmentStore {
    /// The new proposal's id; under a key already used for the same
    /// request, the first proposal's id and nothing stored.
    async fn propose_adjustment(
        &self,
        adjustment: &crate::staff::Adjustment,
        request: Option<&KeyedRequest>,
    ) -> StoreResult<i64>;
    async fn adjustment(&self, id: i64) -> StoreResult<Option<crate::staff::Adjustment>>;
    /// Oldest first, optionally of one status.
    async fn adjustments(&self, status: Option<&str>, limit: i64) -> StoreResult<Vec<crate::staff::Adjustment>>;
    /// Approves or rejects a proposed adjustment; `Stale` when it was
    /// decided already.
    async fn decide_adjustment(&self, id: i64, approve: bool, by: Option<i64>, at: OffsetDateTime) -> StoreResult<()>;
}
