//! What several features (and the jobs) share, with no routes of their own:
//! features import services, never each other (a test in
//! `tests/api/architecture.rs` holds them to it).
//!
//! The work the jobs run too (posting money in, disbursement, the daily
//! run, reminders) speaks [`ServiceError`], which knows nothing of HTTP;
//! only `error.rs` turns it into a reply. Helpers that take a request apart
//! (`images` reads a multipart form) answer with the HTTP error directly.

pub mod callback_signing;
#[cfg(test)]
mod clause_conformance;
pub mod complaint_types;
pub mod daily;
pub mod disbursements;
pub mod documents;
pub mod exchange_rates;
pub mod four_eyes;
pub mod general_ledger;
pub mod images;
pub mod loans;
pub mod money_in;
pub mod pay_code_images;
pub mod pay_codes;
pub mod refunds;
pub mod reversals;

use hiram_domain::store::StoreError;

/// Why a piece of shared work stopped. Nothing was half-done: every step
/// the services take is a transaction of its own or safe to repeat.
#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    /// The database failed.
    #[error("store: {0}")]
    Store(StoreError),
    /// Another request or process changed the record first (the order moved
    /// on); this write changed nothing.
    #[error("the record changed before this write")]
    Stale,
    /// A record the work relies on is missing (an order without its
    /// borrower or product): the data is broken, not the request.
    #[error("missing: {0}")]
    Missing(String),
    /// A rule of the domain refused the step (a move the order state
    /// machine forbids, an amount the ledger cannot hold).
    #[error("refused: {0}")]
    Refused(String),
}

pub type ServiceResult<T> = Result<T, ServiceError>;

impl From<StoreError> for ServiceError {
    fn from(error: StoreError) -> ServiceError {
        match error {
            StoreError::Stale => ServiceError::Stale,
            other => ServiceError::Store(other),
        }
    }
}
