//! The lenders' books under random loan events (issue 31's first "done
//! when"): loans of two lenders paid out, brought to each day as the daily
//! run does, paid in part, on their due dates, twice over, extended,
//! waived, written off and recovered, refunded, a payment reversed; each
//! day the run's accrual journal; books closed now and then. Every day,
//! each lender's trial balance balances, loans receivable in the books is
//! the sum of its loans' own balances, the income in the books is what the
//! loans charged plus their adjustments to the effective interest method,
//! and the books read through a close are the books.

use super::accrual::{Schedules, accrual_lines};
use super::journal::JournalLine;
use super::{AccountTotals, CodeTotals, GlAccount, GlKind, Posted, TrialBalance};
use crate::ledger::{self, Account, Balances, Bucket, Entry, EntryKind, Side};
use crate::money::Centavos;
use crate::pricing::ProductTerms;
use crate::servicing::{Charges, LoanAccount, LoanEvent};
use crate::testing::{mc_14, product, rule_sets};
use proptest::prelude::*;
use time::macros::date;
use time::{Date, Duration};

const START: Date = date!(2026 - 12 - 01);

/// The standard chart, as migrations 0058, 0063 and 0066 leave it.
fn chart() -> Vec<GlAccount> {
    let account = |code: &str, kind: GlKind, loan_account: Option<Account>| GlAccount {
        code: code.to_owned(),
        name: code.to_owned(),
        kind,
        loan_account,
    };
    vec![
        account("1010", GlKind::Asset, Some(Account::Cash)),
        account("1190", GlKind::Asset, None),
        account("1200", GlKind::Asset, Some(Account::PrincipalReceivable)),
        account("1290", GlKind::ContraAsset, Some(Account::WrittenOff)),
        account("1300", GlKind::Asset, Some(Account::InterestReceivable)),
        account("1310", GlKind::Asset, Some(Account::FeesReceivable)),
        account("1320", GlKind::Asset, Some(Account::PenaltiesReceivable)),
        account("2100", GlKind::Liability, Some(Account::BorrowerCredit)),
        account("2200", GlKind::Liability, None),
        account("4100", GlKind::Income, Some(Account::InterestIncome)),
        account("4150", GlKind::Income, None),
        account("4200", GlKind::Income, Some(Account::FeeIncome)),
        account("4300", GlKind::Income, Some(Account::PenaltyIncome)),
        account("4400", GlKind::Income, Some(Account::Recoveries)),
        account("5100", GlKind::Expense, None),
    ]
}

/// One loan as the books see it: its account, its ledger, its history.
struct Loan {
    lender: usize,
    opened: LoanAccount,
    account: LoanAccount,
    entries: Vec<Entry>,
    events: Vec<LoanEvent>,
    paid_in: i64,
    repaid: bool,
}

impl Loan {
    fn post(&mut self, charges: &Charges, paid: Centavos) {
        self.entries.extend(ledger::interest(charges.interest).unwrap());
        self.entries.extend(ledger::penalty(charges.penalties).unwrap());
        self.entries.extend(ledger::extension_fee(charges.fees).unwrap());
        if let (Some(settlement), true) = (&charges.settlement, paid.get() > 0) {
            let recovering = self.account.written_off.is_some();
            let payment =
                if recovering { ledger::recovery(paid, settlement) } else { ledger::payment(paid, settlement) };
            self.entries.push(payment.unwrap());
        }
        self.paid_in += paid.get();
        self.repaid = self.account.unpaid().get() <= 0;
    }

    fn balances(&self) -> Balances {
        Balances::of(&self.entries)
    }
}

#[derive(Clone, Debug)]
enum Event {
    Wait(i64),
    Pay(usize, i64),
    PayDue(usize),
    Extend(usize),
    WaivePenalties(usize),
    WriteOff(usize),
    Refund(usize),
    ReverseLastPayment(usize),
    Close,
}

fn event() -> impl Strategy<Value = Event> {
    prop_oneof![
        4 => (1i64..20).prop_map(Event::Wait),
        3 => (0usize..4, 1i64..300_000).prop_map(|(loan, amount)| Event::Pay(loan, amount)),
        2 => (0usize..4).prop_map(Event::PayDue),
        1 => (0usize..4).prop_map(Event::Extend),
        1 => (0usize..4).prop_map(Event::WaivePenalties),
        1 => (0usize..4).prop_map(Event::WriteOff),
        1 => (0usize..4).prop_map(Event::Refund),
        1 => (0usize..4).prop_map(Event::ReverseLastPayment),
        1 => Just(Event::Close),
    ]
}

fn terms() -> impl Strategy<Value = (ProductTerms, i64)> {
    (1i64..=4, 10i64..=30, 100i64..=600, 0i64..=900, 10i64..=60).prop_map(|(periods, days, interest, fee, hundreds)| {
        let mut terms = product(periods, days, interest, fee);
        terms.clauses.extensions_allowed = 2;
        terms.clauses.extension_fee_bp = 200;
        (terms, hundreds * 10_000)
    })
}

