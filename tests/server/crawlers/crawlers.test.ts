// Bots and crawlers: access log lines in combined format sent with the owner's Pro key become counts
// per crawler whose bytes equal the lines' bytes, read back by the "Bots & crawlers" answer with
// operator, purpose and energy; people's lines and crawlers' beacons are never visits; no address,
// user-agent string or request line is stored or logged (a full dump searched); every bad request is
// a 4xx in the one error shape and changes nothing.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { collectorOf } from "../../../src/collect";
import { MAX_LOG_BYTES } from "../../../src/crawlers";
import { setLogLevel, setLogSink } from "../../../src/log";
import { energyKwh } from "../../../src/shared/units";
import { call, verifiedSession } from "../../helpers/api";
import { beacon, CHROME_UA, countHits } from "../../helpers/collect";
import { dumpAllTables } from "../../helpers/dump";
import { startTestServer } from "../../helpers/server";

let server: Awaited<ReturnType<typeof startTestServer>>;
const logs: string[] = [];
const PASSWORD = "a sturdy passphrase";
const SAME = { origin: "http://bothy.test" };
const D = "crawled.example.com";
let owner: string;
let key: string;
let freeKey: string;

const GPT = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)";
const CLAUDE = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)";
const GOOGLE = "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const PERPLEXITY_USER = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Perplexity-User/1.0; +https://perplexity.ai/perplexity-user)";
const line = (ip: string, stamp: string, path: string, bytes: number | "-", ua: string) =>
  `${ip} - - [${stamp}] "GET ${path} HTTP/1.1" 200 ${bytes} "-" "${ua}"`;
/** A day of a site in London: 23:30 on the 9th in New York is already the 10th there. */
const LOG = [
  line("203.0.113.7", "10/Mar/2025:08:00:01 +0000", "/blog/private-path-1", 48211, GPT),
  line("203.0.113.7", "10/Mar/2025:08:00:02 +0000", "/blog/", 1200, GPT),
  line("2001:db8::77", "09/Mar/2025:23:30:00 -0400", "/", "-", GPT),
  line("198.51.100.4", "10/Mar/2025:09:15:00 +0000", "/docs/", 30000, CLAUDE),
  line("198.51.100.4", "10/Mar/2025:09:16:00 +0000", "/docs/a", 20000, CLAUDE),
  line("66.249.66.1", "10/Mar/2025:10:00:00 +0000", "/", 15000, GOOGLE),
  line("192.0.2.10", "10/Mar/2025:11:00:00 +0000", "/pricing", 9000, PERPLEXITY_USER),
  line("192.0.2.44", "10/Mar/2025:11:00:00 +0000", "/", 70000, CHROME_UA),
  line("192.0.2.45", "10/Mar/2025:12:00:00 +0000", "/", 70000, CHROME_UA),
  line("192.0.2.46", "10/Mar/2025:12:30:00 +0000", "/feed", 512, "curl/8.5.0"),
  "this is not a log line",
].join("\n");
const RANGE = "startKey=2025-03-10&endKey=2025-03-10";
const ingest = (body: string, headers: Record<string, string> = { authorization: `Bearer ${key}` }, domain = D) =>
  call(server.app, "POST", `/api/ingest/log?domain=${domain}`, { body, headers: { "content-type": "text/plain", ...headers } });
const crawlers = async (range = RANGE) => call(server.app, "GET", `/api/domains/${D}/crawlers?${range}`, { cookie: owner });
const newKey = async (cookie: string) =>
  (await call(server.app, "POST", "/api/api-keys", { cookie, headers: SAME, body: { name: "logs" } })).json.apiKey.key as string;

beforeAll(async () => {
  setLogSink((_level, l) => logs.push(l));
  server = await startTestServer({ env: { BETA: "0", COLLECT_FLUSH_MS: "20", LOG_LEVEL: "debug" } });
  owner = await verifiedSession(server, "owner@example.com", PASSWORD);
  const free = await verifiedSession(server, "free@example.com", PASSWORD);
  await server.db.sql`UPDATE users SET scope = ${["pro"]}`;
  key = await newKey(owner);
  freeKey = await newKey(free);
  await server.db.sql`UPDATE users SET scope = ${[]} WHERE email = 'free@example.com'`;
  expect((await call(server.app, "POST", "/api/domains", { cookie: owner, headers: SAME, body: { domain: D } })).status).toBe(201);
  expect((await call(server.app, "POST", "/api/domains", { cookie: free, headers: SAME, body: { domain: "free.example.com" } })).status).toBe(201);
});

afterAll(async () => {
  await server?.stop();
  setLogSink();
  setLogLevel("silent");
});

