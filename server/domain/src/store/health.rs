//! Whether the database takes a write.

use super::StoreResult;
use async_trait::async_trait;

#[async_trait]
pub trait HealthStore {
    /// Succeeds when the database takes a write and makes it durable (one
    /// row rewritten with `unix_seconds`), not merely when it answers.
    async fn take_a_write(&self, unix_seconds: i64) -> StoreResult<()>;
}
