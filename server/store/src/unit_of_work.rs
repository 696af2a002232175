//! Units of work: a `Store` over one open transaction (`db::Pool::unit`),
//! so every capability runs inside it without a copy of its code; and
//! read transactions (`db::Pool::reading`), the same over one snapshot.

use crate::Store;
use crate::db::{Pool, Unit};
use async_trait::async_trait;
use hiram_domain::store::{StoreError, StoreResult, UnitOfWork, UnitOfWorkStore};
use std::sync::Arc;

#[async_trait]
impl UnitOfWorkStore for Store {
    async fn unit_of_work(&self, lock: &'static str) -> StoreResult<Box<dyn UnitOfWork>> {
        let db = self.db.unit(lock, Arc::clone(&self.failpoints)).await?;
        let Pool::Unit(unit) = &db else {
            return Err(StoreError::Backend("a unit of work opened no transaction".into()));
        };
        let unit = unit.clone();
        Ok(Box::new(Bound { store: Store { db, failpoints: Arc::clone(&self.failpoints) }, unit }))
    }

    async fn reading(&self) -> StoreResult<Arc<dyn hiram_domain::store::Store>> {
        Ok(Arc::new(Store { db: self.db.reading().await?, failpoints: Arc::clone(&self.failpoints) }))
    }
}

struct Bound {
    store: Store,
    unit: Unit,
}

#[async_trait]
impl UnitOfWork for Bound {
    fn store(&self) -> Arc<dyn hiram_domain::store::Store> {
        Arc::new(self.store.clone())
    }

    async fn commit(self: Box<Self>) -> StoreResult<()> {
        self.unit.commit().await
    }
}

impl Drop for Bound {
    fn drop(&mut self) {
        // Committed or not, the transaction ends with the unit, even if a
        // handle to its store is still held somewhere.
        self.unit.abandon();
    }
}
