//! Complaints and customer care's answers.

use super::StoreResult;
use crate::back_office::{Page, PageRequest};
use crate::borrower::BorrowerId;
use crate::idempotency::KeyedRequest;
use async_trait::async_trait;
use time::OffsetDateTime;

#[async_trait]
pub trait ComplaintStore {
    /// The new complaint's id; under a key already used for the same
    /// request, the first complaint's id and nothing stored.
    async fn file_complaint(
        &self,
        complaint: &crate::complaint::NewComplaint,
        request: Option<&KeyedRequest>,
    ) -> StoreResult<i64>;
    /// The borrower's complaints, newest first.
    async fn complaints_of(&self, borrower: BorrowerId) -> StoreResult<Vec<crate::complaint::Complaint>>;
    async fn complaint(&self, id: i64) -> StoreResult<Option<crate::complaint::Complaint>>;
    /// Complaints for customer care, oldest due first, optionally of one
    /// status, a page at a time.
    async fn complaints(
        &self,
        status: Option<crate::complaint::ComplaintStatus>,
        page: PageRequest,
    ) -> StoreResult<Page<crate::complaint::Complaint>>;
    /// How many open complaints were due before `now` (late, `complaint::is_late`).
    async fn late_complaints(&self, now: OffsetDateTime) -> StoreResult<i64>;
    /// The borrowers' ratings of the answers, per agent, by agent.
    async fn complaint_ratings(&self) -> StoreResult<Vec<crate::complaint::AgentScores>>;
    /// Answers an open complaint; `Stale` when it is not open, or was
    /// reopened for a call back (its rated answer stays).
    async fn answer_complaint(
        &self,
        id: i64,
        agent: &str,
        answer: &str,
        images: &[String],
        at: OffsetDateTime,
    ) -> StoreResult<()>;
    /// Closes a complaint that is not closed; `Stale` otherwise.
    async fn close_complaint(&self, id: i64, at: OffsetDateTime) -> StoreResult<()>;
    /// Stores the borrower's rating of an answered complaint, once; `Stale`
    /// when it is not answered, not theirs, or already rated.
    async fn rate_complaint(&self, id: i64, borrower: BorrowerId, score: i64, at: OffsetDateTime) -> StoreResult<()>;
    /// Reopens the borrower's answered (or closed) complaint whose answer
    /// they rated low, for a supervisor to call them back by `due_at`, once;
    /// `Stale` when it is not theirs, not rated low, or already asked.
    async fn request_complaint_callback(
        &self,
        id: i64,
        borrower: BorrowerId,
        at: OffsetDateTime,
        due_at: OffsetDateTime,
    ) -> StoreResult<()>;
}
