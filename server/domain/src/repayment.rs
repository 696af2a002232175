//! Where a loan's repayment stands, from its terms and its ledger: which
//! payments of the plan are covered, when the next one is due, and whether
//! it can take an extension today. Pure rules; the services read the ledger
//! and call them.

use crate::clock::manila_date;
use crate::extension::{ExtensionQuote, NotExtendable, quote_extension};
use crate::ledger::{Balances, Dues};
use crate::money::Centavos;
use crate::order::Order;
use crate::pricing::{Instalment, ProductTerms};
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

/// Why a loan cannot take an extension today.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoExtension {
    /// The loan owes nothing, or its product does not allow extensions.
    NotOffered,
    /// The loan took every extension its agreement allows.
    UsedUp { allowed: i64 },
    /// Even moved one period later its first unpaid due date would be past,
    /// so the extension could not bring the loan back to current.
    TooLate,
    /// The price cannot be made (nothing left to extend, nothing to pay).
    Price(NotExtendable),
}

/// The extension a loan can take today, with its first unpaid due date:
/// on a product that allows it, while the agreement still permits one
/// (`ClauseTerms::extensions_allowed`, decision 026), on an open loan or an
/// overdue one (a rollover, D3: 180 → 174) as long as the due date moved
/// one period later is not past, so that paying it clears the arrears.
pub fn extension_offer(
    order: &Order,
    product: &Product,
    balances: &Balances,
    today: Date,
) -> Result<(ExtensionQuote, Date), NoExtension> {
    if !order.status.is_repayable() || !product.allows_extension {
        return Err(NoExtension::NotOffered);
    }
    let allowed = product.terms.clauses.extensions_allowed;
    if order.extensions >= allowed {
        return Err(NoExtension::UsedUp { allowed });
    }
    let due = next_unpaid_due(&plan_status(order, product, balances, today)).ok_or(NoExtension::NotOffered)?;
    let cost_charged = Centavos::new(balances.cost_charged());
    let quote = quote_extension(&product.terms, order.principal, order.is_covered(), &balances.dues(), cost_charged)
        .map_err(NoExtension::Price)?;
    if due + Duration::days(quote.added_days) < today {
        return Err(NoExtension::TooLate);
    }
    Ok((quote, due))
}

/// What paying the whole loan off on a given day costs, as the agreement's
/// early-repayment clause says (decision 026).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PayoffQuote {
    pub as_of: Date,
    /// Days from the day the money was sent (Manila) to `as_of`.
    pub day: i64,
    /// Whether the agreement allows early repayment on `as_of`; before
    /// that, paying the loan off costs everything the plan charges.
    pub early_allowed: bool,
    /// The first day early repayment is allowed.
    pub early_from: Date,
    pub principal: Centavos,
    /// Interest still to pay: to the day when early repayment is allowed
    /// (less interest already paid), else all the interest outstanding.
    pub interest: Centavos,
    pub fees: Centavos,
    pub penalties: Centavos,
    pub total: Centavos,
    /// Interest outstanding that a payoff on `as_of` does not pay, and that
    /// the posting of that payoff waives.
    pub interest_waived: Centavos,
}

/// Interest on `principal` at `monthly_bp` a 30-day month for `days`
/// days, rounded down once (the day count of the agreement's clause 4 and
/// of the whole term's interest in `ProductTerms::quote`).
pub fn interest_to_day(principal: Centavos, monthly_bp: i64, days: i64) -> Centavos {
    principal
        .mul_div_floor(monthly_bp.saturating_mul(days.max(0)), 10_000 * crate::pricing::DAYS_PER_MONTH)
        .unwrap_or(Centavos::ZERO)
}