/// How far each loan's ledger and a lender's journal had gone at a close.
#[derive(Clone)]
struct Mark {
    entries: Vec<usize>,
    journal: usize,
}

/// Every line a lender's loans posted and its journals, as the store sums
/// them; since `mark` only, when given.
fn posted(loans: &[Loan], journals: &[JournalLine], lender: usize, mark: Option<&Mark>) -> Posted {
    let entries: Vec<&Entry> = loans
        .iter()
        .enumerate()
        .filter(|(_, loan)| loan.lender == lender)
        .flat_map(|(index, loan)| &loan.entries[mark.map_or(0, |mark| mark.entries[index])..])
        .collect();
    let journals = &journals[mark.map_or(0, |mark| mark.journal)..];
    let totals = Account::ALL
        .iter()
        .filter_map(|account| {
            let sum = |side: Side| {
                entries
                    .iter()
                    .flat_map(|entry| &entry.lines)
                    .filter(|line| line.account == *account && line.side == side)
                    .map(|line| line.amount.get())
                    .sum::<i64>()
            };
            let (debits, credits) = (sum(Side::Debit), sum(Side::Credit));
            (debits + credits > 0).then(|| AccountTotals {
                account: *account,
                debits: Centavos::new(debits),
                credits: Centavos::new(credits),
            })
        })
        .collect();
    let mut codes: Vec<CodeTotals> = Vec::new();
    for line in journals {
        let (debit, credit) = if line.side == Side::Debit { (line.amount.get(), 0) } else { (0, line.amount.get()) };
        match codes.iter_mut().find(|known| known.code == line.code) {
            Some(known) => {
                known.debits = Centavos::new(known.debits.get() + debit);
                known.credits = Centavos::new(known.credits.get() + credit);
            }
            None => codes.push(CodeTotals {
                code: line.code.clone(),
                debits: Centavos::new(debit),
                credits: Centavos::new(credit),
            }),
        }
    }
    codes.sort_by(|a, b| a.code.cmp(&b.code));
    Posted { loans: totals, journals: codes }
}

fn net(trial: &TrialBalance, code: &str) -> i64 {
    let line = trial.line(code).unwrap();
    line.debit.get() - line.credit.get()
}

