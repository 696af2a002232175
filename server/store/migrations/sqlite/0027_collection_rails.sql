-- Pay codes become a collection provider's payment instructions (decision
-- 024): a single-use code keeps its amount and expiry; each loan's standing
-- code has neither (any amount, for as long as the loan is open). The
-- provider's answer is kept with the code: its request id, the code the
-- borrower shows a cashier, the QR Ph payload, the e-wallet checkout page.
-- A single-use code is claimed by the one payment that pays it (paid_by).
-- SQLite cannot drop NOT NULL in place, so the table is copied.

CREATE TABLE pay_code_0027 (
    code          TEXT PRIMARY KEY,
    order_id      INTEGER NOT NULL REFERENCES loan_order (id),
    channel       TEXT NOT NULL,
    amount        INTEGER CHECK (amount IS NULL OR amount > 0),
    created_at    INTEGER NOT NULL,
    expires_at    INTEGER,
    extension_fee INTEGER CHECK (extension_fee IS NULL OR extension_fee >= 0),
    provider      TEXT NOT NULL DEFAULT 'sandbox',
    provider_ref  TEXT,
    shown_code    TEXT,
    qr_string     TEXT,
    checkout_url  TEXT,
    paid_by       TEXT
);

INSERT INTO pay_code_0027 (code, order_id, channel, amount, created_at, expires_at, extension_fee, provider_ref, shown_code)
SELECT code, order_id, channel, amount, created_at, expires_at, extension_fee, '', code FROM pay_code;

DROP TABLE pay_code;
ALTER TABLE pay_code_0027 RENAME TO pay_code;

CREATE INDEX pay_code_order ON pay_code (order_id);
CREATE UNIQUE INDEX pay_code_standing ON pay_code (order_id) WHERE amount IS NULL;
CREATE INDEX gateway_payment_code ON gateway_payment (pay_code);
