//! Whether the demo data was filled in: a marker, written in the seed's
//! own transaction, so a seed that failed midway leaves the database
//! unmarked (and empty) and the next start seeds it.

use super::StoreResult;
use async_trait::async_trait;
use time::OffsetDateTime;

#[async_trait]
pub trait SeedStore {
    /// The database holds the demo data, or had products before the marker
    /// existed (migration 0048 marks those).
    async fn seeded(&self) -> StoreResult<bool>;
    async fn mark_seeded(&self, at: OffsetDateTime) -> StoreResult<()>;
}
