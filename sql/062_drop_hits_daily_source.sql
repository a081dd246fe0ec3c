-- hits_daily_source split page views by source, referrer and utm_* at once, which multiplied its
-- rows; since 060 the stats read takes referrers and campaigns from hits_daily_referrer and
-- hits_daily_campaign, and nothing reads it: it only cost every refresh. Dropping a continuous
-- aggregate drops its refresh policy (a server's) with it.
DROP MATERIALIZED VIEW hits_daily_source;
