use super::*;
use proptest::prelude::*;

fn pesos(amount: i64) -> Centavos {
    Centavos::from_pesos(amount)
}

/// The specification's default shape with figures that keep the caps for a
/// ₱1,000 minimum: no one-time charge large enough to break 5% a month.
fn express() -> ProductTerms {
    ProductTerms {
        min_amount: pesos(1_000),
        max_amount: pesos(10_000),
        amount_step: pesos(100),
        periods: 1,
        period_days: 91,
        monthly_interest_bp: 400,
        service_fee_bp: 300,
        clauses: crate::pricing::ClauseTerms::STANDARD,
        penalty: PenaltySchedule {
            one_time_new: pesos(20),
            one_time_repeat: pesos(15),
            daily_bp_days_1_30: 10,
            daily_bp_days_31_90: 8,
            daily_bp_from_day_91: 4,
        },
    }
}

#[test]
fn a_single_payment_loan_is_priced_exactly() {
    let quote = express().quote(pesos(5_000)).unwrap();
    // ₱5,000 × 4% × 91/30 = ₱606.666… → ₱606.66 (charges round down).
    assert_eq!(quote.interest, Centavos::new(60_666));
    assert_eq!(quote.fees, pesos(150));
    assert_eq!(quote.net_proceeds, pesos(4_850));
    assert_eq!(quote.total_repayable, Centavos::new(560_666));
    assert_eq!(quote.finance_charge, Centavos::new(75_666));
    assert_eq!(quote.plan.len(), 1);
    assert_eq!(quote.plan[0].due_after_days, 91);
    assert!(quote.covered);
}

#[test]
fn instalments_split_evenly_and_the_last_takes_the_remainder() {
    let terms = ProductTerms { periods: 3, period_days: 30, ..express() };
    let quote = terms.quote(pesos(1_000)).unwrap();
    let amounts: Vec<i64> = quote.plan.iter().map(|instalment| instalment.principal.get()).collect();
    assert_eq!(amounts, vec![33_333, 33_333, 33_334]);
    assert_eq!(quote.plan.iter().map(|i| i.due_after_days).collect::<Vec<_>>(), vec![30, 60, 90]);
}

#[test]
fn amounts_outside_the_range_or_off_the_step_are_refused() {
    assert_eq!(express().quote(pesos(999)), Err(TermsError::Amount));
    assert_eq!(express().quote(pesos(10_100)), Err(TermsError::Amount));
    assert_eq!(express().quote(Centavos::new(150_050)), Err(TermsError::Amount));
}

#[test]
fn the_default_terms_keep_every_cap() {
    assert_eq!(express().validate(), Ok(()));
}

#[test]
fn nominal_interest_above_six_percent_a_month_is_refused_for_a_covered_loan() {
    let terms = ProductTerms { monthly_interest_bp: 601, service_fee_bp: 0, ..express() };
    assert_eq!(terms.validate(), Err(TermsError::NominalCap));
    let uncovered = ProductTerms { min_amount: pesos(10_100), max_amount: pesos(50_000), ..terms };
    assert_eq!(uncovered.validate(), Ok(()), "loans above ₱10,000 are not covered");
}

#[test]
fn an_editor_sees_every_broken_cap_at_once() {
    let terms = ProductTerms {
        period_days: 30,
        monthly_interest_bp: 700,
        service_fee_bp: 1_000,
        penalty: PenaltySchedule { daily_bp_days_1_30: 50, ..express().penalty },
        ..express()
    };
    assert_eq!(
        terms.cap_violations(),
        Ok(vec![TermsError::NominalCap, TermsError::EffectiveCap, TermsError::PenaltyCap])
    );
    assert_eq!(terms.validate(), Err(TermsError::NominalCap), "saving names the first");
    assert_eq!(express().cap_violations(), Ok(vec![]));
}

#[test]
fn interest_and_fees_above_fifteen_percent_a_month_are_refused() {
    // 30 days: 6% interest + 9.01% fee = 15.01% a month.
    let terms = ProductTerms { period_days: 30, monthly_interest_bp: 600, service_fee_bp: 901, ..express() };
    assert_eq!(terms.validate(), Err(TermsError::EffectiveCap));
    let at_cap = ProductTerms { service_fee_bp: 900, ..terms };
    assert_eq!(at_cap.validate(), Ok(()));
}

