-- The loan engine of decision 056 (issue 28).
--
-- The ceilings of the law as dated rule sets: data an operator corrects,
-- never constants. The one in force on a loan's contract (or renewal) date
-- governs it. BSP Circular 1133 took effect on 3 January 2022; SEC MC 14
-- s.2025 is reported to apply to loans made, restructured or renewed from 1
-- April 2026 (D4).
CREATE TABLE cap_rule_set (
    code               TEXT PRIMARY KEY,
    source             TEXT NOT NULL,
    in_force_from      TEXT NOT NULL,
    max_principal      INTEGER NOT NULL CHECK (max_principal > 0),
    max_term_months    INTEGER NOT NULL CHECK (max_term_months BETWEEN 1 AND 12),
    nominal_monthly_bp INTEGER NOT NULL CHECK (nominal_monthly_bp > 0),
    eir_monthly_bp     INTEGER NOT NULL CHECK (eir_monthly_bp > 0),
    penalty_monthly_bp INTEGER NOT NULL CHECK (penalty_monthly_bp > 0),
    total_cost_bp      INTEGER NOT NULL CHECK (total_cost_bp > 0),
    updated_at         INTEGER NOT NULL
) WITHOUT ROWID;
INSERT INTO cap_rule_set VALUES
    ('BSP-1133', 'BSP Circular No. 1133, series of 2021; SEC Memorandum Circular No. 3, series of 2022',
     '2022-01-03', 1000000, 4, 600, 1500, 500, 10000, 0),
    ('SEC-MC-14-2025', 'SEC Memorandum Circular No. 14, series of 2025 (RA 11765 section 6(a))',
     '2026-04-01', 1000000, 4, 600, 1200, 500, 10000, 0);

-- A product's extension period and fee and the order its payments settle
-- an instalment in. Existing products extend by one period, free, penalty
-- then interest then principal: what their agreements said.
ALTER TABLE product ADD COLUMN extension_days INTEGER NOT NULL DEFAULT 0 CHECK (extension_days >= 0);
UPDATE product SET extension_days = period_days;
ALTER TABLE product ADD COLUMN extension_fee_bp INTEGER NOT NULL DEFAULT 0 CHECK (extension_fee_bp >= 0);
ALTER TABLE product ADD COLUMN allocation TEXT NOT NULL DEFAULT 'penalty_interest_principal';

-- What a loan is made on, frozen when the borrower accepts (JSON of
-- `pricing::LoanTerms`), and the act the borrower accepted by (D9).
ALTER TABLE loan_order ADD COLUMN terms TEXT;
ALTER TABLE loan_order ADD COLUMN accepted_by_act TEXT;

-- The loan's account from its payout on (JSON of `servicing::LoanAccount`)
-- and the next date the daily run has work on it.
CREATE TABLE loan_account (
    order_id   INTEGER PRIMARY KEY REFERENCES loan_order (id),
    account    TEXT NOT NULL,
    next_check TEXT,
    updated_at INTEGER NOT NULL
);
CREATE INDEX loan_account_next_check ON loan_account (next_check) WHERE next_check IS NOT NULL;

-- Cap proofs: each contract of a loan (acceptance, renewals) held against
-- its rule set, and each run of days a ceiling held penalties or interest
-- back. Never changed.
CREATE TABLE cap_proof (
    id            INTEGER PRIMARY KEY,
    order_id      INTEGER NOT NULL REFERENCES loan_order (id),
    occasion      TEXT NOT NULL,
    rule_set_code TEXT NOT NULL,
    passed        INTEGER NOT NULL,
    body          TEXT NOT NULL,
    created_at    INTEGER NOT NULL
);
CREATE INDEX cap_proof_order ON cap_proof (order_id, id);
CREATE TRIGGER cap_proof_no_update BEFORE UPDATE ON cap_proof
BEGIN
    SELECT RAISE(ABORT, 'cap proofs are immutable');
END;
CREATE TRIGGER cap_proof_no_delete BEFORE DELETE ON cap_proof
BEGIN
    SELECT RAISE(ABORT, 'cap proofs are immutable');
END;

-- A renewal's disclosure, stored when the borrower asks for the pay code
-- that pays it, before any money moves. Never changed.
CREATE TABLE renewal_disclosure (
    pay_code   TEXT PRIMARY KEY,
    order_id   INTEGER NOT NULL REFERENCES loan_order (id),
    offered_on TEXT NOT NULL,
    body       TEXT NOT NULL,
    created_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX renewal_disclosure_order ON renewal_disclosure (order_id);
CREATE TRIGGER renewal_disclosure_no_update BEFORE UPDATE ON renewal_disclosure
BEGIN
    SELECT RAISE(ABORT, 'renewal disclosures are immutable');
END;
CREATE TRIGGER renewal_disclosure_no_delete BEFORE DELETE ON renewal_disclosure
BEGIN
    SELECT RAISE(ABORT, 'renewal disclosures are immutable');
END;

-- The extension a payment applied names the pay code it was offered under.
ALTER TABLE order_extension ADD COLUMN pay_code TEXT;

-- Loans made before the engine and open when it arrived: each is restated
-- once (its account opened and replayed under the engine, its ledger moved
-- to where the account stands), then leaves this list (decision 056).
CREATE TABLE loan_restatement (
    order_id INTEGER PRIMARY KEY REFERENCES loan_order (id)
);
INSERT INTO loan_restatement (order_id) SELECT id FROM loan_order WHERE status IN (174, 180);
