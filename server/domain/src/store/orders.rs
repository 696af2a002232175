//! Loan orders, their status changes and accepted documents.

use super::StoreResult;
use crate::borrower::BorrowerId;
use crate::ledger::Balances;
use crate::money::Centavos;
use crate::order::{Extension, NewOrder, Order, OrderId, StatusChange, Transition};
use async_trait::async_trait;
use time::OffsetDateTime;

/// A document an order was accepted with (agreement, disclosure).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrderDocument {
    pub kind: String,
    pub body: String,
    pub created_at: OffsetDateTime,
}

/// An order with money owed and what the daily run needs of it, read with
/// many others at once rather than one query each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RepayableOrder {
    pub order: Order,
    pub balances: Balances,
    /// The borrower has repaid a loan (status 200) before.
    pub repeat_borrower: bool,
    /// Times the order went from overdue back to repayment open (180 → 174).
    pub rollovers: usize,
    /// The order's late penalties: idempotency key and amount, oldest first.
    pub penalties: Vec<(String, Centavos)>,
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
    /// Up to `limit` orders with money owed (174 and 180) after `after`, by
    /// id, with their balances, borrower standing, rollovers and penalties:
    /// a few queries per page whatever the page holds.
    async fn repayable_page(&self, after: OrderId, limit: usize) -> StoreResult<Vec<RepayableOrder>>;
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
    /// documents in one transaction. Documents can never change afterwards.
    async fn accept_order(&self, transition: &Transition, documents: &[(&'static str, String)]) -> StoreResult<()>;
    async fn order_document(&self, order: OrderId, kind: &str) -> StoreResult<Option<OrderDocument>>;
    /// Moves the order's due dates by an extension, once per key and only
    /// while repayment is open (174): true when applied now, false when the
    /// key was applied before; `Stale` when the order is not in 174.
    async fn extend_order(&self, extension: &Extension) -> StoreResult<bool>;
}
