-- Named staff API tokens (decision 036): each has a role, a maker and an
-- expiry, and is kept only as the digest of its secret; the audit log
-- names the token that acted, as its own actor beside staff members.

CREATE TABLE staff_api_token (
    id           INTEGER PRIMARY KEY,
    token_digest BLOB NOT NULL CONSTRAINT staff_api_token_digest UNIQUE,
    name         TEXT NOT NULL,
    role         TEXT NOT NULL,
    created_by   INTEGER REFERENCES staff_account (id),
    created_at   INTEGER NOT NULL,
    expires_at   INTEGER NOT NULL,
    last_used_at INTEGER,
    revoked_at   INTEGER
);

ALTER TABLE audit_log ADD COLUMN api_token_id INTEGER REFERENCES staff_api_token (id);
