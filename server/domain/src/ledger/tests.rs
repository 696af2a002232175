use super::*;
use crate::pricing::{PenaltyDay, PenaltySchedule, ProductTerms, caps, penalty_for_day};
use proptest::prelude::*;
use std::collections::HashMap;

fn pesos(amount: i64) -> Centavos {
    Centavos::from_pesos(amount)
}

#[test]
fn a_disbursement_sends_the_net_proceeds_and_earns_the_fee() {
    let entry = disbursement(pesos(5_000), pesos(150)).unwrap();
    let balances = Balances::of(&[entry]);
    assert_eq!(balances.net(Account::PrincipalReceivable), 500_000);
    assert_eq!(balances.net(Account::Cash), -485_000);
    assert_eq!(balances.net(Account::FeeIncome), -15_000);
    assert_eq!(balances.sum(), 0);
}

#[test]
fn a_payment_settles_penalties_then_fees_then_interest_then_principal() {
    let dues = Dues { penalties: pesos(50), fees: pesos(100), interest: pesos(600), principal: pesos(5_000) };
    let entry = repayment(pesos(1_000), &dues, &DEFAULT_ALLOCATION).unwrap();
    let credited: HashMap<Account, i64> = entry
        .lines
        .iter()
        .filter(|line| line.side == Side::Credit)
        .map(|line| (line.account, line.amount.get()))
        .collect();
    assert_eq!(credited[&Account::PenaltiesReceivable], 5_000);
    assert_eq!(credited[&Account::FeesReceivable], 10_000);
    assert_eq!(credited[&Account::InterestReceivable], 60_000);
    assert_eq!(credited[&Account::PrincipalReceivable], 25_000);
    assert!(!credited.contains_key(&Account::BorrowerCredit), "zero lines are dropped");
}

#[test]
fn paying_more_than_owed_holds_the_excess_as_credit() {
    let dues = Dues { principal: pesos(100), ..Dues::default() };
    let balances = Balances::of(&[repayment(pesos(130), &dues, &DEFAULT_ALLOCATION).unwrap()]);
    assert_eq!(balances.net(Account::BorrowerCredit), -3_000);
    assert_eq!(balances.net(Account::PrincipalReceivable), -10_000);
}

#[test]
fn a_zero_charge_posts_nothing() {
    assert_eq!(interest(Centavos::ZERO), Ok(None), "a 0% product has no interest entry");
    assert_eq!(penalty(Centavos::ZERO), Ok(None));
    assert!(extension_fee(pesos(-1)).is_err());
}

#[test]
fn a_reversal_undoes_an_entry_exactly() {
    let entry = repayment(pesos(300), &Dues { interest: pesos(500), ..Dues::default() }, &DEFAULT_ALLOCATION).unwrap();
    let reversal = entry.reversal();
    assert_eq!(Balances::of(&[entry, reversal]), Balances::default());
}

#[test]
fn unbalanced_empty_or_negative_entries_are_refused() {
    let unbalanced =
        vec![line(Account::Cash, Side::Debit, pesos(10)), line(Account::FeeIncome, Side::Credit, pesos(9))];
    assert_eq!(Entry::new(EntryKind::Penalty, unbalanced), Err(LedgerError::Unbalanced));
    assert_eq!(Entry::new(EntryKind::Penalty, vec![]), Err(LedgerError::Empty));
    let negative = vec![line(Account::Cash, Side::Debit, pesos(-1)), line(Account::FeeIncome, Side::Credit, pesos(-1))];
    assert_eq!(Entry::new(EntryKind::Penalty, negative), Err(LedgerError::Empty));
}

/// What can happen to a loan after it is disbursed.
#[derive(Clone, Debug)]
enum Event {
    Repay { amount: i64, key: u8 },
    PenaltyDay,
    ExtensionFee(i64),
    ReverseLastRepayment,
}

fn event() -> impl Strategy<Value = Event> {
    prop_oneof![
        (1i64..=800_000, 0u8..6).prop_map(|(amount, key)| Event::Repay { amount, key }),
        Just(Event::PenaltyDay),
        (1i64..=50_000).prop_map(Event::ExtensionFee),
        Just(Event::ReverseLastRepayment),
    ]
}

