//! Pricing: product terms → a quote (interest, fees, the repayment plan, the
//! effective rate, the late-penalty schedule), and the legal caps of
//! BSP Circular 1133 / SEC MC 3 s.2022 for covered loans (decisions.md D4).
//!
//! Every amount is integer centavos. Rounding rule: each charge is computed
//! exactly and rounded once, down to the centavo (in the borrower's favour,
//! which also keeps a quote at a cap from passing it by a centavo); a plan
//! is split by integer division and the remainder goes to the last
//! instalment, so a plan always sums exactly to the quote.

use crate::money::Centavos;

/// Days in the month that monthly rates are quoted for.
pub const DAYS_PER_MONTH: i64 = 30;

/// The covered-loan thresholds and caps (D4).
pub mod caps {
    use crate::money::Centavos;

    /// Loans up to this principal are covered…
    pub const COVERED_MAX_PRINCIPAL: Centavos = Centavos::from_pesos(10_000);
    /// …when their tenor is at most four months (taken as 120 days).
    pub const COVERED_MAX_TERM_DAYS: i64 = 120;
    /// Nominal interest: at most 6% a month.
    pub const NOMINAL_MONTHLY_BP: i64 = 600;
    /// Interest plus fees: at most 15% a month.
    pub const EFFECTIVE_MONTHLY_BP: i64 = 1_500;
    /// Late penalties: at most 5% a month of the amount due.
    pub const PENALTY_MONTHLY_BP: i64 = 500;
    /// Interest, fees and penalties together: at most 100% of principal.
    pub const TOTAL_COST_BP: i64 = 10_000;
}

/// The late-penalty schedule: a one-time charge on the first day late
/// (different for new and repeat borrowers) plus a daily rate on the unpaid
/// amount that steps down with time (the specification's shape, D4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PenaltySchedule {
    pub one_time_new: Centavos,
    pub one_time_repeat: Centavos,
    /// Daily rate for days 1–30 late, in basis points of the unpaid amount.
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
}

/// The pricing terms of a product (data, configurable per product).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProductTerms {
    pub min_amount: Centavos,
    pub max_amount: Centavos,
    /// Amounts a borrower may choose are multiples of this.
    pub amount_step: Centavos,
    /// Number of instalments; 1 is a single payment at the end.
    pub periods: i64,
    /// Days between disbursement and the first due date, and between dues.
    pub period_days: i64,
    /// Nominal interest per month, basis points of principal (1% = 100).
    pub monthly_interest_bp: i64,
    /// One-time service fee, basis points of principal, deducted from the
    /// money sent (so net proceeds = principal − fee).
    pub service_fee_bp: i64,
    pub penalty: PenaltySchedule,
    /// The figures and rules of the agreement's clauses (early repayment,
    /// extensions), rendered from here and charged from here.
    pub clauses: ClauseTerms,
}

/// The rules the agreement's clauses state, as data (D4, decision 026):
/// when the whole loan may be repaid early and what that costs, and how
/// many extensions a loan may take. `STANDARD` is what the agreement said
/// in prose before these were terms, and what existing products carry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClauseTerms {
    /// Early repayment is allowed once this share of the term has passed,
    /// in basis points of the term's days (5000 = half).
    pub early_after_term_bp: i64,
    /// …and no sooner than this many days after the money was sent.
    pub early_min_days: i64,
    /// An early payoff pays interest to the day of payment, but at least
    /// this many days of it (0: exactly to the day).
    pub early_min_interest_days: i64,
    /// How many times a loan's due dates may be extended.
    pub extensions_allowed: i64,
}

impl ClauseTerms {
    pub const STANDARD: ClauseTerms = ClauseTerms {
        early_after_term_bp: 5_000,
        early_min_days: 7,
        early_min_interest_days: 0,
        extensions_allowed: 1,
    };

    /// The first day after disbursement (0 = the day the money was sent) on
    /// which the whole loan may be repaid early: the share of the term,
    /// rounded up to a whole day, and at least the minimum days.
    pub fn early_from_day(&self, term_days: i64) -> i64 {
        let share = (i128::from(term_days) * i128::from(self.early_after_term_bp) + 9_999) / 10_000;
        i64::try_from(share).unwrap_or(i64::MAX).max(self.early_min_days)
    }