#[test]
fn penalties_above_five_percent_a_month_of_the_amount_due_are_refused() {
    // The specification's ₱1,000 one-time charge alone is 100% of a ₱1,000 loan.
    let spec_shape = ProductTerms {
        penalty: PenaltySchedule {
            one_time_new: pesos(1_000),
            one_time_repeat: pesos(800),
            daily_bp_days_1_30: 500,
            daily_bp_days_31_90: 400,
            daily_bp_from_day_91: 200,
        },
        ..express()
    };
    assert_eq!(spec_shape.validate(), Err(TermsError::PenaltyCap));
    let daily_only = ProductTerms {
        penalty: PenaltySchedule {
            one_time_new: Centavos::ZERO,
            one_time_repeat: Centavos::ZERO,
            daily_bp_days_1_30: 17,
            ..express().penalty
        },
        ..express()
    };
    assert_eq!(daily_only.validate(), Err(TermsError::PenaltyCap), "17 bp × 30 days = 5.1%");
}

#[test]
fn charges_reaching_the_principal_are_refused_by_the_monthly_cap_first() {
    // 120 days at 6% (24%) plus an 80% fee: 104% of principal, but already
    // 26% a month, and no covered term is long enough for 15% a month to
    // reach 100%.
    let terms =
        ProductTerms { periods: 4, period_days: 30, monthly_interest_bp: 600, service_fee_bp: 8_000, ..express() };
    assert_eq!(terms.validate(), Err(TermsError::EffectiveCap));
}

#[test]
fn malformed_configurations_are_refused() {
    assert_eq!(ProductTerms { max_amount: pesos(500), ..express() }.validate(), Err(TermsError::AmountRange));
    assert_eq!(ProductTerms { amount_step: pesos(300), ..express() }.validate(), Err(TermsError::AmountStep));
    assert_eq!(ProductTerms { periods: 0, ..express() }.validate(), Err(TermsError::Term));
    assert_eq!(ProductTerms { service_fee_bp: -1, ..express() }.validate(), Err(TermsError::Negative));
}

#[test]
fn penalties_accrue_by_the_schedule_and_stop_at_five_percent_a_window() {
    let schedule = express().penalty;
    let mut day = PenaltyDay {
        day_late: 1,
        amount_due: pesos(5_000),
        accrued_this_window: Centavos::ZERO,
        total_cost_so_far: pesos(700),
        principal: pesos(5_000),
        repeat_borrower: false,
        covered: true,
    };
    // Day 1: ₱20 one-time + 0.10% of ₱5,000 = ₱25.
    assert_eq!(penalty_for_day(&schedule, &day), pesos(25));
    day.day_late = 2;
    day.accrued_this_window = pesos(245);
    // ₱5 wanted, ₱5 of room left under the ₱250 (5%) window cap.
    assert_eq!(penalty_for_day(&schedule, &day), pesos(5));
    day.accrued_this_window = pesos(250);
    assert_eq!(penalty_for_day(&schedule, &day), Centavos::ZERO);
}

#[test]
fn accrual_stops_when_the_total_cost_reaches_the_principal() {
    let day = PenaltyDay {
        day_late: 45,
        amount_due: pesos(5_000),
        accrued_this_window: Centavos::ZERO,
        total_cost_so_far: Centavos::new(499_998),
        principal: pesos(5_000),
        repeat_borrower: true,
        covered: true,
    };
    assert_eq!(penalty_for_day(&express().penalty, &day), Centavos::new(2));
    let at_cap = PenaltyDay { total_cost_so_far: pesos(5_000), ..day };
    assert_eq!(penalty_for_day(&express().penalty, &at_cap), Centavos::ZERO);
}

#[test]
fn the_actuarial_rate_is_above_the_simple_rate_when_the_fee_is_deducted() {
    let quote = ProductTerms { periods: 1, period_days: 30, ..express() }.quote(pesos(10_000)).unwrap();
    // Pay ₱10,400 after 30 days for ₱9,700 received: 7.2165% a month.
    assert_eq!(quote.charges_monthly_bp, 700);
    assert_eq!(actuarial_monthly_bp(&quote), 722);
}

