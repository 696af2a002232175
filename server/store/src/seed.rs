//! Whether the demo data was filled in (migration 0048's one-row table).

use crate::Store;
use crate::db::args;
use async_trait::async_trait;
use hiram_domain::store::{SeedStore, StoreResult};
use time::OffsetDateTime;

#[async_trait]
impl SeedStore for Store {
    async fn seeded(&self) -> StoreResult<bool> {
        self.db.value("SELECT COUNT(*) > 0 FROM demo_seed", args![]).await
    }

    async fn mark_seeded(&self, at: OffsetDateTime) -> StoreResult<()> {
        crate::failpoints::hit(&self.failpoints, "seed:before_marker")?;
        self.db.exec("INSERT INTO demo_seed (id, seeded_at) VALUES (1, $1)", args![at]).await.map(drop)
    }
}