    fn validate(&self, term_days: i64) -> Result<(), TermsError> {
        let share_ok = (0..=10_000).contains(&self.early_after_term_bp);
        let days_ok = (0..=term_days).contains(&self.early_min_days);
        let interest_days_ok = (0..=term_days).contains(&self.early_min_interest_days);
        let extensions_ok = (0..=12).contains(&self.extensions_allowed);
        if share_ok && days_ok && interest_days_ok && extensions_ok { Ok(()) } else { Err(TermsError::Clauses) }
    }
}

impl Default for ClauseTerms {
    fn default() -> ClauseTerms {
        ClauseTerms::STANDARD
    }
}

/// Why a product configuration or a requested loan is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TermsError {
    #[error("the amount range is empty or not positive")]
    AmountRange,
    #[error("the amount step must be positive and divide both ends of the range")]
    AmountStep,
    #[error("periods and period length must be positive, and the term at most 5 years")]
    Term,
    #[error("rates and charges cannot be negative")]
    Negative,
    #[error("nominal interest above 6% a month for a covered loan")]
    NominalCap,
    #[error("interest and fees above 15% a month for a covered loan")]
    EffectiveCap,
    #[error("late penalties above 5% a month of the amount due for a covered loan")]
    PenaltyCap,
    #[error("the amount is outside the product's range or not a multiple of its step")]
    Amount,
    #[error("the numbers are too large to compute")]
    Overflow,
    #[error(
        "the early-repayment share is 0–100% of the term, its days and minimum interest days at most the term, and at most 12 extensions"
    )]
    Clauses,
}

impl ProductTerms {
    pub fn term_days(&self) -> i64 {
        self.periods.saturating_mul(self.period_days)
    }

    /// Whether some loan this product can make is covered by the caps.
    pub fn is_covered(&self) -> bool {
        self.min_amount <= caps::COVERED_MAX_PRINCIPAL && self.term_days() <= caps::COVERED_MAX_TERM_DAYS
    }

