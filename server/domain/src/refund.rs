//! Refunds of the credit a repaid loan holds for its borrower (decision
//! 075): one finance member proposes paying it back with a reason, a
//! second, independent one approves, and the payout gateway sends it to
//! the borrower's bound account; the ledger moves when the gateway says the
//! money left (`posting::refund`), never before.

use crate::money::Centavos;
use crate::order::OrderId;
use time::OffsetDateTime;

/// Where a refund stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RefundStatus {
    /// Waiting for a second member.
    Proposed,
    /// Approved; waiting for the gateway to send it (tried again by the
    /// daily run while the gateway is unreachable or the payout pending).
    Approved,
    /// The money left; the ledger holds it.
    Sent,
    /// The gateway refused it; the credit stays the borrower's.
    Failed,
    Rejected,
}

impl RefundStatus {
    pub const ALL: [RefundStatus; 5] = [
        RefundStatus::Proposed,
        RefundStatus::Approved,
        RefundStatus::Sent,
        RefundStatus::Failed,
        RefundStatus::Rejected,
    ];

    pub fn key(self) -> &'static str {
        match self {
            RefundStatus::Proposed => "proposed",
            RefundStatus::Approved => "approved",
            RefundStatus::Sent => "sent",
            RefundStatus::Failed => "failed",
            RefundStatus::Rejected => "rejected",
        }
    }

    pub fn parse(key: &str) -> Option<RefundStatus> {
        RefundStatus::ALL.into_iter().find(|status| status.key() == key)
    }
}

/// A refund, proposed or decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refund {
    pub id: i64,
    pub order_id: OrderId,
    pub amount: Centavos,
    pub reason: String,
    pub status: RefundStatus,
    pub proposed_by: Option<i64>,
    pub proposed_by_token: Option<i64>,
    pub proposed_at: OffsetDateTime,
    pub decided_by: Option<i64>,
    pub decided_at: Option<OffsetDateTime>,
    /// The gateway's transaction, once sent.
    pub transaction_id: Option<String>,
    /// Why it failed, or what the last try met.
    pub detail: Option<String>,
}

impl Refund {
    /// The reference the gateway pays once: the order's number and the
    /// refund's id, so a retry never pays twice.
    pub fn reference(&self, order_no: &str) -> String {
        format!("{order_no}-RF{}", self.id)
    }
}
