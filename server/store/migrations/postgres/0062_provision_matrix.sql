-- A lender's provision matrix (issue 31, decision 072): a share of the
-- principal owed for each bucket of days past due, in basis points,
-- proposed by one finance member and in force once a second approves; the
-- latest approved is in force.

CREATE TABLE provision_matrix (
    id                BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    lender_id         BIGINT NOT NULL REFERENCES lender (id),
    rate_current      BIGINT NOT NULL CHECK (rate_current BETWEEN 0 AND 10000),
    rate_1_30         BIGINT NOT NULL CHECK (rate_1_30 BETWEEN 0 AND 10000),
    rate_31_60        BIGINT NOT NULL CHECK (rate_31_60 BETWEEN 0 AND 10000),
    rate_61_90        BIGINT NOT NULL CHECK (rate_61_90 BETWEEN 0 AND 10000),
    rate_91_180       BIGINT NOT NULL CHECK (rate_91_180 BETWEEN 0 AND 10000),
    rate_181          BIGINT NOT NULL CHECK (rate_181 BETWEEN 0 AND 10000),
    status            TEXT NOT NULL CHECK (status IN ('proposed', 'approved', 'rejected')),
    proposed_by       BIGINT REFERENCES staff_account (id),
    proposed_by_token BIGINT REFERENCES staff_api_token (id),
    proposed_at       TIMESTAMPTZ NOT NULL,
    decided_by        BIGINT REFERENCES staff_account (id),
    decided_at        TIMESTAMPTZ,
    CHECK ((proposed_by IS NULL) <> (proposed_by_token IS NULL)),
    CHECK ((status = 'proposed') = (decided_at IS NULL))
);

CREATE INDEX provision_matrix_lender ON provision_matrix (lender_id, status, decided_at);