    /// Checks a configuration before it is saved. A product that could make
    /// a covered loan must keep every cap for every amount it offers.
    pub fn validate(&self) -> Result<(), TermsError> {
        if self.min_amount.get() <= 0 || self.max_amount < self.min_amount {
            return Err(TermsError::AmountRange);
        }
        let step = self.amount_step.get();
        if step <= 0 || self.min_amount.get() % step != 0 || self.max_amount.get() % step != 0 {
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
        self.clauses.validate(self.term_days())?;
        match self.cap_violations()?.first() {
            Some(violation) => Err(violation.clone()),
            None => Ok(()),
        }
    }

    /// Every cap of BSP Circular 1133 these terms break (none for a product
    /// no covered loan can come from), for an editor that shows them all at
    /// once; `Err` for terms too large to compute.
    pub fn cap_violations(&self) -> Result<Vec<TermsError>, TermsError> {
        let mut violations = Vec::new();
        if !self.is_covered() {
            return Ok(violations);
        }
        let penalty = &self.penalty;
        if self.monthly_interest_bp > caps::NOMINAL_MONTHLY_BP {
            violations.push(TermsError::NominalCap);
        }
        // Interest plus fees as a monthly rate of principal, over the term:
        // (interest_bp × days / 30 + fee_bp) / (days / 30) ≤ 1500
        // ⇔ interest_bp × days + fee_bp × 30 ≤ 1500 × days.
        let days = self.term_days();
        let charges = self
            .monthly_interest_bp
            .checked_mul(days)
            .and_then(|interest| interest.checked_add(self.service_fee_bp.checked_mul(DAYS_PER_MONTH)?))
            .ok_or(TermsError::Overflow)?;
        // This also keeps interest and fees under 100% of principal: a
        // covered term is at most 4 months, so at most 4 × 15% = 60%. The
        // 100% cap binds only once penalties accrue (`penalty_for_day`).
        if charges > caps::EFFECTIVE_MONTHLY_BP * days {
            violations.push(TermsError::EffectiveCap);
        }
        // A month of penalties on the smallest covered amount due: the
        // one-time charge plus 30 days at the highest daily rate.
        let smallest_due = self.min_amount;
        let highest_daily =
            penalty.daily_bp_days_1_30.max(penalty.daily_bp_days_31_90).max(penalty.daily_bp_from_day_91);
        let one_time = penalty.one_time_new.max(penalty.one_time_repeat);
        let month_of_penalties = smallest_due
            .mul_div(highest_daily.checked_mul(DAYS_PER_MONTH).ok_or(TermsError::Overflow)?, 10_000)
            .and_then(|daily| daily.checked_add(one_time))
            .ok_or(TermsError::Overflow)?;
        let allowed = smallest_due.apply_basis_points(caps::PENALTY_MONTHLY_BP).ok_or(TermsError::Overflow)?;
        if month_of_penalties > allowed {
            violations.push(TermsError::PenaltyCap);
        }
        Ok(violations)
    }

    /// Prices a loan of `principal` under these terms.
    pub fn quote(&self, principal: Centavos) -> Result<Quote, TermsError> {
        let step = self.amount_step.get();
        if principal < self.min_amount || principal > self.max_amount || step <= 0 || principal.get() % step != 0 {
            return Err(TermsError::Amount);
        }
        let days = self.term_days();
        let interest = principal
            .mul_div_floor(
                self.monthly_interest_bp.checked_mul(days).ok_or(TermsError::Overflow)?,
                10_000 * DAYS_PER_MONTH,
            )
            .ok_or(TermsError::Overflow)?;
        let fees = principal.mul_div_floor(self.service_fee_bp, 10_000).ok_or(TermsError::Overflow)?;
        let net_proceeds = principal.checked_sub(fees).filter(|net| net.get() > 0).ok_or(TermsError::Amount)?;
        let total_repayable = principal.checked_add(interest).ok_or(TermsError::Overflow)?;
        let finance_charge = interest.checked_add(fees).ok_or(TermsError::Overflow)?;
        let plan = split_plan(principal, interest, self.periods, self.period_days)?;
        let covered = principal <= caps::COVERED_MAX_PRINCIPAL && days <= caps::COVERED_MAX_TERM_DAYS;
        Ok(Quote {
            principal,
            interest,
            fees,
            net_proceeds,
            total_repayable,
            finance_charge,
            term_days: days,
            plan,
            charges_monthly_bp: charges_monthly_bp(finance_charge, principal, days),
            covered,
            penalty: self.penalty,
            monthly_interest_bp: self.monthly_interest_bp,
            period_days: self.period_days,
            clauses: self.clauses,
        })
    }
}

/// One instalment of a plan.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instalment {
    /// 1-based.
    pub number: i64,
    /// Days after disbursement that it falls due.
    pub due_after_days: i64,
    pub principal: Centavos,
    pub interest: Centavos,
}

impl Instalment {
    pub fn amount(&self) -> Centavos {
        Centavos::new(self.principal.get() + self.interest.get())
    }
}

/// A priced loan: what the disclosure statement shows and the engine charges.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Quote {
    pub principal: Centavos,
    pub interest: Centavos,
    pub fees: Centavos,
    /// What reaches the borrower: principal less the deducted fee.
    pub net_proceeds: Centavos,
    /// What the borrower repays on time: principal plus interest.
    pub total_repayable: Centavos,
    /// Interest plus fees (Truth in Lending Act "finance charge").
    pub finance_charge: Centavos,
    pub term_days: i64,
    pub plan: Vec<Instalment>,
    /// Finance charge as a simple monthly rate of principal over the term,
    /// basis points, rounded half up: the figure the 15% cap is checked
    /// against. Not the effective rate: that is `eir_monthly_bp`.
    pub charges_monthly_bp: i64,
    pub covered: bool,
    pub penalty: PenaltySchedule,
    /// The rate and period the clauses count in (early payoff, extension).
    pub monthly_interest_bp: i64,
    pub period_days: i64,
    pub clauses: ClauseTerms,
}

fn split_plan(
    principal: Centavos,
    interest: Centavos,
    periods: i64,
    period_days: i64,
) -> Result<Vec<Instalment>, TermsError> {
    let (principal_part, principal_rest) = (principal.get() / periods, principal.get() % periods);
    let (interest_part, interest_rest) = (interest.get() / periods, interest.get() % periods);
    (1..=periods)
        .map(|number| {
            let last = number == periods;
            Ok(Instalment {
                number,
                due_after_days: number.checked_mul(period_days).ok_or(TermsError::Overflow)?,
                principal: Centavos::new(principal_part + if last { principal_rest } else { 0 }),
                interest: Centavos::new(interest_part + if last { interest_rest } else { 0 }),
            })
        })
        .collect()
}

