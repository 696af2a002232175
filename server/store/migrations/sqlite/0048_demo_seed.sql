-- The demo seed's marker (decision 041): one row once the demo data is in,
-- written in the seed's own transaction, so a seed that failed midway
-- leaves no marker and the next start seeds. A database that already had
-- products was seeded (or filled by staff) before the marker existed.
CREATE TABLE demo_seed (
    id        INTEGER PRIMARY KEY CHECK (id = 1),
    seeded_at INTEGER NOT NULL
);
INSERT INTO demo_seed (id, seeded_at)
SELECT 1, CAST(strftime('%s', 'now') AS INTEGER) * 1000 WHERE EXISTS (SELECT 1 FROM product);
