-- An auditor follows one record's history (`order:12`) through the log;
-- this index finds its entries, newest first, without reading the rest.
CREATE INDEX audit_log_subject ON audit_log (subject, id);
