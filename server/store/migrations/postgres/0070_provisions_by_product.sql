-- Provisions per product (issue 31, decision 079): the daily run keeps each
-- lender's buckets per product, and a matrix may be set for one product
-- (product_id) or, as before, for the lender's products without their own
-- (product_id NULL). Buckets kept before this were the lender's whole
-- portfolio: they are kept under product 0, which no product has.

CREATE TABLE portfolio_aging_by_product (
    lender_id  BIGINT NOT NULL REFERENCES lender (id),
    product_id BIGINT NOT NULL,
    day        DATE NOT NULL,
    bucket     TEXT NOT NULL CHECK (bucket IN ('current', '1-30', '31-60', '61-90', '91-180', '181+')),
    loans      BIGINT NOT NULL CHECK (loans > 0),
    principal  BIGINT NOT NULL,
    PRIMARY KEY (lender_id, day, product_id, bucket)
);
INSERT INTO portfolio_aging_by_product (lender_id, product_id, day, bucket, loans, principal)
    SELECT lender_id, 0, day, bucket, loans, principal FROM portfolio_aging;
DROP TABLE portfolio_aging;
ALTER TABLE portfolio_aging_by_product RENAME TO portfolio_aging;

ALTER TABLE provision_matrix ADD COLUMN product_id BIGINT REFERENCES product (id);
