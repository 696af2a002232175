-- The language a borrower chose (decision 046): `en` or `fil`, NULL until
-- they choose. Every SMS and server text they receive is written in it.
ALTER TABLE borrower ADD COLUMN language TEXT CONSTRAINT borrower_language CHECK (language IN ('en', 'fil'));
