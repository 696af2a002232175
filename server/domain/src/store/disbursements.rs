//! Payout attempts and the orders waiting for one.

use super::StoreResult;
use crate::back_office::{Page, PageRequest};
use crate::order::{Order, OrderId};
use crate::payout::PayoutResult;
use async_trait::async_trait;
use time::OffsetDateTime;

/// One try at paying an order out, as the gateway answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PayoutAttempt {
    pub order_id: OrderId,
    pub gateway: String,
    /// `None` when the gateway could not be reached.
    pub result: Option<PayoutResult>,
    pub at: OffsetDateTime,
}

/// A payout that did not go out, with its order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FailedPayout {
    pub order: Order,
    pub attempt: PayoutAttempt,
}

#[async_trait]
pub trait DisbursementStore {
    async fn record_payout_attempt(&self, attempt: &PayoutAttempt) -> StoreResult<()>;
    async fn payout_attempts(&self, order: OrderId) -> StoreResult<Vec<PayoutAttempt>>;
    /// Claims the order's payout try for this process until `until`, unless
    /// another process's claim holds it past `now`: whether this try got it.
    /// Processes trying one order at once call the gateway one at a time.
    async fn claim_payout(&self, order: OrderId, now: OffsetDateTime, until: OffsetDateTime) -> StoreResult<bool>;
    /// Lets go of the claim this try took (the one held until `until`), so
    /// the next try goes at once.
    async fn release_payout(&self, order: OrderId, until: OffsetDateTime) -> StoreResult<()>;
    /// Orders waiting for their payout (170), oldest first.
    async fn disbursing_orders(&self) -> StoreResult<Vec<Order>>;
    /// Refused and unreachable payout attempts, newest first.
    async fn failed_payouts(&self, page: PageRequest) -> StoreResult<Page<FailedPayout>>;
}
