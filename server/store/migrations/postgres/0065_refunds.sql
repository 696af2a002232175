-- Refunds of a repaid loan's credit (issue 31, decision 075): proposed by
-- one finance member, approved by a second, then sent by the payout
-- gateway; the ledger moves when the gateway says the money left. One
-- refund of a loan waits at a time.
CREATE TABLE refund (
    id                BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    order_id          BIGINT NOT NULL REFERENCES loan_order (id),
    amount            BIGINT NOT NULL CHECK (amount > 0),
    reason            TEXT NOT NULL,
    status            TEXT NOT NULL CHECK (status IN ('proposed', 'approved', 'sent', 'failed', 'rejected')),
    proposed_by       BIGINT REFERENCES staff_account (id),
    proposed_by_token BIGINT REFERENCES staff_api_token (id),
    proposed_at       TIMESTAMPTZ NOT NULL,
    decided_by        BIGINT REFERENCES staff_account (id),
    decided_at        TIMESTAMPTZ,
    transaction_id    TEXT,
    detail            TEXT,
    CHECK ((proposed_by IS NULL) <> (proposed_by_token IS NULL)),
    CHECK ((status = 'proposed') = (decided_at IS NULL)),
    CHECK ((status = 'sent') = (transaction_id IS NOT NULL))
);

CREATE UNIQUE INDEX refund_one_waiting ON refund (order_id) WHERE status IN ('proposed', 'approved');
CREATE INDEX refund_status ON refund (status, id);
