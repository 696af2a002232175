-- What each open loan's adjustment to the effective interest method depends
-- on besides the day (decision 076): its terms and the day its money went
-- out, written with the account by every posting ('' when nothing is left
-- to adjust: renewed, written off). The daily run sums a lender's loans by
-- it in one grouped statement. NULL for accounts written before it, which
-- the daily run works out once.
ALTER TABLE loan_account ADD COLUMN accrual_key TEXT;
CREATE INDEX loan_account_unkeyed ON loan_account (order_id) WHERE accrual_key IS NULL;
