//! A unit of work: many store calls that commit together or not at all
//! (the demo seed goes through the state machine in dozens of calls, and a
//! seed that stops halfway must leave nothing behind).

use super::{Store, StoreResult};
use async_trait::async_trait;
use std::sync::Arc;

/// The lock that start-up work takes: migrations and the demo seed, so
/// that processes started together run them one after another.
pub const START_UP_LOCK: &str = "hiram start-up";

/// The lock every staff action takes (decision 063): a retry of an action
/// waits for the first to commit and then finds it done, so it is neither
/// applied nor audited twice.
pub const STAFF_ACTION_LOCK: &str = "hiram staff action";

#[async_trait]
pub trait UnitOfWorkStore {
    /// Opens a transaction holding the named lock (on SQLite the one
    /// writer already excludes every other) and answers a unit whose store
    /// runs every call inside it.
    async fn unit_of_work(&self, lock: &'static str) -> StoreResult<Box<dyn UnitOfWork>>;

    /// A store whose reads all run in one read transaction on one
    /// connection: one snapshot of the database for a whole page, and one
    /// connection taken from the pool instead of one per statement. It
    /// refuses writes, and ends when its last handle is dropped. Inside a
    /// unit of work, the unit itself.
    async fn reading(&self) -> StoreResult<Arc<dyn Store>>;
}

#[async_trait]
pub trait UnitOfWork: Send + Sync {
    /// A store bound to the unit's transaction: each of its calls is a
    /// savepoint there (a call that fails undoes only itself), and it
    /// serves one call at a time. Calls fail once the unit has ended.
    fn store(&self) -> Arc<dyn Store>;
    /// Makes the unit's work durable. Dropped uncommitted, it rolls back.
    async fn commit(self: Box<Self>) -> StoreResult<()>;
}
