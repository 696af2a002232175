//! A loan's account once the money went out (D4, decision 056): the
//! instalments the schedule fixed on the day of the payout, interest to the
//! day on the principal still owed, late penalties on the overdue scheduled
//! amounts within the governing rule set's ceilings, payments settled in the
//! agreement's order, the payoff of any day, and renewals (extensions and
//! rollovers). Pure: the services keep the account with the order and post
//! what it decides to the ledger in the same transaction.
//!
//! Nothing is charged per loan per day. Interest is counted in
//! principal-days and charged when an instalment falls due or a payment
//! comes; penalties are worked out day by day from the last day counted
//! whenever the account is brought to a date, and what has accrued since is
//! computed, not stored.

use crate::cap_proof::{self, CapProof, Contract, Occasion};
use crate::caps::{CapRuleSet, in_force};
use crate::eir::Flow;
use crate::ledger::{Bucket, Settlement};
use crate::money::Centavos;
use crate::pricing::{Allocation, LoanTerms, ScheduledInstalment, TermsError, interest_on};
use serde::{Deserialize, Serialize};
use time::{Date, Duration};

/// One instalment as the account holds it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct InstalmentAccount {
    pub number: i64,
    pub due_date: Date,
    /// The part of the principal it repays.
    pub principal: Centavos,
    pub principal_paid: Centavos,
    /// Interest charged to it (net of waivers).
    pub interest: Centavos,
    pub interest_paid: Centavos,
    /// Late penalties charged to it (net of waivers).
    pub penalty: Centavos,
    pub penalty_paid: Centavos,
    /// Its due date came and the interest to it was charged.
    pub fallen_due: bool,
}

impl InstalmentAccount {
    pub fn unpaid_principal(&self) -> Centavos {
        Centavos::new(self.principal.get() - self.principal_paid.get())
    }

    pub fn unpaid_interest(&self) -> Centavos {
        Centavos::new(self.interest.get() - self.interest_paid.get())
    }

    pub fn unpaid_penalty(&self) -> Centavos {
        Centavos::new(self.penalty.get() - self.penalty_paid.get())
    }

    /// Its scheduled amount still unpaid: principal and interest (the base
    /// late penalties are charged on).
    pub fn unpaid_scheduled(&self) -> Centavos {
        Centavos::new(self.unpaid_principal().get() + self.unpaid_interest().get())
    }

    pub fn unpaid(&self) -> Centavos {
        Centavos::new(self.unpaid_scheduled().get() + self.unpaid_penalty().get())
    }

    /// Paid in full: nothing charged to it is unpaid and its principal is.
    pub fn settled(&self) -> bool {
        self.unpaid().get() <= 0
    }
}

/// A day's late penalty, kept for the 30-day window the ceiling looks back over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DayCharge {
    pub on: Date,
    pub amount: Centavos,
}

/// Days a ceiling held penalties or interest below what the terms ask,
/// recorded with the posting (D4: capped at the ceiling, the reason kept).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CapHold {
    pub ceiling: cap_proof::Ceiling,
    pub from: Date,
    pub to: Date,
    /// What the terms asked for those days.
    pub wanted: Centavos,
    /// What was charged.
    pub charged: Centavos,
}

/// What bringing the account to a date, or a payment, charged and settled:
/// the services post it to the ledger.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Charges {
    pub interest: Centavos,
    pub penalties: Centavos,
    /// Extension fees charged.
    pub fees: Centavos,
    /// A payment's split, when there was one.
    pub settlement: Option<Settlement>,
    pub holds: Vec<CapHold>,
}

impl Charges {
    fn hold(&mut self, ceiling: cap_proof::Ceiling, on: Date, wanted: Centavos, charged: Centavos) {
        match self.holds.last_mut() {
            Some(last) if last.ceiling == ceiling && last.to + Duration::days(1) >= on => {
                last.to = on;
                last.wanted = Centavos::new(last.wanted.get() + wanted.get());
                last.charged = Centavos::new(last.charged.get() + charged.get());
            }
            _ => self.holds.push(CapHold { ceiling, from: on, to: on, wanted, charged }),
        }
    }
}

/// What paying the whole loan off on a day costs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Payoff {
    pub on: Date,
    /// Days from the day the money was sent.
    pub day: i64,
    /// The first day early repayment costs only interest to the day.
    pub early_from: Date,
    pub principal: Centavos,
    /// Interest charged and unpaid, with what accrued to the day.
    pub interest: Centavos,
    /// Interest from the day to the early-repayment day (or the agreement's
    /// minimum days of interest), before it.
    pub minimum_interest: Centavos,
    pub penalties: Centavos,
    pub fees: Centavos,
    /// The borrower's credit, taken off.
    pub credit: Centavos,
    pub total: Centavos,
    /// Interest of the schedule a payoff on the day does not pay.
    pub interest_saved: Centavos,
}

impl Payoff {
    /// Whether the day is on or after the early-repayment day.
    pub fn early_allowed(&self) -> bool {
        self.on >= self.early_from
    }
}

/// An open loan's running balance on a day, for its borrower's order
/// details and payment page: what is owed, the next payment on its day, and
/// what paying everything off today takes. The three differ (a payoff before
/// the early-repayment day carries interest to that day; the next payment
/// carries interest to its own day), so each page names which it shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RunningBalance {
    /// Everything charged to the day and unpaid, less the borrower's
    /// credit: what the ledger's receivables hold once today is posted.
    pub owed_today: Centavos,
    /// The next amount to pay and its day; `None` once nothing is owed.
    pub next_due: Option<NextDue>,
    /// Paying the whole loan off today, less the borrower's credit.
    pub payoff_today: Centavos,
}

impl RunningBalance {
    /// What a payment made today is asked for: what has fallen due, or the
    /// next payment, but never more than closing the loan today costs (a pay
    /// code for more would be refused).
    pub fn payable_today(&self) -> Centavos {
        self.next_due.map_or(Centavos::ZERO, |next| next.amount.min(self.payoff_today))
    }

