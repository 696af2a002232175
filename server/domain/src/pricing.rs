//! Pricing: a product's terms, the terms one loan is made on, its schedule
//! and its quote (D4, decision 056).
//!
//! Interest accrues day by day on the principal still owed (the declining
//! balance), at the monthly rate ÷ 30 a day. The schedule is of equal
//! instalments: the smallest level payment that, with each period's interest
//! on what is then owed, repays the principal in the number of periods; the
//! last instalment takes what is left. Interest is counted in principal-days
//! (centavos owed × days) and rounded down to the centavo once, on the running
//! total, so a schedule and the engine that charges it agree to the centavo
//! and rounding always favours the borrower. The service fee is deducted
//! from the money sent; the borrower repays principal and interest.

use crate::eir::{self, Eir, Flow};
use crate::money::Centavos;
use serde::{Deserialize, Serialize};

/// Days in the month that monthly rates are stated for (both circulars' 30).
pub const DAYS_PER_MONTH: i64 = 30;

/// Interest on a count of principal-days (centavos × days) at `monthly_bp`,
/// rounded down: the one interest formula of the engine and its schedules.
pub fn interest_on(principal_days: i128, monthly_bp: i64) -> Centavos {
    let interest = principal_days * i128::from(monthly_bp) / (10_000 * i128::from(DAYS_PER_MONTH));
    Centavos::new(i64::try_from(interest).unwrap_or(i64::MAX))
}

/// The late-penalty schedule: a one-time charge on the first day late
/// (different for new and repeat borrowers, once in a loan's life) plus a
/// daily rate on the overdue scheduled amounts that steps down with time
/// (the specification's shape, D4), always within the governing rule set's
/// ceilings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PenaltySchedule {
    pub one_time_new: Centavos,
    pub one_time_repeat: Centavos,
    /// Daily rate for days 1–30 late, basis points of the overdue amount.
    pub daily_bp_days_1_30: i64,
    pub daily_bp_days_31_90: i64,
    pub daily_bp_from_day_91: i64,
}

impl PenaltySchedule {
    pub fn daily_bp(&self, day_late: i64) -> i64 {
        match day_late {
            ..=0 => 0,
            1..=30 => self.daily_bp_days_1_30,
            31..=90 => self.daily_bp_days_31_90,
            _ => self.daily_bp_from_day_91,
        }
    }

    pub fn highest_daily_bp(&self) -> i64 {
        self.daily_bp_days_1_30.max(self.daily_bp_days_31_90).max(self.daily_bp_from_day_91)
    }

    pub fn one_time(&self, repeat_borrower: bool) -> Centavos {
        if repeat_borrower { self.one_time_repeat } else { self.one_time_new }
    }
}

/// The order a payment settles an instalment in (a product term, stated in
/// the agreement). Instalments are always settled oldest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Allocation {
    /// Its penalty, then its interest, then its principal (D4's order).
    PenaltyInterestPrincipal,
    /// Its interest, then its principal, then its penalty: what reduces the
    /// interest-bearing balance is paid before penalties.
    InterestPrincipalPenalty,
}

impl Allocation {
    pub const ALL: [Allocation; 2] = [Allocation::PenaltyInterestPrincipal, Allocation::InterestPrincipalPenalty];

    pub fn key(self) -> &'static str {
        match self {
            Allocation::PenaltyInterestPrincipal => "penalty_interest_principal",
            Allocation::InterestPrincipalPenalty => "interest_principal_penalty",
        }
    }

    pub fn parse(key: &str) -> Option<Allocation> {
        Allocation::ALL.into_iter().find(|allocation| allocation.key() == key)
    }
}

/// The rules the agreement's clauses state, as data (D4, decision 026):
/// early repayment, extensions and the order payments are settled in.
/// Frozen into each loan at acceptance.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClauseTerms {
    /// Early repayment at interest to the day is open once this share of
    /// the term has passed, in basis points of the term's days (5000 = half)…
    pub early_after_term_bp: i64,
    /// …and no sooner than this many days after the money was sent. Before
    /// that day, repaying the whole loan costs the interest to that day.
    pub early_min_days: i64,
    /// A payoff pays at least this many days of interest (0: to the day).
    pub early_min_interest_days: i64,
    /// How many times a loan's due dates may be extended (0: never).
    pub extensions_allowed: i64,
    /// How far each extension moves every unpaid due date.
    pub extension_days: i64,
    /// The extension fee, basis points of the principal still owed.
    pub extension_fee_bp: i64,
    pub allocation: Allocation,
}

