//! The borrower's income and expense book on PostgreSQL.

use crate::{PostgresStore, backend, database};
use async_trait::async_trait;
use hiram_domain::book_keeping::{BookRecord, EntryKind, RecordFields, category};
use hiram_domain::borrower::BorrowerId;
use hiram_domain::money::Centavos;
use hiram_domain::store::{BookKeepingStore, StoreResult, exactly_one};
use time::{Date, OffsetDateTime};
use tokio_postgres::Row;

const COLUMNS: &str =
    "id, borrower_id, kind, amount, category, entry_date, note, image, created_at, updated_at, deleted_at";

fn record(row: &Row) -> StoreResult<BookRecord> {
    Ok(BookRecord {
        id: row.get(0),
        borrower_id: BorrowerId(row.get(1)),
        fields: RecordFields {
            kind: EntryKind::parse(row.get(2)).ok_or_else(|| backend("unknown book record kind"))?,
            amount: Centavos::new(row.get(3)),
            category: category(row.get(4)).ok_or_else(|| backend("unknown book record category"))?.key,
            date: row.get(5),
            note: row.get(6),
            image: row.get(7),
        },
        created_at: row.get(8),
        updated_at: row.get(9),
        deleted_at: row.get(10),
    })
}

#[async_trait]
impl BookKeepingStore for PostgresStore {
    async fn add_book_record(
        &self,
        borrower: BorrowerId,
        fields: &RecordFields,
        at: OffsetDateTime,
    ) -> StoreResult<i64> {
        let row = self
            .client()
            .await?
            .query_one(
                "INSERT INTO book_record (borrower_id, kind, amount, category, entry_date, note, image, created_at, updated_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING id",
                &[
                    &borrower.0,
                    &fields.kind.key(),
                    &fields.amount.get(),
                    &fields.category,
                    &fields.date,
                    &fields.note,
                    &fields.image,
                    &at,
                ],
            )
            .await
            .map_err(database)?;
        Ok(row.get(0))
    }

    async fn update_book_record(
        &self,
        id: i64,
        borrower: BorrowerId,
        fields: &RecordFields,
        at: OffsetDateTime,
    ) -> StoreResult<()> {
        let changed = self
            .client()
            .await?
            .execute(
                "UPDATE book_record SET kind = $3, amount = $4, category = $5, entry_date = $6, note = $7, image = $8, \
                 updated_at = $9 WHERE id = $1 AND borrower_id = $2 AND deleted_at IS NULL",
                &[
                    &id,
                    &borrower.0,
                    &fields.kind.key(),
                    &fields.amount.get(),
                    &fields.category,
                    &fields.date,
                    &fields.note,
                    &fields.image,
                    &at,
                ],
            )
            .await
            .map_err(database)?;
        exactly_one(changed)
    }

    async fn book_record(&self, id: i64) -> StoreResult<Option<BookRecord>> {
        let row = self
            .client()
            .await?
            .query_opt(&format!("SELECT {COLUMNS} FROM book_record WHERE id = $1"), &[&id])
            .await
            .map_err(database)?;
        row.as_ref().map(record).transpose()
    }

    async fn book_records(&self, borrower: BorrowerId, from: Date, to: Date) -> StoreResult<Vec<BookRecord>> {
        let rows = self
            .client()
            .await?
            .query(
                &format!(
                    "SELECT {COLUMNS} FROM book_record \
                     WHERE borrower_id = $1 AND deleted_at IS NULL AND entry_date BETWEEN $2 AND $3 \
                     ORDER BY entry_date DESC, id DESC"
                ),
                &[&borrower.0, &from, &to],
            )
            .await
            .map_err(database)?;
        rows.iter().map(record).collect()
    }

    async fn delete_book_record(&self, id: i64, borrower: BorrowerId, at: OffsetDateTime) -> StoreResult<()> {
        let changed = self
            .client()
            .await?
            .execute(
                "UPDATE book_record SET deleted_at = $3 WHERE id = $1 AND borrower_id = $2 AND deleted_at IS NULL",
                &[&id, &borrower.0, &at],
            )
            .await
            .map_err(database)?;
        exactly_one(changed)
    }

    async fn restore_book_record(
        &self,
        id: i64,
        borrower: BorrowerId,
        deleted_since: OffsetDateTime,
    ) -> StoreResult<()> {
        let changed = self
            .client()
            .await?
            .execute(
                "UPDATE book_record SET deleted_at = NULL WHERE id = $1 AND borrower_id = $2 AND deleted_at >= $3",
                &[&id, &borrower.0, &deleted_since],
            )
            .await
            .map_err(database)?;
        exactly_one(changed)
    }

    async fn purge_book_records(&self, borrower: BorrowerId, before: OffsetDateTime) -> StoreResult<()> {
        self.client()
            .await?
            .execute("DELETE FROM book_record WHERE borrower_id = $1 AND deleted_at < $2", &[&borrower.0, &before])
            .await
            .map_err(database)?;
        Ok(())
    }
}
