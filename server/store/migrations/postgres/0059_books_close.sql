-- The closes of a lender's books (issue 31, decision 069): finance closes
-- them through a Manila day, and from then on the loan ledger refuses an
-- entry of that lender's loans stamped before `ends` (the end of that
-- day). Each close keeps what the lender's loans had posted to each
-- loan-ledger account by then, so a later day's books add only the entries
-- since. Closes are never changed nor undone.

CREATE TABLE books_close (
    lender_id   BIGINT NOT NULL REFERENCES lender (id),
    through_day DATE NOT NULL,
    ends        TIMESTAMPTZ NOT NULL,
    period      TEXT NOT NULL CHECK (period IN ('day', 'month')),
    -- A member, or a finance tool's token (decision 036).
    closed_by   BIGINT REFERENCES staff_account (id),
    closed_by_token BIGINT REFERENCES staff_api_token (id),
    closed_at   TIMESTAMPTZ NOT NULL,
    note        TEXT,
    PRIMARY KEY (lender_id, through_day),
    CHECK ((closed_by IS NULL) <> (closed_by_token IS NULL))
);

CREATE TABLE books_close_total (
    lender_id   BIGINT NOT NULL,
    through_day DATE NOT NULL,
    account     TEXT NOT NULL,
    debits      BIGINT NOT NULL CHECK (debits >= 0),
    credits     BIGINT NOT NULL CHECK (credits >= 0),
    PRIMARY KEY (lender_id, through_day, account),
    FOREIGN KEY (lender_id, through_day) REFERENCES books_close (lender_id, through_day)
);

-- The entries since a close are read by when they were posted.
CREATE INDEX ledger_entry_created ON ledger_entry (created_at);

CREATE FUNCTION books_close_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'closes of the books are never changed';
END;
$$;

CREATE TRIGGER books_close_kept BEFORE UPDATE OR DELETE ON books_close
    FOR EACH ROW EXECUTE FUNCTION books_close_kept();
CREATE TRIGGER books_close_total_kept BEFORE UPDATE OR DELETE ON books_close_total
    FOR EACH ROW EXECUTE FUNCTION books_close_kept();
