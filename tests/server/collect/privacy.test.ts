// The privacy dump: hits from distinct IP addresses and user-agents, then a full dump of
// the database (every table, chunk and materialized aggregate), the raw files of the data directory
// (heap and WAL; on a server the database's own directory and WAL) and every log line are searched
// for them. Nothing may be found.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { collectorOf } from "../../../src/collect";
import { refreshAggregates } from "../../../src/hits";
import { setLogLevel, setLogSink } from "../../../src/log";
import { addDomain, countHits, until } from "../../helpers/collect";
import { dumpAllTables } from "../../helpers/dump";
import { startTestServer } from "../../helpers/server";

let server: Awaited<ReturnType<typeof startTestServer>>;
const logs: string[] = [];
beforeAll(async () => {
  setLogSink((_level, line) => logs.push(line));
  // NOTE: the most verbose level, so every line the server could ever write is searched.
  server = await startTestServer({ env: { COLLECT_FLUSH_MS: "20", LOG_LEVEL: "debug" } });
});
afterAll(async () => {
  await server.stop();
  setLogSink();
  setLogLevel("silent");
});

const N = 12;
const ip = (i: number) => `203.0.113.${100 + i}`;
const ipv6 = (i: number) => `2001:db8::${(0xbee0 + i).toString(16)}`;
const marker = (i: number) => `PrivacyProbe${9000 + i}`;
const ua = (i: number) =>
  `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/121.0.${4000 + i}.0 Safari/537.36 ${marker(i)}`;

function rawFiles(dir: string): Buffer[] {
  const out: Buffer[] = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    const st = statSync(path);
    if (st.isDirectory()) out.push(...rawFiles(path));
    else if (st.size > 0) out.push(readFileSync(path));
  }
  return out;
}

/**
 * The raw files the database is kept in: the embedded data dir, or on a server (TEST_DATABASE_URL,
 * which must then run on this machine) this database's directory and the server's WAL.
 */
async function databaseFiles(): Promise<Buffer[]> {
  if (server.db.mode === "embedded") return rawFiles(join(server.dataDir, "pgdata"));
  const [row] = await server.db.sql<{ dir: string; oid: number }[]>`
    SELECT current_setting('data_directory') AS dir, oid::int FROM pg_database WHERE datname = current_database()`;
  return [...rawFiles(join(row!.dir, "base", String(row!.oid))), ...rawFiles(join(row!.dir, "pg_wal"))];
}

