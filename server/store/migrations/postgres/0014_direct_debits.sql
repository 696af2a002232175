-- Debits of a borrower's bound account through the old repayment store:
-- offered under a token, committed with an amount once, claimed for
-- collection once after the borrower's code, then collected or declined.

CREATE TABLE direct_debit (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    order_id    BIGINT NOT NULL REFERENCES loan_order (id),
    borrower_id BIGINT NOT NULL REFERENCES borrower (id),
    account_id  BIGINT NOT NULL REFERENCES payout_account (id),
    token       TEXT NOT NULL CONSTRAINT direct_debit_token UNIQUE,
    amount      BIGINT CHECK (amount IS NULL OR amount > 0),
    status      TEXT NOT NULL DEFAULT 'offered'
                CHECK (status IN ('offered', 'awaiting_code', 'collecting', 'collected', 'declined')),
    expires_at  TIMESTAMPTZ NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL,
    updated_at  TIMESTAMPTZ NOT NULL
);

CREATE INDEX direct_debit_order ON direct_debit (order_id, id);
