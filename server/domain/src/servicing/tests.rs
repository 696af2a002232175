use super::*;
use crate::ledger::{self, Account, Balances, Entry};
use crate::pricing::{PenaltySchedule, ProductTerms};
use crate::testing::{mc_14, pesos, product, rule_sets};
use proptest::prelude::*;
use time::macros::date;

const START: Date = date!(2026 - 12 - 01);

fn open(terms: &ProductTerms, principal: Centavos) -> LoanAccount {
    let loan = terms.loan(principal, true, false).unwrap();
    LoanAccount::open(loan, START, mc_14(), true).unwrap()
}

fn day(n: i64) -> Date {
    START + Duration::days(n)
}

/// The product 2: ₱3,000–₱10,000 in 4 × 30 days at 3.5% a month
/// with a 2.5% fee and a ₱50 one-time penalty.
fn product_2() -> ProductTerms {
    ProductTerms {
        min_amount: pesos(3_000),
        penalty: PenaltySchedule {
            one_time_new: pesos(50),
            one_time_repeat: pesos(40),
            daily_bp_days_1_30: 10,
            daily_bp_days_31_90: 8,
            daily_bp_from_day_91: 4,
        },
        ..product(4, 30, 350, 250)
    }
}

/// Pays what has fallen due on `on`, as a borrower paying on time does.
fn pay_due(account: &mut LoanAccount, on: Date) -> Centavos {
    let due = account.due_now(on);
    account.pay(on, due);
    due
}

#[test]
fn paying_every_instalment_on_its_day_costs_the_schedule_to_the_centavo() {
    let mut account = open(&product_2(), pesos(5_000));
    let schedule = account.terms.schedule().unwrap();
    let mut paid = 0;
    for instalment in &schedule {
        let on = day(instalment.due_after_days);
        let due = pay_due(&mut account, on);
        assert_eq!(due, instalment.amount(), "instalment {} costs what the schedule says", instalment.number);
        paid += due.get();
    }
    assert_eq!(account.unpaid(), Centavos::ZERO);
    assert_eq!(account.interest_charged, account.scheduled_interest);
    assert_eq!(paid, pesos(5_000).get() + account.scheduled_interest.get());
    assert_eq!(account.credit, Centavos::ZERO);
    assert!(account.instalments.iter().all(|instalment| instalment.penalty == Centavos::ZERO));
}

#[test]
fn paying_an_instalment_days_early_leaves_nothing_overdue_on_its_day() {
    let mut account = open(&product_2(), pesos(5_000));
    let first = account.plan(day(25))[0].amount;
    account.pay(day(25), first);
    let on_its_day = account.plan(day(31));
    assert!(on_its_day[0].settled, "{on_its_day:?}");
    assert_eq!(account.overdue_since(day(31)), None);
    assert_eq!(account.due_now(day(31)), Centavos::ZERO);
    // Paid five days early, the loan costs less interest than the schedule.
    let mut rest = account.clone();
    for instalment in 2..=4 {
        pay_due(&mut rest, day(30 * instalment));
    }
    assert_eq!(rest.unpaid(), Centavos::ZERO);
    assert!(rest.interest_charged < rest.scheduled_interest);
}

#[test]
fn the_running_balance_counts_to_the_day_and_follows_every_payment() {
    let mut account = open(&product_2(), pesos(5_000));
    let first = account.plan(day(10))[0].clone();
    let before = account.running_balance(day(10));
    // Nothing has fallen due: the next amount is the first instalment on its day.
    assert_eq!(before.next_due, Some(NextDue { on: first.due_date, amount: first.remaining }));
    // Owed today is the principal and ten days' interest, to the centavo.
    let ten_days = interest_on(i128::from(pesos(5_000).get()) * 10, account.terms.monthly_interest_bp);
    assert_eq!(before.owed_today, Centavos::new(pesos(5_000).get() + ten_days.get()));

    account.pay(day(10), pesos(500));
    let after = account.running_balance(day(10));
    assert_eq!(after.owed_today, Centavos::new(before.owed_today.get() - pesos(500).get()));
    // What the account says is owed is what its ledger's receivables hold.
    let ledger = account.ledger_balances(pesos(500));
    assert_eq!(after.owed_today, ledger.dues().total());
    assert_eq!(account.paid_in(&ledger), pesos(500));
}

