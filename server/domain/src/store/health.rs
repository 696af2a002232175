//! Whether the database takes a write, and how much of its pool is taken.

use super::StoreResult;
use async_trait::async_trait;

#[async_trait]
pub trait HealthStore {
    /// Succeeds when the database takes a write and makes it durable (one
    /// row rewritten with `unix_seconds`), not merely when it answers.
    async fn take_a_write(&self, unix_seconds: i64) -> StoreResult<()>;
    /// The bytes left for the database to grow into: the free space of the
    /// SQLite file's disk; `None` for a database server, whose disk is its
    /// operator's to watch.
    async fn room_to_grow(&self) -> StoreResult<Option<u64>>;
    /// The connections handed out now and the most there can be, read from
    /// the pool's own counters (no query).
    fn pool_use(&self) -> PoolUse;
}

/// Connections in use and the pool's size: PostgreSQL's pool, or SQLite's
/// readers (its one writer is a lock, not a pool).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PoolUse {
    pub in_use: usize,
    pub max: usize,
}
