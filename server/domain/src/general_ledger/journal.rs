//! A lender's staff journals (decision 071): balanced entries in accounts
//! of the chart that no loan event reaches (suspense, the allowance for
//! credit losses, unearned fees, recoveries, provision expense), each
//! proposed by one finance member with a memo and posted only when a
//! second, independent one approves it. Nothing posted is ever changed: a
//! mistake is undone by a journal the other way.
//!
//! The accounts that carry a loan-ledger account are control accounts:
//! only loan events move them, so loans receivable in the books always
//! equals the sum of the loans' own balances. The allowance for credit
//! losses carries the loans' written-off account (decision 073) and stays
//! open to journals: nothing ties it to the loans' balances.

use super::GlAccount;
use crate::ledger::{Account, Side};
use crate::money::Centavos;
use crate::product::LenderId;
use time::{Date, OffsetDateTime};

/// One line of a journal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JournalLine {
    /// The account's code in the chart.
    pub code: String,
    pub side: Side,
    pub amount: Centavos,
}

/// Where a journal stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JournalStatus {
    /// Waiting for a second member.
    Proposed,
    /// In the books since its decision.
    Posted,
    Rejected,
}

impl JournalStatus {
    pub const ALL: [JournalStatus; 3] = [JournalStatus::Proposed, JournalStatus::Posted, JournalStatus::Rejected];

    pub fn key(self) -> &'static str {
        match self {
            JournalStatus::Proposed => "proposed",
            JournalStatus::Posted => "posted",
            JournalStatus::Rejected => "rejected",
        }
    }

    pub fn parse(key: &str) -> Option<JournalStatus> {
        JournalStatus::ALL.into_iter().find(|status| status.key() == key)
    }
}

/// A journal as kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Journal {
    pub id: i64,
    pub lender: LenderId,
    pub memo: String,
    pub lines: Vec<JournalLine>,
    pub status: JournalStatus,
    /// The member who proposed it, or the finance tool's token.
    pub proposed_by: Option<i64>,
    pub proposed_by_token: Option<i64>,
    pub proposed_at: OffsetDateTime,
    pub decided_by: Option<i64>,
    /// When it was approved (and so posted) or rejected.
    pub decided_at: Option<OffsetDateTime>,
    /// The daily run's journals (the allowance's, decision 072; the
    /// accrual's, decision 076): which, and of which day. No member proposes
    /// them; they are posted when made.
    pub run: Option<(RunJournal, Date)>,
    /// The journal this one undoes.
    pub reverses: Option<i64>,
}

/// The journals the daily run posts itself, one of each per lender and day.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunJournal {
    /// The allowance for credit losses to the provision matrix (decision 072).
    Provision,
    /// Income to the effective interest method (decision 076).
    Accrual,
}

impl RunJournal {
    pub fn key(self) -> &'static str {
        match self {
            RunJournal::Provision => "provision",
            RunJournal::Accrual => "accrual",
        }
    }

    pub fn parse(key: &str) -> Option<RunJournal> {
        [RunJournal::Provision, RunJournal::Accrual].into_iter().find(|kind| kind.key() == key)
    }
}

/// Why a journal cannot be reversed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReversalRefused {
    /// Only a posted journal is in the books to be undone.
    #[error("the journal is not posted")]
    NotPosted,
    /// The daily run's journals follow the matrix and the loans: the next
    /// run would book them again.
    #[error("the daily run's journals are not reversed by hand")]
    Provision,
}

impl Journal {
    /// The lines that undo this journal: each the other way.
    pub fn reversed_lines(&self) -> Result<Vec<JournalLine>, ReversalRefused> {
        if self.status != JournalStatus::Posted {
            return Err(ReversalRefused::NotPosted);
        }
        if self.run.is_some() {
            return Err(ReversalRefused::Provision);
        }
        Ok(self
            .lines
            .iter()
            .map(|line| JournalLine {
                code: line.code.clone(),
                side: match line.side {
                    Side::Debit => Side::Credit,
                    Side::Credit => Side::Debit,
                },
                amount: line.amount,
            })
            .collect())
    }
}

/// The fewest and most lines a journal has.
pub const LINES: std::ops::RangeInclusive<usize> = 2..=20;
/// The shortest and longest memo, in characters.
pub const MEMO_CHARS: std::ops::RangeInclusive<usize> = 5..=500;

/// Why a journal was refused; nothing was kept.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum JournalRefused {
    #[error("a journal has 2 to 20 lines")]
    Lines,
    #[error("every amount is above zero")]
    Amount,
    #[error("the debits and the credits differ")]
    Unbalanced,
    #[error("no account {0} in the chart")]
    UnknownAccount(String),
    /// The account carries a loan-ledger account: only loan events move it.
    #[error("account {0} is moved only by loan events")]
    ControlAccount(String),
    #[error("the memo is 5 to 500 characters")]
    Memo,
}

