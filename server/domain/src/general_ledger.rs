//! A lender's general ledger (issue 31, decision 068): the chart of
//! accounts its books are kept in, where each account of the loans' own
//! ledger lands in it, and the trial balance of a lender's loans on a day.
//!
//! The chart is data (the `gl_account` table): every lender starts from the
//! same standard chart, and each loan-ledger account maps to exactly one of
//! its accounts. A trial balance (and an income statement, the movement of
//! the income and expense accounts over a period) is derived from the loan
//! ledger, never kept beside it, so the two cannot disagree.

pub mod accrual;
pub mod aging;
pub mod chart;
pub mod close;
pub mod journal;
pub mod provision;
pub mod statement;
pub mod write_off;

use crate::ledger::{Account, Side};
use crate::money::Centavos;

/// What an account of the chart holds, and so on which side its balance
/// normally stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GlKind {
    Asset,
    /// Reduces an asset (the allowance for credit losses): a credit balance.
    ContraAsset,
    Liability,
    Equity,
    Income,
    Expense,
}

impl GlKind {
    pub const ALL: [GlKind; 6] =
        [GlKind::Asset, GlKind::ContraAsset, GlKind::Liability, GlKind::Equity, GlKind::Income, GlKind::Expense];

    pub fn key(self) -> &'static str {
        match self {
            GlKind::Asset => "asset",
            GlKind::ContraAsset => "contra_asset",
            GlKind::Liability => "liability",
            GlKind::Equity => "equity",
            GlKind::Income => "income",
            GlKind::Expense => "expense",
        }
    }

    pub fn parse(key: &str) -> Option<GlKind> {
        GlKind::ALL.into_iter().find(|kind| kind.key() == key)
    }

    /// The side an account of this kind normally has its balance on.
    pub fn normal_side(self) -> Side {
        match self {
            GlKind::Asset | GlKind::Expense => Side::Debit,
            GlKind::ContraAsset | GlKind::Liability | GlKind::Equity | GlKind::Income => Side::Credit,
        }
    }
}

/// An account of the chart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GlAccount {
    /// `1200`: what finance reads and exports by.
    pub code: String,
    pub name: String,
    pub kind: GlKind,
    /// The account of the loans' own ledger this one carries, if any.
    pub loan_account: Option<Account>,
}

/// What a lender's loans posted to one account of their ledger up to a
/// moment: the sums of its debit and of its credit lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AccountTotals {
    pub account: Account,
    pub debits: Centavos,
    pub credits: Centavos,
}

/// What the lender's staff journals posted to one account of the chart up
/// to a moment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CodeTotals {
    pub code: String,
    pub debits: Centavos,
    pub credits: Centavos,
}

/// Everything posted to a lender's books up to a moment: its loans' ledger,
/// per loan-ledger account, and its journals, per account of the chart.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Posted {
    pub loans: Vec<AccountTotals>,
    pub journals: Vec<CodeTotals>,
}

impl Posted {
    /// What was posted up to a close and what was posted since, added
    /// account by account: the loans' in the loan ledger's order of
    /// accounts, the journals' in order of code.
    pub fn plus(&self, since: &Posted) -> Posted {
        let loans = Account::ALL
            .iter()
            .filter_map(|account| {
                let of_account = self.loans.iter().chain(&since.loans).filter(|totals| totals.account == *account);
                let (reached, debits, credits) = of_account.fold((false, 0, 0), |(_, debits, credits), totals| {
                    (true, debits + totals.debits.get(), credits + totals.credits.get())
                });
                reached.then(|| AccountTotals {
                    account: *account,
                    debits: Centavos::new(debits),
                    credits: Centavos::new(credits),
                })
            })
            .collect();
        let mut journals: Vec<CodeTotals> = Vec::new();
        for totals in self.journals.iter().chain(&since.journals) {
            match journals.iter_mut().find(|known| known.code == totals.code) {
                Some(known) => {
                    known.debits = Centavos::new(known.debits.get() + totals.debits.get());
                    known.credits = Centavos::new(known.credits.get() + totals.credits.get());
                }
                None => journals.push(totals.clone()),
            }
        }
        journals.sort_by(|a, b| a.code.cmp(&b.code));
        Posted { loans, journals }
    }
}

/// One account's line of a trial balance: its balance in the debit or the
/// credit column, the other zero.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrialBalanceLine {
    pub code: String,
    pub name: String,
    pub kind: GlKind,
    pub debit: Centavos,
    pub credit: Centavos,
}

/// Every account of the chart with its balance, and the two columns' totals.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrialBalance {
    pub lines: Vec<TrialBalanceLine>,
    pub total_debit: Centavos,
    pub total_credit: Centavos,
}

/// The chart has no account for a loan-ledger account that holds money: the
/// chart's data is broken, and no trial balance can be stated.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("the chart of accounts has no account for the loan ledger's `{}`", .0.key())]
pub struct Unmapped(pub Account);

