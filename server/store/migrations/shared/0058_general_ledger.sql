-- The general ledger's chart of accounts (issue 31, decision 068): the
-- standard chart every lender's books are kept in, and where each account
-- of the loans' own ledger lands in it (`loan_account`, at most one chart
-- account each). Data, so finance can correct a name or a code; the
-- accounts without a loan account wait for the work that posts to them
-- (provisions, write-offs, clearing with the providers' statements).
CREATE TABLE gl_account (
    code         TEXT PRIMARY KEY,
    name         TEXT NOT NULL,
    kind         TEXT NOT NULL
                 CHECK (kind IN ('asset', 'contra_asset', 'liability', 'equity', 'income', 'expense')),
    loan_account TEXT UNIQUE,
    position     INTEGER NOT NULL UNIQUE
);

INSERT INTO gl_account (code, name, kind, loan_account, position) VALUES
    ('1010', 'Cash in bank and payment channels', 'asset', 'cash', 10),
    ('1190', 'Suspense', 'asset', NULL, 20),
    ('1200', 'Loans receivable', 'asset', 'principal_receivable', 30),
    ('1290', 'Allowance for credit losses', 'contra_asset', NULL, 40),
    ('1300', 'Interest receivable', 'asset', 'interest_receivable', 50),
    ('1310', 'Fees receivable', 'asset', 'fees_receivable', 60),
    ('1320', 'Penalties receivable', 'asset', 'penalties_receivable', 70),
    ('2100', 'Borrower credit (overpayments held)', 'liability', 'borrower_credit', 80),
    ('2200', 'Unearned fee income', 'liability', NULL, 90),
    ('4100', 'Interest income', 'income', 'interest_income', 100),
    ('4200', 'Fee income', 'income', 'fee_income', 110),
    ('4300', 'Penalty income', 'income', 'penalty_income', 120),
    ('4400', 'Recoveries of loans written off', 'income', NULL, 130),
    ('5100', 'Provision for credit losses', 'expense', NULL, 140);
