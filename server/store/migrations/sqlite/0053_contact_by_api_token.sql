-- A contact logged through a staff API token names the token, as the audit
-- log does, so the collection record says which script or dialer made it.
ALTER TABLE contact_log ADD COLUMN api_token_id INTEGER REFERENCES staff_api_token (id);
