// Bulk synthetic hits for bench/stats.ts: one `INSERT … SELECT FROM generate_series` per piece,
// with the shapes of src/collect/synthetic.ts (Zipf-like pages, referrers and campaigns, 55 %
// direct, 12 % campaigns, a leave beacon after 80 % of views and an event after 6 %). The pipeline
// writes ~10k hits/s, too slow for 10M; this writes ~100k+/s. Rows carry the local day and hour
// of the domain's zone computed in SQL, as the pipeline does in JS; visits from mastodon.social
// carry one of 60 post URLs (stats REF tweets). Leave beacons and events carry a page view's
// context (source, referrer, campaign, country, language, screen) as the collector stores them.
import type { Sql } from "postgres";

// NOTE: random()^k on [0,1) skews an index towards 0 like a Zipf draw, cheaply, in SQL.
const pickZipf = (n: number, k: number) => `floor(${n} * power(random(), ${k}))::int`;
const pickFrom = (xs: string[], k = 1) => `(ARRAY[${xs.map((x) => `'${x}'`).join(",")}])[1 + ${pickZipf(xs.length, k)}]`;

const SEARCH = ["google.com", "duckduckgo.com", "bing.com", "ecosia.org"];
const SOCIAL = ["news.ycombinator.com", "t.co", "reddit.com", "mastodon.social", "linkedin.com"];
const EMAIL = ["mail.google.com", "outlook.live.com"];
const SECTIONS = ["blog", "docs", "pricing", "about", "products", "help", "news", "guides"];
const COUNTRIES = ["GB", "US", "DE", "FR", "IN", "JP", "NL", "ES", "BR", "SE", "IT", "PL", "CA", "AU", "SG", "NG", "NP", "MX", "CH", "AT"];
const LANGUAGES = ["en", "de", "fr", "es", "nl", "ja", "pt", "it", "sv", "pl", "hi"];
const BROWSERS = ["Chrome", "Safari", "Firefox", "Edge", "Samsung Internet", "Opera", "Brave", "Vivaldi"];
const OSES = ["Windows", "macOS", "iOS", "Android", "Linux", "ChromeOS"];
const EVENTS = ["signup", "download", "Outbound", "play-video", "contact"];

/** Inserts `rows` hits for `site` evenly spread over [from, to), in pieces of `piece` rows. */
export async function bulkHits(sql: Sql, site: number, tz: string, from: Date, to: Date, rows: number, piece = 250_000) {
  const span = to.getTime() - from.getTime();
  for (let done = 0; done < rows; done += piece) {
    const n = Math.min(piece, rows - done);
    await sql.unsafe(`
      INSERT INTO hits (time, site_id, kind, local_day, local_hour, path, referrer_host, source, utm_source, utm_medium,
        utm_campaign, country, language, browser, os, device, screen, is_unique, is_bounce, duration_ms, load_ms,
        transfer_bytes, event_name, event_value, referrer_post)
      SELECT t, ${site}, kind, (t AT TIME ZONE '${tz}')::date, extract(hour FROM t AT TIME ZONE '${tz}')::smallint,
        CASE WHEN p = 0 THEN '/' ELSE '/' || (ARRAY[${SECTIONS.map((s) => `'${s}'`).join(",")}])[1 + p % 8] || '/item-' || p END,
        CASE WHEN ref >= 0 THEN host END,
        CASE WHEN ref < 0 THEN 'direct' WHEN ref < 4 THEN 'search' WHEN ref < 9 THEN 'social'
          WHEN ref < 11 THEN 'email' ELSE 'unknown' END,
        CASE WHEN utm THEN ${pickFrom(["newsletter", "twitter", "mastodon", "partner", "podcast", "reddit", "hn", "ads"])} END,
        CASE WHEN utm THEN ${pickFrom(["email", "social", "referral", "cpc", "audio"])} END,
        CASE WHEN utm THEN 'campaign-' || ${pickZipf(30, 2)} END,
        ${pickFrom(COUNTRIES, 2)}, ${pickFrom(LANGUAGES, 2)},
        ${pickFrom(BROWSERS, 2)}, ${pickFrom(OSES, 1.5)}, ${pickFrom(["desktop", "mobile", "tablet"], 1.5)},
        ${pickFrom(["m", "s", "l"], 1.5)},
        kind = 1 AND random() < 0.6, kind = 2 AND random() < 0.3,
        CASE WHEN kind = 2 THEN (-ln(1 - random()) * 45000)::int END,
        CASE WHEN kind = 1 THEN (200 - ln(1 - random()) * 900)::int END,
        CASE WHEN kind = 1 THEN (50000 - ln(1 - random()) * 900000)::bigint WHEN kind = 2 THEN (random() * 20000)::bigint END,
        CASE WHEN kind = 3 THEN ${pickFrom(EVENTS)} END, CASE WHEN kind = 3 AND random() < 0.5 THEN 'pro' END,
        CASE WHEN kind = 1 AND host = 'mastodon.social' THEN 'https://mastodon.social/@bothy/' || ${pickZipf(60, 2)} END
      FROM (
        SELECT t, kind, p, ref, utm,
          CASE WHEN ref < 0 THEN NULL
            WHEN ref < 11 THEN (ARRAY[${[...SEARCH, ...SOCIAL, ...EMAIL].map((h) => `'${h}'`).join(",")}])[1 + ref]
            ELSE 'blog-' || ref || '.example' END AS host
        FROM (
          SELECT to_timestamp(${from.getTime() / 1000} + (${done} + i) * ${span / 1000 / rows}) AS t,
            CASE WHEN u < 0.54 THEN 1 WHEN u < 0.97 THEN 2 ELSE 3 END::smallint AS kind,
            ${pickZipf(500, 3)} AS p,
            CASE WHEN random() < 0.55 THEN -1 ELSE ${pickZipf(200, 2.5)} END AS ref,
            random() < 0.12 AS utm
          FROM (SELECT i, random() AS u FROM generate_series(0, ${n - 1}) i) g
        ) a
      ) b`);
  }
}
