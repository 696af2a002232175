//! Storage traits. The domain says what it needs; `hiram-store-sqlite` and
//! `hiram-store-postgres` implement it, and one contract test suite (in the
//! app's API tests) runs against both.

use crate::back_office::{Activity, BorrowerSearch, CollectedPayment, OrderRow, Page, PageRequest};
use crate::book_keeping::{BookRecord, RecordFields};
use crate::borrower::{Borrower, BorrowerId};
use crate::calculator::{LoanInput, SavedCalculation};
use crate::collections::{ContactBasis, ContactChannel, ContactNote, ContactOutcome};
use crate::company::CompanyDetails;
use crate::exchange::{ExchangeRate, NewExchangeRate};
use crate::files::{ImagePurpose, ImageRecord};
use crate::kyc::Section;
use crate::ledger::{Bucket, Dues, Entry};
use crate::money::Centavos;
use crate::order::{Extension, NewOrder, Order, OrderId, StatusChange, Transition};
use crate::otp::{CodePurpose, NewChallenge, OtpChallenge, OtpPolicy, SendLimit};
use crate::payment::{Channel, GatewayPayment, PayCode, UnpostedPayment, UnpostedStatus};
use crate::payout::{AccountDetails, PayoutAccount, PayoutResult};
use crate::phone::Phone;
use crate::product::{Lender, LenderId, NewLender, NewProduct, Product, ProductId, ProductListing};
use crate::promotion::{CaptchaCheck, ChannelLink, FunnelCount, FunnelEvent, LinkFunnel, PromotionTemplate};
use crate::session::{Session, TokenDigest};
use crate::site_banner::SiteBanner;
use crate::sms::{NewOutboxEntry, OutboxEntry};
use async_trait::async_trait;
use time::{Date, OffsetDateTime};

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// A uniqueness rule was broken; the name says which (`borrower_phone`, ...).
    #[error("conflict on {0}")]
    Conflict(&'static str),
    /// The row a write expected was not there, or not in the expected state
    /// (for example an order that another request moved on first).
    #[error("stale or missing record")]
    Stale,
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

#[async_trait]
pub trait HealthStore {
    /// Succeeds when the database answers a trivial query.
    async fn ping(&self) -> StoreResult<()>;
}

#[async_trait]
pub trait ProductStore {
    async fn insert_lender(&self, lender: &NewLender) -> StoreResult<LenderId>;
    async fn lender(&self, id: LenderId) -> StoreResult<Option<Lender>>;
    async fn lenders(&self) -> StoreResult<Vec<Lender>>;
    async fn insert_product(&self, product: &NewProduct) -> StoreResult<ProductId>;
    /// Every product, marketplace order (by id).
    async fn products(&self) -> StoreResult<Vec<Product>>;
    async fn product(&self, id: ProductId) -> StoreResult<Option<Product>>;
    /// Replaces a product's listing (never its terms); `Stale` when there
    /// is no such product.
    async fn update_listing(&self, id: ProductId, listing: &ProductListing) -> StoreResult<()>;
}

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
    async fn set_password_hash(&self, id: BorrowerId, hash: &str) -> StoreResult<()>;
    async fn set_full_name(&self, id: BorrowerId, full_name: &str) -> StoreResult<()>;
}

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

/// A document an order was accepted with (agreement, disclosure).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrderDocument {
    pub kind: String,
    pub body: String,
    pub created_at: OffsetDateTime,
}

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
}

/// Something a borrower did that the product counts (taps, ratings).
#[derive(Clone, Debug)]
pub struct BorrowerEvent {
    pub borrower_id: Option<BorrowerId>,
    pub kind: &'static str,
    pub product_id: Option<i64>,
    pub module_id: Option<i64>,
    pub position_id: Option<i64>,
    pub value: Option<i64>,
    pub at: OffsetDateTime,
}

#[async_trait]
pub trait EventStore {
    async fn record_event(&self, event: &BorrowerEvent) -> StoreResult<()>;
    /// Whether the borrower ever did this (rated the app, ...).
    async fn has_event(&self, borrower: BorrowerId, kind: &str) -> StoreResult<bool>;
}

