use super::*;
use crate::eir::effective_monthly_rate;
use crate::ledger::{self, Account, Balances, Entry};
use crate::order::OrderStatus;
use crate::pricing::{ProductTerms, flows};
use crate::servicing::Charges;
use crate::testing::{mc_14, product};
use proptest::prelude::*;
use time::Duration;
use time::macros::date;

const START: Date = date!(2026 - 12 - 01);

fn open(terms: &ProductTerms, principal: i64) -> LoanAccount {
    let loan = terms.loan(Centavos::new(principal), true, false).unwrap();
    LoanAccount::open(loan, START, mc_14(), true).unwrap()
}

fn entries_of(charges: &Charges, paid: Centavos) -> Vec<Entry> {
    let mut entries = Vec::new();
    entries.extend(ledger::interest(charges.interest).unwrap());
    entries.extend(ledger::penalty(charges.penalties).unwrap());
    if let (Some(settlement), true) = (&charges.settlement, paid.get() > 0) {
        entries.push(ledger::payment(paid, settlement).unwrap());
    }
    entries
}

/// The daily growth of a loan's effective rate found another way: the cap
/// proof's bisection of the monthly rate, not this module's Newton.
fn bisected_growth(account: &LoanAccount) -> f64 {
    let schedule = account.terms.schedule().unwrap();
    let eir = effective_monthly_rate(account.terms.net_proceeds(), &flows(&schedule)).unwrap();
    (1.0 + (eir.lower + eir.upper) / 2.0).powf(1.0 / 30.0)
}

/// Income on the effective interest method to each day, worked out another
/// way: the rate bisected, the amortised cost carried day by day (not
/// raised to a power), and its value before rounding.
fn by_the_day(account: &LoanAccount, last: i64) -> Vec<f64> {
    let schedule = account.terms.schedule().unwrap();
    let growth = bisected_growth(account);
    let net = account.terms.net_proceeds().get() as f64;
    let (mut cost, mut paid) = (net, 0.0);
    let mut income = vec![0.0];
    for day in 1..=last {
        cost *= growth;
        for instalment in schedule.iter().filter(|instalment| instalment.due_after_days == day) {
            cost -= instalment.amount().get() as f64;
            paid += instalment.amount().get() as f64;
        }
        income.push(cost - net + paid);
    }
    income
}

proptest! {
    /// The test of income: a loan paid on its schedule, every day
    /// from its payout to past its last due date, has the income its
    /// ledger charged plus the day's adjustment equal to what the effective
    /// interest method gives, to the centavo.
    #[test]
    fn income_to_any_day_is_what_the_effective_interest_method_gives(
        periods in 1i64..=6,
        period_days in 7i64..=30,
        interest_bp in 0i64..=600,
        fee_bp in 0i64..=900,
        hundreds in 10i64..=100,
    ) {
        let terms = product(periods, period_days, interest_bp, fee_bp);
        let mut account = open(&terms, hundreds * 10_000);
        let schedule = EirSchedule::of(&account.terms).unwrap();
        let last = schedule.last_day();
        let oracle = by_the_day(&account, last + 3);
        let mut entries = vec![ledger::disbursement(account.terms.principal, account.terms.fee).unwrap()];
        let mut schedules = Schedules::default();
        for day in 0..=last + 3 {
            let on = START + Duration::days(day);
            let charges = account.bring_to(on);
            entries.extend(entries_of(&charges, Centavos::ZERO));
            let due = account.due_now(on);
            if account.instalments.iter().any(|instalment| instalment.due_date == on) && due.get() > 0 {
                let charges = account.pay(on, due);
                entries.extend(entries_of(&charges, due));
            }
            let balances = Balances::of(&entries);
            let charged = -(balances.net(Account::InterestIncome) + balances.net(Account::FeeIncome));
            let recognised = charged + schedules.adjustment(&account, on);
            let expected = oracle[day as usize];
            // Where the true value sits on a half centavo the two ways may
            // round apart; nowhere else.
            let tolerance = if (expected.rem_euclid(1.0) - 0.5).abs() < 1e-4 { 1 } else { 0 };
            prop_assert!((recognised - expected.round() as i64).abs() <= tolerance,
                "day {day}: recognised {recognised}, the method gives {expected}");
        }
        prop_assert_eq!(schedules.adjustment(&account, START + Duration::days(last)), 0, "nothing left to adjust at the end");
    }
}

