//! Every SMS the product sends, kept in the outbox.

use super::StoreResult;
use crate::phone::Phone;
use crate::sms::{NewOutboxEntry, OutboxEntry, OutboxStatus};
use async_trait::async_trait;
use time::OffsetDateTime;

#[async_trait]
pub trait OutboxStore {
    async fn record_outbox(&self, entry: &NewOutboxEntry) -> StoreResult<i64>;
    /// Newest last; only one number's messages when `phone` is given.
    async fn outbox(&self, phone: Option<&Phone>, limit: i64) -> StoreResult<Vec<OutboxEntry>>;
    /// How many texts wait to be sent (queued): the sender's backlog.
    async fn count_queued_outbox(&self) -> StoreResult<i64>;
    /// Records how sending a queued text ended (`Sent` or `Failed`);
    /// nothing when it is no longer queued.
    async fn finish_outbox(&self, id: i64, status: OutboxStatus) -> StoreResult<()>;
    /// Claims until `claim_until` up to `limit` queued texts whose earlier
    /// claim ran out by `now` (their sender crashed), oldest first, so
    /// that no other process takes them meanwhile.
    async fn claim_queued_outbox(
        &self,
        now: OffsetDateTime,
        claim_until: OffsetDateTime,
        limit: i64,
    ) -> StoreResult<Vec<OutboxEntry>>;
}
