-- The borrower's own income and expense book (`/book-keeping/*`). Amounts in
-- centavos; the date is the Manila calendar date the borrower chose. A
-- deleted record keeps its row, with `deleted_at`, while it may be brought
-- back (decision 019); account erasure removes every row.

CREATE TABLE book_record (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    borrower_id BIGINT NOT NULL REFERENCES borrower (id),
    kind        TEXT NOT NULL CHECK (kind IN ('income', 'expense')),
    amount      BIGINT NOT NULL CHECK (amount > 0 AND amount <= 1000000000),
    category    TEXT NOT NULL,
    entry_date  DATE NOT NULL,
    note        TEXT NOT NULL DEFAULT '' CHECK (char_length(note) <= 100),
    image       TEXT REFERENCES uploaded_image (name),
    created_at  TIMESTAMPTZ NOT NULL,
    updated_at  TIMESTAMPTZ NOT NULL,
    deleted_at  TIMESTAMPTZ
);

CREATE INDEX book_record_by_date ON book_record (borrower_id, entry_date) WHERE deleted_at IS NULL;
