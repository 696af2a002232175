-- Named staff API tokens (decision 036): each has a role, a maker and an
-- expiry, and is kept only as the digest of its secret; the audit log
-- names the token that acted, as its own actor beside staff members.

CREATE TABLE staff_api_token (
    id           BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    token_digest BYTEA NOT NULL CONSTRAINT staff_api_token_digest UNIQUE,
    name         TEXT NOT NULL,
    role         TEXT NOT NULL,
    created_by   BIGINT REFERENCES staff_account (id),
    created_at   TIMESTAMPTZ NOT NULL,
    expires_at   TIMESTAMPTZ NOT NULL,
    last_used_at TIMESTAMPTZ,
    revoked_at   TIMESTAMPTZ
);

ALTER TABLE audit_log ADD COLUMN api_token_id BIGINT REFERENCES staff_api_token (id);
