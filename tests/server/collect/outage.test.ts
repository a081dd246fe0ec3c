// The database stops for 5 s under load: the app runs against `npm run db:serve` through
// DATABASE_URL; the database process is stopped, kept down 5 s and restarted on the same port.
// Every hit answered 202 must arrive, exactly once.
import { expect, test } from "bun:test";
import { collectorOf } from "../../../src/collect";
import { migratedDataDir } from "../../helpers/db";
import { CHROME_UA, until } from "../../helpers/collect";
import { removedAfterAll } from "../../helpers/scratch";
import { serveDatabase, startTestServer, type Child } from "../../helpers/server";

const scratch = removedAfterAll();

const serveDb = (dataDir: string, port: string) => serveDatabase(dataDir, { DB_PORT: port });

const stop = async (child: Child) => {
  child.proc.kill("SIGTERM");
  return child.exited;
};

test("stopping the database for 5 s under load loses nothing that was accepted", async () => {
  const dbDir = scratch(await migratedDataDir());
  let db = await serveDb(dbDir, "0");
  const port = new URL(db.url).port;
  const app = await startTestServer({ env: { DATABASE_URL: db.url, DATABASE_POOL: "1", COLLECT_FLUSH_MS: "50" } });
  try {
    await app.db.sql`INSERT INTO domains (name) VALUES ('busy.example')`;
    const accepted: number[] = [];
    let next = 0;
    let running = true;
    let others = 0;
    const client = async () => {
      while (running) {
        const id = next++;
        const res = await fetch(`${app.url}/b/e`, {
          method: "POST",
          headers: { "content-type": "text/plain", "user-agent": CHROME_UA },
          body: JSON.stringify({ d: "busy.example", p: "/", n: "load", v: String(id) }),
        });
        if (res.status === 202) accepted.push(id);
        else {
          others++;
          await Bun.sleep(Number(res.headers.get("retry-after") ?? 1) * 1000); // as a polite client would
        }
        // NOTE: pacing, not waiting: ~2,000 hits/s in all, so a 5 s outage buffers ~10k hits and the
        // test process (which also runs the clients) leaves the writer CPU to catch up.
        await Bun.sleep(2);
      }
    };
    const clients = Array.from({ length: 4 }, client);

    await until("200 hits accepted", () => accepted.length >= 200);
    expect(await stop(db)).toBe(0);
    const duringOutage = accepted.length;
    // The outage itself: 5 s with the database process gone while the clients keep sending.
    await Bun.sleep(5000);
    expect(accepted.length).toBeGreaterThan(duringOutage); // still accepting, into the buffer
    expect(collectorOf(app.db)!.metrics.counts.flushFailures).toBeGreaterThan(0); // the writes really failed
    db = await serveDb(dbDir, port);
    const afterRestart = accepted.length;
    await until("200 more hits after the restart", () => accepted.length >= afterRestart + 200);
    running = false;
    await Promise.all(clients);

    const ids = (await until("every accepted hit written", async () => {
      const rows = await app.db.sql<{ v: string }[]>`SELECT event_value AS v FROM hits`;
      return rows.length >= accepted.length ? rows.map((r) => Number(r.v)) : null;
    }, 30_000))!;
    const stored = new Set(ids);
    expect(accepted.filter((id) => !stored.has(id))).toEqual([]);
    expect(ids.length).toBe(accepted.length); // no batch written twice
    expect(others).toBe(0); // the buffer never filled: no 503 in a 5 s outage at this rate
  } finally {
    await app.stop();
    await stop(db);
  }
});
