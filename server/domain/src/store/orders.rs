//! Loan orders, their status changes and accepted documents.

use super::StoreResult;
use crate::borrower::BorrowerId;
use crate::cap_proof::CapProof;
use crate::ledger::Balances;
use crate::order::{NewOrder, Order, OrderId, StatusChange, Transition};
use crate::pricing::LoanTerms;
use crate::servicing::{CapHold, LoanAccount};
use async_trait::async_trait;
use time::{Date, OffsetDateTime};

/// A document an order was accepted with (agreement, disclosure).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrderDocument {
    pub kind: String,
    pub body: String,
    pub created_at: OffsetDateTime,
}

/// A loan the daily run has work on today (an instalment falls due, or an
/// open loan goes late), read with many others at once.
#[derive(Clone, Debug, PartialEq)]
pub struct DueLoan {
    pub order: Order,
    pub account: LoanAccount,
    pub balances: Balances,
}

/// What the borrower accepted a loan with (D4, D9): the terms frozen into
/// the order, the act that was the acceptance, and the cap proof of the
/// contract.
#[derive(Clone, Debug, PartialEq)]
pub struct Acceptance {
    pub terms: LoanTerms,
    /// The schedule's interest on those terms (the order's figure from now on).
    pub interest: crate::money::Centavos,
    /// `agree_button` (the agreement's Agree, then Next) or `checkbox` (the
    /// borrower's own tick): the affirmative act D9 asks to record.
    pub act: String,
    pub proof: CapProof,
    /// The text that tells the borrower, stored with the acceptance and
    /// sent once it has committed.
    pub message: Option<crate::sms::NewOutboxEntry>,
}

/// A cap proof as stored with its order.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredCapProof {
    pub id: i64,
    pub proof: Option<CapProof>,
    /// The runs of days a ceiling held charges back, for a posting's record.
    pub holds: Vec<CapHold>,
    pub occasion: String,
    pub rule_set_code: String,
    pub passed: bool,
    pub created_at: OffsetDateTime,
}

/// What a posting records about the ceilings, stored with it.
#[derive(Clone, Debug, PartialEq)]
pub enum ProofRecord {
    /// A renewal's contract proof.
    Contract(CapProof),
    /// Days a ceiling held penalties or interest back, with the rule set.
    Holds { rule_set_code: String, holds: Vec<CapHold> },
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
    /// Every order with money owed (174 and 180).
    async fn repayable_orders(&self) -> StoreResult<Vec<Order>>;
    /// Up to `limit` loans with money owed (174 and 180) the daily run has
    /// work on by `today` (their account's next check), after `after`, by id,
    /// with their accounts and balances: one query per page.
    async fn due_page(&self, today: Date, after: OrderId, limit: usize) -> StoreResult<Vec<DueLoan>>;
    /// Claims for one daily run the page of repayable orders that starts
    /// at `first` until `until`, unless another run holds it past `now`:
    /// whether this run got it. Runs at once split a day's pages this way.
    async fn claim_daily_page(&self, first: OrderId, now: OffsetDateTime, until: OffsetDateTime) -> StoreResult<bool>;
    /// Lets go of a page the run has finished, so the next run looks again.
    async fn release_daily_page(&self, first: OrderId) -> StoreResult<()>;
    /// For the benchmarks: adds `copies` copies of an order, each with a
    /// borrower of its own, the order's status history, ledger entries (keys
    /// renamed for the copy) and balance row, in bulk statements. Answers
    /// how many were made.
    async fn copy_order(&self, template: OrderId, copies: usize) -> StoreResult<usize>;
    /// Applies a transition the domain has already allowed, atomically: it
    /// fails with `Stale` when the order is no longer in `from`.
    async fn apply_transition(&self, transition: &Transition) -> StoreResult<()>;
    async fn status_history(&self, order: OrderId) -> StoreResult<Vec<StatusChange>>;
    /// The borrower accepts: applies the transition and stores the accepted
    /// documents (kind, body), the frozen terms, the act, the cap proof and
    /// the text to the borrower in one transaction; the text's outbox id.
    /// Documents and proofs can never change afterwards.
    async fn accept_order(
        &self,
        transition: &Transition,
        documents: &[(String, String)],
        acceptance: &Acceptance,
    ) -> StoreResult<Option<i64>>;
    async fn order_document(&self, order: OrderId, kind: &str) -> StoreResult<Option<OrderDocument>>;
    /// Every document stored with the order (agreement, disclosure, the
    /// schedule of its payout), oldest first.
    async fn order_documents(&self, order: OrderId) -> StoreResult<Vec<OrderDocument>>;
    /// The terms the loan was accepted on; `None` before acceptance.
    async fn loan_terms(&self, order: OrderId) -> StoreResult<Option<LoanTerms>>;
    /// The act the borrower accepted by (D9); `None` before acceptance.
    async fn acceptance_act(&self, order: OrderId) -> StoreResult<Option<String>>;
    /// The extensions the order took, oldest first.
    async fn extensions(&self, order: OrderId) -> StoreResult<Vec<crate::order::Extension>>;
    /// The order's cap proofs, oldest first.
    async fn cap_proofs(&self, order: OrderId) -> StoreResult<Vec<StoredCapProof>>;
    /// Stores a renewal's disclosure for the pay code that pays it, before
    /// the borrower pays; storing it again for the code changes nothing.
    async fn store_renewal_disclosure(
        &self,
        pay_code: &str,
        order: OrderId,
        offered_on: Date,
        body: &str,
        at: OffsetDateTime,
    ) -> StoreResult<()>;
    /// The renewal disclosures stored for an order, oldest first: pay code,
    /// date offered, body.
    async fn renewal_disclosures(&self, order: OrderId) -> StoreResult<Vec<(String, Date, String)>>;
    /// Loans made before the loan engine and open when it arrived, not yet
    /// restated (decision 056).
    async fn loans_to_restate(&self) -> StoreResult<Vec<OrderId>>;
    /// Takes a loan off that list (one found restated already).
    async fn forget_restatement(&self, order: OrderId) -> StoreResult<()>;
}