#[test]
fn the_daily_rate_is_the_disclosed_monthly_rate_by_the_day() {
    let terms = product(4, 30, 350, 250);
    let account = open(&terms, 500_000);
    let schedule = EirSchedule::of(&account.terms).unwrap();
    let eir = effective_monthly_rate(account.terms.net_proceeds(), &flows(&account.terms.schedule().unwrap())).unwrap();
    let monthly = schedule.growth().powi(30) - 1.0;
    assert!(monthly >= eir.lower - 1e-12 && monthly <= eir.upper + 1e-12, "{monthly} outside {eir:?}");
    // The fee is deferred on day 0 and released over the term.
    assert_eq!(schedule.adjustment(0), -account.terms.fee.get());
    assert!(
        schedule.adjustment(30) < 0 && schedule.adjustment(30) > -account.terms.fee.get(),
        "{}",
        schedule.adjustment(30)
    );
    assert_eq!(schedule.adjustment(120), 0);
}

#[test]
fn a_loan_renewed_or_written_off_holds_no_adjustment() {
    let account = open(&product(2, 30, 300, 500), 300_000);
    let mut schedules = Schedules::default();
    let day_10 = START + Duration::days(10);
    assert!(schedules.adjustment(&account, day_10) < 0);
    let renewed = LoanAccount { renewals: 1, ..account.clone() };
    assert_eq!(schedules.adjustment(&renewed, day_10), 0);
    let mut written_off = account.clone();
    written_off.write_off(day_10);
    assert_eq!(schedules.adjustment(&written_off, day_10), 0);
}

#[test]
fn the_journal_brings_the_books_to_what_the_loans_add_up_to_either_way() {
    assert_eq!(accrual_lines(-500, -500), None);
    let defer = accrual_lines(-1_500, -500).unwrap();
    assert_eq!(
        defer.iter().map(|line| (line.code.as_str(), line.side, line.amount.get())).collect::<Vec<_>>(),
        [(DEFERRAL, Side::Credit, 1_000), (ADJUSTMENT, Side::Debit, 1_000)]
    );
    let release = accrual_lines(0, -1_500).unwrap();
    assert_eq!((release[0].side, release[1].side, release[1].amount.get()), (Side::Debit, Side::Credit, 1_500));
}

#[test]
fn an_accounts_key_reads_back_and_groups_loans_of_the_same_adjustment() {
    let account = open(&product(3, 15, 400, 300), 250_000);
    let text = Accrual::kept(&account, OrderStatus::RepaymentOpen);
    let key = AccrualKey::parse(&text).unwrap();
    assert_eq!(Accrual::OnSchedule(key), Accrual::of(&account));
    let day = START + Duration::days(20);
    let mut schedules = Schedules::default();
    assert_eq!(schedules.of_key(&key, day), schedules.adjustment(&account, day));
    // Paid into before its day, it is off its schedule: read on its own.
    let mut paid_early = account.clone();
    paid_early.pay(START + Duration::days(3), Centavos::new(10_000));
    assert_eq!(Accrual::kept(&paid_early, OrderStatus::Overdue), REVISED);
    assert_eq!(Accrual::kept(&paid_early, OrderStatus::Repaid), "", "a loan no longer owing has nothing to adjust");
    assert_eq!(AccrualKey::parse(REVISED), None);
    assert_eq!(Accrual::kept(&LoanAccount { renewals: 1, ..account }, OrderStatus::RepaymentOpen), "");
    assert_eq!(AccrualKey::parse(""), None);
    assert_eq!(AccrualKey::parse("1:2:3:4:x:2026-12-01"), None);
}

/// How a loan leaves its schedule in the test below.
#[derive(Clone, Copy, Debug)]
enum Departure {
    /// Part of the first instalment paid this many days before its due date.
    EarlyInPart { days_before: i64, percent: i64 },
    /// An instalment paid this many days late, penalties and all.
    Late { instalment: usize, days: i64 },
    /// An instalment paid with this much more, held as credit for the next.
    Over { instalment: usize, extra: i64 },
}

fn departure() -> impl Strategy<Value = Departure> {
    prop_oneof![
        (1i64..=6, 10i64..=90).prop_map(|(days_before, percent)| Departure::EarlyInPart { days_before, percent }),
        (0usize..6, 1i64..=20).prop_map(|(instalment, days)| Departure::Late { instalment, days }),
        (0usize..6, 100i64..=50_000).prop_map(|(instalment, extra)| Departure::Over { instalment, extra }),
    ]
}

