//! Overdue loans and the contacts staff log.

use super::StoreResult;
use crate::borrower::BorrowerId;
use crate::collections::{ContactBasis, ContactChannel, ContactNote, ContactOutcome};
use crate::idempotency::KeyedRequest;
use crate::ledger::Dues;
use crate::order::{Order, OrderId};
use crate::phone::Phone;
use async_trait::async_trait;
use time::OffsetDateTime;

/// A contact with the borrower of an overdue loan, as staff log it. The
/// person contacted is always the order's borrower.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewContact {
    pub order_id: OrderId,
    pub borrower_id: BorrowerId,
    /// The member who made the contact; `None` for a staff API token.
    pub staff_id: Option<i64>,
    /// The staff API token (a script, a dialer) that logged it, if one did.
    pub api_token_id: Option<i64>,
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
    /// The member's name, or the staff API token's; `None` only for a
    /// contact a token logged before tokens were recorded (migration 0053).
    pub by_name: Option<String>,
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
    /// The loan's account (decision 056).
    pub account: Option<crate::servicing::LoanAccount>,
}

#[async_trait]
pub trait CollectionStore {
    /// The new contact's id; under a key already used for the same request,
    /// the first contact's id and nothing stored (a retried log must not
    /// count as a second contact with the borrower).
    async fn record_contact(&self, contact: &NewContact, request: Option<&KeyedRequest>) -> StoreResult<i64>;
    /// The order's contacts, newest first.
    async fn contacts_of(&self, order: OrderId) -> StoreResult<Vec<LoggedContact>>;
    /// Every overdue order (180), by id, in one read.
    async fn overdue_accounts(&self) -> StoreResult<Vec<OverdueAccount>>;
}
