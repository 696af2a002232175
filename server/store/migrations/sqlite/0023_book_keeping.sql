-- The borrower's own income and expense book (`/book-keeping/*`). Amounts in
-- centavos; the date is the Manila calendar date the borrower chose. A
-- deleted record keeps its row, with `deleted_at`, while it may be brought
-- back (decision 019); account erasure removes every row.

CREATE TABLE book_record (
    id          INTEGER PRIMARY KEY,
    borrower_id INTEGER NOT NULL REFERENCES borrower (id),
    kind        TEXT NOT NULL CHECK (kind IN ('income', 'expense')),
    amount      INTEGER NOT NULL CHECK (amount > 0 AND amount <= 1000000000),
    category    TEXT NOT NULL,
    entry_date  TEXT NOT NULL CHECK (length(entry_date) = 10),
    note        TEXT NOT NULL DEFAULT '' CHECK (length(note) <= 100),
    image       TEXT REFERENCES uploaded_image (name),
    created_at  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL,
    deleted_at  INTEGER
);

CREATE INDEX book_record_by_date ON book_record (borrower_id, entry_date) WHERE deleted_at IS NULL;
