//! Loan orders and their state machine (decisions.md D3).

use crate::borrower::BorrowerId;
use crate::money::Centavos;
use crate::product::ProductId;
use serde::{Deserialize, Serialize};
use time::{Date, OffsetDateTime};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct OrderId(pub i64);

/// The status codes of D3. The numbers are part of the API contract.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OrderStatus {
    UnderReview,
    AwaitingConfirmation,
    Rejected,
    Disbursing,
    RepaymentOpen,
    Overdue,
    Repaid,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown order status code {0}")]
pub struct UnknownStatus(pub i64);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("an order cannot go from {from:?} to {to:?}")]
pub struct IllegalTransition {
    pub from: OrderStatus,
    pub to: OrderStatus,
}

impl OrderStatus {
    pub const ALL: [OrderStatus; 7] = [
        OrderStatus::UnderReview,
        OrderStatus::AwaitingConfirmation,
        OrderStatus::Rejected,
        OrderStatus::Disbursing,
        OrderStatus::RepaymentOpen,
        OrderStatus::Overdue,
        OrderStatus::Repaid,
    ];

    pub const fn code(self) -> i64 {
        match self {
            OrderStatus::UnderReview => 21,
            OrderStatus::AwaitingConfirmation => 151,
            OrderStatus::Rejected => 110,
            OrderStatus::Disbursing => 170,
            OrderStatus::RepaymentOpen => 174,
            OrderStatus::Overdue => 180,
            OrderStatus::Repaid => 200,
        }
    }

    pub fn from_code(code: i64) -> Result<OrderStatus, UnknownStatus> {
        OrderStatus::ALL.into_iter().find(|status| status.code() == code).ok_or(UnknownStatus(code))
    }

    /// The transitions of D3's table, and no others: 180 → 174 is a
    /// rollover, a paid extension that clears the arrears; 200 → 174 or
    /// 180 is an approved payment reversal that leaves money owed again.
    pub fn can_become(self, next: OrderStatus) -> bool {
        use OrderStatus::*;
        matches!(
            (self, next),
            (UnderReview, AwaitingConfirmation)
                | (UnderReview, Rejected)
                | (AwaitingConfirmation, Disbursing)
                | (Disbursing, RepaymentOpen)
                | (Disbursing, Rejected)
                | (RepaymentOpen, Overdue)
                | (RepaymentOpen, Repaid)
                | (Overdue, Repaid)
                | (Overdue, RepaymentOpen)
                | (Repaid, RepaymentOpen)
                | (Repaid, Overdue)
        )
    }

    pub fn transition(self, next: OrderStatus) -> Result<OrderStatus, IllegalTransition> {
        if self.can_become(next) { Ok(next) } else { Err(IllegalTransition { from: self, to: next }) }
    }

    /// Whether the order is still open: a borrower holds at most one open
    /// order of a product, so the product names it.
    pub fn is_open(self) -> bool {
        !matches!(self, OrderStatus::Rejected | OrderStatus::Repaid)
    }

    /// Whether money is owed on an order in this status.
    pub fn is_repayable(self) -> bool {
        matches!(self, OrderStatus::RepaymentOpen | OrderStatus::Overdue)
    }
}

/// What an order records of the loan the borrower took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Order {
    pub id: OrderId,
    /// The number a borrower quotes to customer service (`HR` + digits).
    pub order_no: String,
    pub borrower_id: BorrowerId,
    pub product_id: ProductId,
    pub status: OrderStatus,
    pub principal: Centavos,
    pub interest: Centavos,
    pub fees: Centavos,
    pub term_days: i64,
    pub applied_at: OffsetDateTime,
    pub disbursed_at: Option<OffsetDateTime>,
    /// Manila calendar date the repayment is due; set at disbursement and
    /// moved by each extension.
    pub due_date: Option<Date>,
    pub closed_at: Option<OffsetDateTime>,
    /// Days every due date moved through extensions, in total.
    pub extension_days: i64,
    /// How many extensions the loan took (the agreement allows
    /// `ClauseTerms::extensions_allowed`).
    pub extensions: i64,
}

impl Order {
    /// Principal plus interest: the service fee is deducted from the money
    /// sent, not repaid (see `pricing`). `None` only on overflow.
    pub fn total_repayable(&self) -> Option<Centavos> {
        self.principal.checked_add(self.interest)
    }
}

