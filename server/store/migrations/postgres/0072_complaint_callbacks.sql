-- A call back after a low rating (issue 33, decision 091): the borrower who
-- rated the answer 1 or 2 stars may ask for one; the complaint is open again
-- for a supervisor, due by the same working-day promise counted from the
-- request. The first answer's due time stays as it was. Expand only.

ALTER TABLE complaint ADD COLUMN callback_requested_at TIMESTAMPTZ;
ALTER TABLE complaint ADD COLUMN callback_due_at TIMESTAMPTZ;
