-- Staff's reviews of a borrower's identity photos (issue 33, decision 092):
-- approved, or rejected with the reason the borrower reads. Rows are never
-- changed; the latest is the borrower's standing.
CREATE TABLE identity_review (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    borrower_id BIGINT NOT NULL REFERENCES borrower (id),
    outcome     TEXT NOT NULL CHECK (outcome IN ('approved', 'rejected')),
    reason      TEXT NOT NULL,
    staff_id    BIGINT REFERENCES staff_account (id),
    reviewed_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX identity_review_by_borrower ON identity_review (borrower_id, id);
