//! Payment reversals (issue 16, D3, decisions 029 and 056): a payment the
//! channel later took back (a bounced transfer, a disputed card payment) is
//! undone by one staff member's proposal and another's approval. The loan's
//! account is replayed without it (`servicing::LoanAccount::replay`): the
//! interest and penalties the payment had spared the borrower come back,
//! and one correcting entry moves the ledger from where it stands to where
//! the replay says it should. This module decides that entry and where the
//! order stands afterwards; the stores and the console do the rest.

use crate::ledger::{Account, Balances, Entry, EntryKind, LedgerError, Line, Side};
use crate::money::Centavos;
use crate::order::{OrderId, OrderStatus};
use time::OffsetDateTime;

/// Where a proposal stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReversalStatus {
    Proposed,
    Approved,
    Rejected,
}

impl ReversalStatus {
    pub const ALL: [ReversalStatus; 3] = [ReversalStatus::Proposed, ReversalStatus::Approved, ReversalStatus::Rejected];

    pub fn key(self) -> &'static str {
        match self {
            ReversalStatus::Proposed => "proposed",
            ReversalStatus::Approved => "approved",
            ReversalStatus::Rejected => "rejected",
        }
    }

    pub fn parse(key: &str) -> Option<ReversalStatus> {
        ReversalStatus::ALL.into_iter().find(|status| status.key() == key)
    }
}

/// A proposal to reverse (part of) one posted payment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PaymentReversal {
    pub id: i64,
    pub order_id: OrderId,
    /// The ledger entry of the payment.
    pub entry_id: i64,
    /// Centavos taken back, at most what the payment brought.
    pub amount: Centavos,
    pub reason: String,
    /// `None` for the operator's API token.
    pub proposed_by: Option<i64>,
    pub proposed_at: OffsetDateTime,
    pub status: ReversalStatus,
    pub decided_by: Option<i64>,
    pub decided_at: Option<OffsetDateTime>,
}

/// The approval of a proposal, stored in the transaction that posts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReversalApproval {
    pub id: i64,
    pub by: Option<i64>,
    pub at: OffsetDateTime,
}

/// Why a reversal cannot be proposed or posted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReversalError {
    #[error("only a payment received can be reversed")]
    NotAPayment,
    #[error("the amount must be more than zero and at most what the payment brought")]
    MoreThanPaid,
    /// The payment bought an extension: undoing it would have to move the
    /// due date back, which a reversal does not do (decision 029).
    #[error("the payment paid for an extension")]
    PaidAnExtension,
    #[error("the ledger refused the entry")]
    Ledger,
}

impl From<LedgerError> for ReversalError {
    fn from(_: LedgerError) -> ReversalError {
        ReversalError::Ledger
    }
}

/// A reason staff give for a reversal: trimmed, 5 to 500 characters.
pub fn checked_reason(reason: &str) -> Option<&str> {
    let reason = reason.trim();
    (5..=500).contains(&reason.chars().count()).then_some(reason)
}

/// The key of the extension fee an extension's payment charged (see
/// `money_in`), named after the payment's own key.
pub fn extension_fee_key(payment_key: &str) -> String {
    format!("{payment_key}:extension-fee")
}

/// The ledger key a payment's reversal is posted under: one per payment,
/// so the ledger itself keeps a payment from being reversed twice.
pub fn reversal_key(entry_id: i64) -> String {
    format!("payment-reversal:{entry_id}")
}

/// Whether a ledger key is a payment reversal's (or of the waiver it
/// undid with it).
pub fn is_reversal_key(key: &str) -> bool {
    key.starts_with("payment-reversal:")
}

/// Checks what a proposal asks for against the payment it names.
pub fn check_proposal(payment: &Entry, paid_an_extension: bool, amount: Centavos) -> Result<(), ReversalError> {
    if payment.kind != EntryKind::Repayment {
        return Err(ReversalError::NotAPayment);
    }
    if paid_an_extension {
        return Err(ReversalError::PaidAnExtension);
    }
    if amount.get() <= 0 || amount > payment.amount() {
        return Err(ReversalError::MoreThanPaid);
    }
    Ok(())
}

/// The entry of `kind` that moves a loan's ledger from `current` to
/// `expected`: account by account, the difference. Both sides balance, so
/// the entry does. `None` when they already agree.
pub fn correction(kind: EntryKind, current: &Balances, expected: &Balances) -> Result<Option<Entry>, ReversalError> {
    let lines: Vec<Line> = Account::ALL
        .into_iter()
        .filter_map(|account| {
            let difference = expected.net(account) - current.net(account);
            let side = if difference > 0 { Side::Debit } else { Side::Credit };
            (difference != 0).then(|| Line { account, side, amount: Centavos::new(difference.abs()) })
        })
        .collect();
    if lines.is_empty() {
        return Ok(None);
    }
    Ok(Some(Entry::new(kind, lines)?))
}