    /// Whether paying today closes the loan for less than the next payment
    /// on its day: the page then says so rather than showing a smaller
    /// figure beside the due date.
    pub fn closes_for_less_today(&self) -> bool {
        self.next_due.is_some_and(|next| self.payoff_today < next.amount)
    }
}

/// The next amount a borrower pays, and by when.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NextDue {
    /// Today when an instalment is already late; its due date otherwise.
    pub on: Date,
    pub amount: Centavos,
}

/// Where a late loan stands on a day, for the borrower: days late, late
/// penalties so far, what is owed, what one more day adds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OverdueStanding {
    pub days_late: i64,
    /// Late penalties charged so far (net of waivers), those of today included.
    pub penalties_so_far: Centavos,
    /// Everything owed today, interest to the day included.
    pub balance_today: Centavos,
    /// What tomorrow's late penalty adds.
    pub next_day_adds: Centavos,
    /// Whether a ceiling holds tomorrow's penalty below the schedule's.
    pub cap_reached: bool,
}

/// Why a loan cannot take an extension today.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NoExtension {
    #[error("the agreement allows no extension")]
    NotOffered,
    #[error("the loan took the {allowed} extensions its agreement allows")]
    UsedUp { allowed: i64 },
    #[error("moved one extension later, its first unpaid due date would still be past")]
    TooLate,
    #[error("no principal is left to extend")]
    NoPrincipalLeft,
    #[error("an extension would cost nothing to pay")]
    NothingToPay,
    #[error("the renewal breaks a ceiling of the rule set in force")]
    BreaksCeiling,
    #[error("the loan was written off")]
    WrittenOff,
}

/// An extension (a renewal) priced for one day: what is then due, the fee,
/// where every unpaid due date moves, and the renewal's own cap proof.
#[derive(Clone, Debug, PartialEq)]
pub struct RenewalOffer {
    pub on: Date,
    /// Penalties, interest to the day and fees then due.
    pub charges_due: Centavos,
    pub fee: Centavos,
    /// What the borrower pays: the charges and the fee, less any credit.
    pub amount: Centavos,
    pub added_days: i64,
    /// The principal rolled over.
    pub principal: Centavos,
    /// Each unpaid instalment's number and new due date.
    pub new_due_dates: Vec<(i64, Date)>,
    /// The renewal's schedule from `on`, paid on the new dates.
    pub schedule: Vec<ScheduledInstalment>,
    pub proof: CapProof,
}

/// An extension priced and checked, before its proof is written down.
struct Renewal {
    on: Date,
    charges_due: Centavos,
    fee: Centavos,
    amount: Centavos,
    added_days: i64,
    principal: Centavos,
    last_due: Date,
    new_due_dates: Vec<(i64, Date)>,
    flows: Vec<Flow>,
    schedule: Vec<ScheduledInstalment>,
    rule_set: CapRuleSet,
    amount_borrowed: Centavos,
    monthly_interest_bp: i64,
    cost_before: Centavos,
    new_charges: Centavos,
    covered_before: bool,
    number: i64,
}

impl Renewal {
    fn contract(&self) -> Contract<'_> {
        Contract {
            occasion: Occasion::Renewal { number: self.number },
            on: self.on,
            last_due: self.last_due,
            amount_borrowed: self.amount_borrowed,
            principal: self.principal,
            net_proceeds: Centavos::new(self.principal.get() - self.fee.get()),
            flows: &self.flows,
            nominal_monthly_bp: self.monthly_interest_bp,
            cost_before: self.cost_before,
            new_charges: self.new_charges,
            covered_before: self.covered_before,
        }
    }
}

/// A loan's account.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LoanAccount {
    pub terms: LoanTerms,
    /// The day the money was sent (Manila): day 0.
    pub start: Date,
    pub instalments: Vec<InstalmentAccount>,
    /// The schedule's interest when every instalment is paid on its day:
    /// no payoff costs more than that in interest.
    pub scheduled_interest: Centavos,
    /// Centavos owed × days, for every day before `accrued_to`.
    pub principal_days: i64,
    pub accrued_to: Date,
    /// Interest charged over the loan's life, before waivers.
    pub interest_charged: Centavos,
    /// Interest the total-cost ceiling kept from being charged.
    pub interest_stopped: Centavos,
    /// The last day whose late penalty has been worked out.
    pub penalties_through: Date,
    /// Penalties of the last 29 days before `penalties_through`, and it.
    pub recent_penalties: Vec<DayCharge>,
    pub one_time_charged: bool,
    pub fees_due: Centavos,
    /// The deducted fee and extension fees, net of waivers.
    pub fees_charged: Centavos,
    /// Every charge over the loan's life, net of waivers: the fee deducted,
    /// interest, penalties, extension fees.
    pub cost_charged: Centavos,
    /// Money paid beyond everything owed, held for the borrower.
    pub credit: Centavos,
    pub renewals: i64,
    /// The rule set of the last contract (the loan's or its last renewal's).
    pub rule_set: CapRuleSet,
    /// Whether that rule set covers the last contract.
    pub covered: bool,
    /// Set when the lender wrote the loan off (decision 073): nothing is
    /// charged after that day, and what the borrower pays is a recovery.
    #[serde(default)]
    pub written_off: Option<WriteOff>,
    /// Set once the loan left its schedule (paid late, early, in part or
    /// beyond what was due; a charge waived or held back by a ceiling) and
    /// never cleared: its income on the effective interest method is then
    /// re-estimated from what it still owes (decision 078), since its past
    /// cash no longer came when the schedule said.
    #[serde(default)]
    pub left_schedule: bool,
}

/// A loan's write-off: its day, and everything the loan owed then.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WriteOff {
    pub on: Date,
    pub amount: Centavos,
}

