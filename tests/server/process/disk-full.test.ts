// A full disk under the embedded database: DATA_DIR on a 96 MiB tmpfs, filled up by a file. The
// database refuses writes (53100, "No space left on device"), the writer keeps the rows, collection
// answers 503 once its buffer is full, /readyz says why; once space returns every accepted hit is
// written and the database reopens with all of it.
// NOTE: mounting a tmpfs needs root, as the test machines run.
import { afterAll, expect, test } from "bun:test";
import { execFileSync } from "node:child_process";
import { closeSync, cpSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { addDomain, beacon, countHits, until } from "../../helpers/collect";
import { freshDataDir, removeDir } from "../../helpers/db";
import { req, startTestServer } from "../../helpers/server";

const mount = mkdtempSync(join(tmpdir(), "bothy-disk-full-"));
execFileSync("mount", ["-t", "tmpfs", "-o", "size=96m", "tmpfs", mount]);
afterAll(() => {
  execFileSync("umount", [mount]);
  removeDir(mount);
});

/** Writes a file until the disk is full; returns its path. */
function fillDisk(): string {
  const path = join(mount, "filler");
  const fd = openSync(path, "w");
  const block = Buffer.alloc(1 << 20, 1);
  try {
    for (;;) writeSync(fd, block);
  } catch (err) {
    if ((err as { code?: string }).code !== "ENOSPC") throw err;
  } finally {
    closeSync(fd);
  }
  return path;
}

test("disk full: 503 with Retry-After, /readyz says so, nothing accepted is lost once space returns", async () => {
  const dataDir = join(mount, "data");
  const template = await freshDataDir();
  cpSync(template, dataDir, { recursive: true });
  removeDir(template);
  const env = { DATA_DIR: dataDir, COLLECT_MAX_BUFFER: "300", COLLECT_BATCH_SIZE: "100", COLLECT_FLUSH_MS: "50", LOG_LEVEL: "silent" };
  let server = await startTestServer({ env });
  const tally = { sent: 0, accepted: 0, refused: 0 };
  try {
    const site = await addDomain(server.db.sql, "disk-full.example");
    const send = async () => {
      const res = await beacon(server.app, "/b/v", { d: "disk-full.example", p: `/p/${tally.sent++}` });
      if (res.status === 202) tally.accepted++;
      else if (res.status === 503) {
        tally.refused++;
        expect(res.headers.get("retry-after")).toBe("1");
      } else throw new Error(`unexpected ${res.status}`);
    };
    for (let i = 0; i < 50; i++) await send();
    await until("the first views written", async () => (await countHits(server.db.sql, site)) === tally.accepted, 60_000, 100);

    const filler = fillDisk();
    try {
      const ready = await server.app.handle(req("/readyz"));
      expect(ready.status).toBe(503);
      expect((await ready.json()).error.message).toStartWith("Disk full:");
      await until("collection refusing (the buffer is full)", async () => {
        await send();
        return tally.refused > 0;
      }, 120_000, 0);
    } finally {
      rmSync(filler);
    }
    await until("every accepted view written", async () => (await countHits(server.db.sql, site)) === tally.accepted, 120_000, 250);
    expect((await server.app.handle(req("/readyz"))).status).toBe(200);
    await send();
    await server.stop();
    server = await startTestServer({ env });
    console.log(`disk full: sent ${tally.sent}, accepted ${tally.accepted}, refused ${tally.refused}, stored ${await countHits(server.db.sql, site)}`);
    expect(await countHits(server.db.sql, site)).toBe(tally.accepted);
    expect(tally.refused).toBeGreaterThan(0);
  } finally {
    await server.stop();
    removeDir(dataDir);
  }
}, 300_000);
