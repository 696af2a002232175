-- The double-entry ledger: entries of balanced lines, append-only. Each
-- entry carries the idempotency key of the request that posted it and a
-- fingerprint of that request, so a replay finds it and a reused key with
-- a different request is refused.

CREATE TABLE ledger_entry (
    id                BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    order_id          BIGINT NOT NULL REFERENCES loan_order (id),
    kind              TEXT NOT NULL,
    idempotency_key   TEXT NOT NULL CONSTRAINT ledger_entry_idempotency UNIQUE,
    fingerprint       BYTEA NOT NULL,
    created_at        TIMESTAMPTZ NOT NULL
);

CREATE INDEX ledger_entry_order ON ledger_entry (order_id, id);

CREATE TABLE ledger_line (
    entry_id BIGINT NOT NULL REFERENCES ledger_entry (id),
    position BIGINT NOT NULL,
    account  TEXT NOT NULL,
    side     TEXT NOT NULL CHECK (side IN ('debit', 'credit')),
    amount   BIGINT NOT NULL CHECK (amount > 0)
);

CREATE UNIQUE INDEX ledger_line_entry ON ledger_line (entry_id, position);

CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'ledger entries are append-only';
END;
$$;

CREATE TRIGGER ledger_entry_append_only BEFORE UPDATE OR DELETE ON ledger_entry
    FOR EACH ROW EXECUTE FUNCTION ledger_append_only();

CREATE TRIGGER ledger_line_append_only BEFORE UPDATE OR DELETE ON ledger_line
    FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