impl LoanAccount {
    /// The account of a loan whose money went out on `start`, due dates
    /// fixed from it.
    pub fn open(terms: LoanTerms, start: Date, rule_set: CapRuleSet, covered: bool) -> Result<LoanAccount, TermsError> {
        let schedule = terms.schedule()?;
        let scheduled_interest =
            Centavos::checked_sum(schedule.iter().map(|instalment| instalment.interest)).ok_or(TermsError::Overflow)?;
        let instalments = schedule
            .iter()
            .map(|instalment| InstalmentAccount {
                number: instalment.number,
                due_date: start + Duration::days(instalment.due_after_days),
                principal: instalment.principal,
                principal_paid: Centavos::ZERO,
                interest: Centavos::ZERO,
                interest_paid: Centavos::ZERO,
                penalty: Centavos::ZERO,
                penalty_paid: Centavos::ZERO,
                fallen_due: false,
            })
            .collect();
        Ok(LoanAccount {
            cost_charged: terms.fee,
            fees_charged: terms.fee,
            terms,
            start,
            instalments,
            scheduled_interest,
            principal_days: 0,
            accrued_to: start,
            interest_charged: Centavos::ZERO,
            interest_stopped: Centavos::ZERO,
            penalties_through: start,
            recent_penalties: Vec::new(),
            one_time_charged: false,
            fees_due: Centavos::ZERO,
            credit: Centavos::ZERO,
            renewals: 0,
            rule_set,
            covered,
            written_off: None,
            left_schedule: false,
        })
    }

    pub fn principal_outstanding(&self) -> Centavos {
        Centavos::new(self.instalments.iter().map(|instalment| instalment.unpaid_principal().get()).sum())
    }

    /// Interest, penalties and fees charged and unpaid.
    pub fn charges_unpaid(&self) -> Centavos {
        let charged: i64 = self
            .instalments
            .iter()
            .map(|instalment| instalment.unpaid_interest().get() + instalment.unpaid_penalty().get())
            .sum();
        Centavos::new(charged + self.fees_due.get())
    }

    /// Everything charged and unpaid, principal included.
    pub fn unpaid(&self) -> Centavos {
        Centavos::new(self.principal_outstanding().get() + self.charges_unpaid().get())
    }

    /// Unpaid principal and interest charged, penalties and fees, by bucket
    /// (what the ledger's receivables hold).
    pub fn dues(&self) -> crate::ledger::Dues {
        let sum = |part: fn(&InstalmentAccount) -> Centavos| {
            Centavos::new(self.instalments.iter().map(|instalment| part(instalment).get()).sum())
        };
        crate::ledger::Dues {
            penalties: sum(InstalmentAccount::unpaid_penalty),
            fees: self.fees_due,
            interest: sum(InstalmentAccount::unpaid_interest),
            principal: sum(InstalmentAccount::unpaid_principal),
        }
    }

    /// Room left under the total-cost ceiling; `None` when no ceiling
    /// governs (an uncovered loan).
    fn ceiling_room(&self) -> Option<i64> {
        self.covered
            .then(|| (self.rule_set.total_cost_ceiling(self.terms.principal).get() - self.cost_charged.get()).max(0))
    }

    /// A charge as the total-cost ceiling lets it be: what may be charged.
    fn within_total_ceiling(&self, wanted: i64) -> i64 {
        self.ceiling_room().map_or(wanted, |room| wanted.min(room)).max(0)
    }

    /// Counts principal-days up to `date` (exclusive).
    fn accrue(&mut self, date: Date) {
        let days = (date - self.accrued_to).whole_days();
        if days > 0 {
            self.principal_days += self.principal_outstanding().get().max(0) * days;
            self.accrued_to = date;
        }
    }

    /// Interest counted and not yet charged, within the ceiling.
    fn interest_owed_so_far(&self) -> i64 {
        let total = interest_on(i128::from(self.principal_days), self.terms.monthly_interest_bp).get();
        (total - self.interest_charged.get() - self.interest_stopped.get()).max(0)
    }

    /// Charges the interest counted so far to the first unsettled
    /// instalment from `from` on (or the first unsettled one at all).
    fn charge_interest(&mut self, from: usize, on: Date, charges: &mut Charges) {
        let wanted = self.interest_owed_so_far();
        if wanted == 0 {
            return;
        }
        let charged = self.within_total_ceiling(wanted);
        if charged < wanted {
            self.interest_stopped = Centavos::new(self.interest_stopped.get() + wanted - charged);
            charges.hold(cap_proof::Ceiling::TotalCost, on, Centavos::new(wanted), Centavos::new(charged));
        }
        self.add_interest(from, charged);
        charges.interest = Centavos::new(charges.interest.get() + charged);
    }

    /// Charges `amount` of interest to the first unsettled instalment from
    /// `from` on (interest on principal that later instalments repay), or
    /// the first unsettled one at all.
    fn add_interest(&mut self, from: usize, amount: i64) {
        if amount <= 0 {
            return;
        }
        let from = from.min(self.instalments.len());
        let index = self.instalments[from..]
            .iter()
            .position(|instalment| !instalment.settled())
            .map(|offset| from + offset)
            .or_else(|| self.instalments.iter().position(|instalment| !instalment.settled()))
            .unwrap_or(self.instalments.len().saturating_sub(1));
        if let Some(instalment) = self.instalments.get_mut(index) {
            instalment.interest = Centavos::new(instalment.interest.get() + amount);
        }
        self.interest_charged = Centavos::new(self.interest_charged.get() + amount);
        self.cost_charged = Centavos::new(self.cost_charged.get() + amount);
    }

    /// Works out each day's late penalty from the day after the last one
    /// counted through `until`.
    fn charge_penalties(&mut self, until: Date, charges: &mut Charges) {
        let mut day = self.penalties_through + Duration::days(1);
        while day <= until {
            self.charge_penalty_day(day, charges);
            day += Duration::days(1);
        }
        if until > self.penalties_through {
            self.penalties_through = until;
        }
    }

