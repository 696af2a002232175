//! An independent check of the effective rate (issue 28): whether a loan's
//! rate is at or below a monthly ceiling, decided with integers only, in
//! 64-bit fixed point with every rounding taken against the answer, so
//! nothing of `eir`'s floating-point bounds is reused. The property tests
//! hold the engine's checks (`eir::against`, `cap_proof::prove_product`)
//! to it over the terms the product editor accepts.

use crate::cap_proof::{Ceiling, prove_product};
use crate::eir::{AgainstRate, Flow, against};
use crate::money::Centavos;
use crate::pricing::{ClauseTerms, PenaltySchedule, ProductTerms};
use crate::testing::{mc_14, pesos};
use proptest::prelude::*;

const ONE: u128 = 1 << 64;

fn mul_down(a: u128, b: u128) -> u128 {
    // a, b ≤ ONE: the product fits once split.
    let (a_hi, a_lo) = (a >> 32, a & 0xFFFF_FFFF);
    ((a_hi * b) >> 32) + ((a_lo * b) >> 64)
}

fn mul_up(a: u128, b: u128) -> u128 {
    mul_down(a, b) + 2
}

fn pow(base: u128, mut power: u64, mul: fn(u128, u128) -> u128) -> u128 {
    let (mut result, mut square) = (ONE, base);
    while power > 0 {
        if power & 1 == 1 {
            result = mul(result, square).min(ONE);
        }
        square = mul(square, square).min(ONE);
        power >>= 1;
    }
    result
}

/// Bounds on the daily discount factor y = (1 + bp/10,000)^(−1/30): y_lo ≤
/// y ≤ y_hi, in fixed point.
fn daily_discount(monthly_bp: i64) -> (u128, u128) {
    let bp = u128::try_from(monthly_bp).expect("a rate of at least 0");
    // 1/(1 + c) = 10,000 / (10,000 + bp), rounded down and up.
    let target_down = ONE * 10_000 / (10_000 + bp);
    let target_up = target_down + 1;
    // The largest y whose 30th power, rounded up, is at most the target
    // rounded down is a lower bound; the smallest whose power rounded down
    // is at least the target rounded up, an upper one.
    let (mut low, mut high) = (0u128, ONE);
    while high - low > 1 {
        let middle = low + (high - low) / 2;
        if pow(middle, 30, mul_up) <= target_down { low = middle } else { high = middle }
    }
    let lower = low;
    let (mut low, mut high) = (0u128, ONE);
    while high - low > 1 {
        let middle = low + (high - low) / 2;
        if pow(middle, 30, mul_down) >= target_up { high = middle } else { low = middle }
    }
    (lower, high)
}

/// Whether the loan's effective rate is at or below `monthly_bp`: the
/// flows discounted at that rate are worth at most the net proceeds (the
/// worth falls as the rate rises, and is the net proceeds at the effective
/// rate). `None` when the integer bounds cannot tell.
pub fn at_or_below(net_proceeds: Centavos, flows: &[Flow], monthly_bp: i64) -> Option<bool> {
    let (y_lo, y_hi) = daily_discount(monthly_bp);
    let value = |y: u128, mul: fn(u128, u128) -> u128| -> u128 {
        flows
            .iter()
            .map(|flow| {
                let factor = pow(y, u64::try_from(flow.day).expect("a day after the start"), mul);
                u128::try_from(flow.amount.get()).expect("a payment") * factor
            })
            .sum()
    };
    let net = u128::try_from(net_proceeds.get()).expect("net proceeds") * ONE;
    if value(y_hi, mul_up) <= net {
        Some(true)
    } else if value(y_lo, mul_down) > net {
        Some(false)
    } else {
        None
    }
}

/// Product terms of the shapes the editor accepts (`ProductTerms::validate`).
fn any_terms() -> impl Strategy<Value = (ProductTerms, bool)> {
    (
        (1i64..=6, 1i64..=130, 0i64..=900, 0i64..=2_500),
        (1i64..=100, 1i64..=10, 0i64..=60, 0i64..=200),
        (0i64..=3, 1i64..=60, 0i64..=1_000, any::<bool>()),
    )
        .prop_map(|((periods, period_days, interest, fee), (min_hundreds, steps, daily, one_time), extension)| {
            let (extensions, extension_days, extension_fee, allows) = extension;
            let min = pesos(min_hundreds * 100);
            let terms = ProductTerms {
                min_amount: min,
                max_amount: Centavos::new(min.get() + steps * 50_000),
                amount_step: pesos(500),
                periods,
                period_days,
                monthly_interest_bp: interest,
                service_fee_bp: fee,
                penalty: PenaltySchedule {
                    one_time_new: pesos(one_time),
                    one_time_repeat: pesos(one_time / 2),
                    daily_bp_days_1_30: daily,
                    daily_bp_days_31_90: daily / 2,
                    daily_bp_from_day_91: daily / 4,
                },
                clauses: ClauseTerms {
                    extensions_allowed: extensions,
                    extension_days,
                    extension_fee_bp: extension_fee,
                    ..ClauseTerms::standard(period_days)
                },
            };
            (terms, allows)
        })
        .prop_filter("terms the editor accepts", |(terms, _)| terms.validate().is_ok())
}