/// Brings every open loan to `day` and posts each lender's accrual journal.
fn run_day(loans: &mut [Loan], journals: &mut [Vec<JournalLine>], day: Date) {
    for loan in loans.iter_mut().filter(|loan| !loan.repaid) {
        let charges = loan.account.bring_to(day);
        loan.post(&charges, Centavos::ZERO);
    }
    let mut schedules = Schedules::default();
    for (lender, lines) in journals.iter_mut().enumerate() {
        let wanted: i64 = loans
            .iter()
            .filter(|loan| loan.lender == lender && !loan.repaid)
            .map(|loan| schedules.adjustment(&loan.account, day))
            .sum();
        let booked: i64 = lines
            .iter()
            .filter(|line| line.code == super::accrual::ADJUSTMENT)
            .map(|line| if line.side == Side::Credit { line.amount.get() } else { -line.amount.get() })
            .sum();
        lines.extend(accrual_lines(wanted, booked).unwrap_or_default());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn every_lenders_books_balance_and_agree_with_their_loans_whatever_happens(
        loans_terms in proptest::collection::vec((terms(), 0usize..2), 2..=4),
        events in proptest::collection::vec(event(), 0..40),
    ) {
        let chart = chart();
        let sets = rule_sets();
        let mut loans: Vec<Loan> = loans_terms
            .iter()
            .map(|((terms, principal), lender)| {
                let loan = terms.loan(Centavos::new(*principal), true, false).unwrap();
                let account = LoanAccount::open(loan, START, mc_14(), true).unwrap();
                let entries = vec![ledger::disbursement(account.terms.principal, account.terms.fee).unwrap()];
                Loan { lender: *lender, opened: account.clone(), account, entries, events: Vec::new(), paid_in: 0, repaid: false }
            })
            .collect();
        let mut journals: Vec<Vec<JournalLine>> = vec![Vec::new(), Vec::new()];
        let mut today = START;
        let mut closes: Vec<(usize, Posted, Mark)> = Vec::new();
        run_day(&mut loans, &mut journals, today);
        for event in events {
            match event {
                Event::Wait(days) => {
                    for _ in 0..days {
                        today += Duration::days(1);
                        run_day(&mut loans, &mut journals, today);
                    }
                }
                Event::Pay(index, _) | Event::PayDue(index) if index < loans.len() => {
                    let loan = &mut loans[index];
                    let amount = match event {
                        Event::Pay(_, amount) => amount,
                        _ => loan.account.due_now(today).get(),
                    };
                    if amount > 0 {
                        let charges = loan.account.pay(today, Centavos::new(amount));
                        loan.post(&charges, Centavos::new(amount));
                        loan.events.push(LoanEvent::Paid { on: today, amount: Centavos::new(amount) });
                    }
                }
                Event::Extend(index) if index < loans.len() && !loans[index].repaid => {
                    let loan = &mut loans[index];
                    if let Ok(offer) = loan.account.extension_offer(today, &sets) {
                        let charges = loan.account.extend(&offer, offer.amount);
                        loan.post(&charges, offer.amount);
                        loan.events.push(LoanEvent::Extended { on: today, paid: offer.amount });
                    }
                }
                Event::WaivePenalties(index) if index < loans.len() && !loans[index].repaid => {
                    let loan = &mut loans[index];
                    let owed = loan.account.dues().penalties;
                    if owed.get() > 0 && loan.account.written_off.is_none() {
                        loan.entries.push(ledger::waiver(Bucket::Penalties, owed, &loan.balances().dues()).unwrap());
                        loan.account.waive(Bucket::Penalties, owed).unwrap();
                        loan.events.push(LoanEvent::Waived { on: today, bucket: Bucket::Penalties, amount: owed });
                        loan.repaid = loan.account.unpaid().get() <= 0;
                    }
                }
                Event::WriteOff(index) if index < loans.len() && !loans[index].repaid => {
                    let loan = &mut loans[index];
                    if loan.account.written_off.is_none() {
                        let charges = loan.account.write_off(today);
                        loan.post(&charges, Centavos::ZERO);
                        loan.entries.push(ledger::write_off(&loan.account.dues()).unwrap());
                    }
                }
                Event::Refund(index) if index < loans.len() && loans[index].repaid => {
                    let loan = &mut loans[index];
                    let credit = loan.account.credit;
                    if credit.get() > 0 {
                        loan.entries.push(ledger::refund(credit).unwrap());
                        loan.account.credit = Centavos::ZERO;
                        loan.paid_in -= credit.get();
                    }
                }
                Event::ReverseLastPayment(index) if index < loans.len() => {
                    let loan = &mut loans[index];
                    let last_paid = loan.events.iter().rposition(|event| matches!(event, LoanEvent::Paid { .. }));
                    let refunded = loan.entries.iter().any(|entry| entry.kind == EntryKind::Refund);
                    if let (Some(at), None, false) = (last_paid, loan.account.written_off, refunded) {
                        let LoanEvent::Paid { amount, .. } = loan.events.remove(at) else { unreachable!() };
                        let (replayed, _) = LoanAccount::replay(&loan.opened, &loan.events, &sets, today);
                        let paid_in = loan.paid_in - amount.get();
                        // The ledger as the replay without the payment says it stands.
                        let expected = replayed.ledger_balances(Centavos::new(paid_in));
                        if let Some(entry) = crate::reversal::correction(EntryKind::Reversal, &loan.balances(), &expected).unwrap() {
                            loan.entries.push(entry);
                        }
                        loan.account = replayed;
                        loan.paid_in = paid_in;
                        loan.repaid = loan.account.unpaid().get() <= 0;
                    }
                }
                Event::Close => {
                    for (lender, journal) in journals.iter().enumerate() {
                        let mark = Mark { entries: loans.iter().map(|loan| loan.entries.len()).collect(), journal: journal.len() };
                        closes.push((lender, posted(&loans, journal, lender, None), mark));
                    }
                }
                _ => {}
            }
            for (lender, journal) in journals.iter().enumerate() {
                let books = posted(&loans, journal, lender, None);
                let trial = TrialBalance::of(&chart, &books).unwrap();
                prop_assert!(trial.balances(), "{trial:?}");
                let of_lender = || loans.iter().filter(|loan| loan.lender == lender);
                let principal: i64 = of_lender().map(|loan| loan.balances().net(Account::PrincipalReceivable)).sum();
                prop_assert_eq!(net(&trial, "1200"), principal, "loans receivable is the loans' own");
                let mut schedules = Schedules::default();
                let recognised: i64 = of_lender()
                    .map(|loan| {
                        let balances = loan.balances();
                        let charged = -(balances.net(Account::InterestIncome) + balances.net(Account::FeeIncome));
                        charged + if loan.repaid { 0 } else { schedules.adjustment(&loan.account, today) }
                    })
                    .sum();
                let in_books = -(net(&trial, "4100") + net(&trial, "4150") + net(&trial, "4200"));
                // Right after a day's run the accrual journal holds the day's
                // adjustments; an event later in the day waits for the next run.
                if matches!(event, Event::Wait(_)) {
                    prop_assert_eq!(in_books, recognised, "income on the effective interest method, {}", today);
                }
                // The books read through each close, plus what was posted
                // since, are the books.
                for (_, at_close, mark) in closes.iter().filter(|(of, _, _)| *of == lender) {
                    let since = posted(&loans, journal, lender, Some(mark));
                    prop_assert_eq!(TrialBalance::of(&chart, &at_close.plus(&since)).unwrap(), trial.clone());
                }
            }
        }
    }
}
