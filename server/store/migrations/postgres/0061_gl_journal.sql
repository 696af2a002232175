-- A lender's staff journals (issue 31, decision 071): balanced entries in
-- accounts of the chart no loan event reaches, proposed by one member and
-- posted when a second approves (`decided_at` is when it entered the
-- books). A close keeps what the journals had posted to each account by
-- its end, beside what the loans had.

CREATE TABLE gl_journal (
    id                BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    lender_id         BIGINT NOT NULL REFERENCES lender (id),
    memo              TEXT NOT NULL,
    status            TEXT NOT NULL CHECK (status IN ('proposed', 'posted', 'rejected')),
    proposed_by       BIGINT REFERENCES staff_account (id),
    proposed_by_token BIGINT REFERENCES staff_api_token (id),
    proposed_at       TIMESTAMPTZ NOT NULL,
    decided_by        BIGINT REFERENCES staff_account (id),
    decided_at        TIMESTAMPTZ,
    -- The day of the daily run's allowance adjustment (decision 072), which
    -- no member proposes; NULL for a member's journal.
    provision_day     DATE,
    -- The journal this one undoes, line for line the other way.
    reverses          BIGINT REFERENCES gl_journal (id),
    CHECK (provision_day IS NOT NULL OR ((proposed_by IS NULL) <> (proposed_by_token IS NULL))),
    CHECK ((status = 'proposed') = (decided_at IS NULL))
);

CREATE INDEX gl_journal_posted ON gl_journal (lender_id, status, decided_at);
CREATE UNIQUE INDEX gl_journal_provision_day ON gl_journal (lender_id, provision_day) WHERE provision_day IS NOT NULL;
-- A journal is undone at most once: one reversal waiting or posted.
CREATE UNIQUE INDEX gl_journal_reverses ON gl_journal (reverses) WHERE reverses IS NOT NULL AND status <> 'rejected';

CREATE TABLE gl_journal_line (
    journal_id BIGINT NOT NULL REFERENCES gl_journal (id),
    position   BIGINT NOT NULL,
    code       TEXT NOT NULL REFERENCES gl_account (code),
    side       TEXT NOT NULL CHECK (side IN ('debit', 'credit')),
    amount     BIGINT NOT NULL CHECK (amount > 0),
    PRIMARY KEY (journal_id, position)
);

CREATE TABLE books_close_journal_total (
    lender_id   BIGINT NOT NULL,
    through_day DATE NOT NULL,
    code        TEXT NOT NULL,
    debits      BIGINT NOT NULL CHECK (debits >= 0),
    credits     BIGINT NOT NULL CHECK (credits >= 0),
    PRIMARY KEY (lender_id, through_day, code),
    FOREIGN KEY (lender_id, through_day) REFERENCES books_close (lender_id, through_day)
);

CREATE TRIGGER gl_journal_line_kept BEFORE UPDATE OR DELETE ON gl_journal_line
    FOR EACH ROW EXECUTE FUNCTION append_only();
CREATE TRIGGER books_close_journal_total_kept BEFORE UPDATE OR DELETE ON books_close_journal_total
    FOR EACH ROW EXECUTE FUNCTION append_only();
