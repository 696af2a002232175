-- The double-entry ledger: entries of balanced lines, append-only. Each
-- entry carries the idempotency key of the request that posted it and a
-- fingerprint of that request, so a replay finds it and a reused key with
-- a different request is refused.

CREATE TABLE ledger_entry (
    id                INTEGER PRIMARY KEY,
    order_id          INTEGER NOT NULL REFERENCES loan_order (id),
    kind              TEXT NOT NULL,
    idempotency_key   TEXT NOT NULL CONSTRAINT ledger_entry_idempotency UNIQUE,
    fingerprint       BLOB NOT NULL,
    created_at        INTEGER NOT NULL
);

CREATE INDEX ledger_entry_order ON ledger_entry (order_id, id);

CREATE TABLE ledger_line (
    entry_id INTEGER NOT NULL REFERENCES ledger_entry (id),
    position INTEGER NOT NULL,
    account  TEXT NOT NULL,
    side     TEXT NOT NULL CHECK (side IN ('debit', 'credit')),
    amount   INTEGER NOT NULL CHECK (amount > 0)
);

CREATE UNIQUE INDEX ledger_line_entry ON ledger_line (entry_id, position);

CREATE TRIGGER ledger_entry_no_update BEFORE UPDATE ON ledger_entry
BEGIN
    SELECT RAISE(ABORT, 'ledger entries are append-only');
END;

CREATE TRIGGER ledger_entry_no_delete BEFORE DELETE ON ledger_entry
BEGIN
    SELECT RAISE(ABORT, 'ledger entries are append-only');
END;

CREATE TRIGGER ledger_line_no_update BEFORE UPDATE ON ledger_line
BEGIN
    SELECT RAISE(ABORT, 'ledger entries are append-only');
END;

CREATE TRIGGER ledger_line_no_delete BEFORE DELETE ON ledger_line
BEGIN
    SELECT RAISE(ABORT, 'ledger entries are append-only');
END;
