-- A promotion template's headline, text under it and button text in
-- Filipino (decision 051). Empty until staff write them: the promotion
-- page then says its own Filipino text in that place.
ALTER TABLE promotion_template ADD COLUMN headline_fil TEXT NOT NULL DEFAULT '';
ALTER TABLE promotion_template ADD COLUMN subheadline_fil TEXT NOT NULL DEFAULT '';
ALTER TABLE promotion_template ADD COLUMN button_text_fil TEXT NOT NULL DEFAULT '';
