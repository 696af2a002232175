-- Consents a borrower gave or withdrew (D4: contacts, location, device,
-- photos), newest last, and what was uploaded under them.

CREATE TABLE consent (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    borrower_id BIGINT NOT NULL REFERENCES borrower (id),
    kind        TEXT NOT NULL,
    granted     BOOLEAN NOT NULL,
    at          TIMESTAMPTZ NOT NULL
);

CREATE INDEX consent_borrower ON consent (borrower_id, kind, id);

CREATE TABLE borrower_upload (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    borrower_id BIGINT NOT NULL REFERENCES borrower (id),
    kind        TEXT NOT NULL,
    body        TEXT NOT NULL,
    at          TIMESTAMPTZ NOT NULL
);

CREATE INDEX borrower_upload_borrower ON borrower_upload (borrower_id, kind);
