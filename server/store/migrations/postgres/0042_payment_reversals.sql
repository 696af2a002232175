-- Reversals of posted payments under maker-checker (issue 16, decision
-- 029): proposed by one staff member, approved (in the transaction that
-- posts the reversing entry) or rejected by another.

CREATE TABLE payment_reversal (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    order_id    BIGINT NOT NULL REFERENCES loan_order (id),
    entry_id    BIGINT NOT NULL REFERENCES ledger_entry (id),
    amount      BIGINT NOT NULL CHECK (amount > 0),
    reason      TEXT NOT NULL,
    proposed_by BIGINT REFERENCES staff_account (id),
    proposed_at TIMESTAMPTZ NOT NULL,
    status      TEXT NOT NULL DEFAULT 'proposed' CHECK (status IN ('proposed', 'approved', 'rejected')),
    decided_by  BIGINT REFERENCES staff_account (id),
    decided_at  TIMESTAMPTZ
);

-- A payment is reversed at most once: one proposal waiting or approved
-- per payment; a rejected one leaves room for another.
CREATE UNIQUE INDEX payment_reversal_once ON payment_reversal (entry_id) WHERE status IN ('proposed', 'approved');
CREATE INDEX payment_reversal_status ON payment_reversal (status, id);
