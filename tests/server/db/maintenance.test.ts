import { afterEach, beforeEach, expect, test } from "bun:test";
import type { Sql } from "postgres";
import { startMaintenance } from "../../../src/db/maintenance";
import { setLogLevel, setLogSink } from "../../../src/log";
import { until } from "../../helpers/collect";
import { openFreshDatabase } from "../../helpers/db";

let db: Awaited<ReturnType<typeof openFreshDatabase>>;
let sql: Sql;
beforeEach(async () => {
  db = await openFreshDatabase();
  sql = db.sql;
});
afterEach(() => db.close());

const checkpointLsn = async () => (await sql`SELECT checkpoint_lsn::text AS lsn FROM pg_control_checkpoint()`)[0]!.lsn;
const reltuples = async () => (await sql`SELECT reltuples::int AS n FROM pg_class WHERE relname = 'm'`)[0]!.n;

test("a pass checkpoints and analyzes, and a failing job does not stop the others", async () => {
  await sql`CREATE TABLE m (n int)`;
  await sql`INSERT INTO m SELECT generate_series(1, 500)`;
  const lsnBefore = await checkpointLsn();
  expect(await reltuples()).toBe(-1); // never analyzed: PGlite has no autovacuum

  const lines: string[] = [];
  setLogSink((_, line) => lines.push(line));
  setLogLevel("info");
  const maintenance = startMaintenance(sql, 3_600_000, { owner: true });
  const ran: string[] = [];
  maintenance.add({ name: "broken", run: () => Promise.reject(new Error("boom")) });
  maintenance.add({ name: "after", run: async () => ran.push("after") });
  try {
    await maintenance.runOnce();
  } finally {
    await maintenance.stop();
    setLogSink();
    setLogLevel("silent");
  }
  expect(await checkpointLsn()).not.toBe(lsnBefore);
  expect(await reltuples()).toBe(500);
  expect(ran).toEqual(["after"]);
  expect(lines.map((l) => JSON.parse(l))).toContainEqual(
    expect.objectContaining({ msg: "maintenance job failed", job: "broken", error: "boom" }),
  );
});

test("the timer runs passes on its own", async () => {
  const maintenance = startMaintenance(sql, 50, { owner: true });
  let passes = 0;
  maintenance.add({ name: "count", run: async () => passes++ });
  try {
    await until("two passes of the timer", () => passes >= 2, 5_000);
  } finally {
    await maintenance.stop();
  }
  expect(passes).toBeGreaterThanOrEqual(2);
});
