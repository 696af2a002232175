-- The providers' own statements of a day, matched line by line against the
-- books (issue 31, decision 074). Each line of the match is kept: a match
-- needs nothing; anything else (an amount that differs, a line listed
-- twice, a payment missing on one side) stays open on finance's worklist
-- until resolved with what was found, and a close over open lines needs a
-- reason.
CREATE TABLE provider_statement (
    id                INTEGER PRIMARY KEY,
    provider          TEXT NOT NULL,
    day               TEXT NOT NULL,
    imported_by       INTEGER REFERENCES staff_account (id),
    imported_by_token INTEGER REFERENCES staff_api_token (id),
    imported_at       INTEGER NOT NULL,
    CONSTRAINT provider_statement_day UNIQUE (provider, day),
    CHECK ((imported_by IS NULL) <> (imported_by_token IS NULL))
);

CREATE TABLE statement_item (
    id              INTEGER PRIMARY KEY,
    statement_id    INTEGER NOT NULL REFERENCES provider_statement (id),
    position        INTEGER NOT NULL,
    kind            TEXT NOT NULL
                    CHECK (kind IN ('matched', 'amount_differs', 'duplicated', 'missing_in_books', 'missing_at_provider')),
    reference       TEXT NOT NULL,
    provider_amount INTEGER,
    fee             INTEGER,
    books_amount    INTEGER,
    entry_id        INTEGER REFERENCES ledger_entry (id),
    -- The lender whose loan the payment went to; NULL when no books hold it.
    lender_id       INTEGER REFERENCES lender (id),
    status          TEXT NOT NULL CHECK (status IN ('matched', 'open', 'resolved')),
    resolution      TEXT,
    resolved_by     INTEGER REFERENCES staff_account (id),
    resolved_at     INTEGER,
    CHECK ((kind = 'matched') = (status = 'matched')),
    CHECK ((status = 'resolved') = (resolution IS NOT NULL))
);

CREATE UNIQUE INDEX statement_item_position ON statement_item (statement_id, position);
CREATE INDEX statement_item_open ON statement_item (lender_id) WHERE status = 'open';
