-- Income on the effective interest method (issue 31, decision 076): the
-- daily run posts one journal per lender and day bringing the adjustment
-- account (4150) to what the lender's open loans add up to, against the
-- deferral account (2200). A run's journal of a day is now one of a kind:
-- the allowance's (decision 072) and the accrual's.
INSERT INTO gl_account (code, name, kind, loan_account, position)
VALUES ('4150', 'Effective interest adjustment (PFRS 9)', 'income', NULL, 105);
UPDATE gl_account SET name = 'Deferred fee income, net of interest accrued (EIR)' WHERE code = '2200';

ALTER TABLE gl_journal ADD COLUMN run_kind TEXT;
UPDATE gl_journal SET run_kind = 'provision' WHERE provision_day IS NOT NULL;
DROP INDEX gl_journal_provision_day;
CREATE UNIQUE INDEX gl_journal_run_day ON gl_journal (lender_id, provision_day, run_kind) WHERE provision_day IS NOT NULL;