    fn charge_penalty_day(&mut self, day: Date, charges: &mut Charges) {
        let window_start = day - Duration::days(29);
        self.recent_penalties.retain(|charge| charge.on >= window_start);
        let overdue: Vec<usize> = (0..self.instalments.len())
            .filter(|&index| {
                let instalment = &self.instalments[index];
                instalment.fallen_due && instalment.due_date < day && instalment.unpaid_scheduled().get() > 0
            })
            .collect();
        let Some(&oldest) = overdue.first() else { return };
        let overdue_amount: i64 = overdue.iter().map(|&index| self.instalments[index].unpaid_scheduled().get()).sum();
        let days_late = (day - self.instalments[oldest].due_date).whole_days();
        let schedule = self.terms.penalty;
        let daily =
            Centavos::new(overdue_amount).mul_div_floor(schedule.daily_bp(days_late), 10_000).unwrap_or_default();
        let one_time =
            if self.one_time_charged { Centavos::ZERO } else { schedule.one_time(self.terms.repeat_borrower) };
        self.one_time_charged |= one_time.get() > 0;
        let wanted = daily.get() + one_time.get();
        if wanted <= 0 {
            return;
        }
        let mut charged = wanted;
        if self.covered {
            let in_window: i64 = self.recent_penalties.iter().map(|charge| charge.amount.get()).sum();
            let window_ceiling = Centavos::new(overdue_amount)
                .mul_div_floor(self.rule_set.penalty_monthly_bp, 10_000)
                .unwrap_or_default();
            let window_room = (window_ceiling.get() - in_window).max(0);
            if window_room < charged {
                charges.hold(cap_proof::Ceiling::Penalty, day, Centavos::new(charged), Centavos::new(window_room));
                charged = window_room;
            }
            let allowed = self.within_total_ceiling(charged);
            if allowed < charged {
                charges.hold(cap_proof::Ceiling::TotalCost, day, Centavos::new(charged), Centavos::new(allowed));
                charged = allowed;
            }
        }
        if charged > 0 {
            let instalment = &mut self.instalments[oldest];
            instalment.penalty = Centavos::new(instalment.penalty.get() + charged);
            self.cost_charged = Centavos::new(self.cost_charged.get() + charged);
            self.recent_penalties.push(DayCharge { on: day, amount: Centavos::new(charged) });
            charges.penalties = Centavos::new(charges.penalties.get() + charged);
        }
    }

    /// Brings the account to `date`: the interest of every instalment that
    /// falls due by then is charged on its due date, and each day's late
    /// penalty through `date` is worked out, in the order the days came.
    pub fn bring_to(&mut self, date: Date) -> Charges {
        let date = self.charged_until(date);
        let mut charges = Charges::default();
        loop {
            let next =
                self.instalments.iter().position(|instalment| !instalment.fallen_due && instalment.due_date <= date);
            let until = next.map_or(date, |index| self.instalments[index].due_date);
            self.charge_penalties(until, &mut charges);
            let Some(index) = next else { break };
            let due = self.instalments[index].due_date;
            self.accrue(due);
            self.charge_interest(index, due, &mut charges);
            self.instalments[index].fallen_due = true;
        }
        self.note_departure(date, false);
        charges
    }

    /// Marks the account as off its schedule when it no longer stands where
    /// the schedule puts it on `on`: an instalment due before (or, after a
    /// payment, on) that day unpaid, a later one paid into or charged early,
    /// a penalty, money held, a fee or interest kept back or waived.
    fn note_departure(&mut self, on: Date, after_payment: bool) {
        let keeps_to_it = self.credit.get() == 0
            && self.fees_due.get() == 0
            && self.interest_stopped.get() == 0
            && self.fees_charged == self.terms.fee
            && self.instalments.iter().all(|instalment| {
                instalment.penalty.get() == 0
                    && if instalment.due_date < on || (after_payment && instalment.due_date == on) {
                        instalment.settled()
                    } else if instalment.due_date > on {
                        instalment.principal_paid.get() == 0
                            && instalment.interest_paid.get() == 0
                            && instalment.interest.get() == 0
                    } else {
                        true
                    }
            });
        self.left_schedule |= !keeps_to_it;
    }

    /// Charges the interest accrued to `date` (to the day) to the current
    /// instalment, as a payment or a payoff on that day needs it.
    fn charge_interest_to(&mut self, date: Date, charges: &mut Charges) {
        let date = self.charged_until(date);
        self.accrue(date);
        let current = self.instalments.iter().position(|instalment| !instalment.fallen_due).unwrap_or(0);
        self.charge_interest(current, date, charges);
    }

    /// The last day charges run to when asked for `date`: the write-off's
    /// day for a loan written off, when interest and penalties stopped.
    fn charged_until(&self, date: Date) -> Date {
        self.written_off.map_or(date, |write_off| date.min(write_off.on))
    }

    /// Writes the loan off on `date` (decision 073): the account is brought
    /// to the day with its interest to the day, and stops there; what it
    /// owes stays owed, and is what the ledger's write-off takes off the
    /// lender's books.
    pub fn write_off(&mut self, date: Date) -> Charges {
        let mut charges = self.bring_to(date);
        self.charge_interest_to(date, &mut charges);
        self.written_off = Some(WriteOff { on: date, amount: self.unpaid() });
        charges
    }

    /// Interest accrued since the last charge to `date`, within the ceiling:
    /// owed, though not yet charged.
    pub fn accrued_interest(&self, date: Date) -> Centavos {
        let mut account = self.clone();
        account.bring_to(date);
        account.accrue(account.charged_until(date));
        Centavos::new(account.within_total_ceiling(account.interest_owed_so_far()))
    }

    /// The loan's interest up to `date`: charged (net of waivers), and
    /// accrued since the last charge.
    pub fn interest_to(&self, date: Date) -> Centavos {
        let mut account = self.clone();
        account.bring_to(date);
        let charged: i64 = account.instalments.iter().map(|instalment| instalment.interest.get()).sum();
        Centavos::new(charged + account.accrued_interest(date).get())
    }

