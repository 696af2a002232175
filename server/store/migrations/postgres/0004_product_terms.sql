-- Product terms as the pricing engine reads them: instalments, amount
-- step, the late-penalty schedule, manual review.

ALTER TABLE product ADD COLUMN amount_step BIGINT NOT NULL DEFAULT 10000 CHECK (amount_step > 0);
ALTER TABLE product ADD COLUMN periods BIGINT NOT NULL DEFAULT 1 CHECK (periods > 0);
ALTER TABLE product ADD COLUMN period_days BIGINT NOT NULL DEFAULT 30 CHECK (period_days > 0);
UPDATE product SET period_days = term_days;
ALTER TABLE product DROP COLUMN term_days;
ALTER TABLE product ADD COLUMN penalty_one_time_new BIGINT NOT NULL DEFAULT 0;
ALTER TABLE product ADD COLUMN penalty_one_time_repeat BIGINT NOT NULL DEFAULT 0;
ALTER TABLE product ADD COLUMN penalty_daily_bp_1_30 BIGINT NOT NULL DEFAULT 0;
ALTER TABLE product ADD COLUMN penalty_daily_bp_31_90 BIGINT NOT NULL DEFAULT 0;
ALTER TABLE product ADD COLUMN penalty_daily_bp_91_on BIGINT NOT NULL DEFAULT 0;
ALTER TABLE product ADD COLUMN requires_review BOOLEAN NOT NULL DEFAULT FALSE;
