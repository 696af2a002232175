use super::*;
use proptest::prelude::*;

fn pesos(amount: i64) -> Centavos {
    Centavos::from_pesos(amount)
}

/// A single payment after 91 days at 4% a month with a 3% fee.
fn express() -> ProductTerms {
    ProductTerms {
        min_amount: pesos(1_000),
        max_amount: pesos(10_000),
        amount_step: pesos(100),
        periods: 1,
        period_days: 91,
        monthly_interest_bp: 400,
        service_fee_bp: 300,
        clauses: ClauseTerms::standard(91),
        penalty: PenaltySchedule {
            one_time_new: pesos(20),
            one_time_repeat: pesos(15),
            daily_bp_days_1_30: 10,
            daily_bp_days_31_90: 8,
            daily_bp_from_day_91: 4,
        },
    }
}

fn loan(terms: &ProductTerms, principal: Centavos) -> Quote {
    terms.loan(principal, true, false).unwrap().quote().unwrap()
}

#[test]
fn a_single_payment_loan_is_priced_to_the_day() {
    let quote = loan(&express(), pesos(5_000));
    // ₱5,000 × 4% × 91/30 = ₱606.666… → ₱606.66, rounded down once.
    assert_eq!(quote.interest, Centavos::new(60_666));
    assert_eq!(quote.fee(), pesos(150));
    assert_eq!(quote.net_proceeds(), pesos(4_850));
    assert_eq!(quote.total_repayable, Centavos::new(560_666));
    assert_eq!(quote.finance_charge, Centavos::new(75_666));
    assert_eq!(quote.schedule.len(), 1);
    assert_eq!(quote.schedule[0].due_after_days, 91);
}

#[test]
fn instalments_are_level_and_each_one_carries_interest_on_what_is_then_owed() {
    // ₱6,000 in 2 × 30 days at 5% a month: a level ₱3,227.05 or so.
    let terms = ProductTerms { periods: 2, period_days: 30, monthly_interest_bp: 500, ..express() };
    let quote = loan(&terms, pesos(6_000));
    let first = &quote.schedule[0];
    let second = &quote.schedule[1];
    assert_eq!(first.interest, pesos(300), "5% of ₱6,000 for the first month");
    // The second month's interest is 5% of what the first left owed.
    assert_eq!(
        second.interest,
        (pesos(6_000).checked_sub(first.principal).unwrap()).mul_div_floor(500, 10_000).unwrap()
    );
    assert_eq!(first.principal.get() + second.principal.get(), pesos(6_000).get());
    assert!(second.amount() <= first.amount() && first.amount().get() - second.amount().get() <= 2, "{quote:?}");
    // Declining, not flat: less than 5% × 2 months of ₱6,000.
    assert!(quote.interest < pesos(600));
}

#[test]
fn amounts_outside_the_range_or_off_the_step_are_refused() {
    for amount in [pesos(999), pesos(10_100), Centavos::new(150_050)] {
        assert_eq!(express().loan(amount, true, false), Err(TermsError::Amount));
    }
}

#[test]
fn a_listing_without_extensions_freezes_none_into_the_loan() {
    assert_eq!(express().loan(pesos(5_000), false, false).unwrap().clauses.extensions_allowed, 0);
    assert_eq!(express().loan(pesos(5_000), true, false).unwrap().clauses.extensions_allowed, 1);
}

#[test]
fn malformed_configurations_are_refused() {
    assert_eq!(ProductTerms { min_amount: pesos(0), ..express() }.validate(), Err(TermsError::AmountRange));
    assert_eq!(ProductTerms { amount_step: Centavos::new(50), ..express() }.validate(), Err(TermsError::AmountStep));
    assert_eq!(ProductTerms { periods: 0, ..express() }.validate(), Err(TermsError::Term));
    assert_eq!(ProductTerms { service_fee_bp: -1, ..express() }.validate(), Err(TermsError::Negative));
    let no_extension_days = ClauseTerms { extension_days: 0, ..express().clauses };
    assert_eq!(ProductTerms { clauses: no_extension_days, ..express() }.validate(), Err(TermsError::Clauses));
    assert_eq!(express().validate(), Ok(()));
}

#[test]
fn the_early_repayment_day_is_half_the_term_rounded_up_and_not_before_day_seven() {
    let clauses = ClauseTerms::standard(30);
    assert_eq!(clauses.early_from_day(91), 46);
    assert_eq!(clauses.early_from_day(10), 7);
}

fn valid_terms() -> impl Strategy<Value = ProductTerms> {
    (1i64..=200, 0i64..=20, 1i64..=6, 1i64..=60, 0i64..=600, 0i64..=2_000).prop_map(
        |(min_hundreds, spread, periods, period_days, interest_bp, fee_bp)| {
            let min_amount = pesos(min_hundreds * 100);
            ProductTerms {
                min_amount,
                max_amount: pesos(min_hundreds * 100 + spread * 100),
                periods,
                period_days,
                monthly_interest_bp: interest_bp,
                service_fee_bp: fee_bp,
                clauses: ClauseTerms::standard(period_days),
                ..express()
            }
        },
    )
}

proptest! {
    #[test]
    fn every_schedule_repays_the_principal_exactly_with_interest_on_the_declining_balance(
        terms in valid_terms(), pick in 0i64..=20
    ) {
        let amount = terms.amounts().nth(usize::try_from(pick).unwrap()).unwrap_or(terms.min_amount);
        let quote = loan(&terms, amount);
        let principal: i64 = quote.schedule.iter().map(|instalment| instalment.principal.get()).sum();
        prop_assert_eq!(principal, amount.get());
        prop_assert_eq!(quote.total_repayable.get(), amount.get() + quote.interest.get());
        // Interest never exceeds flat interest on the whole principal.
        let flat = interest_on(i128::from(amount.get()) * i128::from(terms.term_days()), terms.monthly_interest_bp);
        prop_assert!(quote.interest <= flat);
        // Each period's interest is the rate on what that period owed, to the day.
        let mut owed = amount.get();
        let mut principal_days = 0_i128;
        let mut before = 0_i64;
        let mut last_day = 0;
        for instalment in &quote.schedule {
            principal_days += i128::from(owed) * i128::from(instalment.due_after_days - last_day);
            last_day = instalment.due_after_days;
            let so_far = interest_on(principal_days, terms.monthly_interest_bp).get();
            prop_assert_eq!(instalment.interest.get(), so_far - before);
            before = so_far;
            owed -= instalment.principal.get();
        }
        // Level: no instalment but the last differs from the first by more than a centavo.
        if let (Some(first), Some(last)) = (quote.schedule.first(), quote.schedule.last()) {
            prop_assert!(last.amount() <= first.amount() || quote.schedule.len() == 1);
        }
    }
}