    /// The interest a payoff on `date` must pay beyond interest to the day:
    /// before the early-repayment day, interest on the principal still owed
    /// up to that day, and at least the agreement's minimum days; never so
    /// much that the loan's interest passes the schedule's.
    fn minimum_interest(&self, date: Date) -> Centavos {
        if self.written_off.is_some() {
            return Centavos::ZERO;
        }
        let clauses = &self.terms.clauses;
        let day = (date - self.start).whole_days();
        let early_from = clauses.early_from_day(self.terms.term_days());
        let floor_day = if day < early_from { early_from } else { 0 }.max(clauses.early_min_interest_days);
        if floor_day <= day {
            return Centavos::ZERO;
        }
        let owed = i128::from(self.principal_outstanding().get().max(0));
        let now = i128::from(self.principal_days);
        let extra = interest_on(now + owed * i128::from(floor_day - day), self.terms.monthly_interest_bp).get()
            - interest_on(now, self.terms.monthly_interest_bp).get();
        let schedule_room = (self.scheduled_interest.get() - self.interest_charged.get()).max(0);
        Centavos::new(self.within_total_ceiling(extra.min(schedule_room)))
    }

    /// What paying the whole loan off on `date` costs.
    pub fn payoff(&self, date: Date) -> Payoff {
        let mut account = self.clone();
        account.bring_to(date);
        account.charge_interest_to(date, &mut Charges::default());
        let dues = account.dues();
        let minimum_interest = account.minimum_interest(date);
        let total = dues.total().get() + minimum_interest.get() - account.credit.get();
        let interest_paid_in_all = account.interest_charged.get() + minimum_interest.get();
        Payoff {
            interest_saved: Centavos::new((self.scheduled_interest.get() - interest_paid_in_all).max(0)),
            on: date,
            day: (date - self.start).whole_days(),
            early_from: self.start + Duration::days(self.terms.clauses.early_from_day(self.terms.term_days())),
            principal: dues.principal,
            interest: dues.interest,
            minimum_interest,
            penalties: dues.penalties,
            fees: dues.fees,
            credit: account.credit,
            total: Centavos::new(total.max(0)),
        }
    }

    /// A payment of `amount` on `date`: the account is brought to the day,
    /// interest to the day charged, and the payment settles the instalments
    /// oldest first, each in the agreement's order, then what falls due
    /// next; a payment that pays the loan off pays its minimum interest too;
    /// anything beyond is held as the borrower's credit.
    pub fn pay(&mut self, date: Date, amount: Centavos) -> Charges {
        let mut charges = self.bring_to(date);
        self.charge_interest_to(date, &mut charges);
        let minimum = self.minimum_interest(date);
        if minimum.get() > 0 && amount.get() + self.credit.get() >= self.unpaid().get() + minimum.get() {
            // The loan is paid off: its principal is gone, so no day of the
            // minimum is ever counted again.
            self.add_interest(0, minimum.get());
            charges.interest = Centavos::new(charges.interest.get() + minimum.get());
        }
        charges.settlement = Some(self.settle(amount, false));
        self.note_departure(date, true);
        charges
    }

    /// Settles `amount` against what is owed, oldest instalment first; with
    /// `charges_only`, penalties, interest and fees but no principal (an
    /// extension's payment).
    fn settle(&mut self, amount: Centavos, charges_only: bool) -> Settlement {
        let held = self.credit.get();
        let mut left = amount.get() + held;
        let mut settlement = Settlement::default();
        let pay = |owed: i64, paid: &mut Centavos, bucket: Bucket, settlement: &mut Settlement, left: &mut i64| {
            let part = (*left).min(owed).max(0);
            if part > 0 {
                *paid = Centavos::new(paid.get() + part);
                settlement.add(bucket, part);
                *left -= part;
            }
        };
        let mut fees_paid = Centavos::ZERO;
        pay(self.fees_due.get(), &mut fees_paid, Bucket::Fees, &mut settlement, &mut left);
        self.fees_due = Centavos::new(self.fees_due.get() - fees_paid.get());
        let order = match self.terms.clauses.allocation {
            Allocation::PenaltyInterestPrincipal => [Bucket::Penalties, Bucket::Interest, Bucket::Principal],
            Allocation::InterestPrincipalPenalty => [Bucket::Interest, Bucket::Principal, Bucket::Penalties],
        };
        for instalment in &mut self.instalments {
            for bucket in order {
                let (owed, paid) = match bucket {
                    Bucket::Penalties => (instalment.unpaid_penalty().get(), &mut instalment.penalty_paid),
                    Bucket::Interest => (instalment.unpaid_interest().get(), &mut instalment.interest_paid),
                    Bucket::Principal if !charges_only => {
                        (instalment.unpaid_principal().get(), &mut instalment.principal_paid)
                    }
                    Bucket::Principal | Bucket::Fees => continue,
                };
                pay(owed, paid, bucket, &mut settlement, &mut left);
            }
        }
        // What is left (beyond everything owed, or an extension's payment
        // beyond its charges) is held for the borrower.
        self.credit = Centavos::new(left);
        settlement.credit_change = left - held;
        settlement
    }

    /// The instalment late penalties run from today, if any: the oldest
    /// whose due date is past with its scheduled amount unpaid.
    pub fn overdue_since(&self, today: Date) -> Option<Date> {
        let mut account = self.clone();
        account.bring_to(today);
        account
            .instalments
            .iter()
            .filter(|instalment| instalment.due_date < today && instalment.unpaid_scheduled().get() > 0)
            .map(|instalment| instalment.due_date)
            .min()
    }

    /// The due date of the oldest instalment that fell due and is not paid:
    /// the loan is past due from the day after it (the portfolio's buckets
    /// count days from it, decision 070). Needs no "today": the account
    /// marks an instalment fallen due when it is brought to its due date.
    pub fn unpaid_since(&self) -> Option<Date> {
        self.instalments
            .iter()
            .filter(|instalment| instalment.fallen_due && instalment.unpaid_scheduled().get() > 0)
            .map(|instalment| instalment.due_date)
            .min()
    }

