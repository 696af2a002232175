//! The borrower's income and expense book on SQLite.

use crate::pool::{SqliteStore, backend};
use crate::rows::{self, date_text, millis};
use async_trait::async_trait;
use hiram_domain::book_keeping::{BookRecord, EntryKind, RecordFields, category};
use hiram_domain::borrower::BorrowerId;
use hiram_domain::money::Centavos;
use hiram_domain::store::{BookKeepingStore, StoreResult, exactly_one};
use rusqlite::types::Type;
use rusqlite::{OptionalExtension, Row, params};
use time::{Date, OffsetDateTime};

const COLUMNS: &str =
    "id, borrower_id, kind, amount, category, entry_date, note, image, created_at, updated_at, deleted_at";

fn unknown(column: usize, what: &str) -> rusqlite::Error {
    rusqlite::Error::FromSqlConversionFailure(column, Type::Text, format!("unknown {what}").into())
}

fn record(row: &Row<'_>) -> rusqlite::Result<BookRecord> {
    let kind: String = row.get(2)?;
    let key: String = row.get(4)?;
    let entry_date: String = row.get(5)?;
    Ok(BookRecord {
        id: row.get(0)?,
        borrower_id: BorrowerId(row.get(1)?),
        fields: RecordFields {
            kind: EntryKind::parse(&kind).ok_or_else(|| unknown(2, "kind"))?,
            amount: Centavos::new(row.get(3)?),
            category: category(&key).ok_or_else(|| unknown(4, "category"))?.key,
            date: rows::date(&entry_date)?,
            note: row.get(6)?,
            image: row.get(7)?,
        },
        created_at: rows::instant(row.get(8)?)?,
        updated_at: rows::instant(row.get(9)?)?,
        deleted_at: rows::optional_instant(row.get(10)?)?,
    })
}

#[async_trait]
impl BookKeepingStore for SqliteStore {
    async fn add_book_record(
        &self,
        borrower: BorrowerId,
        fields: &RecordFields,
        at: OffsetDateTime,
    ) -> StoreResult<i64> {
        let fields = fields.clone();
        self.write(move |tx| {
            tx.execute(
                "INSERT INTO book_record (borrower_id, kind, amount, category, entry_date, note, image, created_at, updated_at) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8)",
                params![
                    borrower.0,
                    fields.kind.key(),
                    fields.amount.get(),
                    fields.category,
                    date_text(fields.date),
                    fields.note,
                    fields.image,
                    millis(at)
                ],
            )
            .map_err(backend)?;
            Ok(tx.last_insert_rowid())
        })
        .await
    }

    async fn update_book_record(
        &self,
        id: i64,
        borrower: BorrowerId,
        fields: &RecordFields,
        at: OffsetDateTime,
    ) -> StoreResult<()> {
        let fields = fields.clone();
        self.write(move |tx| {
            exactly_one(
                tx.execute(
                    "UPDATE book_record SET kind = ?3, amount = ?4, category = ?5, entry_date = ?6, note = ?7, image = ?8, \
                     updated_at = ?9 WHERE id = ?1 AND borrower_id = ?2 AND deleted_at IS NULL",
                    params![
                        id,
                        borrower.0,
                        fields.kind.key(),
                        fields.amount.get(),
                        fields.category,
                        date_text(fields.date),
                        fields.note,
                        fields.image,
                        millis(at)
                    ],
                )
                .map_err(backend)? as u64,
            )
        })
        .await
    }

    async fn book_record(&self, id: i64) -> StoreResult<Option<BookRecord>> {
        self.read(move |connection| {
            connection
                .query_row(&format!("SELECT {COLUMNS} FROM book_record WHERE id = ?1"), [id], record)
                .optional()
                .map_err(backend)
        })
        .await
    }

    async fn book_records(&self, borrower: BorrowerId, from: Date, to: Date) -> StoreResult<Vec<BookRecord>> {
        self.read(move |connection| {
            let mut statement = connection
                .prepare_cached(&format!(
                    "SELECT {COLUMNS} FROM book_record \
                     WHERE borrower_id = ?1 AND deleted_at IS NULL AND entry_date BETWEEN ?2 AND ?3 \
                     ORDER BY entry_date DESC, id DESC"
                ))
                .map_err(backend)?;
            statement
                .query_map(params![borrower.0, date_text(from), date_text(to)], record)
                .and_then(Iterator::collect)
                .map_err(backend)
        })
        .await
    }

    async fn delete_book_record(&self, id: i64, borrower: BorrowerId, at: OffsetDateTime) -> StoreResult<()> {
        self.write(move |tx| {
            exactly_one(
                tx.execute(
                    "UPDATE book_record SET deleted_at = ?3 WHERE id = ?1 AND borrower_id = ?2 AND deleted_at IS NULL",
                    params![id, borrower.0, millis(at)],
                )
                .map_err(backend)? as u64,
            )
        })
        .await
    }

    async fn restore_book_record(
        &self,
        id: i64,
        borrower: BorrowerId,
        deleted_since: OffsetDateTime,
    ) -> StoreResult<()> {
        self.write(move |tx| {
            exactly_one(
                tx.execute(
                    "UPDATE book_record SET deleted_at = NULL WHERE id = ?1 AND borrower_id = ?2 AND deleted_at >= ?3",
                    params![id, borrower.0, millis(deleted_since)],
                )
                .map_err(backend)? as u64,
            )
        })
        .await
    }

    async fn purge_book_records(&self, borrower: BorrowerId, before: OffsetDateTime) -> StoreResult<()> {
        self.write(move |tx| {
            tx.execute(
                "DELETE FROM book_record WHERE borrower_id = ?1 AND deleted_at < ?2",
                params![borrower.0, millis(before)],
            )
            .map_err(backend)?;
            Ok(())
        })
        .await
    }
}
