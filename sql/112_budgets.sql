-- Carbon budgets (src/budgets): per domain, a default (pattern NULL) and budgets per page pattern,
-- in grams of CO2 and/or bytes per page view, kept in the owner's order (the first pattern that
-- matches a page is its budget). A fourth kind of alert: a page that went over its budget.
CREATE TABLE budgets (
  domain_id int NOT NULL REFERENCES domains ON DELETE CASCADE,
  position int NOT NULL CHECK (position >= 0),
  pattern text CHECK (length(pattern) BETWEEN 1 AND 1024),
  grams double precision CHECK (grams > 0),
  bytes bigint CHECK (bytes > 0),
  CHECK (grams IS NOT NULL OR bytes IS NOT NULL),
  PRIMARY KEY (domain_id, position)
);
CREATE UNIQUE INDEX budgets_one_default ON budgets (domain_id) WHERE pattern IS NULL;

ALTER TABLE annotations DROP CONSTRAINT annotations_kind_check;
ALTER TABLE annotations ADD CONSTRAINT annotations_kind_check CHECK (kind IN ('note', 'regression', 'traffic', 'speed', 'budget'));
