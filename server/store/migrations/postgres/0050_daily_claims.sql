-- A daily run's claim on a page of repayable orders (decision 050): runs
-- at once (several servers, `hiram daily` beside them) each take the pages
-- nobody holds, so they split the day's work. A run deletes its claim when
-- the page is done; a claim whose run stopped runs out at `claimed_until`.
CREATE TABLE daily_claim (
    first_order_id BIGINT PRIMARY KEY,
    claimed_until  TIMESTAMPTZ NOT NULL
);
