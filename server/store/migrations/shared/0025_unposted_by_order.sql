-- A borrower reporting a payment is refused past a few waiting per order;
-- counting them reads this index instead of the whole queue.
CREATE INDEX unposted_payment_order ON unposted_payment (order_id, status);
