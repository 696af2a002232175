use super::*;
use crate::ledger::{Balances, Entry, EntryKind, Line};
use proptest::prelude::*;

/// A chart carrying every loan-ledger account, and one account (the
/// allowance) that none reaches.
fn chart() -> Vec<GlAccount> {
    let mut chart: Vec<GlAccount> = Account::ALL
        .iter()
        .enumerate()
        .map(|(index, account)| GlAccount {
            code: format!("{}", 1000 + index),
            name: account.key().to_owned(),
            kind: match account {
                Account::InterestIncome | Account::FeeIncome | Account::PenaltyIncome => GlKind::Income,
                Account::BorrowerCredit => GlKind::Liability,
                _ => GlKind::Asset,
            },
            loan_account: Some(*account),
        })
        .collect();
    chart.push(GlAccount {
        code: "1290".to_owned(),
        name: "Allowance for credit losses".to_owned(),
        kind: GlKind::ContraAsset,
        loan_account: None,
    });
    chart
}

/// What the store sums of the loan ledger: each account's debit and credit
/// lines, with no journal.
fn totals_of(entries: &[Entry]) -> Posted {
    Posted { loans: loan_totals(entries), journals: Vec::new() }
}

fn loan_totals(entries: &[Entry]) -> Vec<AccountTotals> {
    Account::ALL
        .iter()
        .map(|account| {
            let sum = |side: Side| {
                Centavos::new(
                    entries
                        .iter()
                        .flat_map(|entry| &entry.lines)
                        .filter(|line| line.account == *account && line.side == side)
                        .map(|line| line.amount.get())
                        .sum(),
                )
            };
            AccountTotals { account: *account, debits: sum(Side::Debit), credits: sum(Side::Credit) }
        })
        .filter(|totals| totals.debits.get() + totals.credits.get() > 0)
        .collect()
}

fn pesos(amount: i64) -> Centavos {
    Centavos::from_pesos(amount)
}

#[test]
fn a_loan_paid_out_and_partly_repaid_stands_in_both_columns_alike() {
    let entries = [
        crate::ledger::disbursement(pesos(5_000), pesos(150)).unwrap(),
        Entry::new(
            EntryKind::Interest,
            vec![
                Line { account: Account::InterestReceivable, side: Side::Debit, amount: pesos(300) },
                Line { account: Account::InterestIncome, side: Side::Credit, amount: pesos(300) },
            ],
        )
        .unwrap(),
    ];
    let trial = TrialBalance::of(&chart(), &totals_of(&entries)).unwrap();
    assert!(trial.balances(), "{trial:?}");
    let line = |account: Account| trial.lines.iter().find(|line| line.name == account.key()).unwrap();
    assert_eq!(
        (line(Account::PrincipalReceivable).debit, line(Account::PrincipalReceivable).credit),
        (pesos(5_000), Centavos::ZERO)
    );
    assert_eq!(line(Account::Cash).credit, pesos(4_850), "the net proceeds went out");
    assert_eq!(line(Account::FeeIncome).credit, pesos(150));
    assert_eq!(line(Account::InterestIncome).credit, pesos(300));
    assert_eq!(trial.total_debit, pesos(5_300));
    let allowance = trial.line("1290").unwrap();
    assert_eq!((allowance.debit, allowance.credit), (Centavos::ZERO, Centavos::ZERO), "listed at zero");
}

#[test]
fn money_in_an_account_the_chart_does_not_carry_stops_the_trial_balance() {
    let mut chart = chart();
    chart.retain(|gl| gl.loan_account != Some(Account::BorrowerCredit));
    let credit = AccountTotals { account: Account::BorrowerCredit, debits: Centavos::ZERO, credits: pesos(1) };
    let books = Posted { loans: vec![credit], journals: Vec::new() };
    assert_eq!(TrialBalance::of(&chart, &books), Err(Unmapped(Account::BorrowerCredit)));
    assert!(TrialBalance::of(&chart, &Posted::default()).unwrap().balances(), "an empty book balances");
}