/// Whether the dearest renewal of `amount` is within `eir_bp`: the whole
/// principal rolled over for one extension period, its fee deducted.
fn dearest_renewal_within(terms: &ProductTerms, amount: Centavos, eir_bp: i64) -> Option<bool> {
    let fee = amount.mul_div_floor(terms.clauses.extension_fee_bp, 10_000).unwrap();
    let interest = crate::pricing::interest_on(
        i128::from(amount.get()) * i128::from(terms.clauses.extension_days),
        terms.monthly_interest_bp,
    );
    let flows = [Flow { day: terms.clauses.extension_days, amount: Centavos::new(amount.get() + interest.get()) }];
    at_or_below(Centavos::new(amount.get() - fee.get()), &flows, eir_bp)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// The floating-point bounds of `eir` and the integer check never
    /// disagree where both decide.
    #[test]
    fn the_effective_rate_check_agrees_with_an_integer_one(
        net in 1i64..5_000_000,
        flows in proptest::collection::vec((1i64..200, 1i64..3_000_000), 1..6),
        bp in 1i64..3_000,
    ) {
        let mut flows: Vec<Flow> = flows.into_iter().map(|(day, amount)| Flow { day, amount: Centavos::new(amount) }).collect();
        flows.sort_by_key(|flow| flow.day);
        let engine = against(Centavos::new(net), &flows, bp);
        match at_or_below(Centavos::new(net), &flows, bp) {
            Some(true) => prop_assert_ne!(engine, AgainstRate::Above),
            Some(false) => prop_assert_ne!(engine, AgainstRate::AtOrBelow),
            None => {}
        }
    }

    /// Issue 28: a product the editor accepts under SEC MC 14 s.2025 makes
    /// no covered loan above its ceilings, by the integer check, at its
    /// smallest, largest and any amount, nor a renewal of it; and a product
    /// refused for its effective rate really has a loan above it.
    #[test]
    fn no_accepted_product_makes_a_loan_above_the_ceilings(
        (terms, allows_extension) in any_terms(),
        pick in 0usize..1_000,
    ) {
        let rule_set = mc_14();
        let breaches = prove_product(&terms, allows_extension, &rule_set).unwrap();
        let amounts: Vec<Centavos> = terms.amounts().filter(|amount| *amount <= rule_set.max_principal).collect();
        if !rule_set.may_cover_days(terms.term_days()) || amounts.is_empty() {
            return Ok(());
        }
        let sampled = [amounts[0], amounts[amounts.len() - 1], amounts[pick % amounts.len()]];
        if breaches.is_empty() {
            prop_assert!(terms.monthly_interest_bp <= rule_set.nominal_monthly_bp);
            for amount in sampled {
                let quote = terms.loan(amount, allows_extension, false).unwrap().quote().unwrap();
                prop_assert_ne!(at_or_below(quote.net_proceeds(), &quote.flows(), rule_set.eir_monthly_bp), Some(false), "{:?}", quote.flows());
                prop_assert!(quote.finance_charge <= rule_set.total_cost_ceiling(amount));
                if allows_extension && terms.clauses.extensions_allowed > 0 && rule_set.may_cover_days(terms.clauses.extension_days) {
                    prop_assert_ne!(dearest_renewal_within(&terms, amount, rule_set.eir_monthly_bp), Some(false));
                }
            }
        }
        // A breach of the effective rate is the new loan's or, when its term
        // is an extension's too, possibly its renewal's: one of them must
        // really be above the ceiling.
        for breach in breaches.iter().filter(|breach| breach.ceiling == Ceiling::Effective && breach.term_days == terms.term_days()) {
            let quote = terms.loan(breach.principal, allows_extension, false).unwrap().quote().unwrap();
            let new_loan = at_or_below(quote.net_proceeds(), &quote.flows(), rule_set.eir_monthly_bp);
            let renewal = (allows_extension && terms.clauses.extensions_allowed > 0 && breach.term_days == terms.clauses.extension_days)
                .then(|| dearest_renewal_within(&terms, breach.principal, rule_set.eir_monthly_bp))
                .flatten();
            prop_assert!(new_loan != Some(true) || renewal != Some(true), "a refusal names a real breach: {breach:?}");
        }
    }
}

#[test]
fn the_integer_check_decides_the_worked_examples() {
    // 11.578947% a month (decision 056, example 1): below 12%, above 11.57%.
    let flows = [Flow { day: 30, amount: pesos(5_300) }];
    assert_eq!(at_or_below(pesos(4_750), &flows, 1_200), Some(true));
    assert_eq!(at_or_below(pesos(4_750), &flows, 1_157), Some(false));
    assert_eq!(at_or_below(pesos(4_750), &flows, 1_158), Some(true));
}

#[test]
fn at_the_ceiling_the_editor_and_the_integer_check_draw_the_line_at_the_same_fee() {
    // For each shape, every fee from well within to well above 12%: the
    // product is refused for its effective rate exactly when the integer
    // check finds a loan of it above the ceiling.
    let rule_set = mc_14();
    for (periods, period_days, interest) in [(1, 30, 600), (2, 30, 500), (1, 7, 600), (4, 30, 300), (3, 20, 450)] {
        for fee in (0..=1_800).step_by(11) {
            let terms =
                ProductTerms { service_fee_bp: fee, ..crate::testing::product(periods, period_days, interest, 0) };
            let refused = prove_product(&terms, false, &rule_set)
                .unwrap()
                .iter()
                .any(|breach| breach.ceiling == Ceiling::Effective);
            // (The rate barely moves with the amount: rounding only.)
            let above = terms.amounts().step_by(15).chain([terms.max_amount]).any(|amount| {
                let quote = terms.loan(amount, false, false).unwrap().quote().unwrap();
                at_or_below(quote.net_proceeds(), &quote.flows(), rule_set.eir_monthly_bp) != Some(true)
            });
            assert_eq!(refused, above, "{periods} × {period_days} days at {interest} bp with a {fee} bp fee");
        }
    }
}
