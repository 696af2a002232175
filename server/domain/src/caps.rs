//! The legal ceilings on covered loans, as dated rule sets (D4, decision
//! 056). A rule set names its source, the first contract date it governs
//! and its ceilings; the one in force on a loan's contract date, or on the
//! date of its renewal or restructure, governs that loan, and the loan keeps
//! a copy of it. The sets are data an operator can correct (a date the law
//! moves, a circular that follows): adding the next circular is adding a row.
//!
//! Rates are basis points of a 30-day month (600 = 6% a month), the day
//! count both circulars state ("per month or 30 days").

use crate::money::Centavos;
use serde::{Deserialize, Serialize};
use time::{Date, Month};

/// One circular's ceilings on covered loans.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CapRuleSet {
    /// A short name (`SEC-MC-14-2025`).
    pub code: String,
    /// The issuances it comes from, as a borrower or an examiner would cite
    /// them.
    pub source: String,
    /// The first contract, renewal or restructure date it governs.
    pub in_force_from: Date,
    /// Coverage: unsecured loans of at most this principal…
    pub max_principal: Centavos,
    /// …with a term of at most this many calendar months from the contract date.
    pub max_term_months: i64,
    /// Nominal interest, basis points of principal a 30-day month.
    pub nominal_monthly_bp: i64,
    /// The effective interest rate (interest and every fee and charge but
    /// penalties, as the rate that discounts the scheduled cash flows to the
    /// net proceeds), basis points a 30-day month.
    pub eir_monthly_bp: i64,
    /// Late and non-payment penalties, basis points a 30-day month of the
    /// outstanding scheduled amount due.
    pub penalty_monthly_bp: i64,
    /// Interest, fees, penalties and every other charge over the loan's
    /// whole life, renewals included, basis points of the amount borrowed.
    pub total_cost_bp: i64,
}

/// Why a rule set cannot be stored as given.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleSetError {
    #[error("the code and the source must be given")]
    Unnamed,
    #[error("coverage needs a positive principal and 1 to 12 months")]
    Coverage,
    #[error("every ceiling is 1 to 100,000 basis points")]
    Ceiling,
}

impl CapRuleSet {
    pub fn validate(&self) -> Result<(), RuleSetError> {
        if self.code.trim().is_empty() || self.source.trim().is_empty() {
            return Err(RuleSetError::Unnamed);
        }
        if self.max_principal.get() <= 0 || !(1..=12).contains(&self.max_term_months) {
            return Err(RuleSetError::Coverage);
        }
        let ceilings = [self.nominal_monthly_bp, self.eir_monthly_bp, self.penalty_monthly_bp, self.total_cost_bp];
        if ceilings.iter().any(|bp| !(1..=100_000).contains(bp)) {
            return Err(RuleSetError::Ceiling);
        }
        Ok(())
    }

    /// Whether a loan of `principal` whose last payment falls on `last_due`
    /// is covered when contracted (or renewed) on `contract`: at most the
    /// principal and at most `max_term_months` calendar months, so that a
    /// 121-day loan from 1 December (due 1 April) is four months.
    pub fn covers(&self, principal: Centavos, contract: Date, last_due: Date) -> bool {
        principal <= self.max_principal && last_due <= add_months(contract, self.max_term_months)
    }

    /// Whether some contract date makes a loan of this many days covered:
    /// four calendar months run from 120 to 123 days.
    pub fn may_cover_days(&self, term_days: i64) -> bool {
        term_days <= longest_months_in_days(self.max_term_months)
    }

    /// The ceiling of interest, fees and penalties together for a loan of
    /// `principal`, rounded down.
    pub fn total_cost_ceiling(&self, principal: Centavos) -> Centavos {
        principal.mul_div_floor(self.total_cost_bp, 10_000).unwrap_or(Centavos::ZERO)
    }
}