/// A new order, always created under review (D3: 21 on submission).
#[derive(Clone, Debug)]
pub struct NewOrder {
    pub order_no: String,
    pub borrower_id: BorrowerId,
    pub product_id: ProductId,
    pub principal: Centavos,
    pub interest: Centavos,
    pub fees: Centavos,
    pub term_days: i64,
    pub applied_at: OffsetDateTime,
}

/// One recorded step of an order's life: every transition has a time and a cause.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StatusChange {
    pub order_id: OrderId,
    pub from: Option<OrderStatus>,
    pub to: OrderStatus,
    pub cause: String,
    pub at: OffsetDateTime,
}

/// A request to move an order along the state machine, with what the new
/// status brings with it.
#[derive(Clone, Debug)]
pub struct Transition {
    order_id: OrderId,
    from: OrderStatus,
    to: OrderStatus,
    cause: String,
    at: OffsetDateTime,
    /// Set when the payout succeeds (170 → 174).
    due_date: Option<Date>,
}

impl Transition {
    /// The move of `order` from its status to `to`, if the state machine
    /// (D3) allows it; the store applies it only while the order is still
    /// where it was.
    pub fn new(
        order: &Order,
        to: OrderStatus,
        cause: impl Into<String>,
        at: OffsetDateTime,
    ) -> Result<Transition, IllegalTransition> {
        order.status.transition(to)?;
        Ok(Transition { order_id: order.id, from: order.status, to, cause: cause.into(), at, due_date: None })
    }

    /// The same move, setting the loan's last due date.
    pub fn with_due_date(self, due_date: Date) -> Transition {
        Transition { due_date: Some(due_date), ..self }
    }

    pub fn order_id(&self) -> OrderId {
        self.order_id
    }

    /// The status the order must still be in for the move to apply.
    pub fn from(&self) -> OrderStatus {
        self.from
    }

    pub fn to(&self) -> OrderStatus {
        self.to
    }

    pub fn cause(&self) -> &str {
        &self.cause
    }

    pub fn at(&self) -> OffsetDateTime {
        self.at
    }

    pub fn due_date(&self) -> Option<Date> {
        self.due_date
    }
}

/// An extension the borrower paid for: every unpaid due date moves
/// `added_days` later. Applied once per `key` (the payment's transaction).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Extension {
    pub order_id: OrderId,
    pub key: String,
    pub added_days: i64,
    pub fee: crate::money::Centavos,
    /// The loan's last due date after the extension.
    pub new_due_date: Date,
    pub at: OffsetDateTime,
    /// The pay code the extension was offered and paid under, whose renewal
    /// disclosure the borrower saw.
    pub pay_code: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use OrderStatus::*;

    #[test]
    fn only_rejected_and_repaid_orders_are_closed() {
        let open: Vec<i64> =
            OrderStatus::ALL.into_iter().filter(|status| status.is_open()).map(OrderStatus::code).collect();
        assert_eq!(open, [21, 151, 170, 174, 180]);
    }

    #[test]
    fn every_status_code_round_trips() {
        for status in OrderStatus::ALL {
            assert_eq!(OrderStatus::from_code(status.code()), Ok(status));
        }
        assert_eq!(OrderStatus::from_code(99), Err(UnknownStatus(99)));
    }

    #[test]
    fn exactly_the_transitions_of_the_table_are_allowed() {
        let allowed: Vec<(i64, i64)> = OrderStatus::ALL
            .iter()
            .flat_map(|from| OrderStatus::ALL.iter().map(move |to| (*from, *to)))
            .filter(|(from, to)| from.can_become(*to))
            .map(|(from, to)| (from.code(), to.code()))
            .collect();
        assert_eq!(
            allowed,
            vec![
                (21, 151),
                (21, 110),
                (151, 170),
                (170, 110),
                (170, 174),
                (174, 180),
                (174, 200),
                (180, 174),
                (180, 200),
                (200, 174),
                (200, 180)
            ]
        );
    }

    #[test]
    fn a_repaid_order_reopens_only_to_repayment_or_overdue() {
        let reopened: Vec<OrderStatus> = OrderStatus::ALL.into_iter().filter(|next| Repaid.can_become(*next)).collect();
        assert_eq!(reopened, [RepaymentOpen, Overdue]);
    }

    #[test]
    fn a_rejected_application_is_final() {
        assert!(OrderStatus::ALL.iter().all(|next| !Rejected.can_become(*next)));
    }
}
