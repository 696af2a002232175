//! What borrowers did that the product counts.

use crate::Store;
use crate::db::args;
use async_trait::async_trait;
use hiram_domain::borrower::BorrowerId;
use hiram_domain::store::{BorrowerEvent, EventStore, StoreResult};

#[async_trait]
impl EventStore for Store {
    async fn record_event(&self, event: &BorrowerEvent) -> StoreResult<()> {
        self.db
            .exec(
                "INSERT INTO borrower_event (borrower_id, kind, product_id, module_id, position_id, value, at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7)",
                args![
                    event.borrower_id,
                    event.kind,
                    event.product_id,
                    event.module_id,
                    event.position_id,
                    event.value,
                    event.at
                ],
            )
            .await
            .map(drop)
    }

    async fn has_event(&self, borrower: BorrowerId, kind: &str) -> StoreResult<bool> {
        self.db
            .value(
                "SELECT EXISTS (SELECT 1 FROM borrower_event WHERE borrower_id = $1 AND kind = $2)",
                args![borrower, kind],
            )
            .await
    }
}
