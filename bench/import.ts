// `npm run bench:import [-- --rows 1000000]`: a GoatCounter CSV export (tests/fixtures/imports/
// goatcounter's format) of that many page views and events over a year, made by a seeded generator
// in a temp dir (300 pages and 10 referrers read as a power law), imported through the imports room's job (src/imports/job.ts runImport: the
// importer's stream, the fold, the overlap checks, estimated bytes and the one-transaction write)
// into a fresh embedded database for one domain. Prints rows per second and the process's peak RSS
// growth over the import (process.memoryUsage().rss sampled every 100 ms; the embedded database
// runs in a worker thread of this process, so its memory counts too) against the goals
// ≥ 50,000 rows/s and ≤ 200 MB. The file and the data dir are removed afterwards.
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { rng } from "../src/collect";
import { openDatabase } from "../src/db";
import { runImport } from "../src/imports/job";
import { claimImport, importById, queueImport } from "../src/imports/queries";
import { setLogLevel } from "../src/log";
import { freshDataDir, removedAtExit } from "../tests/helpers/db";
import { addTarget } from "../tests/helpers/stats";

const { values } = parseArgs({ options: { rows: { type: "string", default: "1000000" } } });
const ROWS = Number(values.rows);
const DOMAIN = "bench.example";
const TZ = "Europe/Amsterdam";
const GOAL_ROWS_PER_S = 50_000;
const GOAL_RSS_MB = 200;
const FIRST = Date.UTC(2024, 0, 1);
const YEAR_MS = 366 * 86_400_000;

setLogLevel("warn");

const AGENTS = [
  ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36", "Chrome 124", "Windows 10"],
  ["Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15", "Safari 17.4", "macOS 10.15"],
  ["Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1", "Safari 17.4", "iOS 17.4"],
  ["Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0", "Firefox 125", "Linux"],
  ["Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36", "Chrome 124", "Android 14"],
] as const;
const REFS = [["", "o"], ["Google", "g"], ["Hacker News", "g"], ["www.reddit.com/r/webdev", "h"], ["lobste.rs/s/x1", "h"],
  ["news.example.org/a", "h"], ["newsletter", "c"], ["duckduckgo.com", "h"], ["t.co/abc", "h"], ["github.com/arp242", "h"]] as const;
const SIZES = ["1920,1080,1", "1440,900,2", "390,844,3", "2560,1440,1", "0,0,1"];
const LOCATIONS = ["NL", "DE", "US-CA", "GB", "FR", "", "JP", "BR", "IN", "SE"];
const PATHS = Array.from({ length: 300 }, (_, i) => (i === 0 ? "/" : `/blog/post-${i}`));

/** Writes ROWS data rows of GoatCounter's CSV export; 1 in 20 an event, 1 in 50 a bot's. */
async function generate(path: string) {
  const rand = rng(0x1b07);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  // NOTE: a site's pages and referrers are read as a power law (the first of a list most, the
  // 300th rarely): log-uniform ranks, about Zipf's s = 1. Uniform picks gave every entry page and
  // referrer pair of a day a row of its own, a site no real traffic makes.
  const ranked = <T>(xs: readonly T[]) => xs[Math.min(xs.length - 1, Math.floor(Math.exp(rand() * Math.log(xs.length + 1))) - 1)]!;
  const writer = Bun.file(path).writer();
  writer.write("2Path,Title,Event,UserAgent,Browser,System,Session,Bot,Referrer,Referrer scheme,Screen size,Location,FirstVisit,Date\n");
  for (let i = 0; i < ROWS; i++) {
    const [ua, browser, system] = pick(AGENTS);
    const event = rand() < 0.05;
    const first = rand() < 0.4;
    const [ref, scheme] = first ? ranked(REFS) : REFS[0];
    const path = event ? pick(["signup", "download-pdf", "outbound"]) : ranked(PATHS);
    const date = new Date(FIRST + Math.floor((i / ROWS) * YEAR_MS)).toISOString().slice(0, 19) + "Z";
    const session = `${Math.floor(rand() * 2 ** 52).toString(16)}-${Math.floor(rand() * 2 ** 52).toString(16)}`;
    writer.write(`${path},T,${event ? 1 : 0},"${rand() < 0.3 ? ua : ""}",${browser},${system},${session},${rand() < 0.02 ? 1 : 0},` +
      `${ref},${scheme},"${pick(SIZES)}",${pick(LOCATIONS)},${first ? 1 : 0},${date}\n`);
    if (i % 10_000 === 0) await writer.flush();
  }
  await writer.end();
}

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
const dir = mkdtempSync(join(tmpdir(), "bothy-bench-import-"));
try {
  const file = join(dir, "goatcounter-export.csv");
  let t = performance.now();
  await generate(file);
  const size = statSync(file).size;
  console.log(`generated ${ROWS.toLocaleString("en")} rows, ${mb(size)}, in ${((performance.now() - t) / 1000).toFixed(1)} s`);

  const dataDir = removedAtExit(await freshDataDir());
  const db = await openDatabase({ DATA_DIR: dataDir, DATABASE_URL: undefined, DATABASE_READ_URL: undefined, DATABASE_POOL: 1, MAINTENANCE_INTERVAL_S: 86_400 });
  try {
    const target = await addTarget(db.sql, DOMAIN, TZ);
    const queued = await queueImport(db.sql, { siteId: target.id, format: "goatcounter", sha256: "bench", bytes: size, keepOwn: false });
    await claimImport(db.sql, queued!.id);
    const task = (await importById(db.sql, queued!.id))!;

    Bun.gc(true);
    const base = process.memoryUsage().rss;
    let peak = base;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
    t = performance.now();
    await runImport({ db }, task, file, new AbortController().signal);
    const elapsed = (performance.now() - t) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);

    const [stored] = await db.sql<{ rows: number; views: number; days: number }[]>`
      SELECT count(*)::float8 AS rows, coalesce(sum(views) FILTER (WHERE dim = 'total'), 0)::float8 AS views,
        count(DISTINCT day)::float8 AS days
      FROM imported_daily WHERE import_id = ${queued!.id}`;
    const rate = ROWS / elapsed;
    const growth = (peak - base) / 2 ** 20;
    console.log(`\nimport of ${DOMAIN} (${TZ}): ${ROWS.toLocaleString("en")} rows in ${elapsed.toFixed(1)} s; stored ${stored!.rows.toLocaleString("en")} ` +
      `day rows over ${stored!.days} days, ${stored!.views.toLocaleString("en")} page views; load average ${loadavg().map((l) => l.toFixed(1)).join(" ")} (2 cores shared)`);
    console.log(`goal ≥ ${GOAL_ROWS_PER_S.toLocaleString("en")} rows/s: ${Math.round(rate).toLocaleString("en")} rows/s, ${(rate / GOAL_ROWS_PER_S).toFixed(2)}× the goal (${rate >= GOAL_ROWS_PER_S ? "met" : "NOT met"})`);
    console.log(`goal RSS growth ≤ ${GOAL_RSS_MB} MB: peak ${growth.toFixed(1)} MB (from ${mb(base)}), ${(growth / GOAL_RSS_MB).toFixed(2)}× the goal (${growth <= GOAL_RSS_MB ? "met" : "NOT met"})`);
  } finally {
    await db.close();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
