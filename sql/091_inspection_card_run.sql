-- A card belongs to one run: drawn on the first request for it, from that run's stored result, and
-- kept until a newer successful run of the URL replaces it. Cards drawn before this were drawn when
-- their run finished and dated by the drawing; they are dropped and drawn again when next asked for.
DELETE FROM inspection_cards;
ALTER TABLE inspection_cards ADD COLUMN inspection_id bigint NOT NULL;
