// An install that already holds a demo of an older model (the flat, generated /blog/item-<n> pages
// of the old timer, with no model version stored, as before there was one, or an older version): at
// start its hits are removed and the month is seeded again from the running model, once, though two
// nodes start at once; and every node's live timer follows the month the seeding stored.
import { afterAll, beforeAll, expect, test } from "bun:test";
import postgres from "postgres";
import { demoOf } from "../../../src/demo";
import { DEMO_DAYS, DEMO_SEED } from "../../../src/demo/live";
import { DEMO_MODEL_VERSION, demoModel } from "../../../src/demo/model";
import { migrate } from "../../../src/db/migrate";
import { ensureUnownedSite, siteByName } from "../../../src/domains";
import { refreshAggregates } from "../../../src/hits";
import { setLogLevel } from "../../../src/log";
import { addDays, dayIn } from "../../../src/shared/days";
import { sharedDatabase, startTestServer } from "../../helpers/server";

const DEMO = "demo.replace.test";
/** Over the seeding's threshold, so only the model version can tell the demo to be replaced. */
const OLD_VIEWS = 6_000;

let db: Awaited<ReturnType<typeof sharedDatabase>>;
let sql: postgres.Sql;
let siteId: number;
let tz: string;
let nodes: Awaited<ReturnType<typeof startTestServer>>[] = [];

const startNode = () => startTestServer({ env: { DEMO_DOMAIN: DEMO, DATABASE_URL: db.url, DATABASE_POOL: "2", LOG_LEVEL: process.env.DEMO_LOG ?? "silent" } });

beforeAll(async () => {
  db = await sharedDatabase();
  sql = postgres(db.url, { max: 1, onnotice: () => {} });
  // NOTE: the nodes set the level they are given; the migration before them says nothing.
  setLogLevel("silent");
  await migrate(sql);
  siteId = (await ensureUnownedSite(sql, DEMO, ["demo", "pro"]))!;
  tz = (await siteByName(sql, DEMO))!.tz;
  // The old demo, begun two months ago: a page view every 400 s over the last four weeks, on generated pages.
  await oldViews(OLD_VIEWS);
  await sql`UPDATE domains SET created = now() - interval '60 days' WHERE id = ${siteId}`;
  // Its seeding claim, long expired, with no model version, and the month its creation date began
  // (as the migration that stored months left a demo's claim).
  await sql`
    INSERT INTO demo_seedings (site_id, claimed_at, month_start, seed)
    SELECT id, now() - interval '40 days', (created AT TIME ZONE tz)::date, 1 FROM domains WHERE id = ${siteId}`;
  // NOTE: as on a running install: its older chunks compressed and its days in the aggregates.
  await sql`SELECT compress_chunk(c, if_not_compressed => true) FROM show_chunks('hits', older_than => interval '3 days') c`;
  await refreshAggregates(sql);
}, 120_000);

const oldViews = (n: number) =>
  sql`
    INSERT INTO hits (time, site_id, kind, local_day, local_hour, path, is_unique)
    SELECT t, ${siteId}, 1, (t AT TIME ZONE ${tz})::date, extract(hour FROM t AT TIME ZONE ${tz})::int, '/blog/item-' || (n % 200), true
    FROM (SELECT n, now() - make_interval(secs => n * 400) AS t FROM generate_series(1, ${n}) n) s`;

const stopNodes = async () => {
  for (const node of nodes) await node.stop();
  nodes = [];
};

afterAll(async () => {
  await stopNodes();
  await sql?.end();
  await db?.stop();
});

/** What a replaced demo holds: no old page, in the hits or the aggregates; the running model's
 * titled pages; each whole day seeded once (what the model expects of it, not twice that); and the
 * creation date at the new data's start. */
async function expectReplaced() {
  const paths = (await sql<{ path: string }[]>`SELECT DISTINCT path FROM hits WHERE site_id = ${siteId}`).map((r) => r.path);
  expect(paths.filter((p) => p.includes("/item-"))).toEqual([]);
  expect(paths.filter((p) => /^\/blog\/[a-z]+(-[a-z0-9]+){2,}$/.test(p)).length).toBeGreaterThanOrEqual(40);
  const [daily] = await sql`SELECT count(*)::int AS n FROM hits_daily_page WHERE site_id = ${siteId} AND path LIKE '/blog/item-%'`;
  expect(daily!.n).toBe(0);
  const days = await sql<{ day: string; n: number }[]>`
    SELECT local_day::text AS day, count(*)::int AS n FROM hits WHERE site_id = ${siteId} AND kind = 1 GROUP BY 1 ORDER BY 1`;
  // NOTE: the model of the month as seeded, from its first day. Today, the last, may be partial or,
  // minutes after midnight, empty.
  const model = demoModel(DEMO_SEED, days[0]!.day);
  expect(days.length).toBeGreaterThanOrEqual(DEMO_DAYS - 1);
  for (const { day, n } of days.slice(1, -1)) expect(Math.abs(n / model.total(day) - 1)).toBeLessThan(0.2);
  const [row] = await sql<{ created: Date; version: number }[]>`
    SELECT d.created, s.model_version AS version FROM domains d JOIN demo_seedings s ON s.site_id = d.id WHERE d.id = ${siteId}`;
  expect(dayIn(tz, row!.created.getTime())).toBe(days[0]!.day);
  expect(row!.version).toBe(DEMO_MODEL_VERSION);
  expect(await followedMonth()).toBe(days[0]!.day);
}

/** The start of the month every running node's live timer follows, after checking that it is the
 * stored one, of the running seed. */
async function followedMonth() {
  const [stored] = await sql<{ start: string; seed: number }[]>`
    SELECT month_start::text AS start, seed FROM demo_seedings WHERE site_id = ${siteId}`;
  expect(stored!.seed).toBe(DEMO_SEED);
  expect(nodes.map((node) => demoOf(node.db)!.model!.start)).toEqual(nodes.map(() => stored!.start));
  return stored!.start;
}

test("two nodes starting at once replace a demo of no model version with the running model's, once", async () => {
  nodes = await Promise.all([startNode(), startNode()]);
  await Promise.all(nodes.map((n) => demoOf(n.db)!.ready));
  await expectReplaced();
}, 300_000);

test("a demo of an older version is replaced at once, though its claim is fresh", async () => {
  await stopNodes();
  await oldViews(100);
  await sql`UPDATE demo_seedings SET model_version = ${DEMO_MODEL_VERSION - 1}, claimed_at = now() WHERE site_id = ${siteId}`;
  nodes = [await startNode()];
  await demoOf(nodes[0]!.db)!.ready;
  await expectReplaced();
}, 300_000);

test("a node that starts while another node seeds the demo follows the month that node's claim stored", async () => {
  await stopNodes();
  const created = dayIn(tz, (await siteByName(sql, DEMO))!.created.getTime());
  // Another node's fresh claim, its seeding under way, with a month other than the creation date
  // (the start of the data so far), which the node would otherwise follow.
  const claimed = addDays(created, -3);
  await sql`UPDATE demo_seedings SET claimed_at = now(), month_start = ${claimed}::date WHERE site_id = ${siteId}`;
  nodes = [await startNode()];
  await demoOf(nodes[0]!.db)!.ready;
  expect(await followedMonth()).toBe(claimed);
}, 300_000);
