-- A loan off its schedule (late, paid early or in part, a charge waived)
-- has its cash flows re-estimated from its account (decision 078): its
-- accrual key reads 'revised' and the daily run reads those accounts on
-- their own. Keys written before were worked out as if every loan were on
-- its schedule: they are cleared so the daily run works each out again.
UPDATE loan_account SET accrual_key = NULL WHERE accrual_key <> '';
CREATE INDEX loan_account_revised ON loan_account (order_id) WHERE accrual_key = 'revised';