impl ClauseTerms {
    /// What the agreement said before these were terms: early repayment from
    /// half the term and not before day 7, one extension of one period, no
    /// extension fee (interest goes on accruing for the extra days).
    pub const fn standard(period_days: i64) -> ClauseTerms {
        ClauseTerms {
            early_after_term_bp: 5_000,
            early_min_days: 7,
            early_min_interest_days: 0,
            extensions_allowed: 1,
            extension_days: period_days,
            extension_fee_bp: 0,
            allocation: Allocation::PenaltyInterestPrincipal,
        }
    }

    /// The first day after disbursement (0 = the day the money was sent) on
    /// which the whole loan may be repaid early at interest to the day: the
    /// share of the term, rounded up to a whole day, and at least the
    /// minimum days.
    pub fn early_from_day(&self, term_days: i64) -> i64 {
        let share = (i128::from(term_days) * i128::from(self.early_after_term_bp) + 9_999) / 10_000;
        i64::try_from(share).unwrap_or(i64::MAX).max(self.early_min_days)
    }

    fn validate(&self, term_days: i64) -> Result<(), TermsError> {
        let share_ok = (0..=10_000).contains(&self.early_after_term_bp);
        let days_ok = (0..=term_days).contains(&self.early_min_days);
        let interest_days_ok = (0..=term_days).contains(&self.early_min_interest_days);
        let extensions_ok = (0..=12).contains(&self.extensions_allowed);
        let extension_ok = (1..=365).contains(&self.extension_days) && (0..=10_000).contains(&self.extension_fee_bp);
        if share_ok && days_ok && interest_days_ok && extensions_ok && extension_ok {
            Ok(())
        } else {
            Err(TermsError::Clauses)
        }
    }
}

/// The pricing terms of a product (data, configurable per product).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProductTerms {
    pub min_amount: Centavos,
    pub max_amount: Centavos,
    /// Amounts a borrower may choose are multiples of this (at least ₱1).
    pub amount_step: Centavos,
    /// Number of instalments; 1 is a single payment at the end.
    pub periods: i64,
    /// Days between disbursement and the first due date, and between dues.
    pub period_days: i64,
    /// Nominal interest per 30-day month, basis points of the principal
    /// owed (1% = 100), accruing daily at a thirtieth of it.
    pub monthly_interest_bp: i64,
    /// One-time service fee, basis points of principal, deducted from the
    /// money sent (so net proceeds = principal − fee).
    pub service_fee_bp: i64,
    pub penalty: PenaltySchedule,
    pub clauses: ClauseTerms,
}

/// Why a product configuration or a requested loan is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TermsError {
    #[error("the amount range is empty or not positive")]
    AmountRange,
    #[error("the amount step must be at least ₱1 and divide both ends of the range")]
    AmountStep,
    #[error("periods and period length must be positive, and the term at most 5 years")]
    Term,
    #[error("rates and charges cannot be negative")]
    Negative,
    #[error("the amount is outside the product's range or not a multiple of its step")]
    Amount,
    #[error("the numbers are too large to compute")]
    Overflow,
    #[error(
        "the early-repayment share is 0–100% of the term, its days and minimum interest days at most the term, at most 12 extensions of 1–365 days, and an extension fee of at most 100%"
    )]
    Clauses,
}

impl ProductTerms {
    pub fn term_days(&self) -> i64 {
        self.periods.saturating_mul(self.period_days)
    }

    /// Checks a configuration's shape before it is saved; the ceilings of
    /// the law are `cap_proof::prove_product`'s.
    pub fn validate(&self) -> Result<(), TermsError> {
        if self.min_amount.get() <= 0 || self.max_amount < self.min_amount {
            return Err(TermsError::AmountRange);
        }
        let step = self.amount_step.get();
        if step < 100 || self.min_amount.get() % step != 0 || self.max_amount.get() % step != 0 {
            return Err(TermsError::AmountStep);
        }
        if self.periods < 1 || self.period_days < 1 || self.term_days() > 5 * 365 {
            return Err(TermsError::Term);
        }
        let penalty = &self.penalty;
        let figures = [
            self.monthly_interest_bp,
            self.service_fee_bp,
            penalty.one_time_new.get(),
            penalty.one_time_repeat.get(),
            penalty.daily_bp_days_1_30,
            penalty.daily_bp_days_31_90,
            penalty.daily_bp_from_day_91,
        ];
        if figures.iter().any(|figure| *figure < 0) {
            return Err(TermsError::Negative);
        }
        if self.service_fee_bp >= 10_000 || self.monthly_interest_bp > 100_000 {
            return Err(TermsError::Overflow);
        }
        self.clauses.validate(self.term_days())
    }

