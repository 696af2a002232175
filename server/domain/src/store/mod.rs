//! Storage traits, one file per capability. The domain says what it needs;
//! `hiram-store` implements every trait once for SQLite and PostgreSQL (its
//! files carry the same names), and one contract test suite (the app's API
//! tests) runs against both.

mod adjustments;
mod back_office;
mod book_keeping;
mod borrowers;
mod calculator;
mod cap_rule_sets;
mod captcha;
mod collections;
mod complaints;
mod consents;
mod direct_debits;
mod disbursements;
mod general_ledger;
mod health;
mod idempotency;
mod kyc;
mod ledger;
mod loan_details;
mod marketing;
mod one_time_codes;
mod orders;
mod pay_codes;
mod payout_account;
mod products;
mod promotion;
mod refunds;
mod repayment_reminders;
mod reversals;
mod seed;
mod sessions;
mod sign_in_tries;
mod sms_outbox;
mod staff;
mod statements;
mod tracking;
mod unit_of_work;
mod unposted_payments;
mod uploads;
mod write_offs;

pub use adjustments::*;
pub use back_office::*;
pub use book_keeping::*;
pub use borrowers::*;
pub use calculator::*;
pub use cap_rule_sets::*;
pub use captcha::*;
pub use collections::*;
pub use complaints::*;
pub use consents::*;
pub use direct_debits::*;
pub use disbursements::*;
pub use general_ledger::*;
pub use health::*;
pub use idempotency::*;
pub use kyc::*;
pub use ledger::*;
pub use loan_details::*;
pub use marketing::*;
pub use one_time_codes::*;
pub use orders::*;
pub use pay_codes::*;
pub use payout_account::*;
pub use products::*;
pub use promotion::*;
pub use refunds::*;
pub use repayment_reminders::*;
pub use reversals::*;
pub use seed::*;
pub use sessions::*;
pub use sign_in_tries::*;
pub use sms_outbox::*;
pub use staff::*;
pub use statements::*;
pub use tracking::*;
pub use unit_of_work::*;
pub use unposted_payments::*;
pub use uploads::*;
pub use write_offs::*;

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// A uniqueness rule was broken; the name says which (`borrower_phone`, ...).
    #[error("conflict on {0}")]
    Conflict(&'static str),
    /// The row a write expected was not there, or not in the expected state
    /// (for example an order that another request moved on first).
    #[error("stale or missing record")]
    Stale,
    /// A ledger entry stamped in a day its lender's books are closed
    /// through (decision 069): nothing was posted. Postings are stamped
    /// when they are made, so this means a clock behind the close.
    #[error("the books are closed for that time")]
    ClosedPeriod,
    /// The database failed; the text is for logs only, never for users.
    #[error("storage failure: {0}")]
    Backend(String),
}

pub type StoreResult<T> = Result<T, StoreError>;

/// For a write that must change exactly one row (a state that moves on only
/// from where it was): `Stale` when it changed none.
pub fn exactly_one(changed: u64) -> StoreResult<()> {
    if changed == 1 { Ok(()) } else { Err(StoreError::Stale) }
}

/// Everything the application needs from a database.
pub trait Store:
    HealthStore
    + IdempotencyStore
    + ProductStore
    + BorrowerStore
    + SessionStore
    + OrderStore
    + OtpStore
    + OutboxStore
    + PromotionStore
    + CaptchaStore
    + KycStore
    + EventStore
    + ConsentStore
    + LedgerStore
    + LoanDetailsStore
    + PayCodeStore
    + ImageStore
    + PayoutAccountStore
    + DisbursementStore
    + UnpostedStore
    + DebitStore
    + ComplaintStore
    + StaffStore
    + AdjustmentStore
    + ReversalStore
    + BackOfficeStore
    + MarketingStore
    + CollectionStore
    + CalculatorStore
    + CapRuleSetStore
    + BookKeepingStore
    + GeneralLedgerStore
    + WriteOffStore
    + StatementStore
    + RefundStore
    + ReminderStore
    + SignInTryStore
    + SeedStore
    + UnitOfWorkStore
    + Send
    + Sync
    + 'static
{
}

impl<T> Store for T where
    T: HealthStore
        + IdempotencyStore
        + ProductStore
        + BorrowerStore
        + SessionStore
        + OrderStore
        + OtpStore
        + OutboxStore
        + PromotionStore
        + CaptchaStore
        + KycStore
        + EventStore
        + ConsentStore
        + LedgerStore
        + LoanDetailsStore
        + PayCodeStore
        + ImageStore
        + PayoutAccountStore
        + DisbursementStore
        + UnpostedStore
        + DebitStore
        + ComplaintStore
        + StaffStore
        + AdjustmentStore
        + ReversalStore
        + BackOfficeStore
        + MarketingStore
        + CollectionStore
        + CalculatorStore
        + CapRuleSetStore
        + BookKeepingStore
        + GeneralLedgerStore
        + WriteOffStore
        + StatementStore
        + RefundStore
        + ReminderStore
        + SignInTryStore
        + SeedStore
        + UnitOfWorkStore
        + Send
        + Sync
        + 'static
{
}
