-- A console session also ends after a spell without use (issue 29): when
-- it was last used, touched at most once a minute. Sessions open now count
-- as used when they began.
ALTER TABLE staff_session ADD COLUMN last_seen_at TIMESTAMPTZ;
UPDATE staff_session SET last_seen_at = created_at;
