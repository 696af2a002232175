//! Borrowers, known by their phone.

use super::StoreResult;
use crate::borrower::{Borrower, BorrowerId, Language};
use crate::phone::Phone;
use async_trait::async_trait;
use time::OffsetDateTime;

#[async_trait]
pub trait BorrowerStore {
    /// Creates the borrower, or returns the one with that phone.
    async fn ensure_borrower(
        &self,
        phone: &Phone,
        full_name: Option<&str>,
        now: OffsetDateTime,
    ) -> StoreResult<Borrower>;
    async fn borrower_by_phone(&self, phone: &Phone) -> StoreResult<Option<Borrower>>;
    async fn borrower(&self, id: BorrowerId) -> StoreResult<Option<Borrower>>;
    /// The PHC-format hash of the borrower's password, if they set one.
    async fn password_hash(&self, id: BorrowerId) -> StoreResult<Option<String>>;
    /// Sets a new password and ends every session of the borrower's, in one
    /// transaction: whoever knew the old password is signed out.
    async fn set_password_hash(&self, id: BorrowerId, hash: &str, at: time::OffsetDateTime) -> StoreResult<()>;
    async fn set_full_name(&self, id: BorrowerId, full_name: &str) -> StoreResult<()>;
    /// Remembers the language the borrower chose (decision 046).
    async fn set_language(&self, id: BorrowerId, language: Language) -> StoreResult<()>;
}
