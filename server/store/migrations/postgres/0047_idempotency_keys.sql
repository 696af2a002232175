-- Idempotency keys (decision 037): one row per create a client sent under
-- a key, written in the same transaction as the row it created, so a crash
-- keeps both or neither. `created` is what the first request made (a row's
-- id, or a picture's name); a retry with the same owner, key and
-- fingerprint answers from it, and the primary key lets two requests at
-- once store only one.
CREATE TABLE idempotent_request (
    owner           TEXT NOT NULL,
    idempotency_key TEXT NOT NULL,
    fingerprint     TEXT NOT NULL,
    created         TEXT NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (owner, idempotency_key)
);
