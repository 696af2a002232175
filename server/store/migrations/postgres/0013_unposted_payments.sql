-- Payments borrowers report with a receipt reference, queued for staff to
-- match against the channel's statement; nothing posts until they do.

CREATE TABLE unposted_payment (
    id           BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    borrower_id  BIGINT NOT NULL REFERENCES borrower (id),
    order_id     BIGINT NOT NULL REFERENCES loan_order (id),
    channel      TEXT NOT NULL,
    reference    TEXT NOT NULL,
    amount       BIGINT NOT NULL CHECK (amount > 0),
    status       TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'matched', 'rejected')),
    note         TEXT NOT NULL DEFAULT '',
    created_at   TIMESTAMPTZ NOT NULL,
    resolved_at  TIMESTAMPTZ,
    CONSTRAINT unposted_reference UNIQUE (channel, reference)
);

CREATE INDEX unposted_payment_status ON unposted_payment (status, id);