#[test]
fn a_balance_sheet_shows_the_loans_as_assets_and_the_income_as_earnings() {
    let entries = [crate::ledger::disbursement(pesos(5_000), pesos(150)).unwrap()];
    let sheet = BalanceSheet::of(&TrialBalance::of(&chart(), &totals_of(&entries)).unwrap());
    let asset = |account: Account| sheet.assets.iter().find(|line| line.name == account.key()).unwrap().amount;
    assert_eq!(asset(Account::PrincipalReceivable), pesos(5_000));
    assert_eq!(asset(Account::Cash), pesos(-4_850), "the net proceeds went out of a lender with no capital posted");
    assert_eq!(sheet.assets.iter().find(|line| line.code == "1290").unwrap().amount, Centavos::ZERO);
    assert_eq!(
        (sheet.total_assets, sheet.total_liabilities, sheet.earnings, sheet.total_equity),
        (pesos(150), Centavos::ZERO, pesos(150), pesos(150))
    );
    assert!(sheet.balances());
}

#[test]
fn each_kind_has_its_normal_side_and_its_key_reads_back() {
    for kind in GlKind::ALL {
        assert_eq!(GlKind::parse(kind.key()), Some(kind));
    }
    assert_eq!(GlKind::Asset.normal_side(), Side::Debit);
    assert_eq!(GlKind::ContraAsset.normal_side(), Side::Credit);
    assert_eq!(GlKind::Income.normal_side(), Side::Credit);
    assert_eq!(GlKind::Expense.normal_side(), Side::Debit);
}

/// A balanced entry of two to four lines over random accounts.
fn balanced_entry() -> impl Strategy<Value = Entry> {
    (prop::collection::vec((0..Account::ALL.len(), 1..1_000_000i64), 1..3), 0..Account::ALL.len()).prop_map(
        |(debits, credit_account)| {
            let mut lines: Vec<Line> = debits
                .iter()
                .map(|(account, amount)| Line {
                    account: Account::ALL[*account],
                    side: Side::Debit,
                    amount: Centavos::new(*amount),
                })
                .collect();
            let total: i64 = debits.iter().map(|(_, amount)| amount).sum();
            lines.push(Line {
                account: Account::ALL[credit_account],
                side: Side::Credit,
                amount: Centavos::new(total),
            });
            Entry::new(EntryKind::Repayment, lines).expect("balanced by construction")
        },
    )
}

#[test]
fn an_income_statement_is_what_a_period_added_to_income_and_expenses() {
    let payout = crate::ledger::disbursement(pesos(5_000), pesos(150)).unwrap();
    let interest = |amount: i64| {
        Entry::new(
            EntryKind::Interest,
            vec![
                Line { account: Account::InterestReceivable, side: Side::Debit, amount: pesos(amount) },
                Line { account: Account::InterestIncome, side: Side::Credit, amount: pesos(amount) },
            ],
        )
        .unwrap()
    };
    let opening = totals_of(&[payout.clone(), interest(100)]);
    let closing = totals_of(&[payout, interest(100), interest(250)]);
    let statement = IncomeStatement::of(&chart(), &opening, &closing).unwrap();
    let earned = |account: Account| statement.income.iter().find(|line| line.name == account.key()).unwrap().amount;
    assert_eq!(earned(Account::InterestIncome), pesos(250), "only this period's interest");
    assert_eq!(earned(Account::FeeIncome), Centavos::ZERO, "the fee was earned before the period");
    assert_eq!(
        (statement.total_income, statement.total_expenses, statement.net_income),
        (pesos(250), Centavos::ZERO, pesos(250))
    );
    assert_eq!(statement.income.len(), 3, "every income account of the chart, at zero when nothing moved");
}

