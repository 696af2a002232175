-- One-time codes, their sends (for rate limits), the SMS outbox, passwords.

ALTER TABLE borrower ADD COLUMN password_hash TEXT;

CREATE TABLE otp_challenge (
    id          INTEGER PRIMARY KEY,
    phone       TEXT NOT NULL,
    purpose     TEXT NOT NULL,
    code_digest BLOB NOT NULL,
    salt        BLOB NOT NULL,
    created_at  INTEGER NOT NULL,
    expires_at  INTEGER NOT NULL,
    wrong_tries INTEGER NOT NULL DEFAULT 0,
    closed_at   INTEGER
);

CREATE INDEX otp_challenge_live ON otp_challenge (phone, purpose, id DESC);

CREATE TABLE otp_send (
    id       INTEGER PRIMARY KEY,
    phone    TEXT NOT NULL,
    address  TEXT NOT NULL,
    purpose  TEXT NOT NULL,
    delivery TEXT NOT NULL,
    at       INTEGER NOT NULL
);

CREATE INDEX otp_send_phone ON otp_send (phone, at);
CREATE INDEX otp_send_address ON otp_send (address, at);

CREATE TABLE sms_outbox (
    id         INTEGER PRIMARY KEY,
    phone      TEXT NOT NULL,
    delivery   TEXT NOT NULL,
    body       TEXT NOT NULL,
    provider   TEXT NOT NULL,
    status     TEXT NOT NULL,
    created_at INTEGER NOT NULL
);

CREATE INDEX sms_outbox_phone ON sms_outbox (phone, id);
