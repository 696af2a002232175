//! Bills and repayment reminders, and claiming a reminder's text.

use super::StoreResult;
use crate::borrower::BorrowerId;
use crate::idempotency::KeyedRequest;
use async_trait::async_trait;
use time::OffsetDateTime;

#[async_trait]
pub trait ReminderStore {
    /// Stores a new bill unless the borrower already keeps `max_bills`;
    /// `None` then. Under a key already used for the same request, the
    /// first bill's id and nothing stored.
    async fn insert_bill(
        &self,
        borrower: BorrowerId,
        form: &crate::reminder::BillForm,
        at: OffsetDateTime,
        max_bills: i64,
        request: Option<&KeyedRequest>,
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
    /// Claims the reminders switched on whose next look is due, soonest
    /// first, skipping those another process is claiming: each one's next
    /// look moves to `lease_until`, so other processes leave it while this
    /// one decides it (and a crash leaves it only until then). Answered as
    /// they stood before the claim.
    async fn claim_due_reminders(
        &self,
        now: OffsetDateTime,
        lease_until: OffsetDateTime,
        limit: i64,
    ) -> StoreResult<Vec<crate::reminder::Reminder>>;
    /// How many reminders switched on are due and not yet looked at: the
    /// scheduler's backlog.
    async fn count_due_reminders(&self, now: OffsetDateTime) -> StoreResult<i64>;
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
}
