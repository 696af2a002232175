-- The demo seed's marker (decision 041): one row once the demo data is in,
-- written in the seed's own transaction, so a seed that failed midway
-- leaves no marker and the next start seeds. A database that already had
-- products was seeded (or filled by staff) before the marker existed.
CREATE TABLE demo_seed (
    id        BIGINT PRIMARY KEY CHECK (id = 1),
    seeded_at TIMESTAMPTZ NOT NULL
);
INSERT INTO demo_seed (id, seeded_at) SELECT 1, now() WHERE EXISTS (SELECT 1 FROM product);
