-- Lenders, products, borrowers, sessions, orders and their status history.
-- Instants are Unix milliseconds (UTC); business dates are ISO text in Manila time.

CREATE TABLE lender (
    id                          INTEGER PRIMARY KEY,
    name                        TEXT NOT NULL,
    corporate_name              TEXT NOT NULL,
    sec_registration_no         TEXT NOT NULL,
    certificate_of_authority_no TEXT NOT NULL
);

CREATE TABLE product (
    id                  INTEGER PRIMARY KEY,
    lender_id           INTEGER NOT NULL REFERENCES lender (id),
    name                TEXT NOT NULL,
    logo_url            TEXT NOT NULL,
    min_amount          INTEGER NOT NULL CHECK (min_amount > 0),
    max_amount          INTEGER NOT NULL CHECK (max_amount >= min_amount),
    term_days           INTEGER NOT NULL CHECK (term_days > 0),
    monthly_interest_bp INTEGER NOT NULL CHECK (monthly_interest_bp >= 0),
    service_fee_bp      INTEGER NOT NULL CHECK (service_fee_bp >= 0),
    rate_description    TEXT NOT NULL,
    -- Tags joined by newlines; a tag never contains one.
    tags                TEXT NOT NULL,
    allows_extension    INTEGER NOT NULL CHECK (allows_extension IN (0, 1)),
    available           INTEGER NOT NULL CHECK (available IN (0, 1))
);

CREATE TABLE borrower (
    id         INTEGER PRIMARY KEY,
    phone      TEXT NOT NULL CONSTRAINT borrower_phone UNIQUE,
    full_name  TEXT,
    created_at INTEGER NOT NULL
);

CREATE TABLE session (
    digest       BLOB PRIMARY KEY,
    borrower_id  INTEGER NOT NULL REFERENCES borrower (id),
    created_at   INTEGER NOT NULL,
    last_seen_at INTEGER NOT NULL,
    expires_at   INTEGER NOT NULL,
    revoked_at   INTEGER
) WITHOUT ROWID;

CREATE INDEX session_borrower ON session (borrower_id);

CREATE TABLE loan_order (
    id           INTEGER PRIMARY KEY,
    order_no     TEXT NOT NULL CONSTRAINT loan_order_no UNIQUE,
    borrower_id  INTEGER NOT NULL REFERENCES borrower (id),
    product_id   INTEGER NOT NULL REFERENCES product (id),
    status       INTEGER NOT NULL,
    principal    INTEGER NOT NULL CHECK (principal > 0),
    interest     INTEGER NOT NULL CHECK (interest >= 0),
    fees         INTEGER NOT NULL CHECK (fees >= 0),
    term_days    INTEGER NOT NULL CHECK (term_days > 0),
    applied_at   INTEGER NOT NULL,
    disbursed_at INTEGER,
    due_date     TEXT,
    closed_at    INTEGER
);

CREATE INDEX loan_order_borrower ON loan_order (borrower_id, id DESC);

CREATE TABLE order_status_change (
    id          INTEGER PRIMARY KEY,
    order_id    INTEGER NOT NULL REFERENCES loan_order (id),
    from_status INTEGER,
    to_status   INTEGER NOT NULL,
    cause       TEXT NOT NULL,
    at          INTEGER NOT NULL
);

CREATE INDEX order_status_change_order ON order_status_change (order_id, id);
