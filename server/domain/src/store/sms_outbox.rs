//! Every SMS the product sends, kept in the outbox.

use super::StoreResult;
use crate::phone::Phone;
use crate::sms::{NewOutboxEntry, OutboxEntry};
use async_trait::async_trait;

#[async_trait]
pub trait OutboxStore {
    async fn record_outbox(&self, entry: &NewOutboxEntry) -> StoreResult<i64>;
    /// Newest last; only one number's messages when `phone` is given.
    async fn outbox(&self, phone: Option<&Phone>, limit: i64) -> StoreResult<Vec<OutboxEntry>>;
}
