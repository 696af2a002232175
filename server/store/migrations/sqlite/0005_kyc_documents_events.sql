-- KYC answers, the immutable documents an order was accepted with, and
-- borrower events (tracking taps, ratings).

CREATE TABLE kyc_answer (
    borrower_id INTEGER NOT NULL REFERENCES borrower (id),
    section     TEXT NOT NULL,
    code        TEXT NOT NULL,
    value       TEXT NOT NULL,
    updated_at  INTEGER NOT NULL,
    PRIMARY KEY (borrower_id, code)
) WITHOUT ROWID;

CREATE TABLE order_document (
    order_id   INTEGER NOT NULL REFERENCES loan_order (id),
    kind       TEXT NOT NULL,
    body       TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (order_id, kind)
) WITHOUT ROWID;

CREATE TRIGGER order_document_no_update BEFORE UPDATE ON order_document
BEGIN
    SELECT RAISE(ABORT, 'order documents are immutable');
END;

CREATE TRIGGER order_document_no_delete BEFORE DELETE ON order_document
BEGIN
    SELECT RAISE(ABORT, 'order documents are immutable');
END;

CREATE TABLE borrower_event (
    id          INTEGER PRIMARY KEY,
    borrower_id INTEGER REFERENCES borrower (id),
    kind        TEXT NOT NULL,
    product_id  INTEGER,
    module_id   INTEGER,
    position_id INTEGER,
    value       INTEGER,
    at          INTEGER NOT NULL
);