fn charges_monthly_bp(finance_charge: Centavos, principal: Centavos, days: i64) -> i64 {
    // finance / principal / (days / 30) × 10 000, rounded half up.
    let numerator = i128::from(finance_charge.get()) * 10_000 * i128::from(DAYS_PER_MONTH);
    let denominator = i128::from(principal.get()) * i128::from(days);
    i64::try_from((2 * numerator + denominator) / (2 * denominator)).unwrap_or(i64::MAX)
}

impl Quote {
    /// The effective interest rate, the one every screen shows (D4): the
    /// monthly rate at which the plan's payments, discounted, equal the
    /// net proceeds (BSP Circular 730), from `monthly_rate_bp`. Computed
    /// when asked: the pages that price a loan without showing its rate
    /// (order details, the daily run) do not pay for the search.
    pub fn eir_monthly_bp(&self) -> i64 {
        let flows: Vec<(i64, Centavos)> =
            self.plan.iter().map(|instalment| (instalment.due_after_days, instalment.amount())).collect();
        monthly_rate_bp(self.net_proceeds, &flows)
    }
}

/// The monthly effective interest rate of a quote (its `eir_monthly_bp`):
/// the actuarial method the Truth in Lending disclosure uses.
pub fn actuarial_monthly_bp(quote: &Quote) -> i64 {
    quote.eir_monthly_bp()
}

/// The one effective-rate definition (D4, BSP Circular 730): the rate per
/// 30 days at which `payments` (days after the money is
/// received, amount), discounted, are worth `received` today; basis points,
/// rounded, zero when they are worth less. Floating point is fine here: it
/// is a displayed rate, never money.
pub fn monthly_rate_bp(received: Centavos, payments: &[(i64, Centavos)]) -> i64 {
    let received = received.get() as f64;
    let present_value = |rate: f64| -> f64 {
        payments.iter().map(|(days, amount)| amount.get() as f64 / (1.0 + rate).powf(*days as f64 / 30.0)).sum()
    };
    let (mut low, mut high) = (0.0_f64, 10.0_f64);
    for _ in 0..200 {
        let middle = (low + high) / 2.0;
        if present_value(middle) > received { low = middle } else { high = middle }
    }
    (low * 10_000.0).round() as i64
}

/// Late penalties (D4): what accrues for one day late, given what has
/// accrued already. Accrual stops at the caps for covered loans: at most 5%
/// of the amount due in any 30-day window of lateness, and interest, fees
/// and penalties together at most 100% of principal over the loan's life.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PenaltyDay {
    /// 1 on the first day after the due date.
    pub day_late: i64,
    /// Unpaid amount of the overdue instalment(s).
    pub amount_due: Centavos,
    /// Penalties charged in the current 30-day window of lateness (days
    /// 1–30, 31–60, ...), before today.
    pub accrued_this_window: Centavos,
    /// Interest, fees and penalties charged over the loan so far.
    pub total_cost_so_far: Centavos,
    pub principal: Centavos,
    pub repeat_borrower: bool,
    pub covered: bool,
}

pub fn penalty_for_day(schedule: &PenaltySchedule, day: &PenaltyDay) -> Centavos {
    if day.day_late < 1 || day.amount_due.get() <= 0 {
        return Centavos::ZERO;
    }
    let one_time = match (day.day_late, day.repeat_borrower) {
        (1, false) => schedule.one_time_new,
        (1, true) => schedule.one_time_repeat,
        _ => Centavos::ZERO,
    };
    let daily = day.amount_due.mul_div_floor(schedule.daily_bp(day.day_late), 10_000).unwrap_or(Centavos::ZERO);
    let wanted = Centavos::new(one_time.get().saturating_add(daily.get()));
    if !day.covered {
        return wanted;
    }
    let window_cap = day.amount_due.mul_div_floor(caps::PENALTY_MONTHLY_BP, 10_000).unwrap_or(Centavos::ZERO);
    let window_room = (window_cap.get() - day.accrued_this_window.get()).max(0);
    let total_cap = day.principal.apply_basis_points(caps::TOTAL_COST_BP).unwrap_or(Centavos::ZERO);
    let total_room = (total_cap.get() - day.total_cost_so_far.get()).max(0);
    Centavos::new(wanted.get().min(window_room).min(total_room))
}

#[cfg(test)]
mod tests;