proptest! {
    /// PFRS 9 B5.4.6, the test of income for a loan off its
    /// schedule: once the loan leaves its schedule (paid early in part, late,
    /// or beyond what is due) and then keeps to what the contract expects,
    /// on every day from its last departure to past its end, income charged
    /// plus the adjustment equals the amortised cost of the cash it goes on
    /// to pay, at the rate fixed at the payout (found another way), less the
    /// net proceeds, plus what it paid so far: to the centavo. Repaid,
    /// nothing is left to adjust.
    #[test]
    fn a_loan_off_its_schedule_earns_its_revised_cash_flows_at_the_original_rate(
        periods in 1i64..=6,
        period_days in 7i64..=30,
        interest_bp in 0i64..=600,
        fee_bp in 0i64..=900,
        hundreds in 10i64..=100,
        departure in departure(),
    ) {
        let terms = product(periods, period_days, interest_bp, fee_bp);
        let mut account = open(&terms, hundreds * 10_000);
        let schedule = account.terms.schedule().unwrap();
        let growth = bisected_growth(&account);
        let net = account.terms.net_proceeds().get();
        let due_days: Vec<i64> = schedule.iter().map(|instalment| instalment.due_after_days).collect();
        let last = *due_days.last().unwrap();
        let (departs_on, late) = match departure {
            Departure::EarlyInPart { days_before, .. } => ((due_days[0] - days_before).max(1), None),
            Departure::Late { instalment, days } => {
                let instalment = instalment.min(due_days.len() - 1);
                (due_days[instalment] + days, Some((due_days[instalment], due_days[instalment] + days)))
            }
            Departure::Over { instalment, .. } => (due_days[instalment.min(due_days.len() - 1)], None),
        };
        let end = last.max(departs_on) + 3;
        // The loan day by day: what the ledger charged, the adjustment,
        // and the principal and interest paid that day.
        let mut entries = vec![ledger::disbursement(account.terms.principal, account.terms.fee).unwrap()];
        let mut schedules = Schedules::default();
        let mut days = Vec::new();
        for day in 0..=end {
            let on = START + Duration::days(day);
            entries.extend(entries_of(&account.bring_to(on), Centavos::ZERO));
            let waiting = late.is_some_and(|(from, until)| day >= from && day < until);
            let paying = match departure {
                Departure::EarlyInPart { percent, .. } if day == departs_on => {
                    schedule[0].amount().get() * percent / 100
                }
                Departure::Over { extra, .. } if day == departs_on => account.due_now(on).get() + extra,
                _ if waiting => 0,
                _ if due_days.contains(&day) || Some(day) == late.map(|(_, until)| until) => {
                    (account.due_now(on).get() - account.credit.get()).max(0)
                }
                _ => 0,
            };
            let mut cash = 0;
            if paying > 0 {
                let charges = account.pay(on, Centavos::new(paying));
                let settlement = charges.settlement.unwrap_or_default();
                cash = settlement.principal.get() + settlement.interest.get();
                entries.extend(entries_of(&charges, Centavos::new(paying)));
            }
            let balances = Balances::of(&entries);
            let charged = -(balances.net(Account::InterestIncome) + balances.net(Account::FeeIncome));
            days.push((charged + schedules.adjustment(&account, on), cash));
        }
        prop_assert_eq!(account.unpaid().get(), 0, "the loan is repaid by the end");
        prop_assert_eq!(schedules.of_revised(&account, START + Duration::days(end)), 0, "nothing left to adjust");
        for day in departs_on..=end {
            let later: f64 = (day + 1..=end)
                .map(|paid_on| days[paid_on as usize].1 as f64 / growth.powi((paid_on - day) as i32))
                .sum();
            let paid: i64 = days[..=day as usize].iter().map(|(_, cash)| cash).sum();
            let expected = later - net as f64 + paid as f64;
            let recognised = days[day as usize].0;
            let tolerance = if (expected.rem_euclid(1.0) - 0.5).abs() < 1e-4 { 1 } else { 0 };
            prop_assert!((recognised - expected.round() as i64).abs() <= tolerance,
                "{departure:?} day {day}: recognised {recognised}, the method gives {expected}");
        }
    }
}
