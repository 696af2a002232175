//! Fixtures the domain's tests share: the rule sets of the law and the
//! shapes of the demo products the audit of issue 28 priced.

use crate::caps::CapRuleSet;
use crate::money::Centavos;
use crate::pricing::{ClauseTerms, PenaltySchedule, ProductTerms};
use time::macros::date;

pub fn pesos(amount: i64) -> Centavos {
    Centavos::from_pesos(amount)
}

/// SEC MC 14 s.2025, in force from 1 April 2026 (D4).
pub fn mc_14() -> CapRuleSet {
    CapRuleSet {
        code: "SEC-MC-14-2025".to_owned(),
        source: "SEC Memorandum Circular No. 14, series of 2025".to_owned(),
        in_force_from: date!(2026 - 04 - 01),
        max_principal: pesos(10_000),
        max_term_months: 4,
        nominal_monthly_bp: 600,
        eir_monthly_bp: 1_200,
        penalty_monthly_bp: 500,
        total_cost_bp: 10_000,
    }
}

/// BSP Circular 1133 / SEC MC 3 s.2022, in force from 3 January 2022.
pub fn bsp_1133() -> CapRuleSet {
    CapRuleSet {
        code: "BSP-1133".to_owned(),
        source: "BSP Circular No. 1133 (2021); SEC Memorandum Circular No. 3, series of 2022".to_owned(),
        in_force_from: date!(2022 - 01 - 03),
        eir_monthly_bp: 1_500,
        ..mc_14()
    }
}

pub fn rule_sets() -> Vec<CapRuleSet> {
    vec![bsp_1133(), mc_14()]
}

/// A product of `periods` × `period_days` at `interest_bp` a month with a
/// `fee_bp` fee, ₱1,000–₱10,000 in ₱100 steps, a small penalty schedule and
/// the standard clauses.
pub fn product(periods: i64, period_days: i64, interest_bp: i64, fee_bp: i64) -> ProductTerms {
    ProductTerms {
        min_amount: pesos(1_000),
        max_amount: pesos(10_000),
        amount_step: pesos(100),
        periods,
        period_days,
        monthly_interest_bp: interest_bp,
        service_fee_bp: fee_bp,
        penalty: PenaltySchedule {
            one_time_new: pesos(20),
            one_time_repeat: pesos(15),
            daily_bp_days_1_30: 10,
            daily_bp_days_31_90: 8,
            daily_bp_from_day_91: 4,
        },
        clauses: ClauseTerms::standard(period_days),
    }
}
