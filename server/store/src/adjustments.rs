//! Adjustments to what an order owes: one proposes, another approves.

use crate::Store;
use crate::db::{Row, args};
use crate::idempotency::{commit_created, created_before};
use async_trait::async_trait;
use hiram_domain::idempotency::KeyedRequest;
use hiram_domain::ledger::Bucket;
use hiram_domain::staff::Adjustment;
use hiram_domain::store::{AdjustmentStore, StoreResult, exactly_one};
use time::OffsetDateTime;

const COLUMNS: &str = "id, order_id, bucket, amount, reason, proposed_by, status, decided_by, proposed_at";

fn adjustment(row: &Row<'_>) -> StoreResult<Adjustment> {
    Ok(Adjustment {
        id: row.get(0)?,
        order_id: row.get(1)?,
        bucket: row.parse(2, Bucket::parse)?,
        amount: row.get(3)?,
        reason: row.get(4)?,
        proposed_by: row.get(5)?,
        status: row.get(6)?,
        decided_by: row.get(7)?,
        proposed_at: row.get(8)?,
    })
}

#[async_trait]
impl AdjustmentStore for Store {
    async fn propose_adjustment(&self, proposal: &Adjustment, request: Option<&KeyedRequest>) -> StoreResult<i64> {
        let mut tx = self.db.write().await?;
        if let Some(first) = created_before(&mut tx, request).await? {
            return Ok(first);
        }
        let id: i64 = tx
            .value(
                "INSERT INTO adjustment (order_id, bucket, amount, reason, proposed_by, proposed_at) \
                 VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
                args![
                    proposal.order_id,
                    proposal.bucket.key(),
                    proposal.amount,
                    &proposal.reason,
                    proposal.proposed_by,
                    proposal.proposed_at,
                ],
            )
            .await?;
        commit_created(tx, request, id, proposal.proposed_at).await
    }

    async fn adjustment(&self, id: i64) -> StoreResult<Option<Adjustment>> {
        self.db.opt(&format!("SELECT {COLUMNS} FROM adjustment WHERE id = $1"), args![id], adjustment).await
    }

    async fn adjustments(&self, status: Option<&str>, limit: i64) -> StoreResult<Vec<Adjustment>> {
        let sql = format!(
            "SELECT {COLUMNS} FROM adjustment WHERE CAST($1 AS TEXT) IS NULL OR status = $1 ORDER BY id LIMIT $2"
        );
        self.db.all(&sql, args![status, limit], adjustment).await
    }

    async fn decide_adjustment(&self, id: i64, approve: bool, by: Option<i64>, at: OffsetDateTime) -> StoreResult<()> {
        let changed = self
            .db
            .exec(
                "UPDATE adjustment SET status = $2, decided_by = $3, decided_at = $4 WHERE id = $1 AND status = 'proposed'",
                args![id, if approve { "approved" } else { "rejected" }, by, at],
            )
            .await?;
        exactly_one(changed)
    }
}
