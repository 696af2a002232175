//! Refunds under maker-checker (decision 075).

use super::StoreResult;
use crate::idempotency::KeyedRequest;
use crate::refund::{Refund, RefundStatus};
use async_trait::async_trait;
use time::OffsetDateTime;

#[async_trait]
pub trait RefundStore {
    /// Keeps a proposal; its id (the first one's when `request` was made
    /// before). `Conflict("refund_one_waiting")` when the loan has one
    /// proposed or approved and not yet sent.
    async fn propose_refund(&self, refund: &Refund, request: Option<&KeyedRequest>) -> StoreResult<i64>;
    async fn refund(&self, id: i64) -> StoreResult<Option<Refund>>;
    /// The latest first, optionally of one status, at most `limit`.
    async fn refunds(&self, status: Option<RefundStatus>, limit: u32) -> StoreResult<Vec<Refund>>;
    /// Approves or rejects a proposed refund; `Stale` when it was decided.
    async fn decide_refund(&self, id: i64, approve: bool, by: Option<i64>, at: OffsetDateTime) -> StoreResult<()>;
    /// What the gateway's try of an approved refund met: sent (with its
    /// transaction), failed, or still approved (pending, unreachable) with
    /// the detail. `Stale` when it is no longer approved.
    async fn record_refund_try(
        &self,
        id: i64,
        status: RefundStatus,
        transaction_id: Option<&str>,
        detail: &str,
    ) -> StoreResult<()>;
}
