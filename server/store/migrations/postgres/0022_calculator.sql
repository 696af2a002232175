-- The borrower's calculator (issue 8): calculations a borrower keeps, the
-- products opened from the calculator (counted for staff), and the peso
-- exchange rates staff set by hand, dated and with their source.

CREATE TABLE saved_calculation (
    id              BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    borrower_id     BIGINT NOT NULL REFERENCES borrower (id),
    name            TEXT NOT NULL,
    principal       BIGINT NOT NULL CHECK (principal > 0),
    monthly_rate_bp BIGINT NOT NULL CHECK (monthly_rate_bp >= 0),
    payments        BIGINT NOT NULL CHECK (payments > 0),
    frequency       TEXT NOT NULL CHECK (frequency IN ('daily', 'weekly', 'monthly')),
    method          TEXT NOT NULL CHECK (method IN ('flat', 'declining')),
    fee_bp          BIGINT NOT NULL CHECK (fee_bp >= 0),
    saved_at        TIMESTAMPTZ NOT NULL
);

CREATE INDEX saved_calculation_borrower ON saved_calculation (borrower_id, id);

CREATE TABLE calculator_product_view (
    id             BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    borrower_id    BIGINT NOT NULL REFERENCES borrower (id),
    calculation_id BIGINT REFERENCES saved_calculation (id) ON DELETE SET NULL,
    product_id     BIGINT NOT NULL REFERENCES product (id),
    viewed_at      TIMESTAMPTZ NOT NULL
);

CREATE INDEX calculator_product_view_product ON calculator_product_view (product_id, viewed_at);

CREATE TABLE exchange_rate (
    id           BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    currency     TEXT NOT NULL CHECK (length(currency) = 3 AND currency <> 'PHP'),
    peso_micros  BIGINT NOT NULL CHECK (peso_micros > 0),
    effective_on DATE NOT NULL,
    source       TEXT NOT NULL CHECK (source <> ''),
    set_by       BIGINT REFERENCES staff_account (id),
    set_at       TIMESTAMPTZ NOT NULL
);

CREATE INDEX exchange_rate_effective ON exchange_rate (effective_on, currency);
