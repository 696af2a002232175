//! Payments borrowers report, queued for staff to match.

use crate::Store;
use crate::db::{Row, args, conflict};
use async_trait::async_trait;
use hiram_domain::back_office::{Page, PageRequest};
use hiram_domain::order::OrderId;
use hiram_domain::payment::{Channel, UnpostedPayment, UnpostedStatus};
use hiram_domain::store::{StoreResult, SubmittedPayment, UnpostedStore, exactly_one};
use time::OffsetDateTime;

const COLUMNS: &str = "id, borrower_id, order_id, channel, reference, amount, status, note, created_at, resolved_at";

fn unposted(row: &Row<'_>) -> StoreResult<UnpostedPayment> {
    Ok(UnpostedPayment {
        id: row.get(0)?,
        borrower_id: row.get(1)?,
        order_id: row.get(2)?,
        channel: row.parse(3, Channel::parse)?,
        reference: row.get(4)?,
        amount: row.get(5)?,
        status: row.parse(6, UnpostedStatus::parse)?,
        note: row.get(7)?,
        created_at: row.get(8)?,
        resolved_at: row.get(9)?,
    })
}

#[async_trait]
impl UnpostedStore for Store {
    async fn submit_payment(&self, payment: &SubmittedPayment) -> StoreResult<i64> {
        self.db
            .insert(
                "INSERT INTO unposted_payment (borrower_id, order_id, channel, reference, amount, created_at) \
                 VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
                args![
                    payment.borrower_id,
                    payment.order_id,
                    payment.channel.key(),
                    &payment.reference,
                    payment.amount,
                    payment.at
                ],
            )
            .await
            .map_err(conflict("unposted_reference"))
    }

    async fn unposted_payments(
        &self,
        status: Option<UnpostedStatus>,
        page: PageRequest,
    ) -> StoreResult<Page<UnpostedPayment>> {
        let status = status.map(UnpostedStatus::key);
        let mut db = self.db.read().await?;
        let filter = "CAST($1 AS TEXT) IS NULL OR status = $1";
        let total = db.value(&format!("SELECT COUNT(*) FROM unposted_payment WHERE {filter}"), args![status]).await?;
        let sql = format!("SELECT {COLUMNS} FROM unposted_payment WHERE {filter} ORDER BY id LIMIT $2 OFFSET $3");
        let rows = db.all(&sql, args![status, page.size, page.offset], unposted).await?;
        Ok(Page { rows, total })
    }

    async fn pending_unposted_of(&self, order: OrderId) -> StoreResult<i64> {
        self.db
            .value("SELECT COUNT(*) FROM unposted_payment WHERE order_id = $1 AND status = 'pending'", args![order])
            .await
    }

    async fn unposted_payment(&self, id: i64) -> StoreResult<Option<UnpostedPayment>> {
        self.db.opt(&format!("SELECT {COLUMNS} FROM unposted_payment WHERE id = $1"), args![id], unposted).await
    }

    async fn unposted_by_reference(&self, channel: Channel, reference: &str) -> StoreResult<Option<UnpostedPayment>> {
        let sql = format!("SELECT {COLUMNS} FROM unposted_payment WHERE channel = $1 AND reference = $2");
        self.db.opt(&sql, args![channel.key(), reference], unposted).await
    }

    async fn resolve_unposted(
        &self,
        id: i64,
        status: UnpostedStatus,
        order: OrderId,
        note: &str,
        at: OffsetDateTime,
    ) -> StoreResult<()> {
        let changed = self
            .db
            .exec(
                "UPDATE unposted_payment SET status = $2, order_id = $3, note = $4, resolved_at = $5 \
                 WHERE id = $1 AND status = 'pending'",
                args![id, status.key(), order, note, at],
            )
            .await?;
        exactly_one(changed)
    }
}
