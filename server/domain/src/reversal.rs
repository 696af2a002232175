//! Payment reversals (issue 16, D3, decision 029): a payment the channel
//! later took back (a bounced transfer, a disputed card payment) is undone
//! by a reversing entry that one staff member proposes and another
//! approves. This module decides what the reversal posts and where the
//! order stands afterwards; the stores and the console do the rest.

use crate::ledger::{Account, Balances, Entry, EntryKind, LedgerError, Line, Side};
use crate::money::Centavos;
use crate::order::{OrderId, OrderStatus};
use time::{Date, OffsetDateTime};

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

/// The key of the early-payoff waiver a payment posted with it, and of
/// the extension fee it paid (see `money_in`): both are named after the
/// payment's own key.
pub fn early_payoff_key(payment_key: &str) -> String {
    format!("{payment_key}:early-payoff")
}

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

/// The entry that takes `amount` of a payment back: the cash leaves, and
/// what the payment settled is owed again, last settled first (the
/// borrower's credit, then principal, interest, fees, penalties: the
/// payment's allocation read backwards). The whole amount is the exact
/// mirror of the payment.
pub fn reversal_of(payment: &Entry, amount: Centavos) -> Result<Entry, ReversalError> {
    check_proposal(payment, false, amount)?;
    let mut left = amount.get();
    let mut lines = vec![Line { account: Account::Cash, side: Side::Credit, amount }];
    for settled in payment.lines.iter().rev().filter(|line| line.side == Side::Credit) {
        let taken = left.min(settled.amount.get());
        lines.push(Line { account: settled.account, side: Side::Debit, amount: Centavos::new(taken) });
        left -= taken;
    }
    Ok(Entry::new(EntryKind::Reversal, lines)?)
}

/// The status an order moves to once a reversal left `after` on its
/// ledger: a closed loan that owes again reopens, overdue when its first
/// unpaid due date is already past (`first_unpaid_due` is read from the
/// plan with the new balances), else open for repayment. `None` when the
/// status stays (a partial payment of an open loan reversed).
pub fn status_after(
    status: OrderStatus,
    after: &Balances,
    first_unpaid_due: Option<Date>,
    today: Date,
) -> Option<OrderStatus> {
    if status != OrderStatus::Repaid || after.dues().total().get() <= 0 {
        return None;
    }
    let past_due = first_unpaid_due.is_some_and(|due| due < today);
    Some(if past_due { OrderStatus::Overdue } else { OrderStatus::RepaymentOpen })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ledger::{Bucket, DEFAULT_ALLOCATION, Dues, repayment};
    use proptest::prelude::*;

    fn dues(penalties: i64, fees: i64, interest: i64, principal: i64) -> Dues {
        Dues {
            penalties: Centavos::new(penalties),
            fees: Centavos::new(fees),
            interest: Centavos::new(interest),
            principal: Centavos::new(principal),
        }
    }

    #[test]
    fn reversing_the_whole_payment_mirrors_it() {
        let owed = dues(1_000, 500, 2_000, 10_000);
        let payment = repayment(Centavos::new(14_000), &owed, &DEFAULT_ALLOCATION).unwrap();
        let reversal = reversal_of(&payment, payment.amount()).unwrap();
        let mut balances = Balances::default();
        balances.apply(&payment);
        balances.apply(&reversal);
        assert_eq!(balances, Balances::default(), "nothing is left of the payment");
        assert_eq!(reversal.kind, EntryKind::Reversal);
    }

    #[test]
    fn a_partial_reversal_takes_back_credit_then_principal_first() {
        let owed = dues(1_000, 0, 2_000, 10_000);
        let payment = repayment(Centavos::new(13_500), &owed, &DEFAULT_ALLOCATION).unwrap();
        let reversal = reversal_of(&payment, Centavos::new(10_200)).unwrap();
        let mut balances = Balances::default();
        balances.apply(&reversal);
        assert_eq!(balances.net(Account::BorrowerCredit), 500, "the 500 paid beyond what was owed goes first");
        assert_eq!(balances.dues().of(Bucket::Principal).get(), 9_700);
        assert_eq!(balances.dues().of(Bucket::Interest).get(), 0);
        assert_eq!(balances.net(Account::Cash), -10_200);
    }

    #[test]
    fn more_than_paid_nothing_and_non_payments_are_refused() {
        let payment = repayment(Centavos::new(5_000), &dues(0, 0, 0, 5_000), &DEFAULT_ALLOCATION).unwrap();
        assert_eq!(reversal_of(&payment, Centavos::new(5_001)), Err(ReversalError::MoreThanPaid));
        assert_eq!(reversal_of(&payment, Centavos::ZERO), Err(ReversalError::MoreThanPaid));
        assert_eq!(reversal_of(&payment.reversal(), Centavos::new(1)), Err(ReversalError::NotAPayment));
        assert_eq!(check_proposal(&payment, true, Centavos::new(1)), Err(ReversalError::PaidAnExtension));
    }

    #[test]
    fn a_closed_loan_that_owes_again_reopens_by_its_due_date() {
        let day = |d: u8| Date::from_calendar_date(2026, time::Month::November, d).unwrap();
        let mut owing = Balances::default();
        owing.apply(&crate::ledger::disbursement(Centavos::new(100), Centavos::ZERO).unwrap());
        let repaid = OrderStatus::Repaid;
        assert_eq!(
            status_after(repaid, &owing, Some(day(20)), day(20)),
            Some(OrderStatus::RepaymentOpen),
            "due today is not late"
        );
        assert_eq!(status_after(repaid, &owing, Some(day(19)), day(20)), Some(OrderStatus::Overdue));
        assert_eq!(
            status_after(repaid, &Balances::default(), Some(day(19)), day(20)),
            None,
            "nothing owed, still closed"
        );
        assert_eq!(
            status_after(OrderStatus::Overdue, &owing, Some(day(19)), day(20)),
            None,
            "an open loan stays as it is"
        );
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
        fn any_reversal_within_the_payment_balances_and_never_exceeds_it(
            paid in 1_i64..2_000_000, owed in 0_i64..2_000_000, share in 1_i64..=1_000,
        ) {
            let payment = repayment(Centavos::new(paid), &dues(owed / 7, owed / 5, owed / 3, owed), &DEFAULT_ALLOCATION).unwrap();
            let amount = Centavos::new((paid * share / 1_000).max(1));
            let reversal = reversal_of(&payment, amount).unwrap();
            prop_assert_eq!(reversal.amount(), amount);
            let mut balances = Balances::default();
            balances.apply(&payment);
            balances.apply(&reversal);
            prop_assert_eq!(balances.sum(), 0);
            for account in Account::ALL {
                let moved_by_payment = Balances::of(std::slice::from_ref(&payment)).net(account);
                let left = balances.net(account);
                prop_assert!(left.signum() == moved_by_payment.signum() || left == 0, "{account:?} never overshoots");
                prop_assert!(left.abs() <= moved_by_payment.abs());
            }
        }
    }
}
