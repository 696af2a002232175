-- Repayment reminders: the borrower's own list of bills (ours or another
-- lender's), a reminder per bill or per own loan, and one row per text sent.
-- A loan's due dates are never copied here: they come from its plan.

CREATE TABLE repay_bill (
    id          INTEGER PRIMARY KEY,
    borrower_id INTEGER NOT NULL REFERENCES borrower (id),
    name        TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 40),
    amount      INTEGER NOT NULL CHECK (amount BETWEEN 1 AND 1000000000),
    due_date    TEXT NOT NULL,
    repeat      TEXT NOT NULL CHECK (repeat IN ('none', 'weekly', 'monthly')),
    note        TEXT NOT NULL DEFAULT '' CHECK (length(note) <= 200),
    created_at  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL
);

CREATE INDEX repay_bill_borrower ON repay_bill (borrower_id, id);

-- Exactly one of bill_id and order_id. `revision` grows with every change
-- the borrower makes; `armed_at` is the last such change (fire times before
-- it do not count); `next_check_at` is when the scheduler looks next.
CREATE TABLE repay_reminder (
    id            INTEGER PRIMARY KEY,
    borrower_id   INTEGER NOT NULL REFERENCES borrower (id),
    bill_id       INTEGER UNIQUE REFERENCES repay_bill (id) ON DELETE CASCADE,
    order_id      INTEGER UNIQUE REFERENCES loan_order (id),
    days_before   INTEGER NOT NULL CHECK (days_before BETWEEN 0 AND 7),
    minute_of_day INTEGER NOT NULL CHECK (minute_of_day BETWEEN 480 AND 1260),
    lang          TEXT NOT NULL,
    enabled       INTEGER NOT NULL,
    revision      INTEGER NOT NULL,
    armed_at      INTEGER NOT NULL,
    next_check_at INTEGER,
    CHECK ((bill_id IS NULL) <> (order_id IS NULL))
);

CREATE INDEX repay_reminder_borrower ON repay_reminder (borrower_id);
CREATE INDEX repay_reminder_due ON repay_reminder (next_check_at) WHERE enabled;

-- The claim: one text per reminder and due date, ever. Written in the same
-- transaction as its outbox message.
CREATE TABLE repay_reminder_sent (
    reminder_id INTEGER NOT NULL REFERENCES repay_reminder (id) ON DELETE CASCADE,
    due_date    TEXT NOT NULL,
    outbox_id   INTEGER NOT NULL REFERENCES sms_outbox (id),
    sent_at     INTEGER NOT NULL,
    PRIMARY KEY (reminder_id, due_date)
);
