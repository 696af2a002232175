-- The lender's staff: accounts (Argon2id password, TOTP second factor),
-- console sessions (only a digest of the cookie's token), and the audit
-- log of every staff action, which nobody can change.

CREATE TABLE staff_account (
    id             INTEGER PRIMARY KEY,
    email          TEXT NOT NULL CONSTRAINT staff_email UNIQUE,
    name           TEXT NOT NULL,
    role           TEXT NOT NULL,
    password_hash  TEXT NOT NULL,
    totp_secret    TEXT NOT NULL,
    last_totp_step INTEGER NOT NULL DEFAULT 0,
    failed_logins  INTEGER NOT NULL DEFAULT 0,
    locked_until   INTEGER,
    active         INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
    created_at     INTEGER NOT NULL
);

CREATE TABLE staff_session (
    token_digest BLOB PRIMARY KEY,
    staff_id     INTEGER NOT NULL REFERENCES staff_account (id),
    created_at   INTEGER NOT NULL,
    expires_at   INTEGER NOT NULL,
    revoked_at   INTEGER
);

CREATE TABLE audit_log (
    id       INTEGER PRIMARY KEY,
    staff_id INTEGER REFERENCES staff_account (id),
    action   TEXT NOT NULL,
    subject  TEXT NOT NULL,
    before   TEXT NOT NULL,
    after    TEXT NOT NULL,
    at       INTEGER NOT NULL
);

CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
BEGIN
    SELECT RAISE(ABORT, 'the audit log is append-only');
END;

CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
BEGIN
    SELECT RAISE(ABORT, 'the audit log is append-only');
END;
