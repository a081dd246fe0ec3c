// The docs' metric definitions against the code: the worked example's beacons in
// content/docs/metrics.md go through the real collection endpoints of a real server; its /api/stats
// must answer the figures the page's table states, those must equal the definitions' formulas
// applied to the raw hits written, and the rendered /docs/metrics must show them.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { CONTENT_DIR } from "../../../src/content";
import { call, verifiedSession } from "../../helpers/api";
import { beacon, countHits, until } from "../../helpers/collect";
import { req, startTestServer } from "../../helpers/server";

const DOC = readFileSync(join(CONTENT_DIR, "docs", "metrics.md"), "utf8");
const DOMAIN = "example.com";

type Beacon = { beacon: "v" | "l"; body: Record<string, unknown> };
const beacons = JSON.parse(/```json example-beacons\n([\s\S]*?)```/.exec(DOC)![1]!) as Beacon[];

/** The worked example's table: figure → value as written. */
const stated = new Map(
  [...DOC.slice(DOC.indexOf("| Figure | Value |")).matchAll(/^\| ([^|]+?) \| ([^|]+?) \| [^|]+\|$/gm)].slice(1).map((m) => [m[1]!, m[2]!]),
);

// How the page writes each kind of figure.
const count = (n: number) => n.toLocaleString("en-GB");
const percent = (f: number) => `${Math.round(f * 100)}%`;
const seconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;
const grams = (g: number) => `${g.toFixed(4)} g`;

/** SWD v4 as the metrics page states it: 0.3 kWh per GB × 494 g per kWh (grid energy). */
const GRAMS_PER_BYTE = (0.3 * 494) / 1e9;

let server: Awaited<ReturnType<typeof startTestServer>>;
let cookie: string;
let siteId: number;

beforeAll(async () => {
  server = await startTestServer({ env: { LOG_LEVEL: "error" } });
  cookie = await verifiedSession(server, "ada@example.org", "an engine of analysis");
  const added = await call(server.app, "POST", "/api/domains", { cookie, headers: { origin: "http://bothy.test" }, body: { domain: DOMAIN } });
  if (added.status !== 201) throw new Error(`adding ${DOMAIN} answered ${added.status}: ${added.text}`);
  siteId = Number((await server.db.sql`SELECT id FROM domains WHERE name = ${DOMAIN}`)[0]!.id);
  for (const b of beacons) {
    const res = await beacon(server.app, `/b/${b.beacon}`, b.body);
    if (res.status !== 202) throw new Error(`beacon ${JSON.stringify(b)} answered ${res.status}: ${await res.text()}`);
  }
  await until("the example's hits written", async () => (await countHits(server.db.sql, siteId)) === beacons.length);
}, 120_000);
afterAll(() => server.stop());

const DAY = 86_400_000;
const utcDay = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

async function stats(dataType: "SUMMARY" | "PATH") {
  // NOTE: a day either side of today in UTC holds the domain's local today in any time zone.
  const r = await call(server.app, "GET", `/api/stats?domain=${DOMAIN}&startKey=${utcDay(-1)}&endKey=${utcDay(1)}&dataType=${dataType}`, { cookie });
  if (r.status !== 200) throw new Error(`/api/stats answered ${r.status}: ${r.text}`);
  return r.json;
}

describe("the metrics page's worked example", () => {
  test("the example is what the tracker sends: 4 page views and 4 leave beacons, all accepted", () => {
    expect(beacons.filter((b) => b.beacon === "v")).toHaveLength(4);
    expect(beacons.filter((b) => b.beacon === "l")).toHaveLength(4);
    expect(stated.size).toBe(11);
  });

  test("/api/stats answers every figure the page states", async () => {
    const summary = await stats("SUMMARY");
    const path = await stats("PATH");
    const home = path.path.find((p: { label: string }) => p.label === "/");
    const homeEnergy = path.energy.find((p: { label: string }) => p.label === "/");
    const totals = path.carbonTotals;
    expect(totals.green).toBe("unknown");
    const answered: Record<string, string> = {
      "Page views": count(summary.visits.hits),
      "Unique visits": count(summary.visits.unique),
      Bounces: count(summary.visits.bounceCount),
      "Bounce rate": percent(summary.visits.bounceCount / summary.visits.bounceNew),
      "Bounce rate of `/`": percent(home.bounceRate),
      "Average attention": seconds(totals.avgTimeSpent),
      "Average attention on `/`": seconds(home.durationAvg),
      "Transferred bytes": count(totals.transferredBytes),
      CO2: grams(totals.co2Grams),
      "CO2 per visit": grams(totals.avgCo2Grams),
      "CO2 per visit of `/`": grams(homeEnergy.value),
    };
    expect(answered).toEqual(Object.fromEntries(stated));
  });

  test("the definitions' formulas on the raw hits give the same figures", async () => {
    const rows = await server.db.sql<{ kind: number; path: string; isUnique: boolean; isBounce: boolean; durationMs: number | null; transferBytes: string | null }[]>`
      SELECT kind, path, is_unique AS "isUnique", is_bounce AS "isBounce", duration_ms AS "durationMs", transfer_bytes AS "transferBytes"
      FROM hits WHERE site_id = ${siteId}`;
    const views = rows.filter((r) => r.kind === 1);
    const leaves = rows.filter((r) => r.kind === 2);
    const unique = rows.filter((r) => r.isUnique).length;
    const bounces = rows.filter((r) => r.isBounce).length;
    const bytes = rows.reduce((s, r) => s + Number(r.transferBytes ?? 0), 0);
    const homeBytes = rows.filter((r) => r.path === "/").reduce((s, r) => s + Number(r.transferBytes ?? 0), 0);
    const homeViews = views.filter((r) => r.path === "/").length;
    const homeLeaves = leaves.filter((r) => r.path === "/");
    const formulas: Record<string, string> = {
      "Page views": count(views.length),
      "Unique visits": count(unique),
      Bounces: count(bounces),
      // Bounce rate = bounces ÷ unique visits; attention = sum of visible times ÷ leave beacons.
      "Bounce rate": percent(bounces / unique),
      "Bounce rate of `/`": percent(rows.filter((r) => r.path === "/" && r.isBounce).length / rows.filter((r) => r.path === "/" && r.isUnique).length),
      "Average attention": seconds(leaves.reduce((s, r) => s + r.durationMs!, 0) / leaves.length),
      "Average attention on `/`": seconds(homeLeaves.reduce((s, r) => s + r.durationMs!, 0) / homeLeaves.length),
      "Transferred bytes": count(bytes),
      CO2: grams(bytes * GRAMS_PER_BYTE),
      "CO2 per visit": grams((bytes * GRAMS_PER_BYTE) / views.length),
      "CO2 per visit of `/`": grams((homeBytes / homeViews) * GRAMS_PER_BYTE),
    };
    expect(formulas).toEqual(Object.fromEntries(stated));
  });

  test("the rendered /docs/metrics shows the example's figures", async () => {
    const page = (await (await server.app.handle(req("/docs/metrics"))).text()).replace(/<!-- -->/g, "");
    for (const [figure, value] of stated) {
      const label = figure.replace(/`([^`]+)`/g, "<code>$1</code>");
      expect(page.includes(`<td>${label}</td>\n<td>${value}</td>`), figure).toBe(true);
    }
  });
});
