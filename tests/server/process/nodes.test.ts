// Several app nodes on one database, booting at once on an empty database: both start, migrate
// once, seed the demo once (and both follow the month seeded), and register each TimescaleDB job
// once on a server (none on `db:serve`, which runs the jobs itself). The database is the suite's
// server with TEST_DATABASE_URL, else `db:serve`.
import { expect, test } from "bun:test";
import postgres from "postgres";
import { POLICY_JOBS } from "../../../src/hits";
import { listMigrations } from "../../../src/db/migrate";
import { until } from "../../helpers/collect";
import { emptyDataDir } from "../../helpers/db";
import { removedAfterAll } from "../../helpers/scratch";
import { sharedDatabase, spawnServer, stopChild, type Child } from "../../helpers/server";

const scratch = removedAfterAll();
const DEMO = "demo.nodes.test";

test("two app nodes booting at once on one empty database", async () => {
  const db = await sharedDatabase();
  const nodes: Child[] = [];
  const sql = postgres(db.url, { max: 1, onnotice: () => {} });
  try {
    const boot = () =>
      spawnServer("src/server.ts", { DATA_DIR: scratch(emptyDataDir()), DATABASE_URL: db.url, DATABASE_POOL: "1", DEMO_DOMAIN: DEMO, LOG_LEVEL: "info" }, { timeoutMs: 60_000 });
    nodes.push(...(await Promise.all([boot(), boot()])));

    for (const node of nodes) {
      const ready = await fetch(`${node.url}/readyz`);
      expect(ready.status).toBe(200);
      expect((await ready.json()).database.migrations).toBe(listMigrations().length);
    }
    expect((await sql`SELECT count(*)::int AS n FROM schema_migrations`)[0]!.n).toBe(listMigrations().length);

    // Each node registers the policies (or leaves them to db:serve); together they make each job once.
    const done = db.served ? "collect jobs run in the database's own process" : '"msg":"collect policies registered"';
    await until("both nodes' policy registration", () => nodes.every((n) => n.output().includes(done)), 30_000, 100);
    const jobs = await sql<{ job: string; n: number }[]>`
      SELECT proc_name || ' ' || coalesce(hypertable_name, '') AS job, count(*)::int AS n
      FROM timescaledb_information.jobs WHERE job_id >= 1000 GROUP BY 1`;
    // NOTE: a refresh policy per aggregate, a drop policy per hourly twin, compression on hits, retention.
    expect(jobs.length).toBe(db.served ? 0 : POLICY_JOBS);
    expect(jobs.filter((j) => j.n !== 1)).toEqual([]);

    // The demo: one node seeds it, the other finds the claim and leaves it.
    const seeded = () => nodes.filter((n) => n.output().includes('"msg":"demo seeded"'));
    await until("the demo seeded", () => seeded().length > 0, 150_000, 100);
    expect(seeded().length).toBe(1);
    const [row] = await sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM hits h JOIN domains d ON d.id = h.site_id WHERE d.name = ${DEMO} AND h.kind = 1`;
    // NOTE: the seeding's log line counts its views; both nodes' live timers add a few on top.
    const line = seeded()[0]!.output().split("\n").find((l) => l.includes('"msg":"demo seeded"'))!;
    const views = Number(JSON.parse(line).views);
    expect(row!.n).toBeGreaterThanOrEqual(views);
    expect(row!.n).toBeLessThan(views + 500);
    // Both nodes' live timers follow the month the seeding began, which the claim stored: a node that
    // did not seed waits on the seeding's claim and reads its start, not the domain's creation date.
    await until("both nodes live", () => nodes.every((n) => n.output().includes('"msg":"demo live"')), 30_000, 100);
    const { from, seed } = JSON.parse(line);
    const lives = nodes.map((n) => JSON.parse(n.output().split("\n").find((l) => l.includes('"msg":"demo live"'))!));
    expect(lives.map((l) => [l.from, l.seed])).toEqual([[from, seed], [from, seed]]);
    const [month] = await sql<{ start: string; seed: number }[]>`
      SELECT s.month_start::text AS start, s.seed FROM demo_seedings s JOIN domains d ON d.id = s.site_id WHERE d.name = ${DEMO}`;
    expect(month).toEqual({ start: from, seed });
    expect(nodes.flatMap((n) => n.output().split("\n")).filter((line) => line.includes('"level":"error"'))).toEqual([]);
  } finally {
    await sql.end();
    for (const node of nodes) await stopChild(node);
    await db.stop();
  }
}, 300_000);