#[async_trait]
pub trait OtpStore {
    /// In one transaction: counts earlier sends, asks the policy, and when it
    /// allows, closes the number's live codes for that purpose (a resend
    /// kills the old code), stores the new one and records the send. The
    /// inner `Err` says which limit refused it.
    async fn issue_challenge(&self, challenge: &NewChallenge, policy: &OtpPolicy)
    -> StoreResult<Result<(), SendLimit>>;
    /// The newest code of the number for the purpose that is not closed.
    async fn live_challenge(&self, phone: &Phone, purpose: CodePurpose) -> StoreResult<Option<OtpChallenge>>;
    /// Records one try atomically: an accepted try closes the code, a wrong
    /// one counts. False when the code stopped being live meanwhile (a
    /// concurrent try used it or spent its last chance).
    async fn record_try(
        &self,
        challenge_id: i64,
        accepted: bool,
        now: OffsetDateTime,
        max_wrong_tries: i64,
    ) -> StoreResult<bool>;
}

#[async_trait]
pub trait OutboxStore {
    async fn record_outbox(&self, entry: &NewOutboxEntry) -> StoreResult<i64>;
    /// Newest last; only one number's messages when `phone` is given.
    async fn outbox(&self, phone: Option<&Phone>, limit: i64) -> StoreResult<Vec<OutboxEntry>>;
}

#[async_trait]
pub trait SessionStore {
    async fn insert_session(&self, session: &Session) -> StoreResult<()>;
    async fn session(&self, digest: &TokenDigest) -> StoreResult<Option<Session>>;
    async fn touch_session(&self, digest: &TokenDigest, now: OffsetDateTime) -> StoreResult<()>;
    async fn revoke_session(&self, digest: &TokenDigest, now: OffsetDateTime) -> StoreResult<()>;
}

#[async_trait]
pub trait OrderStore {
    /// Stores a new order under review and records its first status change.
    async fn insert_order(&self, order: &NewOrder, cause: &str) -> StoreResult<OrderId>;
    /// Orders of one borrower, newest first.
    async fn orders_of(&self, borrower: BorrowerId) -> StoreResult<Vec<Order>>;
    /// One order, only if it belongs to this borrower: callers cannot tell
    /// "not yours" from "not there" (no leaks between borrowers).
    async fn order_of(&self, borrower: BorrowerId, order: OrderId) -> StoreResult<Option<Order>>;
    /// Any order by id, for server-side flows that start from a payment
    /// rather than a borrower (callbacks); never for borrower requests.
    async fn order(&self, order: OrderId) -> StoreResult<Option<Order>>;
    /// Every order with money owed (174 and 180), for the daily run.
    async fn repayable_orders(&self) -> StoreResult<Vec<Order>>;
    /// Applies a transition the domain has already allowed, atomically: it
    /// fails with `Stale` when the order is no longer in `from`.
    async fn apply_transition(&self, transition: &Transition) -> StoreResult<()>;
    async fn status_history(&self, order: OrderId) -> StoreResult<Vec<StatusChange>>;
    /// The borrower accepts: applies the transition and stores the accepted
    /// documents in one transaction. Documents can never change afterwards.
    async fn accept_order(&self, transition: &Transition, documents: &[(&'static str, String)]) -> StoreResult<()>;
    async fn order_document(&self, order: OrderId, kind: &str) -> StoreResult<Option<OrderDocument>>;
    /// Moves the order's due dates by an extension, once per key and only
    /// while repayment is open (174): true when applied now, false when the
    /// key was applied before; `Stale` when the order is not in 174.
    async fn extend_order(&self, extension: &Extension) -> StoreResult<bool>;
}

#[async_trait]
pub trait PromotionStore {
    async fn upsert_promotion_template(&self, template: &PromotionTemplate) -> StoreResult<()>;
    async fn promotion_template(&self, id: i64) -> StoreResult<Option<PromotionTemplate>>;
    async fn record_funnel_event(&self, event: &FunnelEvent) -> StoreResult<()>;
    /// Counts per template, channel (`user_from`) and utm tag.
    async fn funnel_counts(&self) -> StoreResult<Vec<FunnelCount>>;
}

/// Image captchas, keyed by the SHA-256 of their sid.
#[async_trait]
pub trait CaptchaStore {
    async fn create_captcha(&self, sid: &[u8; 32], now: OffsetDateTime, expires_at: OffsetDateTime) -> StoreResult<()>;
    /// Sets the answer of a newly drawn image; false when the sid is unknown,
    /// expired or closed. A new image cancels an earlier pass.
    async fn set_captcha_answer(&self, sid: &[u8; 32], answer: &[u8; 32], now: OffsetDateTime) -> StoreResult<bool>;
    /// Checks and clears the answer in one statement; on a match the sid is
    /// marked as passed for `phone`.
    async fn check_captcha(
        &self,
        sid: &[u8; 32],
        answer: &[u8; 32],
        phone: &Phone,
        now: OffsetDateTime,
    ) -> StoreResult<CaptchaCheck>;
    async fn captcha_passed_for(&self, sid: &[u8; 32], phone: &Phone, now: OffsetDateTime) -> StoreResult<bool>;
    async fn close_captcha(&self, sid: &[u8; 32], now: OffsetDateTime) -> StoreResult<()>;
    /// The stored digest of the image's answer, for the test hook
    /// (`hiram captcha-answer`) that plays a visitor who can read.
    async fn captcha_answer_digest(&self, sid: &[u8; 32]) -> StoreResult<Option<[u8; 32]>>;
}

/// Names a money-moving request so that it takes effect once: the key the
/// caller chose and a digest of what the request asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IdempotencyKey {
    pub key: String,
    pub fingerprint: [u8; 32],
}

/// What happened to an entry posted under an idempotency key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Posting {
    /// Stored now.
    Posted(i64),
    /// The same request was posted before; nothing new was stored.
    Replayed(i64),
    /// The key was used before for a different request; nothing stored.
    KeyReused,
}

/// A stored ledger entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredEntry {
    pub id: i64,
    pub order_id: OrderId,
    /// The idempotency key it was posted under.
    pub key: String,
    pub entry: Entry,
    pub created_at: OffsetDateTime,
}

