-- KYC answers, the immutable documents an order was accepted with, and
-- borrower events (tracking taps, ratings).

CREATE TABLE kyc_answer (
    borrower_id BIGINT NOT NULL REFERENCES borrower (id),
    section     TEXT NOT NULL,
    code        TEXT NOT NULL,
    value       TEXT NOT NULL,
    updated_at  TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (borrower_id, code)
);

CREATE TABLE order_document (
    order_id   BIGINT NOT NULL REFERENCES loan_order (id),
    kind       TEXT NOT NULL,
    body       TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (order_id, kind)
);

CREATE FUNCTION order_document_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'order documents are immutable';
END;
$$;

CREATE TRIGGER order_document_no_change BEFORE UPDATE OR DELETE ON order_document
    FOR EACH ROW EXECUTE FUNCTION order_document_immutable();

CREATE TABLE borrower_event (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    borrower_id BIGINT REFERENCES borrower (id),
    kind        TEXT NOT NULL,
    product_id  BIGINT,
    module_id   BIGINT,
    position_id BIGINT,
    value       BIGINT,
    at          TIMESTAMPTZ NOT NULL
);
