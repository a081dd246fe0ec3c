// Several app nodes on one `db:serve` database, booting at once on an empty database: both start,
// migrate once, seed the demo once, and neither registers TimescaleDB jobs (db:serve runs them).
import { expect, test } from "bun:test";
import postgres from "postgres";
import { listMigrations } from "../../../src/db/migrate";
import { SEED_VIEWS } from "../../../src/demo/live";
import { emptyDataDir, freshDataDir } from "../../helpers/db";
import { removedAfterAll } from "../../helpers/scratch";
import { spawnServer, stopChild, type Child } from "../../helpers/server";

const scratch = removedAfterAll();
const DEMO = "demo.nodes.test";

const waitFor = async (ok: () => boolean, ms = 30_000) => {
  const deadline = Date.now() + ms;
  while (!ok() && Date.now() < deadline) await Bun.sleep(100);
};

test("two app nodes booting at once on one empty database", async () => {
  const db = await spawnServer("src/db/serve.ts", { DATA_DIR: scratch(await freshDataDir()), DB_PORT: "0" }, {
    ready: /at (postgres:\/\/\S+)/,
    timeoutMs: 60_000,
  });
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

    // db:serve runs refresh, compression and retention itself: the nodes register no policy.
    for (const node of nodes) await waitFor(() => node.output().includes("collect jobs run in the database's own process"));
    expect(nodes.map((n) => n.output().includes("collect jobs run in the database's own process"))).toEqual([true, true]);
    const [jobs] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM timescaledb_information.jobs WHERE job_id >= 1000`;
    expect(jobs!.n).toBe(0);

    // The demo: one node seeds it, the other finds the claim and leaves it.
    const seeded = () => nodes.filter((n) => n.output().includes('"msg":"demo seeded"'));
    await waitFor(() => seeded().length > 0, 150_000);
    expect(seeded().length).toBe(1);
    const [row] = await sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM hits h JOIN domains d ON d.id = h.site_id WHERE d.name = ${DEMO} AND h.kind = 1`;
    // NOTE: both nodes' live timers add a few views every 4 s on top of the one seeding.
    expect(row!.n).toBeGreaterThanOrEqual(SEED_VIEWS);
    expect(row!.n).toBeLessThan(SEED_VIEWS + 500);
    expect(nodes.flatMap((n) => n.output().split("\n")).filter((line) => line.includes('"level":"error"'))).toEqual([]);
  } finally {
    await sql.end();
    for (const node of nodes) await stopChild(node);
    await stopChild(db);
  }
}, 300_000);
