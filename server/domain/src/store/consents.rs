//! What the borrower consented to, and what was uploaded under a consent.

use super::StoreResult;
use crate::borrower::BorrowerId;
use async_trait::async_trait;
use time::OffsetDateTime;

/// What the borrower may consent to: the kinds of personal data that need
/// an explicit consent before anything is stored (D4, NPC Circular 20-01),
/// and being contacted about an overdue loan outside 06:00–22:00 (SEC MC 18
/// s.2019). Only the borrower grants or withdraws a consent, through the
/// borrower API; staff have no way to record one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ConsentKind {
    Contacts,
    Location,
    Device,
    Photos,
    /// Collections may contact the borrower at any hour. No data is
    /// uploaded under it.
    CollectionAnyHour,
}

impl ConsentKind {
    pub const ALL: [ConsentKind; 5] = [
        ConsentKind::Contacts,
        ConsentKind::Location,
        ConsentKind::Device,
        ConsentKind::Photos,
        ConsentKind::CollectionAnyHour,
    ];

    pub fn key(self) -> &'static str {
        match self {
            ConsentKind::Contacts => "contacts",
            ConsentKind::Location => "location",
            ConsentKind::Device => "device",
            ConsentKind::Photos => "photos",
            ConsentKind::CollectionAnyHour => "collection_any_hour",
        }
    }

    pub fn parse(key: &str) -> Option<ConsentKind> {
        ConsentKind::ALL.into_iter().find(|kind| kind.key() == key)
    }
}

#[async_trait]
pub trait ConsentStore {
    /// Records a grant or a withdrawal; the newest record decides.
    async fn record_consent(
        &self,
        borrower: BorrowerId,
        kind: ConsentKind,
        granted: bool,
        at: OffsetDateTime,
    ) -> StoreResult<()>;
    async fn has_consent(&self, borrower: BorrowerId, kind: ConsentKind) -> StoreResult<bool>;
    /// Stores an upload only if the newest consent of its kind is a grant,
    /// checked in the same transaction; false (and nothing stored) otherwise.
    async fn store_upload(
        &self,
        borrower: BorrowerId,
        kind: ConsentKind,
        body: &str,
        at: OffsetDateTime,
    ) -> StoreResult<bool>;
    /// Removes the borrower's personal data that no law requires keeping:
    /// KYC answers, uploads, their income and expense book, calculations and
    /// reminders, password, and ends every session. Loans, their documents
    /// and history stay (lending records), and so do complaints. Answers the
    /// names of the pictures whose records it removed
    /// (`ImagePurpose::ERASED_WITH_ACCOUNT`): their bytes are the caller's
    /// to delete.
    async fn erase_personal_data(&self, borrower: BorrowerId, at: OffsetDateTime) -> StoreResult<Vec<String>>;
    /// The newest record of each consent kind the borrower answered.
    async fn consents(&self, borrower: BorrowerId) -> StoreResult<Vec<ConsentRecord>>;
}

/// A consent as last recorded: granted or withdrawn, and when.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConsentRecord {
    pub kind: String,
    pub granted: bool,
    pub at: OffsetDateTime,
}
