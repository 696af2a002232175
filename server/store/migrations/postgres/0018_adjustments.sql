-- Waivers of charges under maker-checker: proposed by one staff member,
-- approved (then posted to the ledger) or rejected by another.

CREATE TABLE adjustment (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    order_id    BIGINT NOT NULL REFERENCES loan_order (id),
    bucket      TEXT NOT NULL CHECK (bucket IN ('penalties', 'fees', 'interest')),
    amount      BIGINT NOT NULL CHECK (amount > 0),
    reason      TEXT NOT NULL,
    proposed_by BIGINT REFERENCES staff_account (id),
    proposed_at TIMESTAMPTZ NOT NULL,
    status      TEXT NOT NULL DEFAULT 'proposed' CHECK (status IN ('proposed', 'approved', 'rejected')),
    decided_by  BIGINT REFERENCES staff_account (id),
    decided_at  TIMESTAMPTZ
);

CREATE INDEX adjustment_status ON adjustment (status, id);
