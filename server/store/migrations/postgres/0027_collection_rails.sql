-- Pay codes become a collection provider's payment instructions (decision
-- 024): a single-use code keeps its amount and expiry; each loan's standing
-- code has neither (any amount, for as long as the loan is open). The
-- provider's answer is kept with the code: its request id, the code the
-- borrower shows a cashier, the QR Ph payload, the e-wallet checkout page.
-- A single-use code is claimed by the one payment that pays it (paid_by).
-- The CHECK (amount > 0) of 0009 lets NULL through.

ALTER TABLE pay_code ALTER COLUMN amount DROP NOT NULL;
ALTER TABLE pay_code ALTER COLUMN expires_at DROP NOT NULL;
ALTER TABLE pay_code
    ADD COLUMN provider     TEXT NOT NULL DEFAULT 'sandbox',
    ADD COLUMN provider_ref TEXT,
    ADD COLUMN shown_code   TEXT,
    ADD COLUMN qr_string    TEXT,
    ADD COLUMN checkout_url TEXT,
    ADD COLUMN paid_by      TEXT;

UPDATE pay_code SET provider_ref = '', shown_code = code;

CREATE UNIQUE INDEX pay_code_standing ON pay_code (order_id) WHERE amount IS NULL;
CREATE INDEX gateway_payment_code ON gateway_payment (pay_code);
