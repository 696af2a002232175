//! Extending the chart of accounts (decision 077): a finance member
//! proposes an account (a code, a name, a kind), a second, independent one
//! approves it into the chart or rejects it. An account added this way
//! carries no loan-ledger account: only journals move it. Accounts are
//! never removed (their history would lose its place); a name is corrected
//! by the same maker-checker in a later release.

use super::{GlAccount, GlKind};
use time::OffsetDateTime;

/// How long an account's name may be, in characters.
pub const NAME_CHARS: std::ops::RangeInclusive<usize> = 3..=100;

/// Where a proposed account stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AccountProposalStatus {
    Proposed,
    /// In the chart since its decision.
    Added,
    Rejected,
}

impl AccountProposalStatus {
    pub const ALL: [AccountProposalStatus; 3] =
        [AccountProposalStatus::Proposed, AccountProposalStatus::Added, AccountProposalStatus::Rejected];

    pub fn key(self) -> &'static str {
        match self {
            AccountProposalStatus::Proposed => "proposed",
            AccountProposalStatus::Added => "added",
            AccountProposalStatus::Rejected => "rejected",
        }
    }

    pub fn parse(key: &str) -> Option<AccountProposalStatus> {
        AccountProposalStatus::ALL.into_iter().find(|status| status.key() == key)
    }
}

/// An account proposed for the chart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AccountProposal {
    pub id: i64,
    pub code: String,
    pub name: String,
    pub kind: GlKind,
    pub status: AccountProposalStatus,
    pub proposed_by: Option<i64>,
    pub proposed_by_token: Option<i64>,
    pub proposed_at: OffsetDateTime,
    pub decided_by: Option<i64>,
    pub decided_at: Option<OffsetDateTime>,
}

/// Why an account was refused; nothing was kept.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AccountRefused {
    /// Codes are four digits, the first saying what the account holds:
    /// 1 assets, 2 liabilities, 3 equity, 4 income, 5 expenses.
    #[error(
        "a code is four digits whose first says the kind (1 assets, 2 liabilities, 3 equity, 4 income, 5 expenses)"
    )]
    Code,
    #[error("the chart has an account {0} already")]
    Taken(String),
    #[error("a name is 3 to 100 characters")]
    Name,
}

/// The first digit of the codes of a kind.
fn leading_digit(kind: GlKind) -> char {
    match kind {
        GlKind::Asset | GlKind::ContraAsset => '1',
        GlKind::Liability => '2',
        GlKind::Equity => '3',
        GlKind::Income => '4',
        GlKind::Expense => '5',
    }
}

/// Checks a proposed account against the chart: the code's form and its
/// kind's digit, a code not yet taken, a name of a sensible length.
pub fn check_account(chart: &[GlAccount], code: &str, name: &str, kind: GlKind) -> Result<(), AccountRefused> {
    let digits = code.len() == 4 && code.bytes().all(|byte| byte.is_ascii_digit());
    if !digits || !code.starts_with(leading_digit(kind)) {
        return Err(AccountRefused::Code);
    }
    if chart.iter().any(|account| account.code == code) {
        return Err(AccountRefused::Taken(code.to_owned()));
    }
    if !NAME_CHARS.contains(&name.trim().chars().count()) {
        return Err(AccountRefused::Name);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chart() -> Vec<GlAccount> {
        vec![GlAccount {
            code: "5100".to_owned(),
            name: "Provision".to_owned(),
            kind: GlKind::Expense,
            loan_account: None,
        }]
    }

    #[test]
    fn an_account_has_a_free_code_of_its_kind_and_a_name() {
        assert_eq!(check_account(&chart(), "5200", "Payment provider fees", GlKind::Expense), Ok(()));
        assert_eq!(check_account(&chart(), "1020", "Clearing: Xendit collections", GlKind::Asset), Ok(()));
        assert_eq!(
            check_account(&chart(), "4200", "Payment provider fees", GlKind::Expense),
            Err(AccountRefused::Code)
        );
        assert_eq!(
            check_account(&chart(), "52000", "Payment provider fees", GlKind::Expense),
            Err(AccountRefused::Code)
        );
        assert_eq!(
            check_account(&chart(), "52a0", "Payment provider fees", GlKind::Expense),
            Err(AccountRefused::Code)
        );
        assert_eq!(
            check_account(&chart(), "5100", "Provision again", GlKind::Expense),
            Err(AccountRefused::Taken("5100".to_owned()))
        );
        assert_eq!(check_account(&chart(), "5200", "  x ", GlKind::Expense), Err(AccountRefused::Name));
        assert_eq!(check_account(&chart(), "5200", &"x".repeat(101), GlKind::Expense), Err(AccountRefused::Name));
    }

    #[test]
    fn statuses_read_back_from_their_keys() {
        for status in AccountProposalStatus::ALL {
            assert_eq!(AccountProposalStatus::parse(status.key()), Some(status));
        }
    }
}
