-- Consents a borrower gave or withdrew (D4: contacts, location, device,
-- photos), newest last, and what was uploaded under them.

CREATE TABLE consent (
    id          INTEGER PRIMARY KEY,
    borrower_id INTEGER NOT NULL REFERENCES borrower (id),
    kind        TEXT NOT NULL,
    granted     INTEGER NOT NULL CHECK (granted IN (0, 1)),
    at          INTEGER NOT NULL
);

CREATE INDEX consent_borrower ON consent (borrower_id, kind, id);

CREATE TABLE borrower_upload (
    id          INTEGER PRIMARY KEY,
    borrower_id INTEGER NOT NULL REFERENCES borrower (id),
    kind        TEXT NOT NULL,
    body        TEXT NOT NULL,
    at          INTEGER NOT NULL
);

CREATE INDEX borrower_upload_borrower ON borrower_upload (borrower_id, kind);