/// Terms drawn from a wide space around the caps (some above them).
fn any_terms() -> impl Strategy<Value = ProductTerms> {
    (
        5i64..=100,                        // min amount, in ₱100 steps
        0i64..=300,                        // range width, in ₱100 steps
        1i64..=4,                          // periods
        1i64..=30,                         // period days (so every generated product is covered)
        0i64..=700,                        // monthly interest bp
        0i64..=1_600,                      // fee bp
        0i64..=5_000,                      // one-time penalty, centavos
        (0i64..=18, 0i64..=18, 0i64..=18), // daily penalty bp: days 1–30, 31–90, from 91
    )
        .prop_map(|(min, width, periods, period_days, interest, fee, one_time, (early, middle, late))| {
            ProductTerms {
                min_amount: Centavos::new(min * 10_000),
                max_amount: Centavos::new((min + width) * 10_000),
                amount_step: Centavos::new(10_000),
                periods,
                period_days,
                monthly_interest_bp: interest,
                service_fee_bp: fee,
                clauses: crate::pricing::ClauseTerms::STANDARD,
                penalty: PenaltySchedule {
                    one_time_new: Centavos::new(one_time),
                    one_time_repeat: Centavos::new(one_time / 2),
                    daily_bp_days_1_30: early,
                    daily_bp_days_31_90: middle,
                    daily_bp_from_day_91: late,
                },
            }
        })
}

/// Terms that `validate` accepts.
fn valid_terms() -> impl Strategy<Value = ProductTerms> {
    any_terms().prop_filter("a configuration the caps allow", |terms| terms.validate().is_ok())
}

/// One amount the product offers, picked by `pick`.
fn offered(terms: &ProductTerms, pick: i64) -> Centavos {
    let steps = (terms.max_amount.get() - terms.min_amount.get()) / terms.amount_step.get();
    Centavos::new(terms.min_amount.get() + (pick % (steps + 1)) * terms.amount_step.get())
}

/// One covered amount the product offers (at most ₱10,000).
fn offered_covered(terms: &ProductTerms, pick: i64) -> Centavos {
    offered(terms, pick).min(caps::COVERED_MAX_PRINCIPAL)
}

proptest! {
    #[test]
    fn every_plan_sums_exactly_to_its_quote(terms in valid_terms(), pick in 0i64..=600) {
        let principal = offered(&terms, pick);
        let quote = terms.quote(principal).unwrap();
        let principal_sum: i64 = quote.plan.iter().map(|i| i.principal.get()).sum();
        let interest_sum: i64 = quote.plan.iter().map(|i| i.interest.get()).sum();
        let amount_sum: i64 = quote.plan.iter().map(|i| i.amount().get()).sum();
        prop_assert_eq!(principal_sum, quote.principal.get());
        prop_assert_eq!(interest_sum, quote.interest.get());
        prop_assert_eq!(amount_sum, quote.total_repayable.get());
        prop_assert_eq!(quote.finance_charge.get(), quote.interest.get() + quote.fees.get());
        prop_assert_eq!(quote.net_proceeds.get() + quote.fees.get(), quote.principal.get());
        prop_assert!(quote.plan.iter().all(|i| i.principal.get() >= 0 && i.interest.get() >= 0));
        prop_assert_eq!(quote.plan.last().unwrap().due_after_days, quote.term_days);
    }

    #[test]
    fn no_covered_quote_breaks_a_cap(terms in valid_terms(), pick in 0i64..=600) {
        let quote = terms.quote(offered_covered(&terms, pick)).unwrap();
        let principal = quote.principal;
        let months_x30 = i128::from(quote.term_days);
        prop_assert!(quote.covered);
        // interest ≤ 6% a month: interest × 30 × 10 000 ≤ 600 × principal × days
        prop_assert!(i128::from(quote.interest.get()) * 30 * 10_000 <= 600 * i128::from(principal.get()) * months_x30);
        // interest + fees ≤ 15% a month
        prop_assert!(i128::from(quote.finance_charge.get()) * 30 * 10_000 <= 1_500 * i128::from(principal.get()) * months_x30);
        // interest + fees ≤ 100% of principal
        prop_assert!(quote.finance_charge <= principal);
    }

    #[test]
    fn penalties_never_pass_the_caps_on_a_covered_loan(
        terms in valid_terms(),
        pick in 0i64..=600,
        days_late in 1i64..=1_000,
        repeat in any::<bool>(),
    ) {
        let quote = terms.quote(offered_covered(&terms, pick)).unwrap();
        prop_assert!(quote.covered);
        let due = quote.total_repayable;
        let mut total = quote.finance_charge;
        let mut window = Centavos::ZERO;
        for day_late in 1..=days_late {
            if (day_late - 1) % 30 == 0 {
                window = Centavos::ZERO;
            }
            let charge = penalty_for_day(&terms.penalty, &PenaltyDay {
                day_late,
                amount_due: due,
                accrued_this_window: window,
                total_cost_so_far: total,
                principal: quote.principal,
                repeat_borrower: repeat,
                covered: true,
            });
            prop_assert!(charge.get() >= 0);
            window = Centavos::new(window.get() + charge.get());
            total = Centavos::new(total.get() + charge.get());
            prop_assert!(window <= due.apply_basis_points(500).unwrap());
            prop_assert!(total <= quote.principal);
        }
    }
}

