//! The reads of the page a borrower opens most, order details, as one
//! statement (decision 066): the session that asks, the order if it is
//! theirs, its product and its loan account.

use super::StoreResult;
use crate::ledger::Balances;
use crate::order::{Order, OrderId};
use crate::product::Product;
use crate::servicing::LoanAccount;
use crate::session::{Session, TokenDigest};
use async_trait::async_trait;

/// What order details reads, from one moment of the database.
#[derive(Clone, Debug)]
pub struct LoanDetailsRead {
    pub session: Session,
    /// The order, when it is the session's borrower's; `None` otherwise.
    pub order: Option<OrderRead>,
}

#[derive(Clone, Debug)]
pub struct OrderRead {
    pub order: Order,
    /// `None` when the order names a product that is gone (a broken record).
    pub product: Option<Product>,
    /// Once the money went out.
    pub account: Option<LoanAccount>,
    /// The order's ledger balances (all zero before its first entry): what
    /// its running balance reads what was paid from.
    pub balances: Balances,
}

#[async_trait]
pub trait LoanDetailsStore {
    /// `None` when no session has this digest.
    async fn loan_details_read(&self, session: &TokenDigest, order: OrderId) -> StoreResult<Option<LoanDetailsRead>>;
}
