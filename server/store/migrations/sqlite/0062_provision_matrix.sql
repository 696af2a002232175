-- A lender's provision matrix (issue 31, decision 072): a share of the
-- principal owed for each bucket of days past due, in basis points,
-- proposed by one finance member and in force once a second approves; the
-- latest approved is in force.

CREATE TABLE provision_matrix (
    id                INTEGER PRIMARY KEY,
    lender_id         INTEGER NOT NULL REFERENCES lender (id),
    rate_current      INTEGER NOT NULL CHECK (rate_current BETWEEN 0 AND 10000),
    rate_1_30         INTEGER NOT NULL CHECK (rate_1_30 BETWEEN 0 AND 10000),
    rate_31_60        INTEGER NOT NULL CHECK (rate_31_60 BETWEEN 0 AND 10000),
    rate_61_90        INTEGER NOT NULL CHECK (rate_61_90 BETWEEN 0 AND 10000),
    rate_91_180       INTEGER NOT NULL CHECK (rate_91_180 BETWEEN 0 AND 10000),
    rate_181          INTEGER NOT NULL CHECK (rate_181 BETWEEN 0 AND 10000),
    status            TEXT NOT NULL CHECK (status IN ('proposed', 'approved', 'rejected')),
    proposed_by       INTEGER REFERENCES staff_account (id),
    proposed_by_token INTEGER REFERENCES staff_api_token (id),
    proposed_at       INTEGER NOT NULL,
    decided_by        INTEGER REFERENCES staff_account (id),
    decided_at        INTEGER,
    CHECK ((proposed_by IS NULL) <> (proposed_by_token IS NULL)),
    CHECK ((status = 'proposed') = (decided_at IS NULL))
);

CREATE INDEX provision_matrix_lender ON provision_matrix (lender_id, status, decided_at);
