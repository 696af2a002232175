//! Payments borrowers report, queued for staff to match.

use super::StoreResult;
use crate::back_office::{Page, PageRequest};
use crate::borrower::BorrowerId;
use crate::money::Centavos;
use crate::order::OrderId;
use crate::payment::{Channel, UnpostedPayment, UnpostedStatus};
use async_trait::async_trait;
use time::OffsetDateTime;

/// What a borrower reports having paid, for the unposted queue.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SubmittedPayment {
    pub borrower_id: BorrowerId,
    pub order_id: OrderId,
    pub channel: Channel,
    pub reference: String,
    pub amount: Centavos,
    pub at: OffsetDateTime,
}

#[async_trait]
pub trait UnpostedStore {
    /// Queues a reported payment; `Conflict("unposted_reference")` when the
    /// channel's reference was reported before.
    async fn submit_payment(&self, payment: &SubmittedPayment) -> StoreResult<i64>;
    /// The queue, oldest first, optionally of one status, a page at a time.
    async fn unposted_payments(
        &self,
        status: Option<UnpostedStatus>,
        page: PageRequest,
    ) -> StoreResult<Page<UnpostedPayment>>;
    /// How many payments reported for the order wait for staff.
    async fn pending_unposted_of(&self, order: OrderId) -> StoreResult<i64>;
    async fn unposted_payment(&self, id: i64) -> StoreResult<Option<UnpostedPayment>>;
    /// The report of the channel's reference, if there is one.
    async fn unposted_by_reference(&self, channel: Channel, reference: &str) -> StoreResult<Option<UnpostedPayment>>;
    /// Resolves a pending entry; `Stale` when it is no longer pending.
    async fn resolve_unposted(
        &self,
        id: i64,
        status: UnpostedStatus,
        order: OrderId,
        note: &str,
        at: OffsetDateTime,
    ) -> StoreResult<()>;
}
