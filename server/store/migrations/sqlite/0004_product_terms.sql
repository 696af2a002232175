-- Product terms as the pricing engine reads them: instalments, amount
-- step, the late-penalty schedule, manual review.

ALTER TABLE product ADD COLUMN amount_step INTEGER NOT NULL DEFAULT 10000 CHECK (amount_step > 0);
ALTER TABLE product ADD COLUMN periods INTEGER NOT NULL DEFAULT 1 CHECK (periods > 0);
ALTER TABLE product ADD COLUMN period_days INTEGER NOT NULL DEFAULT 30 CHECK (period_days > 0);
UPDATE product SET period_days = term_days;
ALTER TABLE product DROP COLUMN term_days;
ALTER TABLE product ADD COLUMN penalty_one_time_new INTEGER NOT NULL DEFAULT 0;
ALTER TABLE product ADD COLUMN penalty_one_time_repeat INTEGER NOT NULL DEFAULT 0;
ALTER TABLE product ADD COLUMN penalty_daily_bp_1_30 INTEGER NOT NULL DEFAULT 0;
ALTER TABLE product ADD COLUMN penalty_daily_bp_31_90 INTEGER NOT NULL DEFAULT 0;
ALTER TABLE product ADD COLUMN penalty_daily_bp_91_on INTEGER NOT NULL DEFAULT 0;
ALTER TABLE product ADD COLUMN requires_review INTEGER NOT NULL DEFAULT 0 CHECK (requires_review IN (0, 1));
