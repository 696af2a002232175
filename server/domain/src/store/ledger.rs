//! The double-entry ledger: entries posted once per idempotency key.

use super::StoreResult;
use crate::borrower::Language;
use crate::ledger::{Balances, Entry};
use crate::order::{Extension, Order, OrderId, Transition};
use crate::phone::Phone;
use crate::servicing::LoanAccount;
use crate::sms::NewOutboxEntry;
use async_trait::async_trait;
use time::OffsetDateTime;

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

/// An order as a transaction holds it: no other posting, payment or status
/// change reaches it until the transaction ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeldOrder {
    pub order: Order,
    /// What the ledger says now, from the order's balance row.
    pub balances: Balances,
    pub borrower_phone: Phone,
    /// The language the borrower's texts are written in, if they chose one.
    pub borrower_language: Option<Language>,
    /// The loan's account, once its money went out.
    pub account: Option<LoanAccount>,
}

/// A loan's account as a posting leaves it, with the next date the daily
/// run has work on it.
#[derive(Clone, Debug, PartialEq)]
pub struct AccountUpdate {
    pub account: LoanAccount,
    pub next_check: Option<time::Date>,
    /// The due date of the oldest instalment fallen due and unpaid, which
    /// the portfolio's buckets count days past due from.
    pub overdue_since: Option<time::Date>,
    /// How the daily run finds the loan's income adjustment (decisions 076,
    /// 078): empty once it is closed or has nothing left to adjust.
    pub accrual_key: String,
}

/// What one event changes on an order, committed together or not at all.
#[derive(Clone, Debug, Default)]
pub struct OrderChanges {
    /// Entries to post, each under its own key; when there are any, one of
    /// them under the event's key, which is what a replay is recognised by.
    pub entries: Vec<(Entry, IdempotencyKey)>,
    pub extension: Option<Extension>,
    pub transition: Option<Transition>,
    /// Texts to the borrower, in the outbox with the change they report.
    pub messages: Vec<NewOutboxEntry>,
    /// The approval of the reversal the entries post: the proposal is
    /// approved with them or, when it was decided meanwhile, nothing is.
    pub approves_reversal: Option<crate::reversal::ReversalApproval>,
    /// The loan's account as the event leaves it.
    pub account: Option<AccountUpdate>,
    /// Cap proofs the event made: a renewal's, or days a ceiling held back.
    pub proofs: Vec<super::ProofRecord>,
    /// Documents to store with the order (a payout's schedule).
    pub documents: Vec<(String, String)>,
    /// The loan, made before the loan engine, is restated by this event and
    /// leaves the list of loans waiting for it (decision 056).
    pub restated: bool,
}

/// A rule of the domain refused the change; nothing was written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Refusal(pub String);

/// Decides an event's changes from the order as it is held.
pub type Decide<'a> = dyn Fn(&HeldOrder) -> Result<OrderChanges, Refusal> + Send + Sync + 'a;

/// One order's event in a batch: applied as `post_to_order` applies it.
pub struct OrderEvent<'a> {
    pub order: OrderId,
    pub key: IdempotencyKey,
    pub decide: &'a Decide<'a>,
}

/// What an event did to its order.
#[derive(Clone, Debug)]
pub enum OrderPosting {
    /// Everything `changes` says is stored; the event's own entry is
    /// `entry_id` (`None` for an event that posted no entry: a day that
    /// only moved the loan's account on), and the messages got these outbox
    /// ids. (Boxed: the changes are large beside the other answers.)
    Posted { changes: Box<OrderChanges>, entry_id: Option<i64>, outbox_ids: Vec<i64> },
    /// The event's key was posted before, for the same request: nothing
    /// was decided or stored. The earlier entry's id.
    Replayed(i64),
    /// The key was posted before for a different request; nothing stored.
    KeyReused,
}

#[async_trait]
pub trait LedgerStore {
    /// The order's balances, kept per order in the transactions that post:
    /// reading them costs the same whatever the ledger's length.
    async fn balances(&self, order: OrderId) -> StoreResult<Balances>;
    /// Applies an event to an order in one transaction that holds it: when
    /// `key` was posted before, nothing is decided; otherwise `decide`
    /// sees the order and its balances as they are and everything it
    /// returns (entries, extension, status change, texts) commits together.
    /// A crash at any point leaves all of it or none, and a replay of the
    /// event finds its key. The inner `Err` is `decide`'s refusal.
    async fn post_to_order(
        &self,
        order: OrderId,
        key: &IdempotencyKey,
        at: OffsetDateTime,
        decide: &Decide<'_>,
    ) -> StoreResult<Result<OrderPosting, Refusal>>;
    /// Applies several orders' events in one transaction, so they cost one
    /// commit (one sync to disk) between them: each exactly as
    /// `post_to_order` would, in order, under a savepoint of its own, so an
    /// event refused, replayed, found stale or failing leaves nothing of
    /// its own and the others' changes stand. One answer per event, in
    /// order. The outer `Err` is the transaction's own failure (the
    /// connection, the commit): then none of the events is stored.
    async fn post_to_orders(
        &self,
        events: &[OrderEvent<'_>],
        at: OffsetDateTime,
    ) -> StoreResult<Vec<StoreResult<Result<OrderPosting, Refusal>>>>;
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
    /// The loan's account, once its money went out.
    async fn loan_account(&self, order: OrderId) -> StoreResult<Option<LoanAccount>>;
    /// The order an entry was posted to under any of `keys`, if one was.
    async fn order_posted_under(&self, keys: &[String]) -> StoreResult<Option<OrderId>>;
}
