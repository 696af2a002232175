-- A loan off its schedule (late, paid early or in part, a charge waived)
-- has its cash flows re-estimated from its account (decision 078): its
-- accrual key reads 'revised' and the daily run reads those accounts on
-- their own, off the partial index below. Keys written before were worked
-- out as if every loan were on its schedule: an open loan's is cleared so
-- the daily run works it out again; a closed loan has nothing to adjust
-- and keeps none (174 and 180 are the loans still owing).
UPDATE loan_account SET accrual_key = NULL
    WHERE accrual_key <> '' AND order_id IN (SELECT id FROM loan_order WHERE status IN (174, 180));
UPDATE loan_account SET accrual_key = ''
    WHERE order_id IN (SELECT id FROM loan_order WHERE status NOT IN (174, 180));
CREATE INDEX loan_account_revised ON loan_account (order_id) WHERE accrual_key = 'revised';
