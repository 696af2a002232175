-- Complaints and customer care's answers. Pictures are server-made names
-- joined by commas; the files live in the object store.

CREATE TABLE complaint (
    id            INTEGER PRIMARY KEY,
    borrower_id   INTEGER NOT NULL REFERENCES borrower (id),
    order_id      INTEGER REFERENCES loan_order (id),
    order_no      TEXT NOT NULL,
    problem_type  INTEGER NOT NULL,
    sub_type      INTEGER,
    detail        TEXT NOT NULL CHECK (length(detail) BETWEEN 1 AND 200),
    images        TEXT NOT NULL DEFAULT '',
    status        TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'answered', 'closed')),
    filed_at      INTEGER NOT NULL,
    due_at        INTEGER NOT NULL,
    assignee      TEXT NOT NULL DEFAULT '',
    answer        TEXT NOT NULL DEFAULT '',
    answer_images TEXT NOT NULL DEFAULT '',
    answered_at   INTEGER,
    closed_at     INTEGER,
    score         INTEGER CHECK (score IS NULL OR score BETWEEN 1 AND 5),
    scored_at     INTEGER
);

CREATE INDEX complaint_borrower ON complaint (borrower_id, id);
CREATE INDEX complaint_queue ON complaint (status, due_at);
