-- Lenders, products, borrowers, sessions, orders and their status history.

CREATE TABLE lender (
    id                          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name                        TEXT NOT NULL,
    corporate_name              TEXT NOT NULL,
    sec_registration_no         TEXT NOT NULL,
    certificate_of_authority_no TEXT NOT NULL
);

CREATE TABLE product (
    id                  BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    lender_id           BIGINT NOT NULL REFERENCES lender (id),
    name                TEXT NOT NULL,
    logo_url            TEXT NOT NULL,
    min_amount          BIGINT NOT NULL CHECK (min_amount > 0),
    max_amount          BIGINT NOT NULL CHECK (max_amount >= min_amount),
    term_days           BIGINT NOT NULL CHECK (term_days > 0),
    monthly_interest_bp BIGINT NOT NULL CHECK (monthly_interest_bp >= 0),
    service_fee_bp      BIGINT NOT NULL CHECK (service_fee_bp >= 0),
    rate_description    TEXT NOT NULL,
    tags                TEXT[] NOT NULL,
    allows_extension    BOOLEAN NOT NULL,
    available           BOOLEAN NOT NULL
);

CREATE TABLE borrower (
    id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    phone      TEXT NOT NULL CONSTRAINT borrower_phone UNIQUE,
    full_name  TEXT,
    created_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE session (
    digest       BYTEA PRIMARY KEY,
    borrower_id  BIGINT NOT NULL REFERENCES borrower (id),
    created_at   TIMESTAMPTZ NOT NULL,
    last_seen_at TIMESTAMPTZ NOT NULL,
    expires_at   TIMESTAMPTZ NOT NULL,
    revoked_at   TIMESTAMPTZ
);

CREATE INDEX session_borrower ON session (borrower_id);

CREATE TABLE loan_order (
    id           BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    order_no     TEXT NOT NULL CONSTRAINT loan_order_no UNIQUE,
    borrower_id  BIGINT NOT NULL REFERENCES borrower (id),
    product_id   BIGINT NOT NULL REFERENCES product (id),
    status       BIGINT NOT NULL,
    principal    BIGINT NOT NULL CHECK (principal > 0),
    interest     BIGINT NOT NULL CHECK (interest >= 0),
    fees         BIGINT NOT NULL CHECK (fees >= 0),
    term_days    BIGINT NOT NULL CHECK (term_days > 0),
    applied_at   TIMESTAMPTZ NOT NULL,
    disbursed_at TIMESTAMPTZ,
    due_date     DATE,
    closed_at    TIMESTAMPTZ
);

CREATE INDEX loan_order_borrower ON loan_order (borrower_id, id DESC);

CREATE TABLE order_status_change (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    order_id    BIGINT NOT NULL REFERENCES loan_order (id),
    from_status BIGINT,
    to_status   BIGINT NOT NULL,
    cause       TEXT NOT NULL,
    at          TIMESTAMPTZ NOT NULL
);

CREATE INDEX order_status_change_order ON order_status_change (order_id, id);
