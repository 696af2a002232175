-- A lender's portfolio by days past due (issue 31, decision 070). Each
-- loan's account keeps the due date of its oldest instalment past due and
-- unpaid (`overdue_since`, NULL while none is), written with the account
-- by every posting, so the buckets are one grouped read; the daily run
-- works it out once for the overdue loans an older release left without
-- it. The daily run keeps each lender's buckets for the day.

ALTER TABLE loan_account ADD COLUMN overdue_since DATE;

CREATE TABLE portfolio_aging (
    lender_id BIGINT NOT NULL REFERENCES lender (id),
    day       DATE NOT NULL,
    bucket    TEXT NOT NULL CHECK (bucket IN ('current', '1-30', '31-60', '61-90', '91-180', '181+')),
    loans     BIGINT NOT NULL CHECK (loans > 0),
    principal BIGINT NOT NULL,
    PRIMARY KEY (lender_id, day, bucket)
);
