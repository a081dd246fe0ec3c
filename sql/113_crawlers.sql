-- Bots and AI crawlers (src/crawlers): per domain, local day and crawler (a product token such as
-- GPTBot, or "Other bots"), the requests counted and the bytes served, from the server's access log
-- lines (POST /api/ingest/log) or from page-view beacons of crawlers that run JavaScript. Never a
-- visit, never an address or a user-agent string: the crawler's public name only.
CREATE TABLE crawler_daily (
  site_id int NOT NULL REFERENCES domains ON DELETE CASCADE,
  day date NOT NULL,
  crawler text NOT NULL CHECK (length(crawler) BETWEEN 1 AND 60),
  source text NOT NULL CHECK (source IN ('log', 'beacon')),
  requests bigint NOT NULL CHECK (requests >= 0),
  bytes bigint NOT NULL CHECK (bytes >= 0),
  PRIMARY KEY (site_id, day, crawler, source)
);