proptest! {
    /// Whatever balanced entries a lender's loans posted, its trial balance
    /// balances, and each account's line is its loan-ledger account's net.
    #[test]
    fn any_balanced_ledger_gives_a_trial_balance_that_balances(entries in prop::collection::vec(balanced_entry(), 0..40)) {
        let trial = TrialBalance::of(&chart(), &totals_of(&entries)).unwrap();
        prop_assert!(trial.balances());
        let balances = Balances::of(&entries);
        for account in Account::ALL {
            let line = trial.lines.iter().find(|line| line.name == account.key()).unwrap();
            prop_assert_eq!(line.debit.get() - line.credit.get(), balances.net(account));
            prop_assert!(line.debit == Centavos::ZERO || line.credit == Centavos::ZERO);
        }
    }

    /// A period's net income is what it added to the lender's net assets
    /// (assets less liabilities), since the loans' ledger balances.
    #[test]
    fn a_periods_net_income_is_what_it_added_to_net_assets(
        earlier in prop::collection::vec(balanced_entry(), 0..20),
        during in prop::collection::vec(balanced_entry(), 0..20),
    ) {
        let all: Vec<Entry> = earlier.iter().chain(&during).cloned().collect();
        let (opening, closing) = (totals_of(&earlier), totals_of(&all));
        let statement = IncomeStatement::of(&chart(), &opening, &closing).unwrap();
        let net_assets = |totals: &Posted| -> i64 {
            let trial = TrialBalance::of(&chart(), totals).unwrap();
            trial
                .lines
                .iter()
                .map(|line| match line.kind {
                    GlKind::Asset | GlKind::ContraAsset | GlKind::Liability | GlKind::Equity => line.debit.get() - line.credit.get(),
                    GlKind::Income | GlKind::Expense => 0,
                })
                .sum()
        };
        prop_assert_eq!(statement.net_income.get(), net_assets(&closing) - net_assets(&opening));
    }

    /// Assets equal liabilities and equity (with the earnings to date)
    /// whenever the trial balance balances.
    #[test]
    fn a_balance_sheet_balances_whenever_its_trial_balance_does(entries in prop::collection::vec(balanced_entry(), 0..40)) {
        let trial = TrialBalance::of(&chart(), &totals_of(&entries)).unwrap();
        let sheet = BalanceSheet::of(&trial);
        prop_assert!(sheet.balances(), "{:?}", sheet);
        let statement = IncomeStatement::of(&chart(), &Posted::default(), &totals_of(&entries)).unwrap();
        prop_assert_eq!(sheet.earnings, statement.net_income);
    }
}

proptest! {
    /// However the entries fall either side of a close, what the close kept
    /// and what was posted since add up to the whole ledger's totals, so a
    /// trial balance read through a close is the one read from every entry.
    #[test]
    fn a_close_and_the_entries_since_add_up_to_the_whole_ledger(
        entries in prop::collection::vec(balanced_entry(), 0..40),
        split in 0usize..41,
    ) {
        let split = split.min(entries.len());
        let (kept, since) = entries.split_at(split);
        let read_through_close = totals_of(kept).plus(&totals_of(since));
        prop_assert_eq!(&read_through_close, &totals_of(&entries));
        prop_assert_eq!(
            TrialBalance::of(&chart(), &read_through_close).unwrap(),
            TrialBalance::of(&chart(), &totals_of(&entries)).unwrap()
        );
    }
}

/// Journal totals as the store sums them: per code, in order of code.
fn journal_totals(lines: &[(usize, i64, i64)]) -> Vec<CodeTotals> {
    let codes = ["1190", "1290", "5100"];
    codes
        .iter()
        .enumerate()
        .filter_map(|(index, code)| {
            let of_code: Vec<_> = lines.iter().filter(|(at, _, _)| *at == index).collect();
            (!of_code.is_empty()).then(|| CodeTotals {
                code: (*code).to_owned(),
                debits: Centavos::new(of_code.iter().map(|(_, debits, _)| debits).sum()),
                credits: Centavos::new(of_code.iter().map(|(_, _, credits)| credits).sum()),
            })
        })
        .collect()
}

proptest! {
    /// What a close kept of the journals and what they posted since add up
    /// to what they posted in all, account by account.
    #[test]
    fn a_close_and_the_journals_since_add_up_to_all_the_journals(
        lines in prop::collection::vec((0usize..3, 0..1_000_000i64, 0..1_000_000i64), 0..30),
        split in 0usize..31,
    ) {
        let split = split.min(lines.len());
        let (kept, since) = lines.split_at(split);
        let books = |lines: &[(usize, i64, i64)]| Posted { loans: Vec::new(), journals: journal_totals(lines) };
        prop_assert_eq!(books(kept).plus(&books(since)), books(&lines));
    }
}
