-- Payments borrowers report with a receipt reference, queued for staff to
-- match against the channel's statement; nothing posts until they do.

CREATE TABLE unposted_payment (
    id           INTEGER PRIMARY KEY,
    borrower_id  INTEGER NOT NULL REFERENCES borrower (id),
    order_id     INTEGER NOT NULL REFERENCES loan_order (id),
    channel      TEXT NOT NULL,
    reference    TEXT NOT NULL,
    amount       INTEGER NOT NULL CHECK (amount > 0),
    status       TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'matched', 'rejected')),
    note         TEXT NOT NULL DEFAULT '',
    created_at   INTEGER NOT NULL,
    resolved_at  INTEGER,
    CONSTRAINT unposted_reference UNIQUE (channel, reference)
);

CREATE INDEX unposted_payment_status ON unposted_payment (status, id);
