// `npm run bench:faults [-- --pause 5 --gone 60]`: the long variants of the outage tests
// (tests/server/process/outage.test.ts), on one app node on `npm run db:serve` under paced page-view
// load (about 300 views/s): the database paused (SIGSTOP) for `--pause` seconds, then stopped for
// `--gone` seconds and started again. Each prints what was sent, accepted, refused and stored, and
// the goals: nothing accepted lost or stored twice, no refusal during the pause, 503 + Retry-After
// while the buffer is full, and readiness back by itself.
import { parseArgs } from "node:util";
import { until } from "../tests/helpers/collect";
import { startOutage } from "../tests/helpers/outage";

const { values } = parseArgs({ options: { pause: { type: "string", default: "5" }, gone: { type: "string", default: "60" } } });
const PAUSE_S = Number(values.pause);
const GONE_S = Number(values.gone);
// NOTE: 6 senders at most one view each 20 ms (≤ 300/s) against a 5,000-row buffer: a 5 s pause
// fits in it, a minute without the database fills it in about 17 s.
const CLIENTS = 6;
const EVERY_MS = 20;

const outage = await startOutage({ COLLECT_MAX_BUFFER: "5000" });
const goals: [string, boolean][] = [];
const lostOrTwice = async () => {
  const rows = await outage.sql<{ path: string }[]>`SELECT path FROM hits WHERE site_id = ${outage.siteId} AND kind = 1`;
  const stored = new Set(rows.map((r) => r.path));
  return { lost: [...outage.acceptedPaths].filter((p) => !stored.has(p)).length, twice: rows.length - stored.size };
};
try {
  const { tally, app } = outage;
  outage.startLoad(CLIENTS, EVERY_MS);
  await until("views stored before the pause", async () => (await outage.stored()) >= 500, 120_000, 100);
  outage.db.proc.kill("SIGSTOP");
  await Bun.sleep(PAUSE_S * 1000);
  outage.db.proc.kill("SIGCONT");
  await Bun.sleep(5_000);
  await outage.stopLoad();
  await outage.drained(120_000);
  await outage.report(`database paused ${PAUSE_S} s`);
  const paused = await lostOrTwice();
  goals.push([`paused ${PAUSE_S} s: refused ${tally.refused}, lost ${paused.lost}, stored twice ${paused.twice} (goal 0, 0, 0)`, tally.refused === 0 && paused.lost === 0 && paused.twice === 0]);

  outage.startLoad(CLIENTS, EVERY_MS);
  await Bun.sleep(2_000);
  const goneAt = performance.now();
  await outage.stopDatabase();
  const refusedBefore = tally.refused;
  await Bun.sleep(Math.max(0, GONE_S * 1000 - (performance.now() - goneAt)));
  const ready = await fetch(`${app.url}/readyz`);
  const refusedWhileGone = tally.refused - refusedBefore;
  await outage.startDatabase();
  const back = performance.now();
  await until("/readyz ready again", async () => (await fetch(`${app.url}/readyz`)).status === 200, 120_000, 250);
  const readyAfterS = (performance.now() - back) / 1000;
  await Bun.sleep(5_000);
  await outage.stopLoad();
  await outage.drained(180_000);
  await outage.report(`database gone ${GONE_S} s (totals since the start)`);
  const gone = await lostOrTwice();
  goals.push([`gone ${GONE_S} s: ${refusedWhileGone} views refused with 503 (Retry-After ${tally.retryAfter ? "sent" : "missing"}) once the buffer was full (goal > 0)`, refusedWhileGone > 0 && tally.retryAfter]);
  goals.push([`gone ${GONE_S} s: /readyz answered ${ready.status} while it was gone (goal 503), ready ${readyAfterS.toFixed(1)} s after it was back`, ready.status === 503]);
  goals.push([`gone ${GONE_S} s: lost ${gone.lost} accepted views, ${gone.twice} stored twice (goal 0, 0)`, gone.lost === 0 && gone.twice === 0]);
} finally {
  await outage.close();
}
for (const [what, ok] of goals) console.log(`goal: ${what} ${ok ? "MET" : "MISSED"}`);
console.log(`verdict: ${goals.every(([, ok]) => ok) ? "PASS" : "FAIL"}`);
