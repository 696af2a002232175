//! Write-offs under maker-checker (decision 073).

use super::StoreResult;
use crate::general_ledger::write_off::WriteOffProposal;
use crate::idempotency::KeyedRequest;
use crate::money::Centavos;
use crate::product::LenderId;
use async_trait::async_trait;
use time::OffsetDateTime;

#[async_trait]
pub trait WriteOffStore {
    /// Keeps a proposal; its id (the first one's when `request` was made
    /// before). `Conflict("write_off_one_per_loan")` when the loan has one
    /// waiting or approved already.
    async fn propose_write_off(&self, proposal: &WriteOffProposal, request: Option<&KeyedRequest>) -> StoreResult<i64>;
    async fn write_off(&self, id: i64) -> StoreResult<Option<WriteOffProposal>>;
    /// The write-offs of the lender's loans, the latest first, at most `limit`.
    async fn write_offs(&self, lender: LenderId, limit: u32) -> StoreResult<Vec<WriteOffProposal>>;
    /// Approves (with what was written off) or rejects a proposal; `Stale`
    /// when it was decided already.
    async fn decide_write_off(
        &self,
        id: i64,
        written_off: Option<Centavos>,
        by: Option<i64>,
        at: OffsetDateTime,
    ) -> StoreResult<()>;
}
