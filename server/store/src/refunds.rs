//! Refunds under maker-checker (decision 075): one proposes, another
//! approves, the gateway's tries are recorded; the ledger's posting is the
//! loan's (`LedgerStore`).

use crate::Store;
use crate::db::{Row, args, conflict};
use crate::idempotency::{commit_created, created_before};
use async_trait::async_trait;
use hiram_domain::idempotency::KeyedRequest;
use hiram_domain::refund::{Refund, RefundStatus};
use hiram_domain::store::{RefundStore, StoreResult, exactly_one};
use time::OffsetDateTime;

const COLUMNS: &str = "id, order_id, amount, reason, status, proposed_by, proposed_by_token, proposed_at, \
                       decided_by, decided_at, transaction_id, detail";

fn refund(row: &Row<'_>) -> StoreResult<Refund> {
    Ok(Refund {
        id: row.get(0)?,
        order_id: row.get(1)?,
        amount: row.get(2)?,
        reason: row.get(3)?,
        status: row.parse(4, RefundStatus::parse)?,
        proposed_by: row.get(5)?,
        proposed_by_token: row.get(6)?,
        proposed_at: row.get(7)?,
        decided_by: row.get(8)?,
        decided_at: row.get(9)?,
        transaction_id: row.get(10)?,
        detail: row.get(11)?,
    })
}

#[async_trait]
impl RefundStore for Store {
    async fn propose_refund(&self, proposal: &Refund, request: Option<&KeyedRequest>) -> StoreResult<i64> {
        let mut tx = self.db.write().await?;
        if let Some(first) = created_before(&mut tx, request).await? {
            return Ok(first);
        }
        let id: i64 = tx
            .value(
                "INSERT INTO refund (order_id, amount, reason, status, proposed_by, proposed_by_token, proposed_at) \
                 VALUES ($1, $2, $3, 'proposed', $4, $5, $6) RETURNING id",
                args![
                    proposal.order_id,
                    proposal.amount,
                    &proposal.reason,
                    proposal.proposed_by,
                    proposal.proposed_by_token,
                    proposal.proposed_at
                ],
            )
            .await
            .map_err(conflict("refund_one_waiting"))?;
        commit_created(tx, request, id, proposal.proposed_at).await
    }

    async fn refund(&self, id: i64) -> StoreResult<Option<Refund>> {
        self.db.opt(&format!("SELECT {COLUMNS} FROM refund WHERE id = $1"), args![id], refund).await
    }

    async fn refunds(&self, status: Option<RefundStatus>, limit: u32) -> StoreResult<Vec<Refund>> {
        let sql = format!(
            "SELECT {COLUMNS} FROM refund WHERE CAST($1 AS TEXT) IS NULL OR status = $1 ORDER BY id DESC LIMIT $2"
        );
        self.db.all(&sql, args![status.map(RefundStatus::key), i64::from(limit)], refund).await
    }

    async fn decide_refund(&self, id: i64, approve: bool, by: Option<i64>, at: OffsetDateTime) -> StoreResult<()> {
        let status = if approve { RefundStatus::Approved } else { RefundStatus::Rejected };
        let changed = self
            .db
            .exec(
                "UPDATE refund SET status = $2, decided_by = $3, decided_at = $4 WHERE id = $1 AND status = 'proposed'",
                args![id, status.key(), by, at],
            )
            .await?;
        exactly_one(changed)
    }

    async fn record_refund_try(
        &self,
        id: i64,
        status: RefundStatus,
        transaction_id: Option<&str>,
        detail: &str,
    ) -> StoreResult<()> {
        let changed = self
            .db
            .exec(
                "UPDATE refund SET status = $2, transaction_id = $3, detail = $4 WHERE id = $1 AND status = 'approved'",
                args![id, status.key(), transaction_id, detail],
            )
            .await?;
        exactly_one(changed)
    }
}
