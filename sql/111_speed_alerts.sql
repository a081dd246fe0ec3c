-- A third kind of alert (src/reports/alerts.ts): a page's p75 LCP or INP went from good in one week
-- to poor in the next.
ALTER TABLE annotations DROP CONSTRAINT annotations_kind_check;
ALTER TABLE annotations ADD CONSTRAINT annotations_kind_check CHECK (kind IN ('note', 'regression', 'traffic', 'speed'));