/// Whether a journal of `lines` with `memo` may be proposed in `chart`.
pub fn check_journal(chart: &[GlAccount], memo: &str, lines: &[JournalLine]) -> Result<(), JournalRefused> {
    if !MEMO_CHARS.contains(&memo.trim().chars().count()) {
        return Err(JournalRefused::Memo);
    }
    if !LINES.contains(&lines.len()) {
        return Err(JournalRefused::Lines);
    }
    for line in lines {
        if line.amount.get() <= 0 {
            return Err(JournalRefused::Amount);
        }
        let Some(account) = chart.iter().find(|account| account.code == line.code) else {
            return Err(JournalRefused::UnknownAccount(line.code.clone()));
        };
        if account.loan_account.is_some_and(Account::controls_its_gl_account) {
            return Err(JournalRefused::ControlAccount(line.code.clone()));
        }
    }
    let side = |side: Side| -> i128 {
        lines.iter().filter(|line| line.side == side).map(|line| i128::from(line.amount.get())).sum()
    };
    if side(Side::Debit) != side(Side::Credit) {
        return Err(JournalRefused::Unbalanced);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::general_ledger::GlKind;
    use crate::ledger::Account;

    fn chart() -> Vec<GlAccount> {
        let account = |code: &str, kind: GlKind, loan_account: Option<Account>| GlAccount {
            code: code.to_owned(),
            name: code.to_owned(),
            kind,
            loan_account,
        };
        vec![
            account("1200", GlKind::Asset, Some(Account::PrincipalReceivable)),
            account("1290", GlKind::ContraAsset, None),
            account("5100", GlKind::Expense, None),
        ]
    }

    fn line(code: &str, side: Side, centavos: i64) -> JournalLine {
        JournalLine { code: code.to_owned(), side, amount: Centavos::new(centavos) }
    }

    #[test]
    fn a_balanced_journal_in_accounts_no_loan_event_reaches_may_be_proposed() {
        let provision = [line("5100", Side::Debit, 150_000), line("1290", Side::Credit, 150_000)];
        assert_eq!(check_journal(&chart(), "October provision", &provision), Ok(()));
    }

    #[test]
    fn a_journal_is_refused_for_each_thing_wrong_with_it() {
        let chart = chart();
        let memo = "October provision";
        assert_eq!(
            check_journal(&chart, "Oct", &[line("5100", Side::Debit, 1), line("1290", Side::Credit, 1)]),
            Err(JournalRefused::Memo)
        );
        assert_eq!(check_journal(&chart, memo, &[line("5100", Side::Debit, 1)]), Err(JournalRefused::Lines));
        assert_eq!(
            check_journal(&chart, memo, &[line("5100", Side::Debit, 2), line("1290", Side::Credit, 1)]),
            Err(JournalRefused::Unbalanced)
        );
        assert_eq!(
            check_journal(&chart, memo, &[line("5100", Side::Debit, 0), line("1290", Side::Credit, 0)]),
            Err(JournalRefused::Amount)
        );
        assert_eq!(
            check_journal(&chart, memo, &[line("5100", Side::Debit, 1), line("9999", Side::Credit, 1)]),
            Err(JournalRefused::UnknownAccount("9999".to_owned()))
        );
        assert_eq!(
            check_journal(&chart, memo, &[line("5100", Side::Debit, 1), line("1200", Side::Credit, 1)]),
            Err(JournalRefused::ControlAccount("1200".to_owned())),
            "loans receivable moves only with the loans"
        );
    }

    #[test]
    fn a_posted_journal_is_undone_line_for_line_the_other_way() {
        let at = OffsetDateTime::UNIX_EPOCH;
        let journal = Journal {
            id: 1,
            lender: LenderId(1),
            memo: "October provision".to_owned(),
            lines: vec![line("5100", Side::Debit, 150_000), line("1290", Side::Credit, 150_000)],
            status: JournalStatus::Posted,
            proposed_by: Some(1),
            proposed_by_token: None,
            proposed_at: at,
            decided_by: Some(2),
            decided_at: Some(at),
            run: None,
            reverses: None,
        };
        assert_eq!(
            journal.reversed_lines(),
            Ok(vec![line("5100", Side::Credit, 150_000), line("1290", Side::Debit, 150_000)])
        );
        let waiting = Journal { status: JournalStatus::Proposed, ..journal.clone() };
        assert_eq!(waiting.reversed_lines(), Err(ReversalRefused::NotPosted));
        let run = Journal { run: Some((RunJournal::Provision, time::macros::date!(2026 - 11 - 27))), ..journal };
        assert_eq!(run.reversed_lines(), Err(ReversalRefused::Provision));
    }

    #[test]
    fn statuses_read_back_from_their_keys() {
        for status in JournalStatus::ALL {
            assert_eq!(JournalStatus::parse(status.key()), Some(status));
        }
    }
}
