//! The borrower's loan calculator (issue 8): what a loan costs for a
//! principal, a monthly rate and a number of payments, with interest flat
//! on the principal or on the declining balance, paid daily, weekly or
//! monthly; with an up-front fee, its effective monthly rate and, for a
//! loan the rule set in force covers (`caps`), how far it stands from each
//! ceiling.
//!
//! Money stays in whole centavos. Only the level payment of a
//! declining-balance loan comes from the annuity formula in floating point,
//! rounded half up to a centavo; the schedule built on it is integer, and
//! the last payment takes whatever the rounding left.

use crate::borrower::BorrowerId;
use crate::caps::CapRuleSet;
use crate::eir::{self, AgainstRate, Flow};
use crate::money::Centavos;
use crate::pricing::DAYS_PER_MONTH;
use time::{Date, OffsetDateTime};

/// How interest is charged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// On the whole principal for the whole term (the usual "add-on" rate).
    Flat,
    /// On what is still owed each period (an amortised loan).
    Declining,
}

impl Method {
    pub fn key(self) -> &'static str {
        match self {
            Method::Flat => "flat",
            Method::Declining => "declining",
        }
    }

    pub fn parse(key: &str) -> Option<Method> {
        match key {
            "flat" => Some(Method::Flat),
            "declining" => Some(Method::Declining),
            _ => None,
        }
    }
}

/// How often a payment falls due.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Frequency {
    Daily,
    Weekly,
    Monthly,
}

impl Frequency {
    pub fn key(self) -> &'static str {
        match self {
            Frequency::Daily => "daily",
            Frequency::Weekly => "weekly",
            Frequency::Monthly => "monthly",
        }
    }

    pub fn parse(key: &str) -> Option<Frequency> {
        match key {
            "daily" => Some(Frequency::Daily),
            "weekly" => Some(Frequency::Weekly),
            "monthly" => Some(Frequency::Monthly),
            _ => None,
        }
    }

    /// Days between payments; a month is 30 days, as in pricing.
    pub fn days(self) -> i64 {
        match self {
            Frequency::Daily => 1,
            Frequency::Weekly => 7,
            Frequency::Monthly => DAYS_PER_MONTH,
        }
    }
}

/// What the borrower asks the calculator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LoanInput {
    pub principal: Centavos,
    /// Nominal interest a month, basis points (4% = 400).
    pub monthly_rate_bp: i64,
    pub payments: i64,
    pub frequency: Frequency,
    pub method: Method,
    /// Fee deducted from the money received, basis points of principal.
    pub fee_bp: i64,
}

/// Why a calculation is refused; each names the field to fix.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CalcError {
    #[error("the amount must be from ₱1 to ₱10,000,000")]
    Principal,
    #[error("the monthly rate must be from 0% to 100%")]
    Rate,
    #[error("there must be 1 to 1,000 payments over at most 10 years")]
    Term,
    #[error("the fee must be from 0% to less than the whole amount")]
    Fee,
}

/// A calculation a borrower kept, to compare or to find a loan like it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedCalculation {
    pub id: i64,
    pub borrower_id: BorrowerId,
    pub name: String,
    pub input: LoanInput,
    pub saved_at: OffsetDateTime,
}

/// How many calculations one borrower may keep: a tool, not a database.
pub const MAX_SAVED: usize = 50;
/// Characters in a saved calculation's name.
pub const MAX_NAME_CHARS: usize = 40;

/// A name for a saved calculation, trimmed; empty is allowed (the page
/// then shows the amount).
pub fn check_name(name: &str) -> Option<String> {
    let name = name.trim();
    (name.chars().count() <= MAX_NAME_CHARS && !name.chars().any(char::is_control)).then(|| name.to_owned())
}

pub const MAX_PRINCIPAL: Centavos = Centavos::from_pesos(10_000_000);
const MAX_TERM_DAYS: i64 = 3_650;

/// One payment of the schedule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Payment {
    pub number: i64,
    pub due_after_days: i64,
    pub principal: Centavos,
    pub interest: Centavos,
}

impl Payment {
    pub fn amount(&self) -> Centavos {
        Centavos::new(self.principal.get() + self.interest.get())
    }
}