#[test]
fn a_loan_nine_days_late_shows_its_penalties_with_no_daily_run() {
    let account = open(&product_2(), pesos(5_000));
    let due = account.instalments[0].due_date;
    let today = due + Duration::days(9);
    // The account was never brought past its opening day (no daily run).
    let balance = account.running_balance(today);
    let standing = account.overdue_standing(today).unwrap();
    assert_eq!(standing.days_late, 9);
    assert!(standing.penalties_so_far.get() > 0);
    assert_eq!(balance.owed_today, standing.balance_today);
    assert_eq!(balance.next_due, Some(NextDue { on: today, amount: account.due_now(today) }));
}

#[test]
fn an_extension_on_day_25_is_priced_at_what_is_due_that_day() {
    let account = open(&product_2(), pesos(5_000));
    let offer = account.extension_offer(day(25), &rule_sets()).unwrap();
    // ₱5,000 × 3.5% × 25/30 = ₱145.833… → ₱145.83: interest to the day, not the term's.
    assert_eq!(offer.charges_due, Centavos::new(14_583));
    assert_eq!(offer.fee, Centavos::ZERO);
    assert_eq!(offer.amount, Centavos::new(14_583));
    assert_eq!(offer.added_days, 30);
    assert_eq!(offer.new_due_dates.first(), Some(&(1, day(60))));
    assert!(offer.proof.passed() && offer.proof.covered);
    let mut extended = account.clone();
    extended.extend(&offer, offer.amount);
    assert!(extended.charges_settled());
    assert_eq!(extended.principal_outstanding(), pesos(5_000), "the principal stays owed");
    assert_eq!(extended.instalments[0].due_date, day(60));
    assert_eq!(extended.extension_offer(day(26), &rule_sets()), Err(NoExtension::UsedUp { allowed: 1 }));
}

#[test]
fn a_missed_first_instalment_is_charged_at_most_five_percent_of_it_in_thirty_days() {
    let mut account = open(&product_2(), pesos(5_000));
    let instalment = account.plan(day(0))[0].amount;
    account.bring_to(day(60));
    let penalties: i64 = account.instalments.iter().map(|instalment| instalment.penalty.get()).sum();
    // Days 31–60: instalment 1 alone is overdue; 5% of it, the ₱50 one-time included.
    let ceiling = instalment.mul_div_floor(500, 10_000).unwrap();
    assert_eq!(penalties, ceiling.get(), "the window's ceiling binds: {penalties} vs {ceiling:?}");
    assert!(account.one_time_charged);
}

#[test]
fn the_one_time_charge_comes_once_in_a_loans_life() {
    let mut account = open(&product_2(), pesos(5_000));
    account.bring_to(day(31));
    let first_lateness = account.instalments[0].penalty;
    assert!(first_lateness >= pesos(50).min(account.plan(day(0))[0].amount.mul_div_floor(500, 10_000).unwrap()));
    pay_due(&mut account, day(31));
    account.bring_to(day(61));
    let second_lateness = account.instalments[1].penalty;
    assert!(second_lateness < pesos(5), "a day's daily rate only, no second one-time charge: {second_lateness:?}");
}

#[test]
fn before_the_early_repayment_day_a_payoff_costs_interest_to_that_day() {
    // 91 days at 4%: early repayment at interest to the day from day 46.
    let account = open(&product(1, 91, 400, 300), pesos(5_000));
    let day_7 = account.payoff(day(7));
    assert_eq!(day_7.early_from, day(46));
    // ₱5,000 × 4% × 46/30 = ₱306.666… → ₱306.66, less than the term's ₱606.66.
    assert_eq!(day_7.total, Centavos::new(530_666));
    let day_50 = account.payoff(day(50));
    assert_eq!(day_50.minimum_interest, Centavos::ZERO);
    assert_eq!(day_50.total, Centavos::new(500_000 + 33_333));
}

