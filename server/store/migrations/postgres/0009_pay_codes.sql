-- Pay codes a borrower pays with at a channel (e-wallet, store, QR).

CREATE TABLE pay_code (
    code       TEXT PRIMARY KEY,
    order_id   BIGINT NOT NULL REFERENCES loan_order (id),
    channel    TEXT NOT NULL,
    amount     BIGINT NOT NULL CHECK (amount > 0),
    created_at TIMESTAMPTZ NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL
);

CREATE INDEX pay_code_order ON pay_code (order_id);
