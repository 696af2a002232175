use super::*;
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
fn a_payment_credits_each_bucket_as_it_was_settled() {
    let settled = Settlement {
        penalties: pesos(50),
        fees: pesos(100),
        interest: pesos(600),
        principal: pesos(250),
        credit_change: 0,
    };
    let entry = payment(pesos(1_000), &settled).unwrap();
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
fn paying_more_than_owed_holds_the_excess_as_credit_and_credit_used_leaves_it() {
    let over = Settlement { principal: pesos(100), credit_change: 3_000, ..Settlement::default() };
    let balances = Balances::of(&[payment(pesos(130), &over).unwrap()]);
    assert_eq!(balances.net(Account::BorrowerCredit), -3_000);
    assert_eq!(balances.net(Account::PrincipalReceivable), -10_000);
    let used = Settlement { principal: pesos(50), credit_change: -3_000, ..Settlement::default() };
    let after = Balances::of(&[payment(pesos(130), &over).unwrap(), payment(pesos(20), &used).unwrap()]);
    assert_eq!(after.net(Account::BorrowerCredit), 0);
    assert!(payment(pesos(20), &Settlement { principal: pesos(21), ..Settlement::default() }).is_err(), "unbalanced");
}

#[test]
fn a_zero_charge_posts_nothing() {
    assert_eq!(interest(Centavos::ZERO), Ok(None), "a 0% product has no interest entry");
    assert_eq!(penalty(Centavos::ZERO), Ok(None));
    assert!(extension_fee(pesos(-1)).is_err());
}

#[test]
fn a_reversal_undoes_an_entry_exactly() {
    let entry = payment(pesos(300), &Settlement { interest: pesos(300), ..Settlement::default() }).unwrap();
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
