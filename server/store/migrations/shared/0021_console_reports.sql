-- The console's reports read by time: the dashboard by day and the daily
-- reconciliation by channel. Without these they scan whole tables.
CREATE INDEX ledger_entry_kind_created ON ledger_entry (kind, created_at);
CREATE INDEX gateway_payment_paid ON gateway_payment (paid_at);
CREATE INDEX order_status_change_to ON order_status_change (to_status, at);
CREATE INDEX loan_order_applied ON loan_order (applied_at);
CREATE INDEX loan_order_disbursed ON loan_order (disbursed_at);
CREATE INDEX loan_order_status ON loan_order (status, id);