    /// Whether `principal` is one of the amounts the product offers.
    pub fn offers(&self, principal: Centavos) -> bool {
        let step = self.amount_step.get();
        principal >= self.min_amount && principal <= self.max_amount && step > 0 && principal.get() % step == 0
    }

    /// Every amount the product offers, smallest first.
    pub fn amounts(&self) -> impl Iterator<Item = Centavos> + '_ {
        let step = self.amount_step.get().max(1);
        (0..)
            .map(move |n: i64| Centavos::new(self.min_amount.get() + n * step))
            .take_while(move |amount| *amount <= self.max_amount)
    }

    /// The terms of a loan of `principal` on this product, as they would be
    /// frozen if accepted now: the listing's extension switch resolved into
    /// the number of extensions the agreement allows, the one-time penalty
    /// of the borrower's standing.
    pub fn loan(
        &self,
        principal: Centavos,
        allows_extension: bool,
        repeat_borrower: bool,
    ) -> Result<LoanTerms, TermsError> {
        if !self.offers(principal) {
            return Err(TermsError::Amount);
        }
        let fee = principal.mul_div_floor(self.service_fee_bp, 10_000).ok_or(TermsError::Overflow)?;
        if fee >= principal {
            return Err(TermsError::Amount);
        }
        let clauses = ClauseTerms {
            extensions_allowed: if allows_extension { self.clauses.extensions_allowed } else { 0 },
            ..self.clauses
        };
        Ok(LoanTerms {
            principal,
            fee,
            monthly_interest_bp: self.monthly_interest_bp,
            periods: self.periods,
            period_days: self.period_days,
            penalty: self.penalty,
            repeat_borrower,
            clauses,
        })
    }
}

/// Everything one loan is made on, frozen into the order when the borrower
/// accepts (D4): a product's later changes change only later loans.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LoanTerms {
    pub principal: Centavos,
    /// The service fee, deducted from the money sent.
    pub fee: Centavos,
    pub monthly_interest_bp: i64,
    pub periods: i64,
    pub period_days: i64,
    pub penalty: PenaltySchedule,
    /// Whether the one-time penalty is the repeat borrower's.
    pub repeat_borrower: bool,
    pub clauses: ClauseTerms,
}

/// One instalment of a schedule, as it falls due if every one before it is
/// paid on its day.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScheduledInstalment {
    /// 1-based.
    pub number: i64,
    /// Days after the money was sent that it falls due.
    pub due_after_days: i64,
    pub principal: Centavos,
    pub interest: Centavos,
}

impl ScheduledInstalment {
    pub fn amount(&self) -> Centavos {
        Centavos::new(self.principal.get() + self.interest.get())
    }
}

impl LoanTerms {
    pub fn term_days(&self) -> i64 {
        self.periods.saturating_mul(self.period_days)
    }

    pub fn net_proceeds(&self) -> Centavos {
        Centavos::new(self.principal.get() - self.fee.get())
    }

    /// The schedule of `principal` over these periods and rate (the loan's
    /// own, or what is left of it at a renewal).
    pub fn schedule(&self) -> Result<Vec<ScheduledInstalment>, TermsError> {
        amortize(self.principal, self.monthly_interest_bp, &due_days(self.periods, self.period_days))
    }

    /// The loan's price as the disclosure states it.
    pub fn quote(&self) -> Result<Quote, TermsError> {
        let schedule = self.schedule()?;
        let interest =
            Centavos::checked_sum(schedule.iter().map(|instalment| instalment.interest)).ok_or(TermsError::Overflow)?;
        let flows = flows(&schedule);
        let eir = eir::effective_monthly_rate(self.net_proceeds(), &flows).ok_or(TermsError::Amount)?;
        Ok(Quote {
            terms: self.clone(),
            interest,
            total_repayable: self.principal.checked_add(interest).ok_or(TermsError::Overflow)?,
            finance_charge: interest.checked_add(self.fee).ok_or(TermsError::Overflow)?,
            schedule,
            eir,
        })
    }
}

