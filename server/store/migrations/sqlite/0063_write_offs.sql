-- Write-offs and recoveries (issue 31, decision 073). A loan written off
-- moves what it owes out of its receivables into `written_off`, which the
-- lender's books carry in the allowance for credit losses; money paid on
-- it afterwards is `recoveries`, income of its own. Both are new accounts
-- of every loan's ledger, at zero for the loans before.
ALTER TABLE ledger_balance ADD COLUMN written_off INTEGER NOT NULL DEFAULT 0;
ALTER TABLE ledger_balance ADD COLUMN recoveries INTEGER NOT NULL DEFAULT 0;
UPDATE gl_account SET loan_account = 'written_off' WHERE code = '1290';
UPDATE gl_account SET loan_account = 'recoveries' WHERE code = '4400';

-- A write-off proposed by one finance member with a reason and posted when
-- a second approves it; what is written off is what the loan owes on the
-- day of the approval. At most one waits or stands per loan.
CREATE TABLE write_off (
    id                INTEGER PRIMARY KEY,
    order_id          INTEGER NOT NULL REFERENCES loan_order (id),
    reason            TEXT NOT NULL,
    status            TEXT NOT NULL CHECK (status IN ('proposed', 'approved', 'rejected')),
    proposed_by       INTEGER REFERENCES staff_account (id),
    proposed_by_token INTEGER REFERENCES staff_api_token (id),
    proposed_at       INTEGER NOT NULL,
    decided_by        INTEGER REFERENCES staff_account (id),
    decided_at        INTEGER,
    -- What the approval wrote off, in centavos.
    amount            INTEGER,
    CHECK ((proposed_by IS NULL) <> (proposed_by_token IS NULL)),
    CHECK ((status = 'proposed') = (decided_at IS NULL)),
    CHECK ((status = 'approved') = (amount IS NOT NULL))
);

CREATE UNIQUE INDEX write_off_one_per_loan ON write_off (order_id) WHERE status <> 'rejected';
CREATE INDEX write_off_status ON write_off (status, id);