#[test]
fn before_its_due_date_the_next_payment_is_the_one_of_its_day_and_paying_today_closes_for_less() {
    // The screenshots' loan: ₱5,000 for 91 days at 4%, on day 7.
    let account = open(&product(1, 91, 400, 300), pesos(5_000));
    let balance = account.running_balance(day(7));
    let instalment = account.plan(day(7))[0].clone();
    // The next payment is the instalment as it stands on its own day, ₱5,606.66…
    assert_eq!(balance.next_due, Some(NextDue { on: instalment.due_date, amount: Centavos::new(560_666) }));
    // …closing the loan today costs ₱5,306.66 (interest to the early-repayment day)…
    assert_eq!(balance.payoff_today, Centavos::new(530_666));
    assert!(balance.closes_for_less_today());
    // …which is what a payment today is asked for; and what is owed so far is
    // the principal and seven days' interest, neither of the two.
    assert_eq!(balance.payable_today(), Centavos::new(530_666));
    assert_eq!(balance.owed_today, Centavos::new(500_000 + 4_666));
    // A loan of several instalments costs more to close than its next payment.
    let several = open(&product_2(), pesos(5_000)).running_balance(day(7));
    assert!(!several.closes_for_less_today());
    assert_eq!(several.payable_today(), several.next_due.unwrap().amount);
}

#[test]
fn a_payoff_closes_the_loan_and_anything_beyond_is_held_as_credit() {
    let mut account = open(&product(1, 91, 400, 300), pesos(5_000));
    let payoff = account.payoff(day(10));
    let charges = account.pay(day(10), Centavos::new(payoff.total.get() + 500));
    assert_eq!(account.unpaid(), Centavos::ZERO);
    assert_eq!(account.credit, Centavos::new(500));
    assert_eq!(charges.settlement.unwrap().credit_change, 500);
}

#[test]
fn the_daily_run_comes_back_on_due_dates_and_the_day_an_open_loan_goes_late() {
    let mut account = open(&product_2(), pesos(5_000));
    assert_eq!(account.next_check(true), Some(day(30)));
    account.bring_to(day(30));
    assert_eq!(account.next_check(true), Some(day(31)), "unpaid on its day: late tomorrow");
    assert_eq!(account.next_check(false), Some(day(60)), "already overdue: the next due date");
    pay_due(&mut account, day(30));
    assert_eq!(account.next_check(true), Some(day(60)));
}

#[test]
fn a_waived_charge_is_not_charged_again() {
    let mut account = open(&product_2(), pesos(5_000));
    account.bring_to(day(40));
    let penalties = account.dues().penalties;
    account.waive(Bucket::Penalties, penalties).unwrap();
    assert_eq!(account.dues().penalties, Centavos::ZERO);
    account.bring_to(day(40));
    assert_eq!(account.dues().penalties, Centavos::ZERO);
    assert!(account.waive(Bucket::Principal, pesos(1)).is_err());
}

/// The ledger entries a sequence of the account's decisions posts.
fn entries_of(charges: &Charges, paid: Centavos) -> Vec<Entry> {
    entries_recovering(charges, paid, false)
}

/// The entries of what the account charged and a payment settled, the
/// payment a recovery on a loan written off.
fn entries_recovering(charges: &Charges, paid: Centavos, recovering: bool) -> Vec<Entry> {
    let mut entries = Vec::new();
    entries.extend(ledger::interest(charges.interest).unwrap());
    entries.extend(ledger::penalty(charges.penalties).unwrap());
    entries.extend(ledger::extension_fee(charges.fees).unwrap());
    if let Some(settlement) = &charges.settlement
        && paid.get() > 0
    {
        let payment = if recovering { ledger::recovery(paid, settlement) } else { ledger::payment(paid, settlement) };
        entries.push(payment.unwrap());
    }
    entries
}

