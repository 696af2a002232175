-- Each order's balances, per account (debits minus credits), kept in the
-- transaction that posts its entries: reading what is owed costs the same
-- whatever the length of the ledger. Filled from the ledger once here.
CREATE TABLE ledger_balance (
    order_id             INTEGER PRIMARY KEY REFERENCES loan_order (id),
    cash                 INTEGER NOT NULL,
    principal_receivable INTEGER NOT NULL,
    interest_receivable  INTEGER NOT NULL,
    fees_receivable      INTEGER NOT NULL,
    penalties_receivable INTEGER NOT NULL,
    interest_income      INTEGER NOT NULL,
    fee_income           INTEGER NOT NULL,
    penalty_income       INTEGER NOT NULL,
    borrower_credit      INTEGER NOT NULL
);

INSERT INTO ledger_balance (order_id, cash, principal_receivable, interest_receivable, fees_receivable, penalties_receivable, interest_income, fee_income, penalty_income, borrower_credit)
SELECT e.order_id,
       CAST(SUM(CASE WHEN l.account = 'cash' THEN CASE l.side WHEN 'debit' THEN l.amount ELSE -l.amount END ELSE 0 END) AS BIGINT),
       CAST(SUM(CASE WHEN l.account = 'principal_receivable' THEN CASE l.side WHEN 'debit' THEN l.amount ELSE -l.amount END ELSE 0 END) AS BIGINT),
       CAST(SUM(CASE WHEN l.account = 'interest_receivable' THEN CASE l.side WHEN 'debit' THEN l.amount ELSE -l.amount END ELSE 0 END) AS BIGINT),
       CAST(SUM(CASE WHEN l.account = 'fees_receivable' THEN CASE l.side WHEN 'debit' THEN l.amount ELSE -l.amount END ELSE 0 END) AS BIGINT),
       CAST(SUM(CASE WHEN l.account = 'penalties_receivable' THEN CASE l.side WHEN 'debit' THEN l.amount ELSE -l.amount END ELSE 0 END) AS BIGINT),
       CAST(SUM(CASE WHEN l.account = 'interest_income' THEN CASE l.side WHEN 'debit' THEN l.amount ELSE -l.amount END ELSE 0 END) AS BIGINT),
       CAST(SUM(CASE WHEN l.account = 'fee_income' THEN CASE l.side WHEN 'debit' THEN l.amount ELSE -l.amount END ELSE 0 END) AS BIGINT),
       CAST(SUM(CASE WHEN l.account = 'penalty_income' THEN CASE l.side WHEN 'debit' THEN l.amount ELSE -l.amount END ELSE 0 END) AS BIGINT),
       CAST(SUM(CASE WHEN l.account = 'borrower_credit' THEN CASE l.side WHEN 'debit' THEN l.amount ELSE -l.amount END ELSE 0 END) AS BIGINT)
FROM ledger_entry e JOIN ledger_line l ON l.entry_id = e.id
GROUP BY e.order_id;

-- A text stored with the change it reports waits as 'queued' until its
-- provider takes it; a sender claims it until `claimed_until`, so two
-- processes never send it at once and a crashed sender's claim runs out.
ALTER TABLE sms_outbox ADD COLUMN claimed_until INTEGER;
CREATE INDEX sms_outbox_queued ON sms_outbox (id) WHERE status = 'queued';
