-- Password sign-in tries of borrowers and staff, counted before the
-- password is checked and forgotten when it succeeds: the limits of
-- hiram_domain::sign_in read them. Rows older than the longest window are
-- deleted as new ones come.
CREATE TABLE sign_in_try (
    door    TEXT NOT NULL,
    account TEXT NOT NULL,
    address TEXT NOT NULL,
    at      INTEGER NOT NULL
);

CREATE INDEX sign_in_try_account ON sign_in_try (door, account, at);
CREATE INDEX sign_in_try_address ON sign_in_try (door, address, at);
CREATE INDEX sign_in_try_at ON sign_in_try (at);

-- Staff accounts no longer lock after wrong tries (anyone could lock a
-- colleague out by guessing on purpose); the limits above replace it.
ALTER TABLE staff_account DROP COLUMN failed_logins;
ALTER TABLE staff_account DROP COLUMN locked_until;