#[async_trait]
pub trait LedgerStore {
    /// Appends a balanced entry for an order unless its key was seen: the
    /// check and the insert share one transaction, so concurrent requests
    /// with one key post once.
    async fn post_entry(
        &self,
        order: OrderId,
        entry: &Entry,
        key: &IdempotencyKey,
        at: OffsetDateTime,
    ) -> StoreResult<Posting>;
    /// The order's entries, oldest first.
    async fn ledger_entries(&self, order: OrderId) -> StoreResult<Vec<StoredEntry>>;
    /// Posts a payment of `amount`: in one transaction, serialised per
    /// order, it reads what is owed, allocates the payment in `allocation`
    /// order (the excess becomes the borrower's credit) and appends the
    /// entry, once per key. Concurrent payments never settle more than is
    /// owed.
    async fn post_payment(
        &self,
        order: OrderId,
        amount: Centavos,
        allocation: &[Bucket; 4],
        key: &IdempotencyKey,
        at: OffsetDateTime,
    ) -> StoreResult<Posting>;
}

#[async_trait]
pub trait PayCodeStore {
    async fn insert_pay_code(&self, code: &PayCode) -> StoreResult<()>;
    async fn pay_code(&self, code: &str) -> StoreResult<Option<PayCode>>;
    /// Writes a payment to the sandbox gateway's statement, once per
    /// transaction id; the payment stored under that id (the earlier one
    /// when it was there already).
    async fn record_gateway_payment(&self, payment: &GatewayPayment) -> StoreResult<GatewayPayment>;
    /// The sandbox gateway's record of a transaction, for re-checking a callback.
    async fn gateway_payment(&self, transaction_id: &str) -> StoreResult<Option<GatewayPayment>>;
}

#[async_trait]
pub trait ImageStore {
    async fn record_image(&self, image: &ImageRecord) -> StoreResult<()>;
    async fn image(&self, name: &str) -> StoreResult<Option<ImageRecord>>;
    /// How many pictures the borrower sent since `since` (the daily cap).
    async fn images_sent_since(&self, owner: BorrowerId, since: OffsetDateTime) -> StoreResult<i64>;
    /// The names of the borrower's pictures sent for one of `purposes`.
    async fn images_of(&self, owner: BorrowerId, purposes: &[ImagePurpose]) -> StoreResult<Vec<String>>;
}

