//! Every SMS the product sends, kept in the outbox.

use crate::Store;
use crate::db::{Conn, Row, args};
use async_trait::async_trait;
use hiram_domain::otp::Delivery;
use hiram_domain::phone::Phone;
use hiram_domain::sms::{NewOutboxEntry, OutboxEntry, OutboxStatus, SEND_CLAIM};
use hiram_domain::store::{OutboxStore, StoreResult};
use time::OffsetDateTime;

const COLUMNS: &str = "id, phone, delivery, body, provider, status, created_at";

fn outbox_entry(row: &Row<'_>) -> StoreResult<OutboxEntry> {
    Ok(OutboxEntry {
        id: row.get(0)?,
        phone: row.get(1)?,
        delivery: row.parse(2, Delivery::parse)?,
        body: row.get(3)?,
        provider: row.get(4)?,
        status: row.parse(5, OutboxStatus::parse)?,
        created_at: row.get(6)?,
    })
}

/// Stores a message inside a write, with the change it reports (a
/// payment, a reminder's claim): its id. A queued one is held for the
/// process that stores it until `SEND_CLAIM` has passed.
pub(crate) async fn insert(tx: &mut Conn, entry: &NewOutboxEntry) -> StoreResult<i64> {
    let claimed_until = (entry.status == OutboxStatus::Queued).then(|| entry.created_at + SEND_CLAIM);
    tx.value(
        "INSERT INTO sms_outbox (phone, delivery, body, provider, status, created_at, claimed_until) \
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
        args![
            &entry.phone,
            entry.delivery.as_str(),
            &entry.body,
            &entry.provider,
            entry.status.as_str(),
            entry.created_at,
            claimed_until,
        ],
    )
    .await
}

#[async_trait]
impl OutboxStore for Store {
    async fn record_outbox(&self, entry: &NewOutboxEntry) -> StoreResult<i64> {
        let mut tx = self.db.write().await?;
        let id = insert(&mut tx, entry).await?;
        tx.commit().await?;
        Ok(id)
    }

    async fn outbox(&self, phone: Option<&Phone>, limit: i64) -> StoreResult<Vec<OutboxEntry>> {
        self.db
            .all(
                &format!(
                    "SELECT * FROM (SELECT {COLUMNS} FROM sms_outbox \
                 WHERE CAST($1 AS TEXT) IS NULL OR phone = $1 ORDER BY id DESC LIMIT $2) newest ORDER BY id"
                ),
                args![phone, limit],
                outbox_entry,
            )
            .await
    }

    async fn count_queued_outbox(&self) -> StoreResult<i64> {
        self.db.value("SELECT COUNT(*) FROM sms_outbox WHERE status = 'queued'", args![]).await
    }

    async fn finish_outbox(&self, id: i64, status: OutboxStatus) -> StoreResult<()> {
        self.db
            .exec(
                "UPDATE sms_outbox SET status = $2, claimed_until = NULL WHERE id = $1 AND status = 'queued'",
                args![id, status.as_str()],
            )
            .await
            .map(drop)
    }

    async fn claim_queued_outbox(
        &self,
        now: OffsetDateTime,
        claim_until: OffsetDateTime,
        limit: i64,
    ) -> StoreResult<Vec<OutboxEntry>> {
        self.db
            .retrying(move || async move {
                let mut tx = self.db.write().await?;
                // Skipping the texts another process is claiming right now.
                let ids: Vec<i64> = tx
                    .all(
                        "SELECT id FROM sms_outbox WHERE status = 'queued' AND claimed_until < $1 ORDER BY id LIMIT $2 \
                         FOR UPDATE SKIP LOCKED",
                        args![now, limit],
                        |row| row.get(0),
                    )
                    .await?;
                let mut claimed = Vec::with_capacity(ids.len());
                for id in ids {
                    let sql = format!("UPDATE sms_outbox SET claimed_until = $2 WHERE id = $1 RETURNING {COLUMNS}");
                    claimed.push(tx.one(&sql, args![id, claim_until], outbox_entry).await?);
                }
                tx.commit().await?;
                Ok(claimed)
            })
            .await
    }
}
