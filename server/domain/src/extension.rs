//! Extending a loan (the "rollover" of the order details page): the
//! borrower pays what the loan has charged so far (interest, fees, any
//! penalties) plus an extension fee, and every unpaid due date moves one
//! period later. The principal stays owed. The terms say an extension needs
//! interest and penalties paid; the fee is the product's own interest rate
//! for one more period on the principal still owed, so an extension never
//! costs more a month than the loan itself, and on a covered loan it stops
//! at the 100%-of-principal total cost (D4).

use crate::ledger::Dues;
use crate::money::Centavos;
use crate::pricing::{ProductTerms, caps};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExtensionQuote {
    /// The price of the extra period.
    pub fee: Centavos,
    /// Interest, fees and penalties owed now, which must be paid with it.
    pub charges_due: Centavos,
    /// What the borrower pays: `charges_due + fee`.
    pub amount: Centavos,
    /// How far every unpaid due date moves.
    pub added_days: i64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotExtendable {
    #[error("no principal is left to extend")]
    NoPrincipalLeft,
    #[error("an extension would cost nothing to pay")]
    NothingToPay,
    #[error("an amount overflowed")]
    Overflow,
}

/// The extension a loan can take now, from its terms and its ledger.
pub fn quote_extension(
    terms: &ProductTerms,
    principal: Centavos,
    covered: bool,
    dues: &Dues,
    cost_charged: Centavos,
) -> Result<ExtensionQuote, NotExtendable> {
    if dues.principal.get() <= 0 {
        return Err(NotExtendable::NoPrincipalLeft);
    }
    let mut fee = dues
        .principal
        .mul_div_floor(terms.monthly_interest_bp * terms.period_days, 30 * 10_000)
        .ok_or(NotExtendable::Overflow)?;
    if covered {
        let total_cap = principal.apply_basis_points(caps::TOTAL_COST_BP).ok_or(NotExtendable::Overflow)?;
        let room = Centavos::new((total_cap.get() - cost_charged.get()).max(0));
        fee = fee.min(room);
    }
    let charges_due =
        Centavos::checked_sum([dues.penalties, dues.fees, dues.interest].map(|due| due.max(Centavos::ZERO)))
            .ok_or(NotExtendable::Overflow)?;
    let amount = charges_due.checked_add(fee).ok_or(NotExtendable::Overflow)?;
    if amount.get() <= 0 {
        return Err(NotExtendable::NothingToPay);
    }
    Ok(ExtensionQuote { fee, charges_due, amount, added_days: terms.period_days })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pricing::PenaltySchedule;

    fn terms(monthly_interest_bp: i64, period_days: i64) -> ProductTerms {
        ProductTerms {
            min_amount: Centavos::from_pesos(1_000),
            max_amount: Centavos::from_pesos(10_000),
            amount_step: Centavos::from_pesos(100),
            periods: 1,
            period_days,
            monthly_interest_bp,
            service_fee_bp: 0,
            clauses: crate::pricing::ClauseTerms::STANDARD,
            penalty: PenaltySchedule {
                one_time_new: Centavos::ZERO,
                one_time_repeat: Centavos::ZERO,
                daily_bp_days_1_30: 0,
                daily_bp_days_31_90: 0,
                daily_bp_from_day_91: 0,
            },
        }
    }

    fn dues(interest: i64, principal: i64) -> Dues {
        Dues {
            penalties: Centavos::ZERO,
            fees: Centavos::ZERO,
            interest: Centavos::new(interest),
            principal: Centavos::new(principal),
        }
    }

    #[test]
    fn the_fee_is_one_more_period_of_interest_on_the_principal_owed() {
        // ₱5,000 owed at 4% a month for 30 days: ₱200 fee, plus ₱200 interest due.
        let quote = quote_extension(
            &terms(400, 30),
            Centavos::from_pesos(5_000),
            true,
            &dues(20_000, 500_000),
            Centavos::new(20_000),
        )
        .unwrap();
        assert_eq!(quote.fee, Centavos::from_pesos(200));
        assert_eq!(quote.charges_due, Centavos::from_pesos(200));
        assert_eq!(quote.amount, Centavos::from_pesos(400));
        assert_eq!(quote.added_days, 30);
    }

    #[test]
    fn a_covered_loan_never_passes_its_total_cost_cap() {
        // ₱1,000 principal with ₱950 already charged: ₱50 room, not ₱60.
        let quote = quote_extension(
            &terms(600, 30),
            Centavos::from_pesos(1_000),
            true,
            &dues(0, 100_000),
            Centavos::from_pesos(950),
        )
        .unwrap();
        assert_eq!(quote.fee, Centavos::from_pesos(50));
        let uncapped = quote_extension(
            &terms(600, 30),
            Centavos::from_pesos(1_000),
            false,
            &dues(0, 100_000),
            Centavos::from_pesos(950),
        )
        .unwrap();
        assert_eq!(uncapped.fee, Centavos::from_pesos(60));
    }

    #[test]
    fn nothing_to_extend_or_nothing_to_pay_is_refused() {
        let principal = Centavos::from_pesos(1_000);
        assert_eq!(
            quote_extension(&terms(400, 30), principal, true, &dues(5_000, 0), Centavos::ZERO),
            Err(NotExtendable::NoPrincipalLeft)
        );
        assert_eq!(
            quote_extension(&terms(0, 30), principal, true, &dues(0, 100_000), Centavos::ZERO),
            Err(NotExtendable::NothingToPay)
        );
    }
}