    /// The running balance on `today` (interest and penalties to the day,
    /// with no daily run needed): what is owed; the next amount due
    /// (everything fallen due, today; else the next instalment as the plan
    /// shows it on its due date); and the payoff today; each less any credit
    /// held.
    pub fn running_balance(&self, today: Date) -> RunningBalance {
        let mut account = self.clone();
        account.bring_to(today);
        account.charge_interest_to(today, &mut Charges::default());
        let less_credit = |amount: Centavos| Centavos::new((amount.get() - account.credit.get()).max(0));
        let late = self.due_now(today);
        let next_due = if late.get() > 0 {
            Some(NextDue { on: today, amount: less_credit(late) })
        } else {
            self.plan(today)
                .into_iter()
                .find(|line| !line.settled)
                .map(|line| NextDue { on: line.due_date, amount: less_credit(line.remaining) })
        };
        // The payoff has the credit taken off already.
        let payoff_today = Centavos::new(self.payoff(today).total.get().max(0));
        RunningBalance { owed_today: less_credit(account.unpaid()), next_due, payoff_today }
    }

    /// Where the loan stands on `today` when an instalment is past its due
    /// date unpaid; `None` otherwise.
    pub fn overdue_standing(&self, today: Date) -> Option<OverdueStanding> {
        let since = self.overdue_since(today)?;
        let mut account = self.clone();
        account.bring_to(today);
        let penalties: i64 = account.instalments.iter().map(|instalment| instalment.penalty.get()).sum();
        let balance = account.payoff(today);
        let tomorrow = account.clone().bring_to(today + Duration::days(1));
        Some(OverdueStanding {
            days_late: (today - since).whole_days(),
            penalties_so_far: Centavos::new(penalties),
            balance_today: Centavos::new(balance.total.get() - balance.minimum_interest.get()),
            next_day_adds: tomorrow.penalties,
            cap_reached: !tomorrow.holds.is_empty(),
        })
    }

    /// The next date the daily run has work on this loan: an instalment's
    /// due date, or for a loan still open (174) the day after one fell due
    /// unpaid, when it becomes overdue. `None` once nothing is left to do
    /// but wait for the borrower.
    pub fn next_check(&self, open: bool) -> Option<Date> {
        if self.written_off.is_some() {
            return None;
        }
        let next_due =
            self.instalments.iter().find(|instalment| !instalment.fallen_due).map(|instalment| instalment.due_date);
        let becomes_late = open
            .then(|| {
                self.instalments
                    .iter()
                    .filter(|instalment| instalment.fallen_due && instalment.unpaid_scheduled().get() > 0)
                    .map(|instalment| instalment.due_date + Duration::days(1))
                    .min()
            })
            .flatten();
        match (next_due, becomes_late) {
            (Some(due), Some(late)) => Some(due.min(late)),
            (due, late) => due.or(late),
        }
    }

    /// The extension the loan can take on `date` under the rule set in force
    /// then (`rule_sets`), priced at what is then due, with its cap proof.
    pub fn extension_offer(&self, date: Date, rule_sets: &[CapRuleSet]) -> Result<RenewalOffer, NoExtension> {
        let priced = self.renewal(date, rule_sets)?;
        let proof = cap_proof::prove(&priced.contract(), &priced.rule_set).map_err(|_| NoExtension::NothingToPay)?;
        Ok(RenewalOffer {
            on: date,
            charges_due: priced.charges_due,
            fee: priced.fee,
            amount: priced.amount,
            added_days: priced.added_days,
            principal: priced.principal,
            new_due_dates: priced.new_due_dates,
            schedule: priced.schedule,
            proof,
        })
    }

    /// Whether the loan can take an extension on `date`: the offer's
    /// checks, without working out its proof for the record.
    pub fn can_extend(&self, date: Date, rule_sets: &[CapRuleSet]) -> Result<(), NoExtension> {
        self.renewal(date, rule_sets).map(drop)
    }

    fn renewal(&self, date: Date, rule_sets: &[CapRuleSet]) -> Result<Renewal, NoExtension> {
        let clauses = &self.terms.clauses;
        if self.written_off.is_some() {
            return Err(NoExtension::WrittenOff);
        }
        if clauses.extensions_allowed == 0 {
            return Err(NoExtension::NotOffered);
        }
        if self.renewals >= clauses.extensions_allowed {
            return Err(NoExtension::UsedUp { allowed: clauses.extensions_allowed });
        }
        let mut account = self.clone();
        account.bring_to(date);
        account.charge_interest_to(date, &mut Charges::default());
        let principal = account.principal_outstanding();
        if principal.get() <= 0 {
            return Err(NoExtension::NoPrincipalLeft);
        }
        let added_days = clauses.extension_days;
        let unpaid: Vec<&InstalmentAccount> =
            account.instalments.iter().filter(|instalment| instalment.unpaid_principal().get() > 0).collect();
        let oldest = unpaid.iter().map(|instalment| instalment.due_date).min().ok_or(NoExtension::NoPrincipalLeft)?;
        if oldest + Duration::days(added_days) < date {
            return Err(NoExtension::TooLate);
        }
        let fee =
            Centavos::new(account.within_total_ceiling(
                principal.mul_div_floor(clauses.extension_fee_bp, 10_000).unwrap_or_default().get(),
            ));
        let charges_due = account.charges_unpaid();
        if charges_due.get() + fee.get() <= 0 {
            return Err(NoExtension::NothingToPay);
        }
        let amount = Centavos::new((charges_due.get() + fee.get() - account.credit.get()).max(0));
        let new_due_dates: Vec<(i64, Date)> = unpaid
            .iter()
            .map(|instalment| (instalment.number, instalment.due_date + Duration::days(added_days)))
            .collect();
        // The renewal's schedule: what is left of the principal, paid on the
        // new dates, interest to each on the declining balance from today.
        let days: Vec<i64> = new_due_dates.iter().map(|(_, due)| (*due - date).whole_days().max(1)).collect();
        let parts: Vec<Centavos> = unpaid.iter().map(|instalment| instalment.unpaid_principal()).collect();
        let schedule = renewal_schedule(principal, self.terms.monthly_interest_bp, &days, &parts);
        let interest = schedule.iter().map(|instalment| instalment.interest.get()).sum::<i64>();
        // Interest past the total-cost ceiling is never charged (it stops there).
        let chargeable_interest =
            account.ceiling_room().map_or(interest, |room| interest.min((room - fee.get()).max(0)));
        let rule_set = in_force(rule_sets, date).cloned().unwrap_or_else(|| self.rule_set.clone());
        let renewal = Renewal {
            on: date,
            charges_due,
            fee,
            amount,
            added_days,
            principal,
            last_due: new_due_dates.last().map_or(date, |(_, due)| *due),
            new_due_dates,
            flows: schedule
                .iter()
                .map(|instalment| Flow { day: instalment.due_after_days, amount: instalment.amount() })
                .collect(),
            schedule,
            rule_set,
            amount_borrowed: self.terms.principal,
            monthly_interest_bp: self.terms.monthly_interest_bp,
            cost_before: account.cost_charged,
            new_charges: Centavos::new(fee.get() + chargeable_interest),
            covered_before: self.covered,
            number: self.renewals + 1,
        };
        if !cap_proof::check(&renewal.contract(), &renewal.rule_set).1.is_empty() {
            return Err(NoExtension::BreaksCeiling);
        }
        Ok(renewal)
    }