#[derive(Clone, Debug)]
enum Event {
    Wait(i64),
    Pay(i64),
    PayDue,
    Extend,
    WaivePenalties,
    WriteOff,
}

fn event() -> impl Strategy<Value = Event> {
    prop_oneof![
        (1i64..40).prop_map(Event::Wait),
        (1i64..400_000).prop_map(Event::Pay),
        Just(Event::PayDue),
        Just(Event::Extend),
        Just(Event::WaivePenalties),
        Just(Event::WriteOff),
    ]
}

fn covered_terms() -> impl Strategy<Value = (ProductTerms, i64)> {
    (1i64..=6, 7i64..=30, 0i64..=600, 0i64..=900, 0i64..=60, 0i64..=100, 10i64..=100, 0i64..=500).prop_map(
        |(periods, period_days, interest, fee, daily, one_time, hundreds, extension_fee)| {
            let mut terms = product(periods, period_days, interest, fee);
            terms.penalty = PenaltySchedule {
                one_time_new: pesos(one_time),
                one_time_repeat: pesos(one_time / 2),
                daily_bp_days_1_30: daily,
                daily_bp_days_31_90: daily / 2,
                daily_bp_from_day_91: daily / 4,
            };
            terms.clauses.extensions_allowed = 3;
            terms.clauses.extension_fee_bp = extension_fee;
            (terms, hundreds * 10_000)
        },
    )
}

