//! Income on the effective interest method (PFRS 9, 5.4.1 and B5.4.1–B5.4.7;
//! decision 076). The loan ledger posts income as the contract charges it:
//! the deducted fee the day the money goes out, each instalment's interest
//! the day it falls due. PFRS 9 recognises the interest and the fees that
//! are part of the effective interest day by day, at the rate that
//! discounts the loan's scheduled cash flows to its net proceeds. The
//! difference is an adjustment per loan and day, derived here and never
//! stored: the daily run sums it over a lender's open loans and posts one
//! journal a day bringing the lender's books to that sum.
//!
//! For a loan `t` days after its money went out, on its schedule, the
//! income recognised to date is `AC(t) − N + Σ paid`, where `N` is the net
//! proceeds, `AC(t) = N·g^t − Σ_{d ≤ t} a_d·g^{t−d}` the amortised cost at
//! the daily growth `g` of the effective rate, and the sums run over the
//! scheduled payments `a_d` due by then; the amortised cost is rounded to
//! the centavo, so the days' amounts add up exactly. What the contract
//! posted by then on the schedule is the fee and the interest of each
//! instalment due; the adjustment is the one less the other. It is zero
//! from the last due date on (the rate makes the amortised cost zero
//! there), and zero for a loan repaid, renewed or written off: what such a
//! loan earned is what was charged, and any deferral left is released.
//!
//! A loan off its schedule (paid late, early or in part, a charge waived,
//! money held as credit) has its cash flows re-estimated as B5.4.6 asks:
//! its amortised cost on a day is what the contract still expects of it
//! (what has fallen due, with interest to the day, as due that day; each
//! later instalment on its due date, as the loan engine itself would charge
//! it), discounted at the loan's original effective rate; the change is
//! income at once. Such a loan is read on its own by the daily run; a loan
//! on its schedule is summed with the others of its terms and payout day.

use super::journal::JournalLine;
use crate::ledger::Side;
use crate::money::Centavos;
use crate::order::OrderStatus;
use crate::pricing::LoanTerms;
use crate::servicing::LoanAccount;
use std::collections::HashMap;
use time::Date;

/// The income account the adjustment is posted to.
pub const ADJUSTMENT: &str = "4150";
/// The balance-sheet account that carries it: fee income deferred, net of
/// interest accrued and not yet charged.
pub const DEFERRAL: &str = "2200";

/// A loan's scheduled payments with the daily growth of its effective rate.
#[derive(Clone, Debug, PartialEq)]
pub struct EirSchedule {
    net_proceeds: i64,
    fee: i64,
    /// `(1 + daily rate)`: the net proceeds grow by it each day.
    growth: f64,
    /// Each instalment's day, amount and interest, in order.
    payments: Vec<(i64, i64, i64)>,
}

/// `x` with `Σ a·x^d = net`, `x` being one over the daily growth: the
/// present value rises with `x`, so Newton's method from `x = 1` (where the
/// undiscounted flows are worth at least the net proceeds) walks down to the
/// root without passing it.
fn discount(net: f64, payments: &[(i64, i64, i64)]) -> f64 {
    let value = |x: f64| payments.iter().map(|(day, amount, _)| *amount as f64 * x.powi(*day as i32)).sum::<f64>();
    let slope = |x: f64| {
        payments.iter().map(|(day, amount, _)| *day as f64 * *amount as f64 * x.powi((*day - 1) as i32)).sum::<f64>()
    };
    let mut x = 1.0_f64;
    for _ in 0..100 {
        let excess = value(x) - net;
        let step = excess / slope(x);
        if !step.is_finite() || step <= 0.0 {
            break;
        }
        x -= step;
        if step < x * 1e-17 {
            break;
        }
    }
    x
}

/// What a loan's adjustment depends on besides the day: its terms' amounts
/// and periods and the day its money went out. Kept with each account
/// (`loan_account.accrual_key`), so the daily run sums a lender's loans by
/// group in one statement instead of reading every account.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AccrualKey {
    pub principal: i64,
    pub fee: i64,
    pub monthly_interest_bp: i64,
    pub periods: i64,
    pub period_days: i64,
    pub start: Date,
}

impl AccrualKey {
    fn of_terms(account: &LoanAccount) -> AccrualKey {
        let terms = &account.terms;
        AccrualKey {
            principal: terms.principal.get(),
            fee: terms.fee.get(),
            monthly_interest_bp: terms.monthly_interest_bp,
            periods: terms.periods,
            period_days: terms.period_days,
            start: account.start,
        }
    }

    fn terms(&self) -> (i64, i64, i64, i64, i64) {
        (self.principal, self.fee, self.monthly_interest_bp, self.periods, self.period_days)
    }

