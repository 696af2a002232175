-- Accounts borrowers bind to receive loans, newest current, older ones kept
-- as replaced; and every try at paying an order out.

CREATE TABLE payout_account (
    id           BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    borrower_id  BIGINT NOT NULL REFERENCES borrower (id),
    card_type    BIGINT NOT NULL CHECK (card_type IN (1, 2)),
    provider     TEXT NOT NULL,
    number       TEXT NOT NULL,
    bound_at     TIMESTAMPTZ NOT NULL,
    replaced_at  TIMESTAMPTZ
);

CREATE UNIQUE INDEX payout_account_current ON payout_account (borrower_id) WHERE replaced_at IS NULL;

CREATE TABLE payout_attempt (
    id             BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    order_id       BIGINT NOT NULL REFERENCES loan_order (id),
    gateway        TEXT NOT NULL,
    outcome        TEXT NOT NULL CHECK (outcome IN ('sent', 'pending', 'refused', 'unavailable')),
    detail         TEXT NOT NULL,
    at             TIMESTAMPTZ NOT NULL
);

CREATE INDEX payout_attempt_order ON payout_attempt (order_id, id);
