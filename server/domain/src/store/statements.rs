//! The providers' statements and the worklist their matches leave
//! (decision 074).

use super::StoreResult;
use crate::general_ledger::statement::{BooksLine, KeptItem, ProviderStatement, StatementItem};
use crate::idempotency::KeyedRequest;
use crate::product::LenderId;
use async_trait::async_trait;
use time::{Date, OffsetDateTime};

/// A kept statement with how its lines matched.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StatementSummary {
    pub statement: ProviderStatement,
    pub lines: i64,
    pub matched: i64,
    /// Lines still waiting on the worklist.
    pub open: i64,
}

#[async_trait]
pub trait StatementStore {
    /// The provider's payments the books posted between `from` and `to`:
    /// the entries keyed `{provider}:{reference}`, with the cash each brought.
    async fn provider_postings(
        &self,
        provider: &str,
        from: OffsetDateTime,
        to: OffsetDateTime,
    ) -> StoreResult<Vec<BooksLine>>;
    /// Keeps a statement and its match; its id (the first one's when
    /// `request` was made before). `Conflict("provider_statement_day")`
    /// when the provider's statement of that day is kept already.
    async fn keep_statement(
        &self,
        statement: &ProviderStatement,
        items: &[StatementItem],
        request: Option<&KeyedRequest>,
    ) -> StoreResult<i64>;
    /// The latest statements first, at most `limit`.
    async fn statements(&self, limit: u32) -> StoreResult<Vec<StatementSummary>>;
    async fn statement_items(&self, statement: i64) -> StoreResult<Vec<KeptItem>>;
    async fn statement_item(&self, id: i64) -> StoreResult<Option<KeptItem>>;
    /// The lines still open that touch the lender's books through `through`:
    /// its own, and those no lender's books hold (money the provider took
    /// that nobody posted could be any lender's).
    async fn open_statement_items(&self, lender: LenderId, through: Date) -> StoreResult<Vec<KeptItem>>;
    /// Resolves an open line with what finance found; `Stale` when it is
    /// not open.
    async fn resolve_statement_item(
        &self,
        id: i64,
        resolution: &str,
        by: Option<i64>,
        at: OffsetDateTime,
    ) -> StoreResult<()>;
}