/// One try at paying an order out, as the gateway answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PayoutAttempt {
    pub order_id: OrderId,
    pub gateway: String,
    /// `None` when the gateway could not be reached.
    pub result: Option<PayoutResult>,
    pub at: OffsetDateTime,
}

#[async_trait]
pub trait PayoutStore {
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
    async fn record_payout_attempt(&self, attempt: &PayoutAttempt) -> StoreResult<()>;
    async fn payout_attempts(&self, order: OrderId) -> StoreResult<Vec<PayoutAttempt>>;
    /// Orders waiting for their payout (170), oldest first.
    async fn disbursing_orders(&self) -> StoreResult<Vec<Order>>;
}

/// What a borrower reports having paid, for the unposted queue.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SubmittedPayment {
    pub borrower_id: BorrowerId,
    pub order_id: OrderId,
    pub channel: Channel,
    pub reference: String,
    pub amount: Centavos,
    pub at: OffsetDateTime,
}

#[async_trait]
pub trait UnpostedStore {
    /// Queues a reported payment; `Conflict("unposted_reference")` when the
    /// channel's reference was reported before.
    async fn submit_payment(&self, payment: &SubmittedPayment) -> StoreResult<i64>;
    /// The queue, oldest first, optionally of one status, a page at a time.
    async fn unposted_payments(
        &self,
        status: Option<UnpostedStatus>,
        page: PageRequest,
    ) -> StoreResult<Page<UnpostedPayment>>;
    /// How many payments reported for the order wait for staff.
    async fn pending_unposted_of(&self, order: OrderId) -> StoreResult<i64>;
    async fn unposted_payment(&self, id: i64) -> StoreResult<Option<UnpostedPayment>>;
    /// Resolves a pending entry; `Stale` when it is no longer pending.
    async fn resolve_unposted(
        &self,
        id: i64,
        status: UnpostedStatus,
        order: OrderId,
        note: &str,
        at: OffsetDateTime,
    ) -> StoreResult<()>;
}

/// A debit of the borrower's bound account through the old repayment store:
/// offered (a token), committed with an amount (a code is sent), then
/// collected or declined.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DirectDebit {
    pub id: i64,
    pub order_id: OrderId,
    pub borrower_id: BorrowerId,
    pub account_id: i64,
    pub amount: Centavos,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DebitCommit {
    Committed(i64),
    /// The token was committed before (a second tap, a replay).
    AlreadyUsed,
    /// No live token of this borrower and order.
    Unknown,
}

#[async_trait]
pub trait DebitStore {
    /// Offers a debit of `account_id` for the order under `token`.
    async fn offer_debit(
        &self,
        order: OrderId,
        borrower: BorrowerId,
        account_id: i64,
        token: &str,
        expires_at: OffsetDateTime,
        at: OffsetDateTime,
    ) -> StoreResult<()>;
    /// Sets the amount of an offered debit, once.
    async fn commit_debit(
        &self,
        token: &str,
        order: OrderId,
        borrower: BorrowerId,
        amount: Centavos,
        at: OffsetDateTime,
    ) -> StoreResult<DebitCommit>;
    /// Claims a committed debit for collection, once; `None` when it is not
    /// (or no longer) waiting for its code.
    async fn claim_debit(&self, id: i64, order: OrderId, borrower: BorrowerId) -> StoreResult<Option<DirectDebit>>;
    /// Records how the collection ended: `collected` or `declined`.
    async fn finish_debit(&self, id: i64, outcome: &str, at: OffsetDateTime) -> StoreResult<()>;
}

#[async_trait]
pub trait ComplaintStore {
    async fn file_complaint(&self, complaint: &crate::complaint::NewComplaint) -> StoreResult<i64>;
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
    /// Answers an open complaint; `Stale` when it is not open.
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
}

