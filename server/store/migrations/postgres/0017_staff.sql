-- The lender's staff: accounts (Argon2id password, TOTP second factor),
-- console sessions (only a digest of the cookie's token), and the audit
-- log of every staff action, which nobody can change.

CREATE TABLE staff_account (
    id             BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    email          TEXT NOT NULL CONSTRAINT staff_email UNIQUE,
    name           TEXT NOT NULL,
    role           TEXT NOT NULL,
    password_hash  TEXT NOT NULL,
    totp_secret    TEXT NOT NULL,
    last_totp_step BIGINT NOT NULL DEFAULT 0,
    failed_logins  BIGINT NOT NULL DEFAULT 0,
    locked_until   TIMESTAMPTZ,
    active         BOOLEAN NOT NULL DEFAULT TRUE,
    created_at     TIMESTAMPTZ NOT NULL
);

CREATE TABLE staff_session (
    token_digest BYTEA PRIMARY KEY,
    staff_id     BIGINT NOT NULL REFERENCES staff_account (id),
    created_at   TIMESTAMPTZ NOT NULL,
    expires_at   TIMESTAMPTZ NOT NULL,
    revoked_at   TIMESTAMPTZ
);

CREATE TABLE audit_log (
    id       BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    staff_id BIGINT REFERENCES staff_account (id),
    action   TEXT NOT NULL,
    subject  TEXT NOT NULL,
    before   TEXT NOT NULL,
    after    TEXT NOT NULL,
    at       TIMESTAMPTZ NOT NULL
);

CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'the audit log is append-only';
END;
$$;

CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
    FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
