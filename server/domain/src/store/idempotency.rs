//! Creates sent under a client's key (decision 037). Each create that takes
//! a `KeyedRequest` stores it in its own transaction; this trait reads them,
//! and deletes those kept long enough (decision 052).

use super::StoreResult;
use crate::idempotency::KeyedRequest;
use async_trait::async_trait;
use time::OffsetDateTime;

/// The name `StoreError::Conflict` carries when a key already names a
/// different request of its owner: nothing was stored.
pub const KEY_REUSED: &str = "idempotency_key";

#[async_trait]
pub trait IdempotencyStore {
    /// What the first request under this owner's key created (a row's id,
    /// or a picture's name), `None` when the key is new, and
    /// `Conflict(KEY_REUSED)` when it named a different request. For a
    /// create with work to do before its transaction (a picture to decode
    /// and keep); the transaction checks again.
    async fn created_under(&self, request: &KeyedRequest) -> StoreResult<Option<String>>;
    /// Deletes the request keys stored before `before`, every owner's: how
    /// many. A retry under one of them is then a new request. Ledger posting
    /// keys are not request keys and are never deleted.
    async fn purge_request_keys(&self, before: OffsetDateTime) -> StoreResult<u64>;
}
