//! Every SMS the product sends, kept in the outbox.

use crate::Store;
use crate::db::{Conn, Row, args};
use async_trait::async_trait;
use hiram_domain::otp::Delivery;
use hiram_domain::phone::Phone;
use hiram_domain::sms::{NewOutboxEntry, OutboxEntry, OutboxStatus};
use hiram_domain::store::{OutboxStore, StoreResult};

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

/// Stores a message inside a write (a reminder's claim stores its text
/// with the claim): its id.
pub(crate) async fn insert(tx: &mut Conn, entry: &NewOutboxEntry) -> StoreResult<i64> {
    tx.value(
        "INSERT INTO sms_outbox (phone, delivery, body, provider, status, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
        args![
            &entry.phone,
            entry.delivery.as_str(),
            &entry.body,
            &entry.provider,
            entry.status.as_str(),
            entry.created_at
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
                "SELECT * FROM (SELECT id, phone, delivery, body, provider, status, created_at FROM sms_outbox \
                 WHERE CAST($1 AS TEXT) IS NULL OR phone = $1 ORDER BY id DESC LIMIT $2) newest ORDER BY id",
                args![phone, limit],
                outbox_entry,
            )
            .await
    }
}
