//! Whether the database answers.

use crate::Store;
use crate::db::args;
use async_trait::async_trait;
use hiram_domain::store::{HealthStore, StoreResult};

#[async_trait]
impl HealthStore for Store {
    async fn ping(&self) -> StoreResult<()> {
        self.db.value::<i64>("SELECT 1", args![]).await.map(drop)
    }
}