/// The borrower's income and expense book. A deleted record keeps its row
/// (with `deleted_at`) while it may be brought back.
#[async_trait]
pub trait BookKeepingStore {
    async fn add_book_record(
        &self,
        borrower: BorrowerId,
        fields: &RecordFields,
        at: OffsetDateTime,
    ) -> StoreResult<i64>;
    /// Replaces what the borrower's record says; `Stale` when it is missing,
    /// deleted, or another borrower's.
    async fn update_book_record(
        &self,
        id: i64,
        borrower: BorrowerId,
        fields: &RecordFields,
        at: OffsetDateTime,
    ) -> StoreResult<()>;
    /// The record, deleted or not, whoever's it is: the caller decides.
    async fn book_record(&self, id: i64) -> StoreResult<Option<BookRecord>>;
    /// The borrower's records that are not deleted, dated `from` to `to`
    /// (both included), the latest date first and, within a date, the
    /// latest added first.
    async fn book_records(&self, borrower: BorrowerId, from: Date, to: Date) -> StoreResult<Vec<BookRecord>>;
    /// Marks the borrower's record deleted; `Stale` when it is missing,
    /// deleted already, or another borrower's.
    async fn delete_book_record(&self, id: i64, borrower: BorrowerId, at: OffsetDateTime) -> StoreResult<()>;
    /// Brings back the borrower's record deleted at or after `deleted_since`;
    /// `Stale` otherwise.
    async fn restore_book_record(
        &self,
        id: i64,
        borrower: BorrowerId,
        deleted_since: OffsetDateTime,
    ) -> StoreResult<()>;
    /// Removes for good the borrower's records deleted before `before`.
    async fn purge_book_records(&self, borrower: BorrowerId, before: OffsetDateTime) -> StoreResult<()>;
}

/// A consent as last recorded: granted or withdrawn, and when.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConsentRecord {
    pub kind: String,
    pub granted: bool,
    pub at: OffsetDateTime,
}

/// A payout that did not go out, with its order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FailedPayout {
    pub order: Order,
    pub attempt: PayoutAttempt,
}

/// The console's searches and reports across borrowers and orders.
#[async_trait]
pub trait BackOfficeStore {
    async fn find_orders(&self, query: &crate::back_office::OrderQuery) -> StoreResult<Page<OrderRow>>;
    async fn find_borrowers(&self, search: &BorrowerSearch, page: PageRequest) -> StoreResult<Page<Borrower>>;
    /// The newest record of each consent kind the borrower answered.
    async fn consents(&self, borrower: BorrowerId) -> StoreResult<Vec<ConsentRecord>>;
    /// Refused and unreachable payout attempts, newest first.
    async fn failed_payouts(&self, page: PageRequest) -> StoreResult<Page<FailedPayout>>;
    /// What the payment gateway's statement says it collected in
    /// `[from, to)`, by the channel of the pay code.
    async fn statement_payments(&self, from: OffsetDateTime, to: OffsetDateTime) -> StoreResult<Vec<CollectedPayment>>;
    /// Repayments the ledger posted in `[from, to)`, by the channel they
    /// came through.
    async fn posted_repayments(&self, from: OffsetDateTime, to: OffsetDateTime) -> StoreResult<Vec<CollectedPayment>>;
    /// Applications, decisions, disbursements and collections since `since`.
    async fn activity(&self, since: OffsetDateTime) -> StoreResult<Vec<Activity>>;
}

/// A console session: the staff member behind a cookie's token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StaffSession {
    pub staff_id: i64,
    pub expires_at: OffsetDateTime,
    pub revoked: bool,
}

