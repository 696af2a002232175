//! Whether the database answers.

use super::StoreResult;
use async_trait::async_trait;

#[async_trait]
pub trait HealthStore {
    /// Succeeds when the database answers a trivial query.
    async fn ping(&self) -> StoreResult<()>;
}
