//! The double-entry ledger of a loan, in centavos (issue 5).
//!
//! Every movement of money is an entry of debit and credit lines that sum
//! to the same amount; entries are appended, never changed: a mistake is
//! undone by a reversing entry. Balances are sums of lines. Nothing here
//! does I/O: the stores persist entries, this module decides what they are.

use crate::money::Centavos;

/// The accounts of one loan.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Account {
    /// The lender's money (bank and payment channels).
    Cash,
    PrincipalReceivable,
    InterestReceivable,
    FeesReceivable,
    PenaltiesReceivable,
    InterestIncome,
    FeeIncome,
    PenaltyIncome,
    /// Money the borrower paid beyond what was owed, held for them.
    BorrowerCredit,
    /// What was owed when the loan was written off (decision 073), taken
    /// from its receivables and charged against the lender's allowance for
    /// credit losses: a debit balance.
    WrittenOff,
    /// Money paid on a loan after it was written off: income of its own.
    Recoveries,
}

impl Account {
    pub const ALL: [Account; 11] = [
        Account::Cash,
        Account::PrincipalReceivable,
        Account::InterestReceivable,
        Account::FeesReceivable,
        Account::PenaltiesReceivable,
        Account::InterestIncome,
        Account::FeeIncome,
        Account::PenaltyIncome,
        Account::BorrowerCredit,
        Account::WrittenOff,
        Account::Recoveries,
    ];

    pub fn key(self) -> &'static str {
        match self {
            Account::Cash => "cash",
            Account::PrincipalReceivable => "principal_receivable",
            Account::InterestReceivable => "interest_receivable",
            Account::FeesReceivable => "fees_receivable",
            Account::PenaltiesReceivable => "penalties_receivable",
            Account::InterestIncome => "interest_income",
            Account::FeeIncome => "fee_income",
            Account::PenaltyIncome => "penalty_income",
            Account::BorrowerCredit => "borrower_credit",
            Account::WrittenOff => "written_off",
            Account::Recoveries => "recoveries",
        }
    }

    pub fn parse(key: &str) -> Option<Account> {
        Account::ALL.into_iter().find(|account| account.key() == key)
    }

    /// Whether the lender's account that carries this one must equal the
    /// sum of the loans' (only loan events move it). Written-off debts land
    /// in the allowance for credit losses, which provisions and finance's
    /// journals move too.
    pub fn controls_its_gl_account(self) -> bool {
        self != Account::WrittenOff
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    Debit,
    Credit,
}