    /// Applies an extension paid on its day with `paid`: the fee charged,
    /// what was due settled (never principal), every unpaid due date moved,
    /// the renewal's rule set governing from now on.
    pub fn extend(&mut self, offer: &RenewalOffer, paid: Centavos) -> Charges {
        let mut charges = self.bring_to(offer.on);
        self.charge_interest_to(offer.on, &mut charges);
        if offer.fee.get() > 0 {
            self.fees_due = Centavos::new(self.fees_due.get() + offer.fee.get());
            self.fees_charged = Centavos::new(self.fees_charged.get() + offer.fee.get());
            self.cost_charged = Centavos::new(self.cost_charged.get() + offer.fee.get());
            charges.fees = offer.fee;
        }
        charges.settlement = Some(self.settle(paid, true));
        for (number, due_date) in &offer.new_due_dates {
            if let Some(instalment) = self.instalments.iter_mut().find(|instalment| instalment.number == *number) {
                instalment.due_date = *due_date;
                instalment.fallen_due = false;
            }
        }
        self.renewals += 1;
        self.rule_set = offer.proof.rule_set.clone();
        self.covered = offer.proof.covered;
        charges
    }

    /// Whether `charges_due` of an extension are all paid after `extend`.
    pub fn charges_settled(&self) -> bool {
        self.charges_unpaid().get() <= 0
    }

    /// Staff waive `amount` of a charge still owed (penalties, interest or
    /// fees), oldest instalment first; it is no longer charged.
    pub fn waive(&mut self, bucket: Bucket, amount: Centavos) -> Result<(), crate::ledger::LedgerError> {
        let owed = self.dues().of(bucket);
        if amount.get() <= 0 || amount > owed || bucket == Bucket::Principal {
            return Err(crate::ledger::LedgerError::Empty);
        }
        let mut left = amount.get();
        if bucket == Bucket::Fees {
            self.fees_due = Centavos::new(self.fees_due.get() - left);
            self.fees_charged = Centavos::new(self.fees_charged.get() - left);
            left = 0;
        }
        for instalment in &mut self.instalments {
            let (unpaid, charged) = match bucket {
                Bucket::Penalties => (instalment.unpaid_penalty().get(), &mut instalment.penalty),
                Bucket::Interest => (instalment.unpaid_interest().get(), &mut instalment.interest),
                _ => continue,
            };
            let part = left.min(unpaid);
            *charged = Centavos::new(charged.get() - part);
            left -= part;
        }
        self.cost_charged = Centavos::new(self.cost_charged.get() - amount.get());
        self.left_schedule = true;
        Ok(())
    }
}

/// Something that happened to a loan after its money went out, as the
/// ledger and the order's records tell it: what a replay of its account
/// goes through (a reversed payment is left out, decision 029).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoanEvent {
    Paid {
        on: Date,
        amount: Centavos,
    },
    /// An extension paid with `paid`.
    Extended {
        on: Date,
        paid: Centavos,
    },
    Waived {
        on: Date,
        bucket: Bucket,
        amount: Centavos,
    },
    /// The loan stood repaid from `from` to `to`, as the borrower was told,
    /// until a reversal reopened it: those days are never charged as late
    /// (decision 029), though interest runs on what was in truth owed.
    StoodRepaid {
        from: Date,
        to: Date,
    },
}

impl LoanEvent {
    pub fn on(&self) -> Date {
        match self {
            LoanEvent::Paid { on, .. } | LoanEvent::Extended { on, .. } | LoanEvent::Waived { on, .. } => *on,
            LoanEvent::StoodRepaid { from, .. } => *from,
        }
    }
}

impl LoanAccount {
    /// The account a loan opened with `opened` would have after `events`
    /// (oldest first), brought to `today`, with the days a ceiling held
    /// charges back on the way: what a reversal or a restatement
    /// recomputes.
    pub fn replay(
        opened: &LoanAccount,
        events: &[LoanEvent],
        rule_sets: &[CapRuleSet],
        today: Date,
    ) -> (LoanAccount, Vec<CapHold>) {
        let mut account = opened.clone();
        let mut holds = Vec::new();
        for event in events {
            let charges = match *event {
                LoanEvent::Paid { on, amount } => account.pay(on, amount),
                LoanEvent::Extended { on, paid } => match account.extension_offer(on, rule_sets) {
                    Ok(offer) => account.extend(&offer, paid),
                    Err(_) => account.pay(on, paid),
                },
                LoanEvent::Waived { on, bucket, amount } => {
                    let charges = account.bring_to(on);
                    let owed = account.dues().of(bucket);
                    let _ = account.waive(bucket, amount.min(owed));
                    charges
                }
                LoanEvent::StoodRepaid { from, to } => {
                    let charges = account.bring_to(from);
                    account.penalties_through = account.penalties_through.max(to);
                    charges
                }
            };
            holds.extend(charges.holds);
        }
        holds.extend(account.bring_to(today).holds);
        (account, holds)
    }