#[async_trait]
pub trait StaffStore {
    /// `Conflict("staff_email")` when the e-mail has an account.
    async fn create_staff(&self, staff: &crate::staff::NewStaff) -> StoreResult<i64>;
    async fn staff_by_email(&self, email: &str) -> StoreResult<Option<crate::staff::StaffAccount>>;
    async fn staff_member(&self, id: i64) -> StoreResult<Option<crate::staff::StaffAccount>>;
    /// Every account, active or not, oldest first.
    async fn staff_accounts(&self) -> StoreResult<Vec<crate::staff::StaffAccount>>;
    /// Switches an account on or off and returns it as it was before.
    /// Switching off revokes every console session of the account at `at`
    /// in the same transaction, so the member is signed out at once and
    /// switching back on revives no old session. `Stale` when there is no
    /// such account; `Conflict("last_admin")` when switching off would leave
    /// no active admin, checked in the transaction so that two admins
    /// switching each other off at once cannot both succeed.
    async fn set_staff_active(
        &self,
        id: i64,
        active: bool,
        at: OffsetDateTime,
    ) -> StoreResult<crate::staff::StaffAccount>;
    /// Gives an account a new password hash and TOTP secret (an admin's
    /// reset when a member lost either) and returns it as it was before. In
    /// one transaction it also clears the failed sign-ins and any lock,
    /// resets the last accepted TOTP step so the new authenticator's codes
    /// work, and revokes every console session of the account at `at`, so
    /// whoever holds the old password or a signed-in device is out at once.
    /// `Stale` when there is no such account; `Conflict("inactive")` when it
    /// is deactivated (reactivate first).
    async fn reset_staff_sign_in(
        &self,
        id: i64,
        password_hash: &str,
        totp_secret: &str,
        at: OffsetDateTime,
    ) -> StoreResult<crate::staff::StaffAccount>;
    /// Counts a wrong password or code; at `MAX_FAILED_LOGINS` the account
    /// locks until `lock_until`. The count after this one.
    async fn note_failed_login(&self, id: i64, lock_until: OffsetDateTime) -> StoreResult<i64>;
    /// A right password and code: clears the failures and records the
    /// code's time step, only if it is newer than the last one accepted
    /// (false: the code was used before).
    async fn accept_login(&self, id: i64, totp_step: i64) -> StoreResult<bool>;
    async fn create_staff_session(
        &self,
        digest: &TokenDigest,
        staff_id: i64,
        at: OffsetDateTime,
        expires_at: OffsetDateTime,
    ) -> StoreResult<()>;
    async fn staff_session(&self, digest: &TokenDigest) -> StoreResult<Option<StaffSession>>;
    async fn revoke_staff_session(&self, digest: &TokenDigest, at: OffsetDateTime) -> StoreResult<()>;
    async fn append_audit(&self, entry: &crate::staff::AuditEntry) -> StoreResult<i64>;
    /// The newest entries first, of every subject or of one (`order:12`),
    /// a page at a time.
    async fn audit_entries(
        &self,
        subject: Option<&str>,
        page: PageRequest,
    ) -> StoreResult<Page<crate::staff::LoggedAudit>>;
}

#[async_trait]
pub trait AdjustmentStore {
    async fn propose_adjustment(&self, adjustment: &crate::staff::Adjustment) -> StoreResult<i64>;
    async fn adjustment(&self, id: i64) -> StoreResult<Option<crate::staff::Adjustment>>;
    /// Oldest first, optionally of one status.
    async fn adjustments(&self, status: Option<&str>, limit: i64) -> StoreResult<Vec<crate::staff::Adjustment>>;
    /// Approves or rejects a proposed adjustment; `Stale` when it was
    /// decided already.
    async fn decide_adjustment(&self, id: i64, approve: bool, by: Option<i64>, at: OffsetDateTime) -> StoreResult<()>;
}

/// Staff's marketing work: promotion templates, channel links with their
/// funnels, the site's banners and the company's details. Lists come a page
/// at a time (`offset`, `limit`) with the count of all their rows.
#[async_trait]
pub trait MarketingStore {
    /// Templates by id.
    async fn promotion_templates(&self, offset: i64, limit: i64) -> StoreResult<(Vec<PromotionTemplate>, i64)>;
    /// Adds a template under the next free id (its own `id` is ignored).
    async fn insert_promotion_template(&self, template: &PromotionTemplate) -> StoreResult<i64>;
    /// `Conflict("promotion_link_code")` when a link of the same kind has
    /// the code already.
    async fn insert_channel_link(&self, link: &ChannelLink) -> StoreResult<i64>;
    /// Changes a link's name, template and tags (never its kind, code or
    /// creation time); `Stale` when there is no such link.
    async fn update_channel_link(&self, link: &ChannelLink) -> StoreResult<()>;
    async fn channel_link(&self, id: i64) -> StoreResult<Option<ChannelLink>>;
    /// Links, newest first, each with the funnel events that carried its code.
    async fn channel_links(&self, offset: i64, limit: i64) -> StoreResult<(Vec<LinkFunnel>, i64)>;
    async fn insert_site_banner(&self, banner: &SiteBanner) -> StoreResult<i64>;
    /// `Stale` when there is no such banner.
    async fn update_site_banner(&self, banner: &SiteBanner) -> StoreResult<()>;
    async fn site_banner(&self, id: i64) -> StoreResult<Option<SiteBanner>>;
    /// Banners by position, then id.
    async fn site_banners(&self, offset: i64, limit: i64) -> StoreResult<(Vec<SiteBanner>, i64)>;
    /// The banners showing at `now`, by position then id, at most `limit`.
    async fn showing_site_banners(&self, now: OffsetDateTime, limit: i64) -> StoreResult<Vec<SiteBanner>>;
    /// What staff saved last; `None` until they first save.
    async fn company_details(&self) -> StoreResult<Option<CompanyDetails>>;
    async fn save_company_details(&self, details: &CompanyDetails, at: OffsetDateTime) -> StoreResult<()>;
}

