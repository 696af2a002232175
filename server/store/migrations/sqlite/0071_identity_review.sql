-- Staff's reviews of a borrower's identity photos (issue 33, decision 092):
-- approved, or rejected with the reason the borrower reads. Rows are never
-- changed; the latest is the borrower's standing.
CREATE TABLE identity_review (
    id          INTEGER PRIMARY KEY,
    borrower_id INTEGER NOT NULL REFERENCES borrower (id),
    outcome     TEXT NOT NULL CHECK (outcome IN ('approved', 'rejected')),
    reason      TEXT NOT NULL,
    staff_id    INTEGER REFERENCES staff_account (id),
    reviewed_at INTEGER NOT NULL
);
CREATE INDEX identity_review_by_borrower ON identity_review (borrower_id, id);
