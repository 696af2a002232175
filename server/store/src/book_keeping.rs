//! The borrower's income and expense book.

use crate::Store;
use crate::db::{Row, args};
use crate::idempotency::{commit_created, created_before};
use async_trait::async_trait;
use hiram_domain::book_keeping::{BookRecord, EntryKind, RecordFields, category};
use hiram_domain::borrower::BorrowerId;
use hiram_domain::idempotency::KeyedRequest;
use hiram_domain::store::{BookKeepingStore, StoreResult, exactly_one};
use time::{Date, OffsetDateTime};

const COLUMNS: &str =
    "id, borrower_id, kind, amount, category, entry_date, note, image, created_at, updated_at, deleted_at";

fn record(row: &Row<'_>) -> StoreResult<BookRecord> {
    Ok(BookRecord {
        id: row.get(0)?,
        borrower_id: row.get(1)?,
        fields: RecordFields {
            kind: row.parse(2, EntryKind::parse)?,
            amount: row.get(3)?,
            category: row.parse(4, |key| category(key).map(|category| category.key))?,
            date: row.get(5)?,
            note: row.get(6)?,
            image: row.get(7)?,
        },
        created_at: row.get(8)?,
        updated_at: row.get(9)?,
        deleted_at: row.get(10)?,
    })
}

#[async_trait]
impl BookKeepingStore for Store {
    async fn add_book_record(
        &self,
        borrower: BorrowerId,
        fields: &RecordFields,
        at: OffsetDateTime,
        request: Option<&KeyedRequest>,
    ) -> StoreResult<i64> {
        let mut tx = self.db.write().await?;
        if let Some(first) = created_before(&mut tx, request).await? {
            return Ok(first);
        }
        let id: i64 = tx
            .value(
                "INSERT INTO book_record (borrower_id, kind, amount, category, entry_date, note, image, created_at, updated_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING id",
                args![
                    borrower,
                    fields.kind.key(),
                    fields.amount,
                    fields.category,
                    fields.date,
                    &fields.note,
                    fields.image.as_deref(),
                    at,
                ],
            )
            .await?;
        commit_created(tx, request, id, at).await
    }

    async fn update_book_record(
        &self,
        id: i64,
        borrower: BorrowerId,
        fields: &RecordFields,
        at: OffsetDateTime,
    ) -> StoreResult<()> {
        let changed = self
            .db
            .exec(
                "UPDATE book_record SET kind = $3, amount = $4, category = $5, entry_date = $6, note = $7, image = $8, \
                 updated_at = $9 WHERE id = $1 AND borrower_id = $2 AND deleted_at IS NULL",
                args![
                    id,
                    borrower,
                    fields.kind.key(),
                    fields.amount,
                    fields.category,
                    fields.date,
                    &fields.note,
                    fields.image.as_deref(),
                    at,
                ],
            )
            .await?;
        exactly_one(changed)
    }

    async fn book_record(&self, id: i64) -> StoreResult<Option<BookRecord>> {
        self.db.opt(&format!("SELECT {COLUMNS} FROM book_record WHERE id = $1"), args![id], record).await
    }

    async fn book_records(&self, borrower: BorrowerId, from: Date, to: Date) -> StoreResult<Vec<BookRecord>> {
        let sql = format!(
            "SELECT {COLUMNS} FROM book_record WHERE borrower_id = $1 AND deleted_at IS NULL AND entry_date BETWEEN $2 AND $3 \
             ORDER BY entry_date DESC, id DESC"
        );
        self.db.all(&sql, args![borrower, from, to], record).await
    }

    async fn delete_book_record(&self, id: i64, borrower: BorrowerId, at: OffsetDateTime) -> StoreResult<()> {
        let changed = self
            .db
            .exec(
                "UPDATE book_record SET deleted_at = $3 WHERE id = $1 AND borrower_id = $2 AND deleted_at IS NULL",
                args![id, borrower, at],
            )
            .await?;
        exactly_one(changed)
    }

    async fn restore_book_record(
        &self,
        id: i64,
        borrower: BorrowerId,
        deleted_since: OffsetDateTime,
    ) -> StoreResult<()> {
        let changed = self
            .db
            .exec(
                "UPDATE book_record SET deleted_at = NULL WHERE id = $1 AND borrower_id = $2 AND deleted_at >= $3",
                args![id, borrower, deleted_since],
            )
            .await?;
        exactly_one(changed)
    }

    async fn purge_book_records(&self, borrower: BorrowerId, before: OffsetDateTime) -> StoreResult<()> {
        self.db
            .exec("DELETE FROM book_record WHERE borrower_id = $1 AND deleted_at < $2", args![borrower, before])
            .await
            .map(drop)
    }
}
