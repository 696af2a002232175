//! The borrower's income and expense book.

use super::StoreResult;
use crate::book_keeping::{BookRecord, RecordFields};
use crate::borrower::BorrowerId;
use crate::idempotency::KeyedRequest;
use async_trait::async_trait;
use time::{Date, OffsetDateTime};

/// The borrower's income and expense book. A deleted record keeps its row
/// (with `deleted_at`) while it may be brought back.
#[async_trait]
pub trait BookKeepingStore {
    /// The new record's id; under a key already used for the same request,
    /// the first record's id and nothing stored.
    async fn add_book_record(
        &self,
        borrower: BorrowerId,
        fields: &RecordFields,
        at: OffsetDateTime,
        request: Option<&KeyedRequest>,
    ) -> StoreResult<i64>;
    /// Replaces what the borrower's record says; `Stale` when it is missing,
    /// deleted, or another borrower's.
    async fn update_book_record(
        &self,
        id: i64,
        borrower: BorrowerId,
        fields: &RecordFields,
        at: OffsetDateTime,
    ) -> StoreResult<()>;
    /// The record, deleted or not, whoever's it is: the caller decides.
    async fn book_record(&self, id: i64) -> StoreResult<Option<BookRecord>>;
    /// The borrower's records that are not deleted, dated `from` to `to`
    /// (both included), the latest date first and, within a date, the
    /// latest added first.
    async fn book_records(&self, borrower: BorrowerId, from: Date, to: Date) -> StoreResult<Vec<BookRecord>>;
    /// Marks the borrower's record deleted; `Stale` when it is missing,
    /// deleted already, or another borrower's.
    async fn delete_book_record(&self, id: i64, borrower: BorrowerId, at: OffsetDateTime) -> StoreResult<()>;
    /// Brings back the borrower's record deleted at or after `deleted_since`;
    /// `Stale` otherwise.
    async fn restore_book_record(
        &self,
        id: i64,
        borrower: BorrowerId,
        deleted_since: OffsetDateTime,
    ) -> StoreResult<()>;
    /// Removes for good the borrower's records deleted before `before`.
    async fn purge_book_records(&self, borrower: BorrowerId, before: OffsetDateTime) -> StoreResult<()>;
}
