-- One row that /readyz and start-up rewrite to prove the database takes a
-- write (not only a read): a read-only file, a read-only PostgreSQL, a full
-- disk or a writer that never lets go all show here.
CREATE TABLE readiness_probe (
    id INTEGER PRIMARY KEY,
    written_at BIGINT NOT NULL
);
INSERT INTO readiness_probe (id, written_at) VALUES (1, 0);
