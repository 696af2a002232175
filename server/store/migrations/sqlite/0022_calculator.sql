-- The borrower's calculator (issue 8): calculations a borrower keeps, the
-- products opened from the calculator (counted for staff), and the peso
-- exchange rates staff set by hand, dated and with their source.

CREATE TABLE saved_calculation (
    id              INTEGER PRIMARY KEY,
    borrower_id     INTEGER NOT NULL REFERENCES borrower (id),
    name            TEXT NOT NULL,
    principal       INTEGER NOT NULL CHECK (principal > 0),
    monthly_rate_bp INTEGER NOT NULL CHECK (monthly_rate_bp >= 0),
    payments        INTEGER NOT NULL CHECK (payments > 0),
    frequency       TEXT NOT NULL CHECK (frequency IN ('daily', 'weekly', 'monthly')),
    method          TEXT NOT NULL CHECK (method IN ('flat', 'declining')),
    fee_bp          INTEGER NOT NULL CHECK (fee_bp >= 0),
    saved_at        INTEGER NOT NULL
);

CREATE INDEX saved_calculation_borrower ON saved_calculation (borrower_id, id);

CREATE TABLE calculator_product_view (
    id             INTEGER PRIMARY KEY,
    borrower_id    INTEGER NOT NULL REFERENCES borrower (id),
    calculation_id INTEGER REFERENCES saved_calculation (id) ON DELETE SET NULL,
    product_id     INTEGER NOT NULL REFERENCES product (id),
    viewed_at      INTEGER NOT NULL
);

CREATE INDEX calculator_product_view_product ON calculator_product_view (product_id, viewed_at);

CREATE TABLE exchange_rate (
    id           INTEGER PRIMARY KEY,
    currency     TEXT NOT NULL CHECK (length(currency) = 3 AND currency <> 'PHP'),
    peso_micros  INTEGER NOT NULL CHECK (peso_micros > 0),
    effective_on TEXT NOT NULL,
    source       TEXT NOT NULL CHECK (source <> ''),
    set_by       INTEGER REFERENCES staff_account (id),
    set_at       INTEGER NOT NULL
);

CREATE INDEX exchange_rate_effective ON exchange_rate (effective_on, currency);
