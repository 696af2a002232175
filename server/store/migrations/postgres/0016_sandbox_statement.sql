-- The sandbox gateway's own statement: every payment its page collected.
-- A callback is posted only when the gateway confirms it here, as a real
-- gateway's API confirms a webhook.

CREATE TABLE gateway_payment (
    transaction_id TEXT PRIMARY KEY,
    pay_code       TEXT NOT NULL,
    amount         BIGINT NOT NULL CHECK (amount > 0),
    paid_at        TIMESTAMPTZ NOT NULL
);
