-- A payout try's claim on its order (decision 052): of the processes that
-- try an order waiting for its payout at once (several servers, `hiram
-- daily` beside them), one calls the gateway and the others leave it. A try
-- deletes its claim when it ends; a claim whose process stopped runs out at
-- `claimed_until`.
CREATE TABLE payout_claim (
    order_id      BIGINT PRIMARY KEY,
    claimed_until TIMESTAMPTZ NOT NULL
);
-- The daily run deletes request keys older than `jobs.request_key_days`
-- (decision 052) by their creation time, without reading the whole table.
CREATE INDEX idempotent_request_created ON idempotent_request (created_at);
