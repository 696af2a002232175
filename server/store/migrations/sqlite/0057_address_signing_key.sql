-- The key that signs the addresses the API hands out for pictures (a pay
-- code's QR or barcode), so they work with no session and only until they
-- expire (issue 29, decision 059). Kept in the database so every server
-- of a fleet, and a restored backup, signs and checks alike; made once, by
-- the first server that needs it.
CREATE TABLE address_signing_key (
    id     INTEGER PRIMARY KEY,
    secret BLOB NOT NULL
);
