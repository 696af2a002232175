-- Accounts proposed for the chart (issue 31, decision 077): one finance
-- member proposes, a second approves it into `gl_account` or rejects it.
-- One proposal of a code waits at a time.
CREATE TABLE gl_account_proposal (
    id                BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    code              TEXT NOT NULL,
    name              TEXT NOT NULL,
    kind              TEXT NOT NULL
                      CHECK (kind IN ('asset', 'contra_asset', 'liability', 'equity', 'income', 'expense')),
    status            TEXT NOT NULL CHECK (status IN ('proposed', 'added', 'rejected')),
    proposed_by       BIGINT REFERENCES staff_account (id),
    proposed_by_token BIGINT REFERENCES staff_api_token (id),
    proposed_at       TIMESTAMPTZ NOT NULL,
    decided_by        BIGINT REFERENCES staff_account (id),
    decided_at        TIMESTAMPTZ,
    CHECK ((proposed_by IS NULL) <> (proposed_by_token IS NULL)),
    CHECK ((status = 'proposed') = (decided_at IS NULL))
);

CREATE UNIQUE INDEX gl_account_proposal_code ON gl_account_proposal (code) WHERE status = 'proposed';
