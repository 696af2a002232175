-- Accounts borrowers bind to receive loans, newest current, older ones kept
-- as replaced; and every try at paying an order out.

CREATE TABLE payout_account (
    id           INTEGER PRIMARY KEY,
    borrower_id  INTEGER NOT NULL REFERENCES borrower (id),
    card_type    INTEGER NOT NULL CHECK (card_type IN (1, 2)),
    provider     TEXT NOT NULL,
    number       TEXT NOT NULL,
    bound_at     INTEGER NOT NULL,
    replaced_at  INTEGER
);

CREATE UNIQUE INDEX payout_account_current ON payout_account (borrower_id) WHERE replaced_at IS NULL;

CREATE TABLE payout_attempt (
    id             INTEGER PRIMARY KEY,
    order_id       INTEGER NOT NULL REFERENCES loan_order (id),
    gateway        TEXT NOT NULL,
    outcome        TEXT NOT NULL CHECK (outcome IN ('sent', 'pending', 'refused', 'unavailable')),
    detail         TEXT NOT NULL,
    at             INTEGER NOT NULL
);

CREATE INDEX payout_attempt_order ON payout_attempt (order_id, id);