impl Side {
    pub fn key(self) -> &'static str {
        match self {
            Side::Debit => "debit",
            Side::Credit => "credit",
        }
    }

    pub fn parse(key: &str) -> Option<Side> {
        match key {
            "debit" => Some(Side::Debit),
            "credit" => Some(Side::Credit),
            _ => None,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Line {
    pub account: Account,
    pub side: Side,
    pub amount: Centavos,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EntryKind {
    Disbursement,
    Interest,
    Penalty,
    ExtensionFee,
    Repayment,
    Reversal,
    /// A charge waived by staff under maker-checker.
    Adjustment,
    /// A loan made before the loan engine of decision 056, its ledger moved
    /// once to where its account, replayed under the engine, stands.
    Restatement,
    /// What a loan owed, taken off the lender's books (decision 073).
    WriteOff,
    /// Credit held for the borrower, paid back to them (decision 075).
    Refund,
}

impl EntryKind {
    pub const ALL: [EntryKind; 10] = [
        EntryKind::Disbursement,
        EntryKind::Interest,
        EntryKind::Penalty,
        EntryKind::ExtensionFee,
        EntryKind::Repayment,
        EntryKind::Reversal,
        EntryKind::Adjustment,
        EntryKind::Restatement,
        EntryKind::WriteOff,
        EntryKind::Refund,
    ];

    pub fn parse(key: &str) -> Option<EntryKind> {
        EntryKind::ALL.into_iter().find(|kind| kind.key() == key)
    }

    pub fn key(self) -> &'static str {
        match self {
            EntryKind::Disbursement => "disbursement",
            EntryKind::Interest => "interest",
            EntryKind::Penalty => "penalty",
            EntryKind::ExtensionFee => "extension_fee",
            EntryKind::Repayment => "repayment",
            EntryKind::Reversal => "reversal",
            EntryKind::Adjustment => "adjustment",
            EntryKind::Restatement => "restatement",
            EntryKind::WriteOff => "write_off",
            EntryKind::Refund => "refund",
        }
    }
}

/// One balanced movement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub kind: EntryKind,
    pub lines: Vec<Line>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LedgerError {
    #[error("an entry's debits and credits differ")]
    Unbalanced,
    #[error("an entry has no lines, or a line is not positive")]
    Empty,
    #[error("amounts too large")]
    Overflow,
}

fn line(account: Account, side: Side, amount: Centavos) -> Line {
    Line { account, side, amount }
}

impl Entry {
    /// Builds an entry, dropping zero lines, refusing negative or
    /// unbalanced ones.
    pub fn new(kind: EntryKind, lines: Vec<Line>) -> Result<Entry, LedgerError> {
        let lines: Vec<Line> = lines.into_iter().filter(|line| line.amount.get() != 0).collect();
        if lines.is_empty() || lines.iter().any(|line| line.amount.get() < 0) {
            return Err(LedgerError::Empty);
        }
        let total = |side: Side| {
            Centavos::checked_sum(lines.iter().filter(|line| line.side == side).map(|line| line.amount))
                .ok_or(LedgerError::Overflow)
        };
        if total(Side::Debit)? != total(Side::Credit)? {
            return Err(LedgerError::Unbalanced);
        }
        Ok(Entry { kind, lines })
    }

    /// How much money the entry moves: the sum of its debits (equal to
    /// its credits).
    pub fn amount(&self) -> Centavos {
        Centavos::new(self.lines.iter().filter(|line| line.side == Side::Debit).map(|line| line.amount.get()).sum())
    }

    /// The entry that undoes this one.
    pub fn reversal(&self) -> Entry {
        let flipped = self
            .lines
            .iter()
            .map(|line| Line { side: if line.side == Side::Debit { Side::Credit } else { Side::Debit }, ..*line })
            .collect();
        Entry { kind: EntryKind::Reversal, lines: flipped }
    }
}

/// Money goes out: the principal becomes receivable, the fee is earned and
/// kept, the net proceeds leave cash.
pub fn disbursement(principal: Centavos, fees: Centavos) -> Result<Entry, LedgerError> {
    let net = principal.checked_sub(fees).ok_or(LedgerError::Overflow)?;
    Entry::new(
        EntryKind::Disbursement,
        vec![
            line(Account::PrincipalReceivable, Side::Debit, principal),
            line(Account::Cash, Side::Credit, net),
            line(Account::FeeIncome, Side::Credit, fees),
        ],
    )
}

/// A charge that moves `amount` from income into a receivable; nothing to
/// post when the charge is zero (a 0% product, a capped penalty day).
fn charge(
    kind: EntryKind,
    receivable: Account,
    income: Account,
    amount: Centavos,
) -> Result<Option<Entry>, LedgerError> {
    if amount.get() == 0 {
        return Ok(None);
    }
    Entry::new(kind, vec![line(receivable, Side::Debit, amount), line(income, Side::Credit, amount)]).map(Some)
}

/// Interest charged: what accrued to the day an instalment fell due or a
/// payment came (`servicing`).
pub fn interest(amount: Centavos) -> Result<Option<Entry>, LedgerError> {
    charge(EntryKind::Interest, Account::InterestReceivable, Account::InterestIncome, amount)
}

/// Late penalties worked out for the days since the last were.
pub fn penalty(amount: Centavos) -> Result<Option<Entry>, LedgerError> {
    charge(EntryKind::Penalty, Account::PenaltiesReceivable, Account::PenaltyIncome, amount)
}

/// The fee of an extension, owed until paid.
pub fn extension_fee(amount: Centavos) -> Result<Option<Entry>, LedgerError> {
    charge(EntryKind::ExtensionFee, Account::FeesReceivable, Account::FeeIncome, amount)
}

/// Staff waive part of a charge still owed (penalties, fees or interest):
/// the income is taken back and the receivable cleared. Principal is never
/// waived this way. Refused when it would waive more than is owed.
pub fn waiver(bucket: Bucket, amount: Centavos, dues: &Dues) -> Result<Entry, LedgerError> {
    let (receivable, income) = match bucket {
        Bucket::Penalties => (Account::PenaltiesReceivable, Account::PenaltyIncome),
        Bucket::Fees => (Account::FeesReceivable, Account::FeeIncome),
        Bucket::Interest => (Account::InterestReceivable, Account::InterestIncome),
        Bucket::Principal => return Err(LedgerError::Empty),
    };
    if amount.get() <= 0 || amount > dues.of(bucket) {
        return Err(LedgerError::Empty);
    }
    Entry::new(EntryKind::Adjustment, vec![line(income, Side::Debit, amount), line(receivable, Side::Credit, amount)])
}

/// What is owed, by kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Dues {
    pub penalties: Centavos,
    pub fees: Centavos,
    pub interest: Centavos,
    pub principal: Centavos,
}

impl Dues {
    pub fn total(&self) -> Centavos {
        Centavos::new(self.penalties.get() + self.fees.get() + self.interest.get() + self.principal.get())
    }

    pub fn of(&self, bucket: Bucket) -> Centavos {
        match bucket {
            Bucket::Penalties => self.penalties,
            Bucket::Fees => self.fees,
            Bucket::Interest => self.interest,
            Bucket::Principal => self.principal,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bucket {
    Penalties,
    Fees,
    Interest,
    Principal,
}

impl Bucket {
    pub fn key(self) -> &'static str {
        match self {
            Bucket::Penalties => "penalties",
            Bucket::Fees => "fees",
            Bucket::Interest => "interest",
            Bucket::Principal => "principal",
        }
    }

    pub fn parse(key: &str) -> Option<Bucket> {
        [Bucket::Penalties, Bucket::Fees, Bucket::Interest, Bucket::Principal]
            .into_iter()
            .find(|bucket| bucket.key() == key)
    }

    fn account(self) -> Account {
        match self {
            Bucket::Penalties => Account::PenaltiesReceivable,
            Bucket::Fees => Account::FeesReceivable,
            Bucket::Interest => Account::InterestReceivable,
            Bucket::Principal => Account::PrincipalReceivable,
        }
    }
}

/// How a payment was split, by bucket. `credit_change` is how the
/// borrower's held credit moved: up by what the payment paid beyond
/// everything owed, down by credit an earlier payment left that this one
/// used; the buckets sum to the payment less that change.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Settlement {
    pub penalties: Centavos,
    pub fees: Centavos,
    pub interest: Centavos,
    pub principal: Centavos,
    pub credit_change: i64,
}

impl Settlement {
    pub fn add(&mut self, bucket: Bucket, amount: i64) {
        let slot = match bucket {
            Bucket::Penalties => &mut self.penalties,
            Bucket::Fees => &mut self.fees,
            Bucket::Interest => &mut self.interest,
            Bucket::Principal => &mut self.principal,
        };
        *slot = Centavos::new(slot.get() + amount);
    }

    pub fn of(&self, bucket: Bucket) -> Centavos {
        match bucket {
            Bucket::Penalties => self.penalties,
            Bucket::Fees => self.fees,
            Bucket::Interest => self.interest,
            Bucket::Principal => self.principal,
        }
    }
}

/// A payment received, split as the loan's account settled it
/// (`servicing::LoanAccount::pay`); what it paid beyond everything owed is
/// held as the borrower's credit, and credit it used leaves that account.
pub fn payment(amount: Centavos, settled: &Settlement) -> Result<Entry, LedgerError> {
    let mut lines = vec![line(Account::Cash, Side::Debit, amount)];
    if settled.credit_change < 0 {
        lines.push(line(Account::BorrowerCredit, Side::Debit, Centavos::new(-settled.credit_change)));
    }
    for bucket in [Bucket::Penalties, Bucket::Fees, Bucket::Interest, Bucket::Principal] {
        lines.push(line(bucket.account(), Side::Credit, settled.of(bucket)));
    }
    if settled.credit_change > 0 {
        lines.push(line(Account::BorrowerCredit, Side::Credit, Centavos::new(settled.credit_change)));
    }
    Entry::new(EntryKind::Repayment, lines)
}

/// A loan written off (decision 073): everything it owes leaves its
/// receivables for the written-off account, which the lender's books carry
/// against the allowance for credit losses. The borrower still owes it
/// (their loan's account keeps the debt); the lender no longer counts it
/// as an asset.
pub fn write_off(dues: &Dues) -> Result<Entry, LedgerError> {
    let mut lines = vec![line(Account::WrittenOff, Side::Debit, dues.total())];
    for bucket in [Bucket::Penalties, Bucket::Fees, Bucket::Interest, Bucket::Principal] {
        lines.push(line(bucket.account(), Side::Credit, dues.of(bucket)));
    }
    Entry::new(EntryKind::WriteOff, lines)
}

/// A payment on a loan written off: what it settles of the debt is a
/// recovery (the receivables it would have cleared left the books with the
/// write-off); credit is held and used as for any payment.
pub fn recovery(amount: Centavos, settled: &Settlement) -> Result<Entry, LedgerError> {
    let mut lines = vec![line(Account::Cash, Side::Debit, amount)];
    if settled.credit_change < 0 {
        lines.push(line(Account::BorrowerCredit, Side::Debit, Centavos::new(-settled.credit_change)));
    }
    let recovered: i64 = [Bucket::Penalties, Bucket::Fees, Bucket::Interest, Bucket::Principal]
        .into_iter()
        .map(|bucket| settled.of(bucket).get())
        .sum();
    lines.push(line(Account::Recoveries, Side::Credit, Centavos::new(recovered)));
    if settled.credit_change > 0 {
        lines.push(line(Account::BorrowerCredit, Side::Credit, Centavos::new(settled.credit_change)));
    }
    Entry::new(EntryKind::Repayment, lines)
}

/// Credit held for the borrower paid back to them through the payout
/// gateway (decision 075): the liability falls, and the cash with it.
pub fn refund(amount: Centavos) -> Result<Entry, LedgerError> {
    Entry::new(
        EntryKind::Refund,
        vec![line(Account::BorrowerCredit, Side::Debit, amount), line(Account::Cash, Side::Credit, amount)],
    )
}

/// How many accounts a loan has.
pub const ACCOUNTS: usize = Account::ALL.len();

/// The running balances of a loan's accounts.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Balances {
    debits_minus_credits: [i64; ACCOUNTS],
}

impl Balances {
    /// Balances kept per account in `Account::ALL` order (a stored
    /// balance row).
    pub fn from_nets(debits_minus_credits: [i64; ACCOUNTS]) -> Balances {
        Balances { debits_minus_credits }
    }

    /// Debits minus credits of every account, in `Account::ALL` order.
    pub fn nets(&self) -> [i64; ACCOUNTS] {
        self.debits_minus_credits
    }

    pub fn of(entries: &[Entry]) -> Balances {
        let mut balances = Balances::default();
        for entry in entries {
            balances.apply(entry);
        }
        balances
    }

    pub fn apply(&mut self, entry: &Entry) {
        for line in &entry.lines {
            self.apply_line(line);
        }
    }

    pub fn apply_line(&mut self, line: &Line) {
        let index = Account::ALL.iter().position(|account| *account == line.account).unwrap_or(0);
        let signed = if line.side == Side::Debit { line.amount.get() } else { -line.amount.get() };
        self.debits_minus_credits[index] += signed;
    }

    /// Debits minus credits of the account.
    pub fn net(&self, account: Account) -> i64 {
        self.debits_minus_credits[Account::ALL.iter().position(|candidate| *candidate == account).unwrap_or(0)]
    }

    /// What the borrower owes now, by kind.
    pub fn dues(&self) -> Dues {
        Dues {
            penalties: Centavos::new(self.net(Account::PenaltiesReceivable)),
            fees: Centavos::new(self.net(Account::FeesReceivable)),
            interest: Centavos::new(self.net(Account::InterestReceivable)),
            principal: Centavos::new(self.net(Account::PrincipalReceivable)),
        }
    }

    /// Interest, fees and penalties charged so far, net of reversals.
    pub fn cost_charged(&self) -> i64 {
        -(self.net(Account::InterestIncome) + self.net(Account::FeeIncome) + self.net(Account::PenaltyIncome))
    }

    /// Sum over all accounts: zero whenever every entry is balanced.
    pub fn sum(&self) -> i64 {
        self.debits_minus_credits.iter().sum()
    }
}

#[cfg(test)]
mod tests;
