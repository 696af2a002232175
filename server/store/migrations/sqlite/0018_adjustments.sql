-- Waivers of charges under maker-checker: proposed by one staff member,
-- approved (then posted to the ledger) or rejected by another.

CREATE TABLE adjustment (
    id          INTEGER PRIMARY KEY,
    order_id    INTEGER NOT NULL REFERENCES loan_order (id),
    bucket      TEXT NOT NULL CHECK (bucket IN ('penalties', 'fees', 'interest')),
    amount      INTEGER NOT NULL CHECK (amount > 0),
    reason      TEXT NOT NULL,
    proposed_by INTEGER REFERENCES staff_account (id),
    proposed_at INTEGER NOT NULL,
    status      TEXT NOT NULL DEFAULT 'proposed' CHECK (status IN ('proposed', 'approved', 'rejected')),
    decided_by  INTEGER REFERENCES staff_account (id),
    decided_at  INTEGER
);

CREATE INDEX adjustment_status ON adjustment (status, id);