    /// A kept key read back; `None` for an empty or broken one.
    pub fn parse(text: &str) -> Option<AccrualKey> {
        let mut parts = text.split(':');
        let mut number = || parts.next()?.parse::<i64>().ok();
        let (principal, fee, monthly_interest_bp, periods, period_days) =
            (number()?, number()?, number()?, number()?, number()?);
        let start = Date::parse(parts.next()?, time::macros::format_description!("[year]-[month]-[day]")).ok()?;
        Some(AccrualKey { principal, fee, monthly_interest_bp, periods, period_days, start })
    }
}

/// How the daily run finds a loan's adjustment, as kept beside its account
/// (`loan_account.accrual_key`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Accrual {
    /// Renewed or written off: nothing left to adjust.
    Nothing,
    /// On its schedule: summed with every loan of the same key.
    OnSchedule(AccrualKey),
    /// Off its schedule: its cash flows are re-estimated from its account.
    Revised,
}

/// The kept text of [`Accrual::Revised`].
pub const REVISED: &str = "revised";

impl Accrual {
    pub fn of(account: &LoanAccount) -> Accrual {
        if account.renewals > 0 || account.written_off.is_some() {
            Accrual::Nothing
        } else if account.left_schedule {
            Accrual::Revised
        } else {
            Accrual::OnSchedule(AccrualKey::of_terms(account))
        }
    }

    /// As kept: empty, the key, or [`REVISED`].
    pub fn text(&self) -> String {
        match self {
            Accrual::Nothing => String::new(),
            Accrual::OnSchedule(key) => format!(
                "{}:{}:{}:{}:{}:{}",
                key.principal, key.fee, key.monthly_interest_bp, key.periods, key.period_days, key.start
            ),
            Accrual::Revised => REVISED.to_owned(),
        }
    }

    /// The key kept beside the account of a loan in `status`: empty once
    /// the loan no longer owes, so the daily run's reads of open loans
    /// never wade through closed ones.
    pub fn kept(account: &LoanAccount, status: OrderStatus) -> String {
        if status.is_repayable() { Accrual::of(account).text() } else { String::new() }
    }
}

impl EirSchedule {
    /// The schedule of a loan on `terms`; `None` when the terms give none.
    pub fn of(terms: &LoanTerms) -> Option<EirSchedule> {
        EirSchedule::of_parts(
            terms.principal.get(),
            terms.fee.get(),
            terms.monthly_interest_bp,
            terms.periods,
            terms.period_days,
        )
    }

    fn of_parts(principal: i64, fee: i64, monthly_bp: i64, periods: i64, period_days: i64) -> Option<EirSchedule> {
        let schedule = crate::pricing::amortize(
            Centavos::new(principal),
            monthly_bp,
            &crate::pricing::due_days(periods, period_days),
        )
        .ok()?;
        let payments: Vec<(i64, i64, i64)> = schedule
            .iter()
            .map(|instalment| (instalment.due_after_days, instalment.amount().get(), instalment.interest.get()))
            .collect();
        let net_proceeds = principal - fee;
        if net_proceeds <= 0 || payments.is_empty() {
            return None;
        }
        let growth = 1.0 / discount(net_proceeds as f64, &payments);
        Some(EirSchedule { net_proceeds, fee, growth, payments })
    }

    /// The daily growth `1 + r` of the effective rate.
    pub fn growth(&self) -> f64 {
        self.growth
    }

    /// The last due day: from it on the adjustment is zero.
    pub fn last_day(&self) -> i64 {
        self.payments.last().map_or(0, |(day, _, _)| *day)
    }

    /// The amortised cost at the end of day `day`, to the centavo.
    pub fn amortised_cost(&self, day: i64) -> i64 {
        if day >= self.last_day() {
            return 0;
        }
        let grown = self.net_proceeds as f64 * self.growth.powi(day as i32);
        let paid: f64 = self
            .payments
            .iter()
            .filter(|(due, _, _)| *due <= day)
            .map(|(due, amount, _)| *amount as f64 * self.growth.powi((day - due) as i32))
            .sum();
        (grown - paid).round() as i64
    }

    /// Income recognised on the effective interest method to day `day`.
    pub fn recognised(&self, day: i64) -> i64 {
        let paid: i64 = self.payments.iter().filter(|(due, _, _)| *due <= day).map(|(_, amount, _)| amount).sum();
        self.amortised_cost(day) - self.net_proceeds + paid
    }

    /// What the contract posts as income by day `day` on the schedule: the
    /// fee at once, each instalment's interest on its due day.
    pub fn charged(&self, day: i64) -> i64 {
        self.fee + self.payments.iter().filter(|(due, _, _)| *due <= day).map(|(_, _, interest)| interest).sum::<i64>()
    }

