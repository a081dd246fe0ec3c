// A full disk under the embedded database: DATA_DIR on a 96 MiB tmpfs, filled up by a file;
// /readyz says why the node is not ready while it lasts.
// NOTE: mounting a tmpfs needs root, as the test machines run.
import { afterAll, expect, test } from "bun:test";
import { execFileSync } from "node:child_process";
import { closeSync, cpSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
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

test("disk full in DATA_DIR: /readyz says so while it lasts, and is ready again once space returns", async () => {
  const dataDir = join(mount, "data");
  const template = await freshDataDir();
  cpSync(template, dataDir, { recursive: true });
  removeDir(template);
  const server = await startTestServer({ env: { DATA_DIR: dataDir } });
  try {
    expect((await server.app.handle(req("/readyz"))).status).toBe(200);
    const filler = fillDisk();
    try {
      const ready = await server.app.handle(req("/readyz"));
      expect(ready.status).toBe(503);
      expect((await ready.json()).error.message).toMatch(/^Disk full: 0\.\d MiB free in DATA_DIR$/);
    } finally {
      rmSync(filler);
    }
    expect((await server.app.handle(req("/readyz"))).status).toBe(200);
  } finally {
    await server.stop();
    removeDir(dataDir);
  }
}, 300_000);
