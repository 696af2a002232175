-- One-time codes, their sends (for rate limits), the SMS outbox, passwords.

ALTER TABLE borrower ADD COLUMN password_hash TEXT;

CREATE TABLE otp_challenge (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    phone       TEXT NOT NULL,
    purpose     TEXT NOT NULL,
    code_digest BYTEA NOT NULL,
    salt        BYTEA NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL,
    expires_at  TIMESTAMPTZ NOT NULL,
    wrong_tries BIGINT NOT NULL DEFAULT 0,
    closed_at   TIMESTAMPTZ
);

CREATE INDEX otp_challenge_live ON otp_challenge (phone, purpose, id DESC);

CREATE TABLE otp_send (
    id       BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    phone    TEXT NOT NULL,
    address  TEXT NOT NULL,
    purpose  TEXT NOT NULL,
    delivery TEXT NOT NULL,
    at       TIMESTAMPTZ NOT NULL
);

CREATE INDEX otp_send_phone ON otp_send (phone, at);
CREATE INDEX otp_send_address ON otp_send (address, at);

CREATE TABLE sms_outbox (
    id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    phone      TEXT NOT NULL,
    delivery   TEXT NOT NULL,
    body       TEXT NOT NULL,
    provider   TEXT NOT NULL,
    status     TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);

CREATE INDEX sms_outbox_phone ON sms_outbox (phone, id);
