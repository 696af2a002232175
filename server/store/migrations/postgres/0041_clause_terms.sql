-- The agreement's clauses as product terms (decision 026): when a loan may
-- be repaid early and how many extensions it may take. The defaults are
-- what the agreement said in prose before, so existing products and the
-- orders priced on them keep their meaning. Each order counts the
-- extensions it took.

ALTER TABLE product ADD COLUMN early_after_term_bp BIGINT NOT NULL DEFAULT 5000
    CHECK (early_after_term_bp BETWEEN 0 AND 10000);
ALTER TABLE product ADD COLUMN early_min_days BIGINT NOT NULL DEFAULT 7 CHECK (early_min_days >= 0);
ALTER TABLE product ADD COLUMN early_min_interest_days BIGINT NOT NULL DEFAULT 0 CHECK (early_min_interest_days >= 0);
ALTER TABLE product ADD COLUMN extensions_allowed BIGINT NOT NULL DEFAULT 1 CHECK (extensions_allowed >= 0);

ALTER TABLE loan_order ADD COLUMN extension_count BIGINT NOT NULL DEFAULT 0 CHECK (extension_count >= 0);
UPDATE loan_order SET extension_count = (SELECT COUNT(*) FROM order_extension e WHERE e.order_id = loan_order.id);
