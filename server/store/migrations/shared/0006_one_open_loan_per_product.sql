-- One open loan per borrower and product (decision rule), held by the
-- database so two concurrent applications cannot both pass the check.

CREATE UNIQUE INDEX loan_order_one_open_per_product ON loan_order (borrower_id, product_id)
    WHERE status IN (21, 151, 170, 174, 180);