fn covered_terms() -> impl Strategy<Value = (ProductTerms, i64)> {
    (10i64..=100, 1i64..=4, 7i64..=30, 0i64..=600, 0i64..=900, 0i64..=10, 0i64..=20)
        .prop_map(|(min, periods, period_days, interest, fee, daily, one_time)| {
            let terms = ProductTerms {
                min_amount: Centavos::new(min * 10_000),
                max_amount: caps::COVERED_MAX_PRINCIPAL,
                amount_step: Centavos::new(10_000),
                periods,
                period_days,
                monthly_interest_bp: interest,
                service_fee_bp: fee,
                clauses: crate::pricing::ClauseTerms::STANDARD,
                penalty: PenaltySchedule {
                    one_time_new: pesos(one_time),
                    one_time_repeat: pesos(one_time / 2),
                    daily_bp_days_1_30: daily,
                    daily_bp_days_31_90: daily / 2,
                    daily_bp_from_day_91: daily / 4,
                },
            };
            (terms, min * 10_000)
        })
        .prop_filter("terms within the caps", |(terms, _)| terms.validate().is_ok())
}

proptest! {
    /// M6: any sequence of disbursement, partial repayments, penalty days,
    /// extension fees, duplicate callbacks and reversals keeps the ledger
    /// balanced, never owes a negative amount, and never charges a covered
    /// loan more than its principal.
    #[test]
    fn no_sequence_unbalances_the_ledger_or_passes_the_caps(
        (terms, principal) in covered_terms(),
        events in proptest::collection::vec(event(), 0..60),
    ) {
        let quote = terms.quote(Centavos::new(principal)).unwrap();
        let mut entries = vec![disbursement(quote.principal, quote.fees).unwrap()];
        entries.extend(interest(quote.interest).unwrap());
        let mut posted_keys: HashMap<u8, usize> = HashMap::new();
        let mut reversed: std::collections::HashSet<usize> = std::collections::HashSet::new();
        let mut day_late = 0i64;
        let mut window = 0i64;
        for event in events {
            let balances = Balances::of(&entries);
            match event {
                Event::Repay { amount, key } => {
                    // A replayed callback (same key) posts nothing new.
                    if posted_keys.contains_key(&key) {
                        continue;
                    }
                    entries.push(repayment(Centavos::new(amount), &balances.dues(), &DEFAULT_ALLOCATION).unwrap());
                    posted_keys.insert(key, entries.len() - 1);
                }
                Event::PenaltyDay => {
                    day_late += 1;
                    if (day_late - 1) % 30 == 0 {
                        window = 0;
                    }
                    let charge = penalty_for_day(&terms.penalty, &PenaltyDay {
                        day_late,
                        amount_due: balances.dues().total(),
                        accrued_this_window: Centavos::new(window),
                        total_cost_so_far: Centavos::new(balances.cost_charged()),
                        principal: quote.principal,
                        repeat_borrower: false,
                        covered: true,
                    });
                    window += charge.get();
                    entries.extend(penalty(charge).unwrap());
                }
                Event::ExtensionFee(amount) => {
                    let room = quote.principal.get() - balances.cost_charged();
                    let charge = amount.min(room);
                    entries.extend(extension_fee(Centavos::new(charge.max(0))).unwrap());
                }
                Event::ReverseLastRepayment => {
                    let last = (0..entries.len()).rev().find(|index| entries[*index].kind == EntryKind::Repayment && !reversed.contains(index));
                    if let Some(index) = last {
                        reversed.insert(index);
                        entries.push(entries[index].reversal());
                    }
                }
            }
            let after = Balances::of(&entries);
            prop_assert_eq!(after.sum(), 0);
            let dues = after.dues();
            prop_assert!(dues.penalties.get() >= 0 && dues.fees.get() >= 0 && dues.interest.get() >= 0 && dues.principal.get() >= 0, "{:?}", dues);
            prop_assert!(after.net(Account::BorrowerCredit) <= 0);
            prop_assert!(after.cost_charged() <= quote.principal.get(), "cost {} > principal {}", after.cost_charged(), quote.principal.get());
        }
    }
}

#[test]
fn a_waiver_clears_part_of_a_charge_and_never_more_than_is_owed() {
    let dues = Dues {
        penalties: Centavos::new(5_000),
        fees: Centavos::ZERO,
        interest: Centavos::new(20_000),
        principal: Centavos::new(100_000),
    };
    let entry = waiver(Bucket::Penalties, Centavos::new(3_000), &dues).unwrap();
    let mut balances = Balances::default();
    balances.apply(&entry);
    assert_eq!(balances.sum(), 0, "balanced");
    assert_eq!(balances.net(Account::PenaltiesReceivable), -3_000);
    assert_eq!(balances.net(Account::PenaltyIncome), 3_000);
    assert!(waiver(Bucket::Penalties, Centavos::new(5_001), &dues).is_err());
    assert!(waiver(Bucket::Fees, Centavos::new(1), &dues).is_err());
    assert!(waiver(Bucket::Principal, Centavos::new(1), &dues).is_err());
    assert!(waiver(Bucket::Interest, Centavos::ZERO, &dues).is_err());
}
