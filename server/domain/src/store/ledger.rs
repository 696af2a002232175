//! The double-entry ledger: entries posted once per idempotency key.

use super::StoreResult;
use crate::ledger::{Bucket, Entry};
use crate::money::Centavos;
use crate::order::OrderId;
use async_trait::async_trait;
use time::OffsetDateTime;

/// Names a money-moving request so that it takes effect once: the key the
/// caller chose and a digest of what the request asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IdempotencyKey {
    pub key: String,
    pub fingerprint: [u8; 32],
}

/// What happened to an entry posted under an idempotency key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Posting {
    /// Stored now.
    Posted(i64),
    /// The same request was posted before; nothing new was stored.
    Replayed(i64),
    /// The key was used before for a different request; nothing stored.
    KeyReused,
}

/// A stored ledger entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredEntry {
    pub id: i64,
    pub order_id: OrderId,
    /// The idempotency key it was posted under.
    pub key: String,
    pub entry: Entry,
    pub created_at: OffsetDateTime,
}

#[async_trait]
pub trait LedgerStore {
    /// Appends a balanced entry for an order unless its key was seen: the
    /// check and the insert share one transaction, so concurrent requests
    /// with one key post once.
    async fn post_entry(
        &self,
        order: OrderId,
        entry: &Entry,
        key: &IdempotencyKey,
        at: OffsetDateTime,
    ) -> StoreResult<Posting>;
    /// The order's entries, oldest first.
    async fn ledger_entries(&self, order: OrderId) -> StoreResult<Vec<StoredEntry>>;
    /// Posts a payment of `amount`: in one transaction, serialised per
    /// order, it reads what is owed, allocates the payment in `allocation`
    /// order (the excess becomes the borrower's credit) and appends the
    /// entry, once per key. Concurrent payments never settle more than is
    /// owed.
    async fn post_payment(
        &self,
        order: OrderId,
        amount: Centavos,
        allocation: &[Bucket; 4],
        key: &IdempotencyKey,
        at: OffsetDateTime,
    ) -> StoreResult<Posting>;
}