proptest! {
    /// M6 and the ceilings: any sequence of days passing, partial payments,
    /// payments of what is due, extensions, waivers and write-offs keeps the
    /// ledger the account posts balanced and equal to the account (a loan
    /// written off: its receivables empty, the debt written off less what
    /// was recovered), owes nothing
    /// negative, never charges a covered loan more than it lent, and never
    /// charges more late penalties in 30 days than 5% of what is overdue.
    #[test]
    fn no_sequence_breaks_the_ledger_or_a_ceiling(
        (terms, principal) in covered_terms(),
        events in proptest::collection::vec(event(), 0..40),
    ) {
        let mut account = open(&terms, Centavos::new(principal));
        let ceiling = account.rule_set.total_cost_ceiling(account.terms.principal);
        let mut entries = vec![ledger::disbursement(account.terms.principal, account.terms.fee).unwrap()];
        let mut today = START;
        let mut penalties_by_day: Vec<(Date, i64, i64)> = Vec::new();
        for event in events {
            match event {
                Event::Wait(days) => {
                    for _ in 0..days {
                        today += Duration::days(1);
                        let charges = account.bring_to(today);
                        // What was overdue when the day's penalty was worked
                        // out: read after the day is brought, since an
                        // instalment an extension moved to the day it was
                        // bought falls due again only inside that step.
                        let overdue: i64 = account.instalments.iter()
                            .filter(|instalment| instalment.fallen_due && instalment.due_date < today)
                            .map(|instalment| instalment.unpaid_scheduled().get().max(0))
                            .sum();
                        if charges.penalties.get() > 0 {
                            penalties_by_day.push((today, charges.penalties.get(), overdue));
                        }
                        entries.extend(entries_of(&charges, Centavos::ZERO));
                    }
                }
                Event::Pay(amount) => {
                    let charges = account.pay(today, Centavos::new(amount));
                    entries.extend(entries_recovering(&charges, Centavos::new(amount), account.written_off.is_some()));
                }
                Event::PayDue => {
                    let due = account.due_now(today);
                    let charges = account.pay(today, due);
                    entries.extend(entries_recovering(&charges, due, account.written_off.is_some()));
                }
                Event::Extend => {
                    if let Ok(offer) = account.extension_offer(today, &rule_sets()) {
                        prop_assert!(offer.proof.passed());
                        if offer.proof.covered {
                            // The renewal's rate, by the independent integer check.
                            let within = crate::exact_eir::at_or_below(offer.proof.net_proceeds, &offer.proof.flows, offer.proof.rule_set.eir_monthly_bp);
                            prop_assert_ne!(within, Some(false), "{:?}", offer.proof);
                        }
                        let charges = account.extend(&offer, offer.amount);
                        entries.extend(entries_of(&charges, offer.amount));
                        prop_assert!(account.charges_settled());
                    }
                }
                Event::WriteOff => {
                    if account.written_off.is_none() && account.unpaid().get() > 0 {
                        let charges = account.write_off(today);
                        entries.extend(entries_of(&charges, Centavos::ZERO));
                        entries.push(ledger::write_off(&account.dues()).unwrap());
                    }
                }
                Event::WaivePenalties => {
                    let owed = account.dues().penalties;
                    if owed.get() > 0 && account.written_off.is_none() {
                        let waiver = ledger::waiver(Bucket::Penalties, owed, &Balances::of(&entries).dues()).unwrap();
                        account.waive(Bucket::Penalties, owed).unwrap();
                        entries.push(waiver);
                    }
                }
            }
            let balances = Balances::of(&entries);
            prop_assert_eq!(balances.sum(), 0);
            if account.written_off.is_some() {
                // Off the lender's books, still owed by the borrower: what
                // was written off less what was recovered.
                prop_assert_eq!(balances.dues().total(), Centavos::ZERO);
                prop_assert_eq!(balances.net(Account::WrittenOff) + balances.net(Account::Recoveries), account.unpaid().get());
            } else {
                prop_assert_eq!(balances.dues(), account.dues());
            }
            prop_assert_eq!(-balances.net(Account::BorrowerCredit), account.credit.get());
            prop_assert_eq!(balances.cost_charged(), account.cost_charged.get());
            prop_assert!(account.dues().principal.get() >= 0 && account.dues().interest.get() >= 0);
            prop_assert!(account.cost_charged <= ceiling, "cost {:?} > {:?}", account.cost_charged, ceiling);
        }
        for (index, (on, _, overdue)) in penalties_by_day.iter().enumerate() {
            let in_window: i64 = penalties_by_day[..=index].iter()
                .filter(|(other, _, _)| *other > *on - Duration::days(30))
                .map(|(_, amount, _)| amount)
                .sum();
            prop_assert!(in_window <= overdue * 500 / 10_000, "{on}: {in_window} in 30 days on {overdue} overdue");
        }
    }

    /// D4: paying on time never costs more. Instalments paid on their days
    /// and a payoff on day `d` cost no more in all than a payoff on `d`
    /// with nothing paid before; from the early-repayment day, a payoff is
    /// the principal still owed and the interest accrued to the day.
    #[test]
    fn paying_on_time_then_paying_off_never_costs_more_than_paying_off_alone(
        (terms, principal) in covered_terms(),
        paid_on_time in 0usize..6,
        payoff_day in 0i64..240,
    ) {
        let fresh = open(&terms, Centavos::new(principal));
        let on = day(payoff_day);
        let alone = fresh.payoff(on).total.get();
        let mut account = fresh.clone();
        let mut paid = 0;
        let due_dates: Vec<Date> = account.instalments.iter().map(|instalment| instalment.due_date).collect();
        for due in due_dates.into_iter().take(paid_on_time).filter(|due| *due <= on) {
            paid += pay_due(&mut account, due).get();
        }
        let after = account.payoff(on).total.get();
        prop_assert!(paid + after <= alone, "paid {paid} + payoff {after} > payoff alone {alone}");
        if on >= fresh.payoff(on).early_from && on <= fresh.instalments[0].due_date {
            // Nothing is late yet: principal and interest to the day.
            let expected = principal + crate::pricing::interest_on(
                i128::from(principal) * i128::from(payoff_day), terms.monthly_interest_bp).get();
            let room = fresh.rule_set.total_cost_ceiling(fresh.terms.principal).get() - fresh.terms.fee.get();
            prop_assert_eq!(fresh.payoff(on).total.get(), expected.min(principal + room));
        }
    }
}
