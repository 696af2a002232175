//! Payment reversals under maker-checker: one proposes, another approves
//! (the approval itself is stored by `LedgerStore::post_to_order`, in the
//! transaction that posts the reversal) or rejects.

use super::StoreResult;
use crate::idempotency::KeyedRequest;
use crate::reversal::{PaymentReversal, ReversalStatus};
use async_trait::async_trait;
use time::OffsetDateTime;

#[async_trait]
pub trait ReversalStore {
    /// Stores a proposal; `Conflict("payment_reversal_once")` when the
    /// payment already has a proposal waiting or approved. Under a key
    /// already used for the same request, the first proposal's id and
    /// nothing stored.
    async fn propose_reversal(&self, proposal: &PaymentReversal, request: Option<&KeyedRequest>) -> StoreResult<i64>;
    async fn reversal(&self, id: i64) -> StoreResult<Option<PaymentReversal>>;
    /// Newest first, optionally of one status.
    async fn reversals(&self, status: Option<ReversalStatus>, limit: i64) -> StoreResult<Vec<PaymentReversal>>;
    /// The approved reversals of one order, oldest first.
    async fn approved_reversals_of(&self, order: crate::order::OrderId) -> StoreResult<Vec<PaymentReversal>>;
    /// Rejects a waiting proposal; `Stale` when it was decided already.
    async fn reject_reversal(&self, id: i64, by: Option<i64>, at: OffsetDateTime) -> StoreResult<()>;
}
