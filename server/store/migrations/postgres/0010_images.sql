-- Pictures borrowers sent (identity photos, complaint screenshots). The bytes
-- live in the object store under `name`; this row says whose they are.

CREATE TABLE uploaded_image (
    name        TEXT PRIMARY KEY CHECK (length(name) = 32),
    borrower_id BIGINT NOT NULL REFERENCES borrower (id),
    purpose     TEXT NOT NULL,
    byte_size   BIGINT NOT NULL CHECK (byte_size > 0),
    width       BIGINT NOT NULL CHECK (width > 0),
    height      BIGINT NOT NULL CHECK (height > 0),
    created_at  TIMESTAMPTZ NOT NULL
);

CREATE INDEX uploaded_image_borrower ON uploaded_image (borrower_id, created_at);
