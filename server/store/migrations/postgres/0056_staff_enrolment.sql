-- Staff enrol themselves (issue 29, decision 058): a new or reset member
-- has no usable sign-in until they open the one-time link mailed to them,
-- set a password and scan their own authenticator secret. Members who
-- signed in before this counted as enrolled when they were made.
ALTER TABLE staff_account ADD COLUMN enrolled_at TIMESTAMPTZ;
UPDATE staff_account SET enrolled_at = created_at;

-- The one open enrolment of a member. The link's secret is kept only as a
-- digest, and only once it is issued: a money role's waits for a second
-- admin's approval first.
CREATE TABLE staff_enrolment (
    staff_id       BIGINT PRIMARY KEY REFERENCES staff_account (id),
    purpose        TEXT NOT NULL,
    totp_secret    TEXT NOT NULL,
    requested_by   BIGINT REFERENCES staff_account (id),
    needs_approval BOOLEAN NOT NULL,
    approved_by    BIGINT REFERENCES staff_account (id),
    token_digest   BYTEA UNIQUE,
    requested_at   TIMESTAMPTZ NOT NULL,
    expires_at     TIMESTAMPTZ,
    completed_at   TIMESTAMPTZ
);
