//! Where a loan's repayment stands, from its terms and its ledger: which
//! payments of the plan are covered, when the next one is due, and whether
//! it can take an extension today. Pure rules; the services read the ledger
//! and call them.

use crate::clock::manila_date;
use crate::extension::{ExtensionQuote, quote_extension};
use crate::ledger::{Balances, Dues};
use crate::money::Centavos;
use crate::order::{Order, OrderStatus};
use crate::pricing::Instalment;
use crate::product::Product;
use time::{Date, Duration};

/// One payment of an order's plan as it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlanLine {
    pub instalment: Instalment,
    /// The due date, moved by any extensions.
    pub date: Date,
    /// Whether the money paid so far covers it.
    pub covered: bool,
    /// What is still to pay of it: its amount less what earlier payments
    /// already settled of it (interest paid with an extension, say).
    pub remaining: Centavos,
}

/// The due dates of an order's plan and how much of it is paid, in order:
/// the money paid so far covers the earliest payments first.
pub fn plan_status(order: &Order, product: &Product, balances: &Balances, today: Date) -> Vec<PlanLine> {
    plan_for_dues(order, product, &balances.dues(), today)
}

/// The plan as it stands when what is owed is already known (the
/// collections queue reads it for many orders at once).
pub fn plan_for_dues(order: &Order, product: &Product, dues: &Dues, today: Date) -> Vec<PlanLine> {
    let repayable = order.total_repayable().unwrap_or(Centavos::ZERO);
    let paid = repayable.get() - dues.principal.get() - dues.interest.get();
    let start = order.disbursed_at.map(manila_date).unwrap_or(today);
    let mut cumulative = 0;
    product
        .terms
        .quote(order.principal)
        .map(|quote| quote.plan)
        .unwrap_or_default()
        .into_iter()
        .map(|instalment| {
            let amount = instalment.amount().get();
            let before = cumulative;
            cumulative += amount;
            PlanLine {
                date: start + Duration::days(instalment.due_after_days + order.extension_days),
                covered: cumulative <= paid,
                remaining: Centavos::new((cumulative - paid.max(before)).clamp(0, amount)),
                instalment,
            }
        })
        .collect()
}

/// The first date a payment is due and not yet covered.
pub fn next_unpaid_due(plan: &[PlanLine]) -> Option<Date> {
    plan.iter().filter(|line| !line.covered).map(|line| line.date).min()
}

