//! Payment reversals under maker-checker. The approval is written by
//! `approve_in`, inside the ledger transaction that posts the reversal.

use crate::Store;
use crate::db::{Conn, Row, args, conflict};
use crate::idempotency::{commit_created, created_before};
use async_trait::async_trait;
use hiram_domain::idempotency::KeyedRequest;
use hiram_domain::reversal::{PaymentReversal, ReversalApproval, ReversalStatus};
use hiram_domain::store::{ReversalStore, StoreResult, exactly_one};
use time::OffsetDateTime;

const COLUMNS: &str =
    "id, order_id, entry_id, amount, reason, proposed_by, proposed_at, status, decided_by, decided_at";

fn reversal(row: &Row<'_>) -> StoreResult<PaymentReversal> {
    Ok(PaymentReversal {
        id: row.get(0)?,
        order_id: row.get(1)?,
        entry_id: row.get(2)?,
        amount: row.get(3)?,
        reason: row.get(4)?,
        proposed_by: row.get(5)?,
        proposed_at: row.get(6)?,
        status: row.parse(7, ReversalStatus::parse)?,
        decided_by: row.get(8)?,
        decided_at: row.get(9)?,
    })
}

/// Approves a waiting proposal in the caller's transaction; `Stale` when
/// another request decided it first, so the transaction writes nothing.
pub(crate) async fn approve_in(tx: &mut Conn, approval: &ReversalApproval) -> StoreResult<()> {
    let changed = tx
        .exec(
            "UPDATE payment_reversal SET status = 'approved', decided_by = $2, decided_at = $3 \
             WHERE id = $1 AND status = 'proposed'",
            args![approval.id, approval.by, approval.at],
        )
        .await?;
    exactly_one(changed)
}

#[async_trait]
impl ReversalStore for Store {
    async fn approved_reversals_of(&self, order: hiram_domain::order::OrderId) -> StoreResult<Vec<PaymentReversal>> {
        self.db
            .all(
                &format!(
                    "SELECT {COLUMNS} FROM payment_reversal WHERE order_id = $1 AND status = 'approved' ORDER BY id"
                ),
                args![order],
                reversal,
            )
            .await
    }

    async fn propose_reversal(&self, proposal: &PaymentReversal, request: Option<&KeyedRequest>) -> StoreResult<i64> {
        let mut tx = self.db.write().await?;
        if let Some(first) = created_before(&mut tx, request).await? {
            return Ok(first);
        }
        let id = tx
            .value(
                "INSERT INTO payment_reversal (order_id, entry_id, amount, reason, proposed_by, proposed_at) \
                 VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
                args![
                    proposal.order_id,
                    proposal.entry_id,
                    proposal.amount,
                    &proposal.reason,
                    proposal.proposed_by,
                    proposal.proposed_at,
                ],
            )
            .await
            .map_err(conflict("payment_reversal_once"))?;
        commit_created(tx, request, id, proposal.proposed_at).await
    }

    async fn reversal(&self, id: i64) -> StoreResult<Option<PaymentReversal>> {
        self.db.opt(&format!("SELECT {COLUMNS} FROM payment_reversal WHERE id = $1"), args![id], reversal).await
    }

    async fn reversals(&self, status: Option<ReversalStatus>, limit: i64) -> StoreResult<Vec<PaymentReversal>> {
        let sql = format!(
            "SELECT {COLUMNS} FROM payment_reversal WHERE CAST($1 AS TEXT) IS NULL OR status = $1 \
             ORDER BY id DESC LIMIT $2"
        );
        self.db.all(&sql, args![status.map(ReversalStatus::key), limit], reversal).await
    }

    async fn reject_reversal(&self, id: i64, by: Option<i64>, at: OffsetDateTime) -> StoreResult<()> {
        let changed = self
            .db
            .exec(
                "UPDATE payment_reversal SET status = 'rejected', decided_by = $2, decided_at = $3 \
                 WHERE id = $1 AND status = 'proposed'",
                args![id, by, at],
            )
            .await?;
        exactly_one(changed)
    }
}
