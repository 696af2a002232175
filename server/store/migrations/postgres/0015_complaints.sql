-- Complaints and customer care's answers. Pictures are server-made names
-- joined by commas; the files live in the object store.

CREATE TABLE complaint (
    id            BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    borrower_id   BIGINT NOT NULL REFERENCES borrower (id),
    order_id      BIGINT REFERENCES loan_order (id),
    order_no      TEXT NOT NULL,
    problem_type  BIGINT NOT NULL,
    sub_type      BIGINT,
    detail        TEXT NOT NULL CHECK (char_length(detail) BETWEEN 1 AND 200),
    images        TEXT NOT NULL DEFAULT '',
    status        TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'answered', 'closed')),
    filed_at      TIMESTAMPTZ NOT NULL,
    due_at        TIMESTAMPTZ NOT NULL,
    assignee      TEXT NOT NULL DEFAULT '',
    answer        TEXT NOT NULL DEFAULT '',
    answer_images TEXT NOT NULL DEFAULT '',
    answered_at   TIMESTAMPTZ,
    closed_at     TIMESTAMPTZ,
    score         BIGINT CHECK (score IS NULL OR score BETWEEN 1 AND 5),
    scored_at     TIMESTAMPTZ
);

CREATE INDEX complaint_borrower ON complaint (borrower_id, id);
CREATE INDEX complaint_queue ON complaint (status, due_at);