/// The days after the start that `periods` instalments fall due on.
pub fn due_days(periods: i64, period_days: i64) -> Vec<i64> {
    (1..=periods).map(|number| number * period_days).collect()
}

/// The payments of a schedule as cash flows, for the effective rate.
pub fn flows(schedule: &[ScheduledInstalment]) -> Vec<Flow> {
    schedule.iter().map(|instalment| Flow { day: instalment.due_after_days, amount: instalment.amount() }).collect()
}

/// Interest of each period on what is then owed, and the principal a level
/// payment of `payment` repays; the last instalment takes the rest.
fn run_schedule(principal: Centavos, monthly_bp: i64, due_days: &[i64], payment: i64) -> Vec<ScheduledInstalment> {
    let mut owed = principal.get();
    let (mut principal_days, mut interest_so_far, mut last_day) = (0_i128, 0_i64, 0_i64);
    let count = due_days.len();
    due_days
        .iter()
        .enumerate()
        .map(|(index, &day)| {
            principal_days += i128::from(owed) * i128::from(day - last_day);
            last_day = day;
            let interest = interest_on(principal_days, monthly_bp).get() - interest_so_far;
            interest_so_far += interest;
            let repaid = if index + 1 == count { owed } else { (payment - interest).clamp(0, owed) };
            owed -= repaid;
            ScheduledInstalment {
                number: i64::try_from(index + 1).unwrap_or(i64::MAX),
                due_after_days: day,
                principal: Centavos::new(repaid),
                interest: Centavos::new(interest),
            }
        })
        .collect()
}

/// The equal-instalment schedule of `principal` at `monthly_bp` with
/// instalments due on `due_days` (days after the start, increasing): the
/// smallest level payment whose last instalment is no larger than it.
pub fn amortize(
    principal: Centavos,
    monthly_bp: i64,
    due_days: &[i64],
) -> Result<Vec<ScheduledInstalment>, TermsError> {
    if principal.get() <= 0 || due_days.is_empty() || due_days.windows(2).any(|pair| pair[1] <= pair[0]) {
        return Err(TermsError::Term);
    }
    let count = i64::try_from(due_days.len()).map_err(|_| TermsError::Overflow)?;
    let last_is_at_most = |payment: i64| {
        run_schedule(principal, monthly_bp, due_days, payment).last().is_some_and(|last| last.amount().get() <= payment)
    };
    // The level payment lies between repaying the principal alone and
    // repaying it with all the interest a single payment at the end would carry.
    let mut low = (principal.get() + count - 1) / count - 1;
    let mut high = principal.get()
        + interest_on(i128::from(principal.get()) * i128::from(*due_days.last().unwrap_or(&0)), monthly_bp).get()
        + 1;
    while high - low > 1 {
        let middle = low + (high - low) / 2;
        if last_is_at_most(middle) { high = middle } else { low = middle }
    }
    Ok(run_schedule(principal, monthly_bp, due_days, high))
}

/// A priced loan: what the disclosure statement shows and the engine charges
/// when every instalment is paid on its day.
#[derive(Clone, Debug, PartialEq)]
pub struct Quote {
    pub terms: LoanTerms,
    pub schedule: Vec<ScheduledInstalment>,
    /// The schedule's interest.
    pub interest: Centavos,
    /// Principal plus interest: what the borrower repays on time.
    pub total_repayable: Centavos,
    /// Interest plus the fee (the Truth in Lending Act's finance charge).
    pub finance_charge: Centavos,
    /// The effective interest rate of the schedule against the net proceeds.
    pub eir: Eir,
}

impl Quote {
    pub fn principal(&self) -> Centavos {
        self.terms.principal
    }

    pub fn fee(&self) -> Centavos {
        self.terms.fee
    }

    pub fn net_proceeds(&self) -> Centavos {
        self.terms.net_proceeds()
    }

    pub fn term_days(&self) -> i64 {
        self.terms.term_days()
    }

    /// The effective rate in basis points a month, as every screen shows it.
    pub fn eir_monthly_bp(&self) -> i64 {
        self.eir.basis_points()
    }

    pub fn flows(&self) -> Vec<Flow> {
        flows(&self.schedule)
    }
}

#[cfg(test)]
mod tests;
