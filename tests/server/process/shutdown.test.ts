// What survives a stop: SIGTERM under load drains and flushes; kill -9 keeps what was committed.
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { until } from "../../helpers/collect";
import { migratedDataDir } from "../../helpers/db";
import { removedAfterAll } from "../../helpers/scratch";
import { ROOT, spawnServer } from "../../helpers/server";
import { scaled } from "../../helpers/time";

const PROBE = join(ROOT, "tests/fixtures/probe-server.ts");
const scratch = removedAfterAll();

async function idsAfterRestart(dataDir: string): Promise<number[]> {
  const again = await spawnServer(PROBE, { DATA_DIR: dataDir });
  try {
    return await (await fetch(`${again.url}/probe/ids`)).json();
  } finally {
    again.proc.kill("SIGTERM");
    await again.exited;
  }
}

describe("stopping the server", () => {
  test("SIGTERM during load exits 0 within 10 s and keeps every write answered 2xx", async () => {
    const dataDir = scratch(await migratedDataDir());
    const server = await spawnServer(PROBE, { DATA_DIR: dataDir });
    const accepted: number[] = [];
    let next = 0;
    let signalled = false;
    let exited = false;
    void server.exited.then(() => (exited = true));
    // 8 clients send buffered writes back to back until the server stops answering.
    const client = async () => {
      while (!exited) {
        const id = next++;
        try {
          const res = await fetch(`${server.url}/probe/buffered/${id}`, { method: "POST" });
          if (res.ok) accepted.push(id);
        } catch {
          if (signalled) return; // refused: the server is shutting down
          throw new Error(`request ${id} failed before the signal`);
        }
      }
    };
    const clients = Array.from({ length: 8 }, client);
    await until("300 accepted writes", () => accepted.length >= 300);
    const t0 = performance.now();
    signalled = true;
    server.proc.kill("SIGTERM");
    const code = await server.exited;
    const seconds = (performance.now() - t0) / 1000;
    await Promise.all(clients);

    expect(code).toBe(0);
    // NOTE: the product waits at most 10 s for writes in flight; a busy machine may add to that (TEST_TIME_SCALE).
    expect(seconds).toBeLessThan(scaled(10));
    expect(server.output()).not.toContain('"level":"error"');
    const stored = new Set(await idsAfterRestart(dataDir));
    expect(accepted.length).toBeGreaterThanOrEqual(300);
    expect(accepted.filter((id) => !stored.has(id))).toEqual([]);
  });

  test("kill -9 then restart: the database opens and committed rows are there", async () => {
    const dataDir = scratch(await migratedDataDir());
    const server = await spawnServer(PROBE, { DATA_DIR: dataDir });
    for (let id = 1; id <= 50; id++) {
      expect((await fetch(`${server.url}/probe/commit/${id}`, { method: "POST" })).status).toBe(201);
    }
    server.proc.kill("SIGKILL");
    expect(await server.exited).not.toBe(0);
    expect(await idsAfterRestart(dataDir)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });
});
