-- Extensions: a paid extension moves every unpaid due date of an order. Each
-- is applied once per payment (key); the order keeps the running total.

ALTER TABLE loan_order ADD COLUMN extension_days INTEGER NOT NULL DEFAULT 0 CHECK (extension_days >= 0);

ALTER TABLE pay_code ADD COLUMN extension_fee INTEGER CHECK (extension_fee IS NULL OR extension_fee >= 0);

CREATE TABLE order_extension (
    id           INTEGER PRIMARY KEY,
    order_id     INTEGER NOT NULL REFERENCES loan_order (id),
    key          TEXT NOT NULL CONSTRAINT order_extension_key UNIQUE,
    added_days   INTEGER NOT NULL CHECK (added_days > 0),
    fee          INTEGER NOT NULL CHECK (fee >= 0),
    new_due_date TEXT NOT NULL,
    at           INTEGER NOT NULL
);

CREATE INDEX order_extension_order ON order_extension (order_id, id);