    /// What the borrower has paid in, net of refunds, read from the loan's
    /// ledger: the cash it holds beyond the net proceeds that went out
    /// (the inverse of `ledger_balances`' cash).
    pub fn paid_in(&self, balances: &crate::ledger::Balances) -> Centavos {
        Centavos::new(balances.net(crate::ledger::Account::Cash) + self.terms.net_proceeds().get())
    }

    /// The loan's ledger as this account says it should stand, with
    /// `paid_in` received in all: receivables, income, the borrower's
    /// credit, and the cash that balances them.
    pub fn ledger_balances(&self, paid_in: Centavos) -> crate::ledger::Balances {
        use crate::ledger::Account;
        let dues = self.dues();
        let charged = |part: fn(&InstalmentAccount) -> Centavos| {
            self.instalments.iter().map(|instalment| part(instalment).get()).sum::<i64>()
        };
        let mut nets = [0_i64; crate::ledger::ACCOUNTS];
        let mut set = |account: Account, net: i64| {
            if let Some(index) = Account::ALL.iter().position(|candidate| *candidate == account) {
                nets[index] = net;
            }
        };
        set(Account::Cash, paid_in.get() - self.terms.net_proceeds().get());
        set(Account::PrincipalReceivable, dues.principal.get());
        set(Account::InterestReceivable, dues.interest.get());
        set(Account::FeesReceivable, dues.fees.get());
        set(Account::PenaltiesReceivable, dues.penalties.get());
        set(Account::InterestIncome, -charged(|instalment| instalment.interest));
        set(Account::FeeIncome, -self.fees_charged.get());
        set(Account::PenaltyIncome, -charged(|instalment| instalment.penalty));
        set(Account::BorrowerCredit, -self.credit.get());
        if let Some(write_off) = self.written_off {
            // The receivables left for the written-off account; what was
            // paid of them since is recovered.
            for account in [
                Account::PrincipalReceivable,
                Account::InterestReceivable,
                Account::FeesReceivable,
                Account::PenaltiesReceivable,
            ] {
                set(account, 0);
            }
            set(Account::WrittenOff, write_off.amount.get());
            set(Account::Recoveries, dues.total().get() - write_off.amount.get());
        }
        crate::ledger::Balances::from_nets(nets)
    }
}

/// One instalment as the borrower's pages show it on a day.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlanLine {
    pub number: i64,
    pub due_date: Date,
    /// What it comes to: its principal and what is charged to it, and for
    /// one not yet due, the interest it carries on its day if every
    /// instalment before it is paid on its own.
    pub amount: Centavos,
    /// What is still to pay of it.
    pub remaining: Centavos,
    pub settled: bool,
}

impl LoanAccount {
    /// The instalments as they stand on `today`.
    pub fn plan(&self, today: Date) -> Vec<PlanLine> {
        let mut account = self.clone();
        account.bring_to(today);
        account.accrue(today);
        let monthly_bp = account.terms.monthly_interest_bp;
        let mut principal_days = i128::from(account.principal_days);
        let mut counted = interest_on(principal_days, monthly_bp).get();
        // Interest counted to today and not yet charged goes with the next.
        let mut carried = (counted - account.interest_charged.get() - account.interest_stopped.get()).max(0);
        let mut owed = account.principal_outstanding().get().max(0);
        let mut last_day = today;
        account
            .instalments
            .iter()
            .map(|instalment| {
                let charged = instalment.principal.get() + instalment.interest.get() + instalment.penalty.get();
                let paid =
                    instalment.principal_paid.get() + instalment.interest_paid.get() + instalment.penalty_paid.get();
                let projected = if instalment.fallen_due || instalment.settled() {
                    0
                } else {
                    principal_days +=
                        i128::from(owed) * i128::from((instalment.due_date - last_day).whole_days().max(0));
                    last_day = instalment.due_date.max(last_day);
                    let now = interest_on(principal_days, monthly_bp).get();
                    let interest = now - counted + std::mem::take(&mut carried);
                    counted = now;
                    owed -= instalment.unpaid_principal().get();
                    interest
                };
                PlanLine {
                    number: instalment.number,
                    due_date: instalment.due_date,
                    amount: Centavos::new(charged + projected),
                    remaining: Centavos::new((charged + projected - paid).max(0)),
                    settled: instalment.settled() && projected == 0,
                }
            })
            .collect()
    }

    /// What has fallen due by `today` and is unpaid: the instalments whose
    /// due date came, with their penalties, the interest accrued since on
    /// what they leave owed (when no instalment is still to come), and any
    /// fees: what a payment today must be to leave nothing late.
    pub fn due_now(&self, today: Date) -> Centavos {
        let mut account = self.clone();
        account.bring_to(today);
        account.charge_interest_to(today, &mut Charges::default());
        let due: i64 = account
            .instalments
            .iter()
            .filter(|instalment| instalment.due_date <= today)
            .map(|instalment| instalment.unpaid().get())
            .sum();
        Centavos::new(due + account.fees_due.get())
    }
}

/// The renewal's schedule: each unpaid principal part paid on its new day,
/// with interest to it on what is then owed (the principal-days rule).
fn renewal_schedule(
    principal: Centavos,
    monthly_bp: i64,
    days: &[i64],
    parts: &[Centavos],
) -> Vec<ScheduledInstalment> {
    let mut owed = principal.get();
    let (mut principal_days, mut before, mut last_day) = (0_i128, 0_i64, 0_i64);
    days.iter()
        .zip(parts)
        .enumerate()
        .map(|(index, (&day, part))| {
            principal_days += i128::from(owed) * i128::from(day - last_day);
            last_day = day;
            let so_far = interest_on(principal_days, monthly_bp).get();
            let interest = so_far - before;
            before = so_far;
            owed -= part.get();
            ScheduledInstalment {
                number: i64::try_from(index + 1).unwrap_or(i64::MAX),
                due_after_days: day,
                principal: *part,
                interest: Centavos::new(interest),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests;
