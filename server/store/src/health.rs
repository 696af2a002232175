//! Whether the database takes a write, and how much of its pool is taken.

use crate::Store;
use crate::db::args;
use async_trait::async_trait;
use hiram_domain::store::{HealthStore, PoolUse, StoreResult};

#[async_trait]
impl HealthStore for Store {
    async fn take_a_write(&self, unix_seconds: i64) -> StoreResult<()> {
        self.db.exec("UPDATE readiness_probe SET written_at = $1 WHERE id = 1", args![unix_seconds]).await.map(drop)
    }

    fn pool_use(&self) -> PoolUse {
        self.db.pool_use()
    }
}