/// The extension an open loan can take today, with its first unpaid due
/// date. D3 has no way back from overdue (180) to open (174), so an
/// extension is offered only while repayment is open, until the due date,
/// on a product that allows it (decision 012).
pub fn extension_offer(
    order: &Order,
    product: &Product,
    balances: &Balances,
    today: Date,
) -> Option<(ExtensionQuote, Date)> {
    if order.status != OrderStatus::RepaymentOpen || !product.allows_extension {
        return None;
    }
    let due = next_unpaid_due(&plan_status(order, product, balances, today))?;
    if due < today {
        return None;
    }
    let cost_charged = Centavos::new(balances.cost_charged());
    let quote =
        quote_extension(&product.terms, order.principal, order.is_covered(), &balances.dues(), cost_charged).ok()?;
    Some((quote, due))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::borrower::BorrowerId;
    use crate::ledger;
    use crate::order::OrderId;
    use crate::pricing::{PenaltySchedule, ProductTerms};
    use crate::product::{LenderId, ProductId};
    use time::macros::{date, datetime};

    const TODAY: Date = date!(2026 - 03 - 10);

    /// ₱5,000 in `periods` payments of 30 days at 4% a month, no fees.
    fn product(periods: i64, allows_extension: bool) -> Product {
        Product {
            id: ProductId(1),
            lender_id: LenderId(1),
            lender_name: "Lender".to_owned(),
            name: "Loan".to_owned(),
            logo_url: String::new(),
            terms: ProductTerms {
                min_amount: Centavos::from_pesos(1_000),
                max_amount: Centavos::from_pesos(10_000),
                amount_step: Centavos::from_pesos(100),
                periods,
                period_days: 30,
                monthly_interest_bp: 400,
                service_fee_bp: 0,
                penalty: PenaltySchedule {
                    one_time_new: Centavos::ZERO,
                    one_time_repeat: Centavos::ZERO,
                    daily_bp_days_1_30: 0,
                    daily_bp_days_31_90: 0,
                    daily_bp_from_day_91: 0,
                },
            },
            rate_description: String::new(),
            tags: Vec::new(),
            allows_extension,
            requires_review: false,
            available: true,
        }
    }

    /// An open loan of the product, sent out on 1 March (Manila).
    fn order(product: &Product) -> Order {
        let quote = product.terms.quote(Centavos::from_pesos(5_000)).expect("a valid amount");
        Order {
            id: OrderId(7),
            order_no: "HR7".to_owned(),
            borrower_id: BorrowerId(3),
            product_id: product.id,
            status: OrderStatus::RepaymentOpen,
            principal: quote.principal,
            interest: quote.interest,
            fees: Centavos::ZERO,
            term_days: product.terms.periods * product.terms.period_days,
            applied_at: datetime!(2026-03-01 00:00 UTC),
            disbursed_at: Some(datetime!(2026-03-01 02:00 UTC)),
            due_date: None,
            closed_at: None,
            extension_days: 0,
        }
    }

    /// What the ledger says after the loan went out and `paid` came in.
    fn balances(order: &Order, paid: Centavos) -> Balances {
        let mut entries = vec![ledger::disbursement(order.principal, order.fees).expect("a disbursement")];
        entries.extend(ledger::interest(order.interest).expect("an interest charge"));
        let owed = Balances::of(&entries).dues();
        if paid.get() > 0 {
            entries.push(ledger::repayment(paid, &owed, &ledger::DEFAULT_ALLOCATION).expect("a repayment"));
        }
        Balances::of(&entries)
    }

    #[test]
    fn with_nothing_paid_every_payment_is_uncovered_and_falls_due_after_disbursement() {
        let product = product(2, true);
        let order = order(&product);
        let plan = plan_status(&order, &product, &balances(&order, Centavos::ZERO), TODAY);
        assert_eq!(
            plan.iter().map(|line| line.date).collect::<Vec<_>>(),
            [date!(2026 - 03 - 31), date!(2026 - 04 - 30)]
        );
        assert!(plan.iter().all(|line| !line.covered && line.remaining == line.instalment.amount()));
    }

    #[test]
    fn money_paid_covers_the_earliest_payments_first() {
        let product = product(2, true);
        let order = order(&product);
        let first = plan_status(&order, &product, &balances(&order, Centavos::ZERO), TODAY)[0].instalment.amount();
        let paid = Centavos::new(first.get() + 100);
        let plan = plan_status(&order, &product, &balances(&order, paid), TODAY);
        assert!(plan[0].covered);
        assert_eq!(plan[0].remaining, Centavos::ZERO);
        assert!(!plan[1].covered);
        assert_eq!(plan[1].remaining, Centavos::new(plan[1].instalment.amount().get() - 100));
        assert_eq!(next_unpaid_due(&plan), Some(date!(2026 - 04 - 30)));
    }

    #[test]
    fn extensions_move_every_due_date_by_the_days_they_added() {
        let product = product(2, true);
        let order = Order { extension_days: 30, ..order(&product) };
        let plan = plan_for_dues(&order, &product, &balances(&order, Centavos::ZERO).dues(), TODAY);
        assert_eq!(
            plan.iter().map(|line| line.date).collect::<Vec<_>>(),
            [date!(2026 - 04 - 30), date!(2026 - 05 - 30)]
        );
    }

    #[test]
    fn a_loan_paid_in_full_has_no_unpaid_due_date() {
        let product = product(1, true);
        let order = order(&product);
        let owed = order.total_repayable().expect("no overflow");
        let plan = plan_status(&order, &product, &balances(&order, owed), TODAY);
        assert_eq!(next_unpaid_due(&plan), None);
    }

    #[test]
    fn an_open_loan_on_a_product_that_allows_it_is_offered_an_extension_until_its_due_date() {
        let product = product(1, true);
        let order = order(&product);
        let current = balances(&order, Centavos::ZERO);
        let (quote, due) = extension_offer(&order, &product, &current, TODAY).expect("an offer");
        assert_eq!(due, date!(2026 - 03 - 31));
        assert!(quote.fee.get() > 0);
        assert!(extension_offer(&order, &product, &current, date!(2026 - 03 - 31)).is_some());
    }

    #[test]
    fn no_extension_is_offered_after_the_due_date_when_overdue_or_when_the_product_forbids_it() {
        let product = product(1, true);
        let order = order(&product);
        let current = balances(&order, Centavos::ZERO);
        assert!(extension_offer(&order, &product, &current, date!(2026 - 04 - 01)).is_none());
        let overdue = Order { status: OrderStatus::Overdue, ..order.clone() };
        assert!(extension_offer(&overdue, &product, &current, TODAY).is_none());
        let no_extensions = Product { allows_extension: false, ..product };
        assert!(extension_offer(&order, &no_extensions, &current, TODAY).is_none());
    }
}
