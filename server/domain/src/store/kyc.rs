//! The borrower's KYC answers.

use super::StoreResult;
use crate::borrower::BorrowerId;
use crate::kyc::Section;
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
}