test("no IP address, user-agent string or identifier is stored or logged", async () => {
  const site = await addDomain(server.db.sql, "private.example");
  for (let i = 0; i < N; i++) {
    const headers = {
      "content-type": "text/plain",
      "user-agent": ua(i),
      "x-forwarded-for": `${ip(i)}, ${ipv6(i)}`,
      "x-real-ip": ip(i),
      forwarded: `for=${ip(i)}`,
      cookie: `sid=${marker(i)}-cookie`,
    };
    // Every beacon carries its page view's context, as the tracker sends it.
    const context = { d: "private.example", p: "/p", r: "https://news.example/", w: 1280, z: "Europe/Rome", l: "it" };
    const body = (kind: string) => (kind === "v" ? { ...context, u: 1 } : kind === "l" ? { ...context, v: 1000 + i } : { ...context, n: "click" });
    // The next pages, for funnels: one loaded from /p (a same-site referrer with the visitor's data
    // in its query and fragment), one the site's router moved to (the tracker's path before it).
    const next = [
      { ...context, p: "/q", r: `https://private.example/p?sid=${marker(i)}-ref#${marker(i)}-frag`, u: 0 },
      { ...context, p: "/r", r: `/p?sid=${marker(i)}-spa` },
    ];
    // Its web vitals (data-vitals), with the visitor's data in the referrer's query.
    const vitals = { ...context, r: `https://news.example/?sid=${marker(i)}-vitals`, lcp: 1200 + i, inp: 80, cls: 0.01, fcp: 900, ttfb: 120 };
    for (const [kind, b] of [...["v", "l", "e"].map((k) => [k, body(k)] as const), ...next.map((b) => ["v", b] as const), ["w", vitals] as const]) {
      const res = await fetch(`${server.url}/b/${kind}`, { method: "POST", headers, body: JSON.stringify(b) });
      expect(res.status).toBe(202);
    }
  }
  // TRICKY: the embedded COPY's acknowledgement comes back by worker message, the count over the
  // socket; the rows can be visible a moment before `written` counts them, so wait for both.
  const written = () => collectorOf(server.db)!.metrics.counts.written;
  await until("every hit written", async () => (await countHits(server.db.sql, site)) === 6 * N && written() === 6 * N);
  // Materialize the aggregates too, and push everything to the files on disk.
  await refreshAggregates(server.db.sql);
  await server.db.sql`CALL refresh_continuous_aggregate('hits_hourly', NULL, NULL)`;
  await server.db.sql`CHECKPOINT`;

  // NOTE: marker(i) is part of every needle of visit i, the referrers' query and fragment included.
  const needles = Array.from({ length: N }, (_, i) => [ip(i), ipv6(i), marker(i), `Chrome/121.0.${4000 + i}`]).flat();
  const dump = await dumpAllTables(server.db.sql);
  expect(dump).toContain("private.example"); // the dump is real: it holds the domain we added
  expect(dump).toContain("/p");
  expect(needles.filter((n) => dump.includes(n))).toEqual([]);

  // The hits' columns themselves: nothing but the enriched families.
  const [row] = await server.db.sql`SELECT browser, os, device FROM hits WHERE site_id = ${site} LIMIT 1`;
  expect(row).toEqual({ browser: "Chrome", os: "Windows", device: "desktop" });
  // The vitals are stored (so the dump searched holds them), with nothing of the referrer's query.
  const [vitals] = await server.db.sql`SELECT count(*)::int AS n, min(lcp_ms) AS lcp FROM hits WHERE site_id = ${site} AND kind = 4`;
  expect(vitals).toEqual({ n: N, lcp: 1200 });
  // Where a page came from is a path of the site, as the page's own.
  const from = await server.db.sql`SELECT DISTINCT path, from_path FROM hits WHERE site_id = ${site} AND from_path IS NOT NULL ORDER BY path`;
  expect([...from]).toEqual([{ path: "/q", from_path: "/p" }, { path: "/r", from_path: "/p" }]);

  const files = await databaseFiles();
  expect(files.some((f) => f.includes("private.example"))).toBe(true); // the search can find what is there
  const found = needles.filter((n) => files.some((f) => f.includes(n)));
  expect(found).toEqual([]);

  expect(logs.some((l) => l.includes('"route":"/b/v"'))).toBe(true); // the log is really captured
  expect(needles.filter((n) => logs.some((l) => l.includes(n)))).toEqual([]);
});

test("an outbound link is stored as scheme, host and path: its query, fragment and user info are dropped", async () => {
  const site = await addDomain(server.db.sql, "outbound.example");
  const links = [
    ["https://shop.example.net/cart?session=s3cr3t&email=ann%40example.com#pay", "https://shop.example.net/cart"],
    ["http://ann:pw@docs.example.org:8080/a/b?x=1", "http://docs.example.org:8080/a/b"],
    ["mailto:ann@example.com?subject=hi", "mailto:ann@example.com"],
  ];
  for (const [href] of links) {
    const body = { d: "outbound.example", p: "/", n: "Outbound", v: href };
    const res = await fetch(`${server.url}/b/e`, { method: "POST", headers: { "content-type": "text/plain", "user-agent": ua(0) }, body: JSON.stringify(body) });
    expect(res.status).toBe(202);
  }
  await until("the outbound events written", async () => (await countHits(server.db.sql, site)) === links.length);
  const stored = await server.db.sql<{ v: string }[]>`SELECT event_value AS v FROM hits WHERE site_id = ${site} ORDER BY event_value`;
  expect(stored.map((r) => r.v)).toEqual(links.map(([, kept]) => kept!).sort());
});