/// The status an order moves to once a reversal left it owing (`owes`):
/// a closed loan that owes again reopens, overdue when an instalment's due
/// date is already past unpaid, else open for repayment. `None` when the
/// status stays (a partial payment of an open loan reversed).
pub fn status_after(status: OrderStatus, owes: bool, overdue: bool) -> Option<OrderStatus> {
    if status != OrderStatus::Repaid || !owes {
        return None;
    }
    Some(if overdue { OrderStatus::Overdue } else { OrderStatus::RepaymentOpen })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ledger::{Settlement, payment};
    use proptest::prelude::*;

    fn paid(amount: i64, principal: i64) -> Entry {
        payment(
            Centavos::new(amount),
            &Settlement {
                principal: Centavos::new(principal),
                credit_change: amount - principal,
                ..Settlement::default()
            },
        )
        .unwrap()
    }

    #[test]
    fn the_correction_moves_the_ledger_to_what_the_replay_says() {
        let disbursed = crate::ledger::disbursement(Centavos::new(10_000), Centavos::ZERO).unwrap();
        let current = Balances::of(&[disbursed.clone(), paid(4_000, 4_000)]);
        let expected = Balances::of(&[disbursed]);
        let entry = correction(EntryKind::Reversal, &current, &expected).unwrap().unwrap();
        assert_eq!(entry.kind, EntryKind::Reversal);
        let mut after = current.clone();
        after.apply(&entry);
        assert_eq!(after, expected);
        assert_eq!(correction(EntryKind::Reversal, &expected, &expected), Ok(None));
    }

    #[test]
    fn more_than_paid_nothing_and_non_payments_are_refused() {
        let payment = paid(5_000, 5_000);
        assert_eq!(check_proposal(&payment, false, Centavos::new(5_001)), Err(ReversalError::MoreThanPaid));
        assert_eq!(check_proposal(&payment, false, Centavos::ZERO), Err(ReversalError::MoreThanPaid));
        assert_eq!(check_proposal(&payment.reversal(), false, Centavos::new(1)), Err(ReversalError::NotAPayment));
        assert_eq!(check_proposal(&payment, true, Centavos::new(1)), Err(ReversalError::PaidAnExtension));
        assert_eq!(check_proposal(&payment, false, Centavos::new(5_000)), Ok(()));
    }

    #[test]
    fn a_closed_loan_that_owes_again_reopens_overdue_or_open() {
        let repaid = OrderStatus::Repaid;
        assert_eq!(status_after(repaid, true, false), Some(OrderStatus::RepaymentOpen));
        assert_eq!(status_after(repaid, true, true), Some(OrderStatus::Overdue));
        assert_eq!(status_after(repaid, false, true), None, "nothing owed, still closed");
        assert_eq!(status_after(OrderStatus::Overdue, true, true), None, "an open loan stays as it is");
        for to in [OrderStatus::RepaymentOpen, OrderStatus::Overdue] {
            assert!(repaid.can_become(to), "D3 allows 200 → {}", to.code());
        }
    }

    #[test]
    fn a_reason_is_5_to_500_characters() {
        assert_eq!(checked_reason("  bounced cheque  "), Some("bounced cheque"));
        assert_eq!(checked_reason(" ab  "), None);
        assert_eq!(checked_reason(&"x".repeat(501)), None);
        assert!(checked_reason(&"ñ".repeat(500)).is_some(), "characters, not bytes");
    }

    proptest! {
        #[test]
        fn any_correction_between_balanced_ledgers_balances_and_lands_exactly(
            first in 1_i64..2_000_000, second in 1_i64..2_000_000, principal in 0_i64..2_000_000,
        ) {
            let disbursed = crate::ledger::disbursement(Centavos::new(principal.max(1)), Centavos::ZERO).unwrap();
            let current = Balances::of(&[disbursed.clone(), paid(first, first / 2)]);
            let expected = Balances::of(&[disbursed, paid(second, second / 3)]);
            let mut after = current.clone();
            if let Some(entry) = correction(EntryKind::Reversal, &current, &expected).unwrap() {
                after.apply(&entry);
            }
            prop_assert_eq!(after, expected);
        }
    }
}
