//! The borrower's KYC answers.

use super::StoreResult;
use crate::borrower::BorrowerId;
use crate::kyc::Section;
use crate::kyc::identity_review::{IdentityReview, NewIdentityReview};
use async_trait::async_trait;
use time::OffsetDateTime;

/// One stored KYC answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KycAnswer {
    pub section: Section,
    pub code: String,
    pub value: String,
}

#[async_trait]
pub trait KycStore {
    /// Stores the checked answers of one section, replacing earlier ones.
    async fn save_kyc_section(
        &self,
        borrower: BorrowerId,
        section: Section,
        answers: &[(&'static str, String)],
        now: OffsetDateTime,
    ) -> StoreResult<()>;
    async fn kyc_answers(&self, borrower: BorrowerId) -> StoreResult<Vec<KycAnswer>>;
    /// Records a review of the borrower's identity photos; a rejection also
    /// takes the reviewed photos out of their answers, in one transaction.
    async fn record_identity_review(&self, review: &NewIdentityReview) -> StoreResult<()>;
    /// The borrower's latest identity review, if any.
    async fn identity_review(&self, borrower: BorrowerId) -> StoreResult<Option<IdentityReview>>;
}