/// A ceiling of the rule set in force and where the quote stands against it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CapDistance {
    pub cap: Cap,
    pub limit_bp: i64,
    pub quoted_bp: i64,
    /// Whether the quote keeps the ceiling, decided exactly (an effective
    /// rate shown rounded as 12.00% may still be above 12%).
    pub within: bool,
}

impl CapDistance {
    /// Basis points to spare; negative when the quote is above the cap.
    pub fn headroom_bp(&self) -> i64 {
        self.limit_bp - self.quoted_bp
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cap {
    /// Nominal interest a month.
    Nominal,
    /// The effective interest rate a month: interest and every fee.
    Effective,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Calculation {
    pub schedule: Vec<Payment>,
    pub total_interest: Centavos,
    pub fee: Centavos,
    /// What reaches the borrower: principal less the fee.
    pub net_proceeds: Centavos,
    pub total_repaid: Centavos,
    pub term_days: i64,
    /// The effective rate a month (`eir`): the rate at which the payments,
    /// discounted, equal the money received.
    pub effective_monthly_bp: i64,
    /// Whether the rule set in force covers the loan if taken today.
    pub covered: bool,
    /// Empty when the loan is not covered.
    pub caps: Vec<CapDistance>,
}

fn check(input: &LoanInput) -> Result<i64, CalcError> {
    if input.principal.get() < 100 || input.principal > MAX_PRINCIPAL {
        return Err(CalcError::Principal);
    }
    if !(0..=10_000).contains(&input.monthly_rate_bp) {
        return Err(CalcError::Rate);
    }
    let term_days = input.payments.checked_mul(input.frequency.days()).ok_or(CalcError::Term)?;
    if !(1..=1_000).contains(&input.payments) || term_days > MAX_TERM_DAYS {
        return Err(CalcError::Term);
    }
    if !(0..10_000).contains(&input.fee_bp) {
        return Err(CalcError::Fee);
    }
    Ok(term_days)
}

/// Splits `total` into `parts` equal centavo amounts, the last taking the remainder.
fn even_split(total: i64, parts: i64, index: i64) -> i64 {
    let each = total / parts;
    if index == parts { total - each * (parts - 1) } else { each }
}

fn flat_schedule(input: &LoanInput, term_days: i64) -> Vec<Payment> {
    let principal = input.principal.get();
    // Interest rounds down, as product pricing does. Bounded inputs keep
    // the product far inside i128.
    let interest = (i128::from(principal) * i128::from(input.monthly_rate_bp) * i128::from(term_days)
        / (10_000 * i128::from(DAYS_PER_MONTH))) as i64;
    (1..=input.payments)
        .map(|number| Payment {
            number,
            due_after_days: number * input.frequency.days(),
            principal: Centavos::new(even_split(principal, input.payments, number)),
            interest: Centavos::new(even_split(interest, input.payments, number)),
        })
        .collect()
}

/// The level payment of an amortised loan, half up to a centavo.
fn level_payment(principal: i64, rate: f64, payments: i64) -> i64 {
    if rate == 0.0 {
        return (principal + payments - 1) / payments;
    }
    let factor = (1.0 + rate).powf(-(payments as f64));
    (principal as f64 * rate / (1.0 - factor)).round() as i64
}

fn declining_schedule(input: &LoanInput) -> Vec<Payment> {
    let days = input.frequency.days();
    let numerator = i128::from(input.monthly_rate_bp) * i128::from(days);
    let denominator = 10_000 * i128::from(DAYS_PER_MONTH);
    let rate = numerator as f64 / denominator as f64;
    let level = level_payment(input.principal.get(), rate, input.payments);
    let mut balance = input.principal.get();
    (1..=input.payments)
        .map(|number| {
            // Interest on what is still owed, half up to a centavo.
            let interest = ((i128::from(balance) * numerator * 2 + denominator) / (2 * denominator)) as i64;
            let principal = if number == input.payments { balance } else { (level - interest).clamp(0, balance) };
            balance -= principal;
            Payment {
                number,
                due_after_days: number * days,
                principal: Centavos::new(principal),
                interest: Centavos::new(interest),
            }
        })
        .collect()
}

/// Prices the loan the borrower describes, against the rule set in force
/// `today`.
pub fn calculate(input: &LoanInput, rule_set: &CapRuleSet, today: Date) -> Result<Calculation, CalcError> {
    let term_days = check(input)?;
    let schedule = match input.method {
        Method::Flat => flat_schedule(input, term_days),
        Method::Declining => declining_schedule(input),
    };
    let principal = input.principal.get();
    let total_interest: i64 = schedule.iter().map(|payment| payment.interest.get()).sum();
    let fee = principal * input.fee_bp / 10_000;
    let net_proceeds = Centavos::new(principal - fee);
    let flows: Vec<Flow> =
        schedule.iter().map(|payment| Flow { day: payment.due_after_days, amount: payment.amount() }).collect();
    let effective_monthly_bp = eir::effective_monthly_rate(net_proceeds, &flows).map_or(0, |rate| rate.basis_points());
    let covered = rule_set.covers(input.principal, today, today + time::Duration::days(term_days));
    let caps = if covered {
        vec![
            CapDistance {
                cap: Cap::Nominal,
                limit_bp: rule_set.nominal_monthly_bp,
                quoted_bp: input.monthly_rate_bp,
                within: input.monthly_rate_bp <= rule_set.nominal_monthly_bp,
            },
            CapDistance {
                cap: Cap::Effective,
                limit_bp: rule_set.eir_monthly_bp,
                quoted_bp: effective_monthly_bp,
                within: eir::against(net_proceeds, &flows, rule_set.eir_monthly_bp) == AgainstRate::AtOrBelow,
            },
        ]
    } else {
        Vec::new()
    };
    Ok(Calculation {
        total_interest: Centavos::new(total_interest),
        fee: Centavos::new(fee),
        net_proceeds,
        total_repaid: Centavos::new(principal + total_interest),
        term_days,
        effective_monthly_bp,
        covered,
        caps,
        schedule,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::mc_14;
    use time::macros::date;

    const TODAY: Date = date!(2026 - 12 - 01);

    fn calculate(input: &LoanInput) -> Result<Calculation, CalcError> {
        super::calculate(input, &mc_14(), TODAY)
    }

    fn loan(pesos: i64, rate_bp: i64, payments: i64, frequency: Frequency, method: Method) -> LoanInput {
        LoanInput {
            principal: Centavos::from_pesos(pesos),
            monthly_rate_bp: rate_bp,
            payments,
            frequency,
            method,
            fee_bp: 0,
        }
    }

    /// Level payments of amortised loans, computed independently of this
    /// code with the annuity formula P·i / (1 − (1 + i)^−n) in Python's
    /// `decimal` module at 40 digits, rounded half up to the centavo
    /// (Python 3.11, run on 2026-11-22). The first row is also the textbook
    /// example of amortisation tables: ₱100,000 at 12% a year for a year.
    const LEVEL_PAYMENTS: [(i64, i64, i64, Frequency, i64); 6] = [
        (100_000, 100, 12, Frequency::Monthly, 888_488),
        (10_000, 200, 6, Frequency::Monthly, 178_526),
        (5_000, 400, 4, Frequency::Monthly, 137_745),
        (250_000, 150, 24, Frequency::Monthly, 1_248_103),
        // 3% a month is 0.7% a week (7/30 of a month).
        (8_000, 300, 12, Frequency::Weekly, 69_739),
        // 6% a month is 0.2% a day.
        (3_000, 600, 30, Frequency::Daily, 10_313),
    ];

    #[test]
    fn declining_balance_payments_match_the_annuity_table() {
        for (pesos, rate_bp, payments, frequency, expected) in LEVEL_PAYMENTS {
            let calculation = calculate(&loan(pesos, rate_bp, payments, frequency, Method::Declining)).unwrap();
            let first = calculation.schedule[0].amount().get();
            assert_eq!(first, expected, "₱{pesos} at {rate_bp} bp, {payments} payments");
            let repaid: i64 = calculation.schedule.iter().map(|payment| payment.principal.get()).sum();
            assert_eq!(repaid, pesos * 100, "the schedule repays the principal exactly");
            let last = calculation.schedule.last().unwrap().amount().get();
            assert!((last - expected).abs() <= payments, "the last payment differs only by rounding: {last}");
        }
    }

    #[test]
    fn flat_interest_is_on_the_whole_principal_for_the_whole_term() {
        // ₱5,000 at 5% a month for 2 months: ₱500 interest, two payments of ₱2,750.
        let calculation = calculate(&loan(5_000, 500, 2, Frequency::Monthly, Method::Flat)).unwrap();
        assert_eq!(calculation.total_interest, Centavos::from_pesos(500));
        assert!(calculation.schedule.iter().all(|payment| payment.amount() == Centavos::from_pesos(2_750)));
        // The rate at which two payments of ₱2,750 are worth ₱5,000 today:
        // 6.5965% a month (bisection in Python `decimal`, as above).
        assert_eq!(calculation.effective_monthly_bp, 660);
    }

    #[test]
    fn a_fee_raises_the_effective_rate_and_counts_against_the_cap() {
        // ₱10,000, 4% flat for one month, 3% fee: ₱9,700 received, ₱10,400
        // repaid; 10,400 / 9,700 − 1 = 7.2165% a month.
        let input = LoanInput { fee_bp: 300, ..loan(10_000, 400, 1, Frequency::Monthly, Method::Flat) };
        let calculation = calculate(&input).unwrap();
        assert_eq!(calculation.net_proceeds, Centavos::from_pesos(9_700));
        assert_eq!(calculation.effective_monthly_bp, 722);
        assert!(calculation.covered);
        let headroom: Vec<(Cap, i64, bool)> =
            calculation.caps.iter().map(|cap| (cap.cap, cap.headroom_bp(), cap.within)).collect();
        assert_eq!(headroom, [(Cap::Nominal, 200, true), (Cap::Effective, 478, true)]);
    }

    #[test]
    fn an_effective_rate_above_twelve_percent_is_not_within() {
        // ₱5,000, 6% flat for one month, 6% fee: 5,300 / 4,700 − 1 = 12.77%.
        let input = LoanInput { fee_bp: 600, ..loan(5_000, 600, 1, Frequency::Monthly, Method::Flat) };
        let calculation = calculate(&input).unwrap();
        assert_eq!(calculation.effective_monthly_bp, 1_277);
        assert!(!calculation.caps[1].within, "above the 12% of SEC MC 14 s.2025");
        assert!(
            super::calculate(&input, &CapRuleSet { eir_monthly_bp: 1_500, ..mc_14() }, TODAY).unwrap().caps[1].within
        );
    }

    #[test]
    fn loans_above_the_covered_size_or_term_show_no_caps() {
        let large = calculate(&loan(10_100, 400, 1, Frequency::Monthly, Method::Flat)).unwrap();
        assert!(!large.covered && large.caps.is_empty());
        let long = calculate(&loan(5_000, 400, 5, Frequency::Monthly, Method::Flat)).unwrap();
        assert!(!long.covered);
        let over = calculate(&loan(5_000, 700, 1, Frequency::Monthly, Method::Flat)).unwrap();
        assert_eq!(over.caps[0].headroom_bp(), -100, "above the 6% cap by 1%");
    }

    #[test]
    fn absurd_inputs_are_refused_with_the_field_to_fix() {
        let fine = loan(1_000, 400, 3, Frequency::Monthly, Method::Declining);
        assert_eq!(calculate(&LoanInput { principal: Centavos::new(99), ..fine }), Err(CalcError::Principal));
        assert_eq!(
            calculate(&LoanInput { principal: Centavos::from_pesos(10_000_001), ..fine }),
            Err(CalcError::Principal)
        );
        assert_eq!(calculate(&LoanInput { monthly_rate_bp: -1, ..fine }), Err(CalcError::Rate));
        assert_eq!(calculate(&LoanInput { monthly_rate_bp: 10_001, ..fine }), Err(CalcError::Rate));
        assert_eq!(calculate(&LoanInput { payments: 0, ..fine }), Err(CalcError::Term));
        assert_eq!(calculate(&LoanInput { payments: 122, ..fine }), Err(CalcError::Term), "over 10 years");
        assert_eq!(calculate(&LoanInput { payments: i64::MAX, ..fine }), Err(CalcError::Term));
        assert_eq!(calculate(&LoanInput { fee_bp: 10_000, ..fine }), Err(CalcError::Fee));
        let free = calculate(&LoanInput { monthly_rate_bp: 0, ..fine }).unwrap();
        assert_eq!(free.total_interest, Centavos::ZERO);
        assert_eq!(free.schedule.iter().map(|payment| payment.principal.get()).sum::<i64>(), 100_000);
    }
}
