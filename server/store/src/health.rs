//! Whether the database takes a write, and how much of its pool is taken.

use crate::Store;
use async_trait::async_trait;
use hiram_domain::store::{HealthStore, PoolUse, StoreResult};

#[async_trait]
impl HealthStore for Store {
    async fn take_a_write(&self, unix_seconds: i64) -> StoreResult<()> {
        self.db.probe_write("UPDATE readiness_probe SET written_at = $1 WHERE id = 1", unix_seconds).await
    }

    async fn room_to_grow(&self) -> StoreResult<Option<u64>> {
        self.db.room_to_grow().await
    }

    fn pool_use(&self) -> PoolUse {
        self.db.pool_use()
    }
}