/// The rule set in force on `date`: the one with the latest first date on
/// or before it; `None` before the first.
pub fn in_force(rule_sets: &[CapRuleSet], date: Date) -> Option<&CapRuleSet> {
    rule_sets.iter().filter(|set| set.in_force_from <= date).max_by_key(|set| set.in_force_from)
}

/// `date` plus `months` calendar months, the day kept or, where the month
/// is shorter, its last day (31 January + 1 month = 28 or 29 February).
pub fn add_months(date: Date, months: i64) -> Date {
    let index = i64::from(date.year()) * 12 + i64::from(u8::from(date.month())) - 1 + months;
    let year = i32::try_from(index.div_euclid(12)).unwrap_or(date.year());
    let month = Month::try_from(u8::try_from(index.rem_euclid(12) + 1).unwrap_or(1)).unwrap_or(Month::January);
    let day = date.day().min(time::util::days_in_month(month, year));
    Date::from_calendar_date(year, month, day).unwrap_or(date)
}

/// The most days `months` calendar months can span (July–October: 123).
fn longest_months_in_days(months: i64) -> i64 {
    // Every start day of a 400-year cycle's first four years covers all the
    // month lengths there are.
    let Ok(first) = Date::from_calendar_date(2024, Month::January, 1) else { return 0 };
    (0..4 * 366)
        .filter_map(|offset| first.checked_add(time::Duration::days(offset)))
        .map(|start| (add_months(start, months) - start).whole_days())
        .max()
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{bsp_1133, mc_14};
    use time::macros::date;

    #[test]
    fn the_rule_set_of_the_contract_date_governs() {
        let sets = [mc_14(), bsp_1133()];
        assert_eq!(in_force(&sets, date!(2026 - 03 - 31)).map(|set| set.eir_monthly_bp), Some(1_500));
        assert_eq!(in_force(&sets, date!(2026 - 04 - 01)).map(|set| set.eir_monthly_bp), Some(1_200));
        assert_eq!(in_force(&sets, date!(2021 - 12 - 31)), None);
    }

    #[test]
    fn four_calendar_months_are_not_always_120_days() {
        let set = mc_14();
        let principal = Centavos::from_pesos(10_000);
        // 121 days from 1 December 2026 is 1 April 2027: four months exactly.
        assert!(set.covers(principal, date!(2026 - 12 - 01), date!(2026 - 12 - 01) + time::Duration::days(121)));
        assert!(!set.covers(principal, date!(2026 - 12 - 01), date!(2026 - 12 - 01) + time::Duration::days(122)));
        // From 1 November, four months are 120 days.
        assert!(!set.covers(principal, date!(2026 - 11 - 01), date!(2026 - 11 - 01) + time::Duration::days(121)));
        assert!(!set.covers(
            principal.checked_add(Centavos::new(1)).unwrap(),
            date!(2026 - 12 - 01),
            date!(2026 - 12 - 02)
        ));
        assert!(set.may_cover_days(123));
        assert!(!set.may_cover_days(124));
    }

    #[test]
    fn a_month_later_keeps_the_day_or_takes_the_months_last() {
        assert_eq!(add_months(date!(2026 - 01 - 31), 1), date!(2026 - 02 - 28));
        assert_eq!(add_months(date!(2028 - 01 - 31), 1), date!(2028 - 02 - 29));
        assert_eq!(add_months(date!(2026 - 10 - 15), 4), date!(2027 - 02 - 15));
        assert_eq!(add_months(date!(2026 - 12 - 01), -1), date!(2026 - 11 - 01));
    }

    #[test]
    fn a_rule_set_needs_a_name_coverage_and_ceilings() {
        assert_eq!(mc_14().validate(), Ok(()));
        assert_eq!(CapRuleSet { code: " ".into(), ..mc_14() }.validate(), Err(RuleSetError::Unnamed));
        assert_eq!(CapRuleSet { max_term_months: 0, ..mc_14() }.validate(), Err(RuleSetError::Coverage));
        assert_eq!(CapRuleSet { eir_monthly_bp: 0, ..mc_14() }.validate(), Err(RuleSetError::Ceiling));
    }
}
