-- The closes of a lender's books (issue 31, decision 069): finance closes
-- them through a Manila day, and from then on the loan ledger refuses an
-- entry of that lender's loans stamped before `ends` (the end of that
-- day). Each close keeps what the lender's loans had posted to each
-- loan-ledger account by then, so a later day's books add only the entries
-- since. Closes are never changed nor undone.

CREATE TABLE books_close (
    lender_id   INTEGER NOT NULL REFERENCES lender (id),
    through_day TEXT NOT NULL,
    ends        INTEGER NOT NULL,
    period      TEXT NOT NULL CHECK (period IN ('day', 'month')),
    -- A member, or a finance tool's token (decision 036).
    closed_by   INTEGER REFERENCES staff_account (id),
    closed_by_token INTEGER REFERENCES staff_api_token (id),
    closed_at   INTEGER NOT NULL,
    note        TEXT,
    PRIMARY KEY (lender_id, through_day),
    CHECK ((closed_by IS NULL) <> (closed_by_token IS NULL))
);

CREATE TABLE books_close_total (
    lender_id   INTEGER NOT NULL,
    through_day TEXT NOT NULL,
    account     TEXT NOT NULL,
    debits      INTEGER NOT NULL CHECK (debits >= 0),
    credits     INTEGER NOT NULL CHECK (credits >= 0),
    PRIMARY KEY (lender_id, through_day, account),
    FOREIGN KEY (lender_id, through_day) REFERENCES books_close (lender_id, through_day)
);

-- The entries since a close are read by when they were posted.
CREATE INDEX ledger_entry_created ON ledger_entry (created_at);

CREATE TRIGGER books_close_no_update BEFORE UPDATE ON books_close
BEGIN
    SELECT RAISE(ABORT, 'closes of the books are never changed');
END;

CREATE TRIGGER books_close_no_delete BEFORE DELETE ON books_close
BEGIN
    SELECT RAISE(ABORT, 'closes of the books are never changed');
END;

CREATE TRIGGER books_close_total_no_update BEFORE UPDATE ON books_close_total
BEGIN
    SELECT RAISE(ABORT, 'closes of the books are never changed');
END;

CREATE TRIGGER books_close_total_no_delete BEFORE DELETE ON books_close_total
BEGIN
    SELECT RAISE(ABORT, 'closes of the books are never changed');
END;