/// The payoff of `order` on `as_of`, from its terms and what it owes now:
/// principal outstanding, interest to the day (flat on the principal, as
/// clause 3 charges it, and at least `early_min_interest_days` of it; never
/// more than the term's interest the plan charged), fees and penalties.
pub fn payoff_quote(terms: &ProductTerms, order: &Order, dues: &Dues, disbursed: Date, as_of: Date) -> PayoffQuote {
    let clauses = &terms.clauses;
    let day = (as_of - disbursed).whole_days().max(0);
    let early_from_day = clauses.early_from_day(order.term_days);
    let early_allowed = day >= early_from_day;
    let owed = |amount: Centavos| amount.max(Centavos::ZERO);
    let outstanding_interest = owed(dues.interest);
    let interest = if early_allowed {
        let accrued =
            interest_to_day(order.principal, terms.monthly_interest_bp, day.max(clauses.early_min_interest_days))
                .min(order.interest);
        let settled = (order.interest.get() - outstanding_interest.get()).max(0);
        Centavos::new((accrued.get() - settled).clamp(0, outstanding_interest.get()))
    } else {
        outstanding_interest
    };
    let (principal, fees, penalties) = (owed(dues.principal), owed(dues.fees), owed(dues.penalties));
    PayoffQuote {
        as_of,
        day,
        early_allowed,
        early_from: disbursed + Duration::days(early_from_day),
        principal,
        interest,
        fees,
        penalties,
        total: Centavos::new(principal.get() + interest.get() + fees.get() + penalties.get()),
        interest_waived: Centavos::new(outstanding_interest.get() - interest.get()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::borrower::BorrowerId;
    use crate::ledger;
    use crate::order::{OrderId, OrderStatus};
    use crate::pricing::PenaltySchedule;
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
                clauses: crate::pricing::ClauseTerms::STANDARD,
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
            extensions: 0,
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
        assert!(extension_offer(&order, &product, &current, date!(2026 - 03 - 31)).is_ok());
    }

    #[test]
    fn an_overdue_loan_rolls_over_while_a_period_later_is_not_past_and_never_beyond_the_agreement() {
        let product = product(1, true);
        let order = Order { status: OrderStatus::Overdue, ..order(&product) };
        let current = balances(&order, Centavos::ZERO);
        // Due 31 March: a rollover moves it to 30 April.
        assert!(extension_offer(&order, &product, &current, date!(2026 - 04 - 09)).is_ok());
        assert!(extension_offer(&order, &product, &current, date!(2026 - 04 - 30)).is_ok());
        assert_eq!(extension_offer(&order, &product, &current, date!(2026 - 05 - 01)), Err(NoExtension::TooLate));
        let extended = Order { extensions: 1, ..order.clone() };
        assert_eq!(extension_offer(&extended, &product, &current, TODAY), Err(NoExtension::UsedUp { allowed: 1 }));
        let no_extensions = Product { allows_extension: false, ..product };
        assert_eq!(extension_offer(&order, &no_extensions, &current, TODAY), Err(NoExtension::NotOffered));
    }

    #[test]
    fn a_payoff_before_the_threshold_costs_the_plan_and_after_it_the_interest_to_the_day() {
        // ₱5,000 for 90 days at 4% a month: ₱600 interest; early from day 45.
        let product = product(3, true);
        let order = order(&product);
        let dues = balances(&order, Centavos::ZERO).dues();
        let sent = date!(2026 - 03 - 01);
        let before = payoff_quote(&product.terms, &order, &dues, sent, date!(2026 - 04 - 14));
        assert!(!before.early_allowed);
        assert_eq!(before.early_from, date!(2026 - 04 - 15));
        assert_eq!(before.total, Centavos::from_pesos(5_600));
        assert_eq!(before.interest_waived, Centavos::ZERO);
        let after = payoff_quote(&product.terms, &order, &dues, sent, date!(2026 - 04 - 15));
        assert!(after.early_allowed);
        assert_eq!(after.day, 45);
        // 45 days of 4% a month on ₱5,000: ₱300.
        assert_eq!(after.interest, Centavos::from_pesos(300));
        assert_eq!(after.total, Centavos::from_pesos(5_300));
        assert_eq!(after.interest_waived, Centavos::from_pesos(300));
        let late = payoff_quote(&product.terms, &order, &dues, sent, date!(2026 - 07 - 01));
        assert_eq!(late.total, Centavos::from_pesos(5_600), "past the term, all the interest is due");
    }

    #[test]
    fn interest_already_paid_counts_towards_the_interest_to_the_day() {
        let product = product(3, true);
        let order = order(&product);
        // ₱400 paid: ₱400 of interest settled (interest before principal).
        let dues = balances(&order, Centavos::from_pesos(400)).dues();
        let quote = payoff_quote(&product.terms, &order, &dues, date!(2026 - 03 - 01), date!(2026 - 04 - 15));
        assert_eq!(quote.interest, Centavos::ZERO, "₱300 accrued, ₱400 paid: nothing more, nothing back");
        assert_eq!(quote.total, Centavos::from_pesos(5_000));
    }
}
