-- Collections' contact log: every contact with the borrower of an overdue
-- loan, who made it, how, what came of it, and on what ground the
-- contact-hours rule allowed it (SEC MC 18 s.2019, decision 015). There is
-- no column for another person or number: the contact is always the
-- order's borrower. Like the audit log, nobody can change it.

CREATE TABLE contact_log (
    id            INTEGER PRIMARY KEY,
    order_id      INTEGER NOT NULL REFERENCES loan_order (id),
    borrower_id   INTEGER NOT NULL REFERENCES borrower (id),
    staff_id      INTEGER REFERENCES staff_account (id),
    channel       TEXT NOT NULL CHECK (channel IN ('call', 'sms', 'email')),
    outcome       TEXT NOT NULL
        CHECK (outcome IN ('reached', 'no_answer', 'promised_to_pay', 'refused_to_pay', 'wrong_number')),
    note          TEXT NOT NULL CHECK (length(note) <= 500),
    days_past_due INTEGER NOT NULL,
    basis         TEXT NOT NULL CHECK (basis IN ('within_hours', 'long_past_due', 'borrower_consent')),
    at            INTEGER NOT NULL
);

CREATE INDEX contact_log_order ON contact_log (order_id, id);

CREATE TRIGGER contact_log_no_update BEFORE UPDATE ON contact_log
BEGIN
    SELECT RAISE(ABORT, 'the contact log is append-only');
END;

CREATE TRIGGER contact_log_no_delete BEFORE DELETE ON contact_log
BEGIN
    SELECT RAISE(ABORT, 'the contact log is append-only');
END;