/// A contact with the borrower of an overdue loan, as staff log it. The
/// person contacted is always the order's borrower.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewContact {
    pub order_id: OrderId,
    pub borrower_id: BorrowerId,
    /// `None` for the operator's API token.
    pub staff_id: Option<i64>,
    pub channel: ContactChannel,
    pub outcome: ContactOutcome,
    pub note: ContactNote,
    /// As it was when the contact happened.
    pub days_past_due: i64,
    /// Why the contact-hours rule allowed it.
    pub basis: ContactBasis,
    pub at: OffsetDateTime,
}

/// A logged contact, with the name of the staff member who made it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoggedContact {
    pub id: i64,
    /// `None` when the operator's API token logged it.
    pub staff_name: Option<String>,
    pub contact: NewContact,
}

/// The newest contact of an order, for the queue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LastContact {
    pub at: OffsetDateTime,
    pub outcome: ContactOutcome,
}

/// An overdue loan (180) with what the collections queue shows of it: the
/// borrower, what the ledger says is owed, and the newest contact. Days past
/// due follow from the order's plan and its ledger, which only the
/// application can price (decision 015).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OverdueAccount {
    pub order: Order,
    pub borrower_name: Option<String>,
    pub borrower_phone: Phone,
    pub dues: Dues,
    pub last_contact: Option<LastContact>,
}

#[async_trait]
pub trait CollectionStore {
    async fn record_contact(&self, contact: &NewContact) -> StoreResult<i64>;
    /// The order's contacts, newest first.
    async fn contacts_of(&self, order: OrderId) -> StoreResult<Vec<LoggedContact>>;
    /// Every overdue order (180), by id, in one read.
    async fn overdue_accounts(&self) -> StoreResult<Vec<OverdueAccount>>;
}

/// The borrower's calculator: saved calculations, the products borrowers
/// open from them, and the peso exchange rates staff set.
#[async_trait]
pub trait CalculatorStore {
    /// `Conflict("saved_calculation_limit")` when the borrower already keeps
    /// `calculator::MAX_SAVED` calculations.
    async fn save_calculation(
        &self,
        borrower: BorrowerId,
        name: &str,
        input: &LoanInput,
        at: OffsetDateTime,
    ) -> StoreResult<i64>;
    /// The borrower's calculations, newest first.
    async fn calculations_of(&self, borrower: BorrowerId) -> StoreResult<Vec<SavedCalculation>>;
    async fn calculation(&self, id: i64) -> StoreResult<Option<SavedCalculation>>;
    /// `Stale` when the borrower keeps no such calculation.
    async fn delete_calculation(&self, id: i64, borrower: BorrowerId) -> StoreResult<()>;
    /// Counts a product opened from the calculator; answers how many times
    /// it has been opened from it in all.
    async fn record_product_view(
        &self,
        borrower: BorrowerId,
        calculation: Option<i64>,
        product: ProductId,
        at: OffsetDateTime,
    ) -> StoreResult<i64>;
    /// Views from the calculator per product since `since`, most first.
    async fn product_views(&self, since: OffsetDateTime) -> StoreResult<Vec<(ProductId, i64)>>;
    async fn add_exchange_rate(
        &self,
        rate: &NewExchangeRate,
        staff: Option<i64>,
        at: OffsetDateTime,
    ) -> StoreResult<i64>;
    /// Rates effective on or after `since`, newest effective date first.
    async fn exchange_rates(&self, since: Date) -> StoreResult<Vec<ExchangeRate>>;
}