    /// The adjustment to day `day`: recognised less charged (negative while
    /// the fee is deferred, positive while interest accrued is not yet due).
    pub fn adjustment(&self, day: i64) -> i64 {
        if day < 0 || day >= self.last_day() { 0 } else { self.recognised(day) - self.charged(day) }
    }

    /// The adjustment of a loan off its schedule at the end of `today`
    /// (B5.4.6): income recognised is the amortised cost of the cash flows
    /// the contract still expects, at the original rate, less the net
    /// proceeds, plus the principal and interest paid so far; what the
    /// ledger charged is the fee and the interest charged, both net of
    /// waivers.
    pub fn revised_adjustment(&self, account: &LoanAccount, today: Date) -> i64 {
        let day_of = |date: Date| (date - account.start).whole_days();
        let now = day_of(today);
        if now < 0 {
            return 0;
        }
        let cost: f64 = expected_flows(account, today)
            .iter()
            .map(|(on, amount)| *amount as f64 / self.growth.powi((day_of(*on) - now) as i32))
            .sum();
        let paid: i64 = account
            .instalments
            .iter()
            .map(|instalment| instalment.principal_paid.get() + instalment.interest_paid.get())
            .sum();
        let charged: i64 = account.fees_charged.get()
            + account.instalments.iter().map(|instalment| instalment.interest.get()).sum::<i64>();
        cost.round() as i64 - self.net_proceeds + paid - charged
    }
}

/// The principal and interest the contract still expects of an account at
/// the end of `today`, by day: what has fallen due and is unpaid (with its
/// interest to the day when nothing is still to come) as paid today, then
/// each later instalment paid on its due date, every amount charged as the
/// loan engine charges it. Penalties are left out: they are not part of the
/// effective interest.
fn expected_flows(account: &LoanAccount, today: Date) -> Vec<(Date, i64)> {
    let mut projected = account.clone();
    let later = account.instalments.iter().map(|instalment| instalment.due_date).filter(|due| *due > today);
    let mut flows = Vec::new();
    for on in std::iter::once(today).chain(later) {
        let due = projected.due_now(on).get();
        if due <= 0 {
            continue;
        }
        let from_borrower = Centavos::new((due - projected.credit.get()).max(0));
        if let Some(settlement) = projected.pay(on, from_borrower).settlement {
            let expected = settlement.principal.get() + settlement.interest.get();
            if expected > 0 {
                flows.push((on, expected));
            }
        }
    }
    flows
}

/// The schedules worked out so far, by the terms that fix them: a lender's
/// loans share a few products and amounts, so a day's run works out each
/// once.
#[derive(Default)]
pub struct Schedules(HashMap<(i64, i64, i64, i64, i64), Option<EirSchedule>>);

impl Schedules {
    /// The adjustment of a loan's account at the end of `today`: zero once
    /// it was renewed or written off (its repaid loans are not asked).
    pub fn adjustment(&mut self, account: &LoanAccount, today: Date) -> i64 {
        match Accrual::of(account) {
            Accrual::Nothing => 0,
            Accrual::OnSchedule(key) => self.of_key(&key, today),
            Accrual::Revised => self.of_revised(account, today),
        }
    }

    /// The adjustment of every loan with `key`, each, at the end of `today`.
    pub fn of_key(&mut self, key: &AccrualKey, today: Date) -> i64 {
        self.schedule(key).map_or(0, |schedule| schedule.adjustment((today - key.start).whole_days()))
    }

    /// The adjustment of a loan off its schedule at the end of `today`.
    pub fn of_revised(&mut self, account: &LoanAccount, today: Date) -> i64 {
        let key = AccrualKey::of_terms(account);
        self.schedule(&key).map_or(0, |schedule| schedule.revised_adjustment(account, today))
    }

    fn schedule(&mut self, key: &AccrualKey) -> Option<&EirSchedule> {
        let (principal, fee, monthly_bp, periods, period_days) = key.terms();
        self.0
            .entry(key.terms())
            .or_insert_with(|| EirSchedule::of_parts(principal, fee, monthly_bp, periods, period_days))
            .as_ref()
    }
}

/// The journal lines that bring the adjustment the books hold (`booked`, as
/// income) to what the lender's open loans add up to (`required`); `None`
/// when they agree.
pub fn accrual_lines(required: i64, booked: i64) -> Option<Vec<JournalLine>> {
    let difference = required - booked;
    if difference == 0 {
        return None;
    }
    let amount = Centavos::new(difference.abs());
    let (adjustment, deferral) = if difference > 0 { (Side::Credit, Side::Debit) } else { (Side::Debit, Side::Credit) };
    Some(vec![
        JournalLine { code: DEFERRAL.to_owned(), side: deferral, amount },
        JournalLine { code: ADJUSTMENT.to_owned(), side: adjustment, amount },
    ])
}

#[cfg(test)]
mod tests;
