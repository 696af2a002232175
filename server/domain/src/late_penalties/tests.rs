use super::*;

fn schedule() -> PenaltySchedule {
    PenaltySchedule {
        one_time_new: Centavos::new(10_000),
        one_time_repeat: Centavos::new(5_000),
        daily_bp_days_1_30: 50,
        daily_bp_days_31_90: 30,
        daily_bp_from_day_91: 10,
    }
}

/// A ₱5,000 loan with ₱600 interest, disbursed and unpaid.
fn disbursed() -> Balances {
    let principal = Centavos::new(500_000);
    let mut balances = Balances::default();
    balances.apply(&ledger::disbursement(principal, Centavos::ZERO).unwrap());
    balances.apply(&ledger::interest(Centavos::new(60_000)).unwrap().unwrap());
    balances
}

fn loan(schedule: &PenaltySchedule, covered: bool) -> LateLoan<'_> {
    LateLoan {
        schedule,
        principal: Centavos::new(500_000),
        repeat_borrower: false,
        covered,
        balances: disbursed(),
        charged: BTreeMap::new(),
        stood_repaid_through_day: 0,
    }
}

/// The run as it was: one day at a time, each day reading what the days
/// before it charged.
fn day_by_day(mut loan: LateLoan<'_>, days_late: i64) -> Vec<(i64, Entry)> {
    let mut all = Vec::new();
    for today in 1..=days_late {
        for (day, entry) in uncharged_days(&loan, today).unwrap() {
            loan.balances.apply(&entry);
            loan.charged.insert(day, entry.amount());
            all.push((day, entry));
        }
    }
    all
}

#[test]
fn catching_up_many_days_at_once_charges_what_a_run_every_day_would() {
    let schedule = schedule();
    for covered in [false, true] {
        for days_late in [1, 2, 29, 30, 31, 45, 91, 200] {
            assert_eq!(
                uncharged_days(&loan(&schedule, covered), days_late).unwrap(),
                day_by_day(loan(&schedule, covered), days_late),
                "covered {covered}, {days_late} days late"
            );
        }
    }
}

#[test]
fn days_charged_before_are_skipped_and_count_in_their_window() {
    let schedule = schedule();
    let mut late = loan(&schedule, false);
    let first_ten = uncharged_days(&late, 10).unwrap();
    for (day, entry) in &first_ten {
        late.balances.apply(entry);
        late.charged.insert(*day, entry.amount());
    }
    let next = uncharged_days(&late, 12).unwrap();
    assert_eq!(next.iter().map(|(day, _)| *day).collect::<Vec<_>>(), vec![11, 12]);
    let all = uncharged_days(&loan(&schedule, false), 12).unwrap();
    assert_eq!(&all[10..], &next[..], "the same two days as a run that charged all twelve");
}

#[test]
fn a_covered_loan_stops_at_the_window_cap() {
    let schedule = schedule();
    let charged: i64 = uncharged_days(&loan(&schedule, true), 30).unwrap().iter().map(|(_, e)| e.amount().get()).sum();
    // 5% of the ₱5,600 due in one 30-day window.
    assert_eq!(charged, 28_000);
    let uncovered: i64 =
        uncharged_days(&loan(&schedule, false), 30).unwrap().iter().map(|(_, e)| e.amount().get()).sum();
    assert!(uncovered > charged);
}

#[test]
fn only_the_current_lateness_keys_count() {
    let entries = [
        ("penalty:7:1", Centavos::new(100)),
        ("penalty:7:2", Centavos::new(200)),
        ("penalty:7:r1:1", Centavos::new(300)),
        ("demo-interest-7", Centavos::new(400)),
    ];
    let first = days_charged(&key_prefix(OrderId(7), 0), entries);
    assert_eq!(first.into_iter().collect::<Vec<_>>(), vec![(1, Centavos::new(100)), (2, Centavos::new(200))]);
    let after_rollover = days_charged(&key_prefix(OrderId(7), 1), entries);
    assert_eq!(after_rollover.into_iter().collect::<Vec<_>>(), vec![(1, Centavos::new(300))]);
    assert_eq!(accrued_in_window(&days_charged("penalty:7:", entries), 3), Centavos::new(300));
    assert_eq!(accrued_in_window(&days_charged("penalty:7:", entries), 31), Centavos::ZERO);
}

#[test]
fn days_the_loan_stood_repaid_are_never_charged() {
    let schedule = schedule();
    let reopened = LateLoan { stood_repaid_through_day: 5, ..loan(&schedule, true) };
    let days: Vec<i64> = uncharged_days(&reopened, 8).unwrap().into_iter().map(|(day, _)| day).collect();
    assert_eq!(days, [6, 7, 8]);
}
