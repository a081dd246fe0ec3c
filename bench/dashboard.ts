// `npm run bench:dashboard`: seeds a domain with 1M hits over 30 days
// through `npm run seed` (the real collect path, aggregates materialized), gives it to an owner,
// starts the real server (production build) and, in Chromium on loopback, measures the time from
// navigation to every section filled (the dashboard's "dashboard-loaded" performance mark, set
// when SUMMARY, PATH and REF have all rendered and the chart is drawn; the world map, below the
// fold, loads when scrolled to and is not waited for): median of 10 after 2 warm-ups. Then the JS
// and CSS the dashboard page loads, gzip. Goals: under 500 ms, JS under 200 kB gzip.
// `--hits N` seeds fewer hits for a quick run. Without `--data-dir DIR` the seeded data dir is temporary
// (removed at exit); with it, the first run seeds DIR and keeps it, and later runs reuse it.
import { existsSync } from "node:fs";
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { launchBrowser } from "../tests/helpers/browser";
import { adoptDomains, signIn } from "../tests/helpers/dashboard";
import { freshDataDir, removedAtExit } from "../tests/helpers/db";
import { runToExit, spawnServer, TEST_ENV } from "../tests/helpers/server";

const { values } = parseArgs({ options: { hits: { type: "string", default: "1000000" }, "data-dir": { type: "string" } } });
const RUNS = 10;
const WARMUP = 2;
const GOAL_MS = 500;
const GOAL_JS_KB = 200;
const DOMAIN = "bench.example";
const OWNER = { email: "bench@example.com", name: "Bench Owner", password: "bench password 2026" };

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;

const given = values["data-dir"];
const reuse = given !== undefined && existsSync(`${given}/bench-seeded`);
// NOTE: a DIR given but not seeded yet starts empty; the seed script runs initdb in it.
const dataDir = given ?? removedAtExit(await freshDataDir());
if (!reuse) {
  const t0 = performance.now();
  const seeded = await runToExit("src/cli/seed.ts", { DATA_DIR: dataDir, ...TEST_ENV }, undefined, ["--domain", DOMAIN, "--hits", values.hits!, "--days", "30"]);
  if (seeded.code !== 0) throw new Error(`seed failed:\n${seeded.stdout}${seeded.stderr}`);
  console.log(`seeded ${Number(values.hits).toLocaleString("en")} hits in ${((performance.now() - t0) / 1000).toFixed(0)} s into ${dataDir}`);
  await adoptDomains({ DATA_DIR: dataDir }, OWNER, [DOMAIN]);
  await Bun.write(`${dataDir}/bench-seeded`, values.hits!);
}

const server = await spawnServer("src/server.ts", { DATA_DIR: dataDir, NODE_ENV: "production", ...TEST_ENV }, { timeoutMs: 120_000 });
const browser = await launchBrowser();
try {
  const page = await browser.context.newPage();
  const path = `/dashboard/${DOMAIN}`;
  await signIn(page, server.url, OWNER, path);
  const times: number[] = [];
  const phases: Record<string, number[]> = { firstRequest: [], lastAnswer: [], calls: [] };
  for (let i = 0; i < WARMUP + RUNS; i++) {
    await page.goto(server.url + path);
    await page.waitForSelector('[data-testid="dashboard"][data-loaded]', { timeout: 60_000 });
    const ms = await page.evaluate(() => performance.getEntriesByName("dashboard-loaded")[0]!.startTime);
    if (i < WARMUP) continue;
    times.push(ms);
    // Where the time goes: each stats answer's start and end, from navigation.
    const calls = await page.evaluate(() =>
      (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).filter((e) => e.name.includes("/api/stats")).map((e) => ({ type: new URL(e.name).searchParams.get("dataType")!, start: e.startTime, end: e.responseEnd })),
    );
    for (const c of calls) (phases[c.type] ??= []).push(c.end - c.start);
    phases.firstRequest!.push(Math.min(...calls.map((c) => c.start)));
    phases.lastAnswer!.push(Math.max(...calls.map((c) => c.end)));
    phases.calls!.push(calls.length);
  }
  // Every script and stylesheet the page fetched, measured as the server sends them (gzip).
  const assets = await page.evaluate(() => performance.getEntriesByType("resource").map((e) => e.name).filter((u) => /\/assets\/.*\.(js|css)$/.test(u)));
  const files: { path: string; raw: number; gzip: number }[] = [];
  for (const url of new Set(assets)) {
    const raw = new Uint8Array(await (await fetch(url)).arrayBuffer());
    files.push({ path: new URL(url).pathname, raw: raw.byteLength, gzip: Bun.gzipSync(raw, { level: 9 }).byteLength });
  }
  const sum = (ext: string) => files.filter((f) => f.path.endsWith(ext)).reduce((s, f) => s + f.gzip, 0);
  const js = sum(".js");
  const css = sum(".css");
  console.log(`dashboard: ${Number(values.hits).toLocaleString("en")} hits over 30 days, median of ${RUNS} in Chromium on loopback, load average ${loadavg()[0]!.toFixed(1)}`);
  console.log(`navigation → all sections filled: median ${median(times).toFixed(0)} ms (min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)}), ${(median(times) / GOAL_MS).toFixed(2)}× the ${GOAL_MS} ms goal`);
  console.log(`  of which: first stats request sent at ${median(phases.firstRequest!).toFixed(0)} ms; answers SUMMARY ${median(phases.SUMMARY ?? [0]).toFixed(0)} ms, PATH ${median(phases.PATH ?? [0]).toFixed(0)} ms, REF ${median(phases.REF ?? [0]).toFixed(0)} ms; last answer in at ${median(phases.lastAnswer!).toFixed(0)} ms; ${median(phases.calls!)} stats requests per load (medians)`);
  console.log(`JS ${kb(js)} gzip (${(js / 1024 / GOAL_JS_KB).toFixed(2)}× the ${GOAL_JS_KB} kB goal), CSS ${kb(css)} gzip, ${files.length} files`);
  // Per file, largest first: where the bytes are (gzip, and minified size before it).
  for (const f of files.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${kb(f.gzip).padStart(9)} gzip ${kb(f.raw).padStart(9)} raw  ${f.path}`);
} finally {
  await browser.close();
  server.proc.kill("SIGTERM");
  await server.exited;
}
