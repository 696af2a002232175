//! The account a borrower's loans are paid out to.

use super::StoreResult;
use crate::borrower::BorrowerId;
use crate::payout::{AccountDetails, PayoutAccount};
use async_trait::async_trait;
use time::OffsetDateTime;

#[async_trait]
pub trait PayoutAccountStore {
    /// Binds the account, replacing the borrower's current one (kept, for
    /// the record).
    async fn bind_account(
        &self,
        borrower: BorrowerId,
        details: &AccountDetails,
        at: OffsetDateTime,
    ) -> StoreResult<PayoutAccount>;
    /// The account payouts go to now.
    async fn payout_account(&self, borrower: BorrowerId) -> StoreResult<Option<PayoutAccount>>;
}