/// An internal rate of return computed independently of `monthly_rate_bp`:
/// Newton's method on the net present value of the actual cash flows (the
/// net proceeds out on day 0, each instalment in on its day), with the
/// derivative written out, from a 1% start. The monthly rate per 30 days.
fn independent_irr(net_proceeds: i64, flows: &[(i64, i64)]) -> f64 {
    let npv = |rate: f64| -> (f64, f64) {
        let mut value = -(net_proceeds as f64);
        let mut slope = 0.0;
        for (days, amount) in flows {
            let periods = *days as f64 / 30.0;
            value += *amount as f64 * (1.0 + rate).powf(-periods);
            slope -= periods * *amount as f64 * (1.0 + rate).powf(-periods - 1.0);
        }
        (value, slope)
    };
    let mut rate = 0.01;
    for _ in 0..100 {
        let (value, slope) = npv(rate);
        if slope == 0.0 {
            break;
        }
        let next = rate - value / slope;
        if (next - rate).abs() < 1e-12 {
            return next;
        }
        rate = next.max(-0.99);
    }
    rate
}

#[test]
fn the_one_effective_rate_is_the_internal_rate_of_return_of_the_cash_flows() {
    // 24 fixed products: single payments and instalments, with and without
    // fees, short and long periods.
    let shapes: [(i64, i64, i64, i64, i64); 24] = [
        // (principal pesos, periods, period days, interest bp, fee bp)
        (5_000, 1, 91, 400, 300),
        (1_000, 1, 30, 600, 900),
        (10_000, 1, 120, 500, 0),
        (3_000, 1, 91, 300, 500),
        (2_000, 2, 60, 500, 200),
        (8_000, 4, 30, 350, 250),
        (15_000, 6, 30, 250, 200),
        (5_000, 3, 60, 300, 300),
        (1_500, 1, 14, 200, 100),
        (2_500, 2, 14, 600, 0),
        (7_000, 3, 30, 450, 400),
        (9_900, 4, 30, 600, 300),
        (20_000, 12, 30, 200, 100),
        (50_000, 6, 60, 150, 250),
        (4_000, 1, 7, 600, 50),
        (6_000, 2, 45, 300, 0),
        (1_000, 1, 61, 100, 1_000),
        (12_000, 5, 30, 275, 125),
        (3_300, 3, 20, 520, 330),
        (10_000, 2, 30, 0, 500),
        (10_000, 1, 90, 600, 0),
        (25_000, 10, 30, 180, 300),
        (2_200, 4, 7, 400, 200),
        (8_800, 8, 15, 333, 111),
    ];
    for (principal, periods, period_days, interest_bp, fee_bp) in shapes {
        let terms = ProductTerms {
            min_amount: pesos(principal),
            max_amount: pesos(principal),
            amount_step: pesos(principal),
            periods,
            period_days,
            monthly_interest_bp: interest_bp,
            service_fee_bp: fee_bp,
            ..express()
        };
        let quote = terms.quote(pesos(principal)).unwrap();
        let flows: Vec<(i64, i64)> =
            quote.plan.iter().map(|instalment| (instalment.due_after_days, instalment.amount().get())).collect();
        let expected = (independent_irr(quote.net_proceeds.get(), &flows) * 10_000.0).round() as i64;
        assert!(
            (quote.eir_monthly_bp() - expected).abs() <= 1,
            "{principal} in {periods}×{period_days} days at {interest_bp} bp + {fee_bp} bp fee: {} bp, IRR {expected} bp",
            quote.eir_monthly_bp()
        );
        assert_eq!(actuarial_monthly_bp(&quote), quote.eir_monthly_bp(), "one definition");
        // With no fee and one payment at 30 days, the effective rate is the nominal one.
        if fee_bp == 0 && periods == 1 && period_days == 30 {
            assert_eq!(quote.eir_monthly_bp(), interest_bp);
        }
    }
}