describe("POST /api/ingest/log", () => {
  test("counts the crawlers' lines with their bytes, skips people's, and tells the faults by line", async () => {
    const res = await ingest(LOG);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      lines: 11,
      crawlers: { requests: 8, bytes: 48211 + 1200 + 30000 + 20000 + 15000 + 9000 + 512 },
      people: 2,
      faults: 1,
      firstFaults: [{ line: 11, message: "line 11 is not in combined log format" }],
    });
  });

  test("the section's numbers are the lines' bytes, by crawler, operator and purpose, with their energy", async () => {
    const res = await crawlers();
    expect(res.status).toBe(200);
    const rows = [
      { crawler: "ClaudeBot", operator: "Anthropic", purpose: "training", requests: 2, bytes: 50000 },
      { crawler: "GPTBot", operator: "OpenAI", purpose: "training", requests: 3, bytes: 49411 },
      { crawler: "Googlebot", operator: "Google", purpose: "search", requests: 1, bytes: 15000 },
      { crawler: "Perplexity-User", operator: "Perplexity", purpose: "assistant", requests: 1, bytes: 9000 },
      { crawler: "Other bots", operator: "Other bots", purpose: "other", requests: 1, bytes: 512 },
    ];
    expect(res.json.rows).toEqual(rows.map((r) => ({ ...r, kwh: energyKwh(r.bytes) })));
    expect(res.json.total).toEqual({ requests: 8, bytes: 123923, kwh: energyKwh(123923) });
    // NOTE: 23:30 in New York on the 9th is 03:30 on the 10th in London, the domain's zone.
    expect((await crawlers("startKey=2025-03-09&endKey=2025-03-09")).json.total.requests).toBe(0);
  });

  test("no line is a visit: the site has no hits", async () => {
    const [site] = await server.db.sql<{ id: number }[]>`SELECT id FROM domains WHERE name = ${D}`;
    expect(await countHits(server.db.sql, site!.id)).toBe(0);
  });

  test("bad requests are 4xx in the one error shape, and the counts stay as they were", async () => {
    const before = (await crawlers()).json;
    const cases: [Awaited<ReturnType<typeof ingest>>, number, string][] = [
      [await ingest(LOG, {}), 401, "Send the owner's Pro API key"],
      [await call(server.app, "POST", `/api/ingest/log?domain=${D}`, { body: LOG, cookie: owner, headers: { "content-type": "text/plain" } }), 401, "Send the owner's Pro API key"],
      [await ingest(LOG, { authorization: "Bearer bothy_nothing" }), 401, "This API key is not valid"],
      [await ingest(LOG, { authorization: `Bearer ${freeKey}` }, "free.example.com"), 403, "Pro"],
      [await ingest(LOG, { authorization: `Bearer ${key}` }, "free.example.com"), 404, ""],
      [await ingest("garbage\nmore garbage"), 400, "No line is in combined log format (line 1 is not in combined log format)"],
      [await ingest("\n\n"), 400, "The body holds no log lines"],
      [await ingest("x".repeat(MAX_LOG_BYTES + 1)), 413, `larger than ${MAX_LOG_BYTES} bytes`],
      [await ingest(`${line("192.0.2.1", "10/Mar/2025:08:00:00 +0000", "/", 5, GPT)}\u0000`), 400, "NUL"],
    ];
    for (const [res, status, said] of cases) {
      expect(res.status).toBe(status);
      expect(res.json.error.message).toContain(said);
    }
    expect((await crawlers()).json).toEqual(before);
    expect((await call(server.app, "GET", `/api/domains/${D}/crawlers?startKey=2025-03-11&endKey=2025-03-10`, { cookie: owner })).status).toBe(400);
    expect((await call(server.app, "GET", `/api/domains/${D}/crawlers?startKey=2025-02-30&endKey=2025-03-10`, { cookie: owner })).status).toBe(400);
  });
});

describe("crawlers' page-view beacons", () => {
  test("a crawler that runs JavaScript is counted with its page's bytes, a headless browser among the other bots, neither as a visit", async () => {
    const at = { "content-type": "text/plain" };
    expect((await beacon(server.app, "/b/v", { d: D, p: "/", w: 1280, u: 1, b: 250_000 }, { ...at, "user-agent": GOOGLE })).status).toBe(202);
    expect((await beacon(server.app, "/b/v", { d: D, p: "/", w: 0, u: 1, b: 90_000 }, { ...at, "user-agent": CHROME_UA })).status).toBe(202);
    // NOTE: a leave beacon of a crawler adds no request: its page view was the request.
    expect((await beacon(server.app, "/b/l", { d: D, p: "/", v: 10, b: 250_000 }, { ...at, "user-agent": GOOGLE })).status).toBe(202);
    await collectorOf(server.db)!.crawlers.flush();
    // NOTE: a day past UTC's: London's day may already be tomorrow's in UTC terms (summer time).
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const rows = await server.db.sql`SELECT crawler, source, requests::int, bytes::int FROM crawler_daily WHERE source = 'beacon' ORDER BY crawler`;
    expect([...rows]).toEqual([
      { crawler: "Googlebot", source: "beacon", requests: 1, bytes: 250_000 },
      { crawler: "Other bots", source: "beacon", requests: 1, bytes: 90_000 },
    ]);
    const range = `startKey=2025-03-10&endKey=${tomorrow}`;
    const google = (await crawlers(range)).json.rows.find((r: { crawler: string }) => r.crawler === "Googlebot");
    expect(google).toMatchObject({ requests: 2, bytes: 265_000 });
    const [site] = await server.db.sql<{ id: number }[]>`SELECT id FROM domains WHERE name = ${D}`;
    expect(await countHits(server.db.sql, site!.id)).toBe(0);
  });
});

test("no address, user-agent string or requested path of a log line is stored or logged", async () => {
  await server.db.sql`CHECKPOINT`;
  const needles = ["203.0.113.7", "2001:db8::77", "198.51.100.4", "66.249.66.1", "192.0.2.44", "openai.com/gptbot", "claudebot@anthropic.com", "Nexus 5X", "curl/8.5.0", "private-path-1", "Chrome/"];
  const dump = await dumpAllTables(server.db.sql);
  expect(dump).toContain("GPTBot"); // the dump is real: it holds the crawlers' names
  expect(needles.filter((n) => dump.includes(n))).toEqual([]);
  expect(logs.some((l) => l.includes("/api/ingest/log"))).toBe(true);
  expect(needles.filter((n) => logs.some((l) => l.includes(n)))).toEqual([]);
});
