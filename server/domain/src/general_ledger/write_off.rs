//! Writing a loan off (decision 073): one finance member proposes it with a
//! reason, a second, independent one approves it, and the approval moves
//! everything the loan owes that day off the lender's books and against
//! its allowance for credit losses (`ledger::write_off`). The borrower
//! still owes it: their pages keep showing the debt, nothing more is
//! charged, and what they pay afterwards is a recovery.

use crate::money::Centavos;
use crate::order::OrderId;
use time::OffsetDateTime;

/// Where a proposal stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WriteOffStatus {
    Proposed,
    /// Written off when it was decided.
    Approved,
    Rejected,
}

impl WriteOffStatus {
    pub const ALL: [WriteOffStatus; 3] = [WriteOffStatus::Proposed, WriteOffStatus::Approved, WriteOffStatus::Rejected];

    pub fn key(self) -> &'static str {
        match self {
            WriteOffStatus::Proposed => "proposed",
            WriteOffStatus::Approved => "approved",
            WriteOffStatus::Rejected => "rejected",
        }
    }

    pub fn parse(key: &str) -> Option<WriteOffStatus> {
        WriteOffStatus::ALL.into_iter().find(|status| status.key() == key)
    }
}

/// A write-off, proposed or decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WriteOffProposal {
    pub id: i64,
    pub order_id: OrderId,
    pub reason: String,
    pub status: WriteOffStatus,
    /// The member who proposed it, or the staff API token (one is set).
    pub proposed_by: Option<i64>,
    pub proposed_by_token: Option<i64>,
    pub proposed_at: OffsetDateTime,
    pub decided_by: Option<i64>,
    pub decided_at: Option<OffsetDateTime>,
    /// What the approval wrote off.
    pub amount: Option<Centavos>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_read_back_from_their_keys() {
        for status in WriteOffStatus::ALL {
            assert_eq!(WriteOffStatus::parse(status.key()), Some(status));
        }
        assert_eq!(WriteOffStatus::parse("posted"), None);
    }
}