#[async_trait]
pub trait ReminderStore {
    /// Stores a new bill unless the borrower already keeps `max_bills`;
    /// `None` then.
    async fn insert_bill(
        &self,
        borrower: BorrowerId,
        form: &crate::reminder::BillForm,
        at: OffsetDateTime,
        max_bills: i64,
    ) -> StoreResult<Option<i64>>;
    /// Changes one of the borrower's bills and re-arms its reminder (a new
    /// revision, looked at again now); `Stale` when it is not theirs.
    async fn update_bill(
        &self,
        borrower: BorrowerId,
        id: i64,
        form: &crate::reminder::BillForm,
        at: OffsetDateTime,
    ) -> StoreResult<()>;
    /// The borrower's bills, by id.
    async fn bills_of(&self, borrower: BorrowerId) -> StoreResult<Vec<crate::reminder::Bill>>;
    /// One bill, only if it is the borrower's.
    async fn bill_of(&self, borrower: BorrowerId, id: i64) -> StoreResult<Option<crate::reminder::Bill>>;
    /// Removes one of the borrower's bills with its reminder and the record
    /// of texts sent for it; `Stale` when it is not theirs.
    async fn delete_bill(&self, borrower: BorrowerId, id: i64) -> StoreResult<()>;
    /// The borrower's reminders, on or off.
    async fn reminders_of(&self, borrower: BorrowerId) -> StoreResult<Vec<crate::reminder::Reminder>>;
    /// Sets (or replaces) the reminder of a target the caller checked is
    /// the borrower's, switched on and armed at `setting.at`.
    async fn set_reminder(&self, setting: &crate::reminder::ReminderSetting) -> StoreResult<()>;
    /// Switches a reminder off; `Stale` when the borrower has none for it.
    async fn close_reminder(
        &self,
        borrower: BorrowerId,
        target: crate::reminder::ReminderTarget,
        at: OffsetDateTime,
    ) -> StoreResult<()>;
    /// Reminders switched on whose next look is due, soonest first.
    async fn due_reminders(&self, now: OffsetDateTime, limit: i64) -> StoreResult<Vec<crate::reminder::Reminder>>;
    /// Sets when to look at a reminder again, unless the borrower changed
    /// it since `revision`.
    async fn reschedule_reminder(&self, id: i64, revision: i64, next: Option<OffsetDateTime>) -> StoreResult<()>;
    /// In one transaction that holds the reminder (no other process can
    /// claim it meanwhile): if it is still on, at `claim.revision`, and no
    /// text for this or a later due date was stored, stores the outbox
    /// message and the record of it. The outbox id when claimed now, `None`
    /// when another process (or an earlier run) did, or the borrower changed
    /// it.
    async fn claim_reminder(&self, claim: &crate::reminder::ReminderClaim) -> StoreResult<Option<i64>>;
    /// Marks a claimed reminder's outbox message failed (the provider
    /// refused it after the claim).
    async fn reminder_text_failed(&self, outbox_id: i64) -> StoreResult<()>;
}

/// Everything the application needs from a database.
pub trait Store:
    HealthStore
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
    + PayCodeStore
    + ImageStore
    + PayoutStore
    + UnpostedStore
    + DebitStore
    + ComplaintStore
    + StaffStore
    + AdjustmentStore
    + BackOfficeStore
    + MarketingStore
    + CollectionStore
    + CalculatorStore
    + BookKeepingStore
    + ReminderStore
    + Send
    + Sync
    + 'static
{
}

impl<T> Store for T where
    T: HealthStore
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
        + PayCodeStore
        + ImageStore
        + PayoutStore
        + UnpostedStore
        + DebitStore
        + ComplaintStore
        + StaffStore
        + AdjustmentStore
        + BackOfficeStore
        + MarketingStore
        + CollectionStore
        + CalculatorStore
        + BookKeepingStore
        + ReminderStore
        + Send
        + Sync
        + 'static
{
}
