// `npm run backup` and `npm run restore` (src/cli/backup.ts, src/cli/restore.ts) on the embedded
// database: a backup taken from a running server while beacons keep arriving restores into another
// DATA_DIR holding exactly the hits of its snapshot (every one acknowledged, every one acknowledged
// before the backup began, as many as its manifest says); a damaged file or a used DATA_DIR is refused
// with one line, the target left as it was. With no server running, the backup opens DATA_DIR itself.
import { afterAll, expect, test } from "bun:test";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { addDomain, CHROME_UA, until } from "../../helpers/collect";
import { emptyDataDir, migratedDataDir, openTestDatabase } from "../../helpers/db";
import { removedAfterAll } from "../../helpers/scratch";
import { runToExit, spawnServer, stopChild, type Child } from "../../helpers/server";

const scratch = removedAfterAll();
let server: Child | undefined;
afterAll(() => stopChild(server));

const DOMAIN = "backup.example";
const SENDERS = 6;

test("a backup under load restores exactly its snapshot's hits; a damaged one is refused", async () => {
  const dir = scratch(await migratedDataDir());
  const files = scratch(emptyDataDir());
  const setup = await openTestDatabase({ DATA_DIR: dir });
  await addDomain(setup.sql, DOMAIN);
  await setup.close();
  // A socket file left by a server killed with SIGKILL must not stop the next start.
  writeFileSync(join(dir, "run", "backup.sock"), "");
  server = await spawnServer("src/server.ts", { DATA_DIR: dir, HOST: "127.0.0.1" });

  // Senders post beacons back to back, each with its own path, and keep the paths answered 202.
  const acked = new Set<string>();
  let next = 0;
  let sending = true;
  const sender = async () => {
    while (sending) {
      const path = `/n${next++}`;
      const res = await fetch(`${server!.url}/b/v`, {
        method: "POST",
        body: JSON.stringify({ d: DOMAIN, p: path }),
        headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": CHROME_UA },
      });
      if (res.status === 202) acked.add(path);
    }
  };
  const senders = Array.from({ length: SENDERS }, sender);
  await until("acknowledged hits", () => acked.size >= 100);
  const ackedBefore = new Set(acked);
  const out = join(files, "bothy.backup");
  const backup = await runToExit("src/cli/backup.ts", { DATA_DIR: dir }, undefined, ["--out", out]);
  const ackedDuring = acked.size;
  await until("hits acknowledged after the backup", () => acked.size >= ackedDuring + 100);
  sending = false;
  await Promise.all(senders);
  expect(backup.stderr).toBe("");
  expect(backup.code).toBe(0);
  const manifestHits = Number(/\bhits (\d+)/.exec(backup.stdout)?.[1]);

  const target = join(files, "restored");
  const restore = await runToExit("src/cli/restore.ts", { DATA_DIR: target }, undefined, [out]);
  expect(restore.stderr).toBe("");
  expect(restore.code).toBe(0);
  const restored = await openTestDatabase({ DATA_DIR: target });
  const paths = (await restored.sql<{ path: string }[]>`SELECT path FROM hits`).map((r) => r.path);
  await restored.close();
  expect(paths.length).toBe(manifestHits);
  expect(new Set(paths).size).toBe(paths.length);
  expect(paths.filter((p) => !acked.has(p))).toEqual([]);
  expect([...ackedBefore].filter((p) => !paths.includes(p))).toEqual([]);
  // The load went on past the snapshot, so the check above could have failed the other way too.
  expect(acked.size).toBeGreaterThan(paths.length);

  // One flipped byte in the payload: refused before anything is written.
  const damaged = join(files, "damaged.backup");
  const bytes = readFileSync(out);
  bytes[Math.floor(bytes.length / 2)]! ^= 0xff;
  writeFileSync(damaged, bytes);
  const fresh = join(files, "fresh");
  mkdirSync(fresh);
  const refused = await runToExit("src/cli/restore.ts", { DATA_DIR: fresh }, undefined, [damaged]);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toMatch(new RegExp(`^restore: backup ${damaged} is damaged: checksum .*\\n$`));
  expect(readdirSync(fresh)).toEqual([]);

  // A DATA_DIR in use is never overwritten.
  const used = await runToExit("src/cli/restore.ts", { DATA_DIR: target }, undefined, [out]);
  expect(used.code).toBe(1);
  expect(used.stderr).toBe(`restore: DATA_DIR ${target} is not empty: restore only into an empty one\n`);
  expect(existsSync(join(target, "pgdata", "PG_VERSION"))).toBe(true);

  // With the server stopped (its buffer written), the command opens DATA_DIR itself.
  await stopChild(server);
  const idle = await runToExit("src/cli/backup.ts", { DATA_DIR: dir }, undefined, ["--out", join(files, "idle.backup")]);
  expect(idle.stderr).toBe("");
  expect(Number(/\bhits (\d+)/.exec(idle.stdout)?.[1])).toBe(acked.size);
}, 60_000);
