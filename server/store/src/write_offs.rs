//! Write-offs under maker-checker (decision 073): one proposes, another
//! approves, and the approval's posting is the loan's (`LedgerStore`).

use crate::Store;
use crate::db::{Row, args, conflict};
use crate::idempotency::{commit_created, created_before};
use async_trait::async_trait;
use hiram_domain::general_ledger::write_off::{WriteOffProposal, WriteOffStatus};
use hiram_domain::idempotency::KeyedRequest;
use hiram_domain::money::Centavos;
use hiram_domain::product::LenderId;
use hiram_domain::store::{StoreResult, WriteOffStore, exactly_one};
use time::OffsetDateTime;

const COLUMNS: &str = "w.id, w.order_id, w.reason, w.status, w.proposed_by, w.proposed_by_token, w.proposed_at, \
                       w.decided_by, w.decided_at, w.amount";

fn proposal(row: &Row<'_>) -> StoreResult<WriteOffProposal> {
    Ok(WriteOffProposal {
        id: row.get(0)?,
        order_id: row.get(1)?,
        reason: row.get(2)?,
        status: row.parse(3, WriteOffStatus::parse)?,
        proposed_by: row.get(4)?,
        proposed_by_token: row.get(5)?,
        proposed_at: row.get(6)?,
        decided_by: row.get(7)?,
        decided_at: row.get(8)?,
        amount: row.get(9)?,
    })
}

#[async_trait]
impl WriteOffStore for Store {
    async fn propose_write_off(&self, proposal: &WriteOffProposal, request: Option<&KeyedRequest>) -> StoreResult<i64> {
        let mut tx = self.db.write().await?;
        if let Some(first) = created_before(&mut tx, request).await? {
            return Ok(first);
        }
        let id: i64 = tx
            .value(
                "INSERT INTO write_off (order_id, reason, status, proposed_by, proposed_by_token, proposed_at) \
                 VALUES ($1, $2, 'proposed', $3, $4, $5) RETURNING id",
                args![
                    proposal.order_id,
                    &proposal.reason,
                    proposal.proposed_by,
                    proposal.proposed_by_token,
                    proposal.proposed_at
                ],
            )
            .await
            .map_err(conflict("write_off_one_per_loan"))?;
        commit_created(tx, request, id, proposal.proposed_at).await
    }

    async fn write_off(&self, id: i64) -> StoreResult<Option<WriteOffProposal>> {
        self.db.opt(&format!("SELECT {COLUMNS} FROM write_off w WHERE w.id = $1"), args![id], proposal).await
    }

    async fn write_offs(&self, lender: LenderId, limit: u32) -> StoreResult<Vec<WriteOffProposal>> {
        let sql = format!(
            "SELECT {COLUMNS} FROM write_off w JOIN loan_order o ON o.id = w.order_id \
             JOIN product p ON p.id = o.product_id WHERE p.lender_id = $1 ORDER BY w.id DESC LIMIT $2"
        );
        self.db.all(&sql, args![lender, i64::from(limit)], proposal).await
    }

    async fn decide_write_off(
        &self,
        id: i64,
        written_off: Option<Centavos>,
        by: Option<i64>,
        at: OffsetDateTime,
    ) -> StoreResult<()> {
        let status = if written_off.is_some() { WriteOffStatus::Approved } else { WriteOffStatus::Rejected };
        let changed = self
            .db
            .exec(
                "UPDATE write_off SET status = $2, decided_by = $3, decided_at = $4, amount = $5 \
                 WHERE id = $1 AND status = 'proposed'",
                args![id, status.key(), by, at, written_off],
            )
            .await?;
        exactly_one(changed)
    }
}