impl TrialBalance {
    /// The trial balance of what was posted in `chart`, every account of the
    /// chart listed (at zero when nothing reached it), in the chart's order.
    /// A journal's account outside the chart cannot be (the journal names
    /// accounts of the chart), and would show as books that do not balance.
    pub fn of(chart: &[GlAccount], posted: &Posted) -> Result<TrialBalance, Unmapped> {
        let totals = &posted.loans;
        if let Some(unmapped) =
            totals.iter().find(|totals| !chart.iter().any(|gl| gl.loan_account == Some(totals.account)))
        {
            return Err(Unmapped(unmapped.account));
        }
        let lines: Vec<TrialBalanceLine> = chart
            .iter()
            .map(|gl| {
                let loans: i64 = totals
                    .iter()
                    .filter(|totals| gl.loan_account == Some(totals.account))
                    .map(|totals| totals.debits.get() - totals.credits.get())
                    .sum();
                let journals: i64 = posted
                    .journals
                    .iter()
                    .filter(|totals| totals.code == gl.code)
                    .map(|totals| totals.debits.get() - totals.credits.get())
                    .sum();
                let net = loans + journals;
                TrialBalanceLine {
                    code: gl.code.clone(),
                    name: gl.name.clone(),
                    kind: gl.kind,
                    debit: Centavos::new(net.max(0)),
                    credit: Centavos::new((-net).max(0)),
                }
            })
            .collect();
        let total = |column: fn(&TrialBalanceLine) -> Centavos| {
            Centavos::new(lines.iter().map(|line| column(line).get()).sum())
        };
        let (total_debit, total_credit) = (total(|line| line.debit), total(|line| line.credit));
        Ok(TrialBalance { lines, total_debit, total_credit })
    }

    /// Whether the two columns agree, as double entry promises.
    pub fn balances(&self) -> bool {
        self.total_debit == self.total_credit
    }

    /// The line of an account, by its code.
    pub fn line(&self, code: &str) -> Option<&TrialBalanceLine> {
        self.lines.iter().find(|line| line.code == code)
    }
}

/// One income or expense account's movement over a period: what was earned
/// (income) or spent (expense), positive either way; negative when the
/// period took back more than it added (a reversal of an earlier month's).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StatementLine {
    pub code: String,
    pub name: String,
    pub amount: Centavos,
}

/// What a lender earned and spent between two moments, from its loans'
/// ledger: its income and expense accounts' movements, in the chart's order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IncomeStatement {
    pub income: Vec<StatementLine>,
    pub expenses: Vec<StatementLine>,
    pub total_income: Centavos,
    pub total_expenses: Centavos,
    /// Income less expenses; negative for a loss.
    pub net_income: Centavos,
}

impl IncomeStatement {
    /// The movements between `opening` (what was posted before the period)
    /// and `closing` (what was posted before its end).
    pub fn of(chart: &[GlAccount], opening: &Posted, closing: &Posted) -> Result<IncomeStatement, Unmapped> {
        let (before, after) = (TrialBalance::of(chart, opening)?, TrialBalance::of(chart, closing)?);
        let net = |line: &TrialBalanceLine| line.debit.get() - line.credit.get();
        let moved = |kind: GlKind, sign: i64| -> Vec<StatementLine> {
            before
                .lines
                .iter()
                .zip(&after.lines)
                .filter(|(_, line)| line.kind == kind)
                .map(|(opening, closing)| StatementLine {
                    code: closing.code.clone(),
                    name: closing.name.clone(),
                    amount: Centavos::new(sign * (net(closing) - net(opening))),
                })
                .collect()
        };
        // Income stands on the credit side, expenses on the debit side.
        let (income, expenses) = (moved(GlKind::Income, -1), moved(GlKind::Expense, 1));
        let sum = |lines: &[StatementLine]| Centavos::new(lines.iter().map(|line| line.amount.get()).sum());
        let (total_income, total_expenses) = (sum(&income), sum(&expenses));
        let net_income = Centavos::new(total_income.get() - total_expenses.get());
        Ok(IncomeStatement { income, expenses, total_income, total_expenses, net_income })
    }
}

/// A lender's position at a moment: what it has (assets, less the
/// allowance), what it owes (liabilities) and what is its own (equity,
/// and the earnings not yet closed into it: income less expenses to date).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BalanceSheet {
    /// Each asset and contra-asset account, signed as it adds to assets.
    pub assets: Vec<StatementLine>,
    pub liabilities: Vec<StatementLine>,
    pub equity: Vec<StatementLine>,
    pub total_assets: Centavos,
    pub total_liabilities: Centavos,
    /// Equity accounts and the earnings to date.
    pub total_equity: Centavos,
    /// Income less expenses posted to date, not yet closed into equity.
    pub earnings: Centavos,
}

impl BalanceSheet {
    pub fn of(trial: &TrialBalance) -> BalanceSheet {
        let lines = |kinds: &[GlKind], sign: i64| -> Vec<StatementLine> {
            trial
                .lines
                .iter()
                .filter(|line| kinds.contains(&line.kind))
                .map(|line| StatementLine {
                    code: line.code.clone(),
                    name: line.name.clone(),
                    amount: Centavos::new(sign * (line.debit.get() - line.credit.get())),
                })
                .collect()
        };
        let sum = |lines: &[StatementLine]| lines.iter().map(|line| line.amount.get()).sum::<i64>();
        // Assets stand on the debit side (the allowance on the credit side
        // takes from them); liabilities and equity on the credit side.
        let assets = lines(&[GlKind::Asset, GlKind::ContraAsset], 1);
        let liabilities = lines(&[GlKind::Liability], -1);
        let equity = lines(&[GlKind::Equity], -1);
        let earnings = -sum(&lines(&[GlKind::Income, GlKind::Expense], 1));
        BalanceSheet {
            total_assets: Centavos::new(sum(&assets)),
            total_liabilities: Centavos::new(sum(&liabilities)),
            total_equity: Centavos::new(sum(&equity) + earnings),
            earnings: Centavos::new(earnings),
            assets,
            liabilities,
            equity,
        }
    }

    /// Whether assets equal liabilities and equity, as they must when the
    /// trial balance balances.
    pub fn balances(&self) -> bool {
        self.total_assets.get() == self.total_liabilities.get() + self.total_equity.get()
    }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod books_tests;
