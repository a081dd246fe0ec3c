// Imports through the API, in-process on one server: a GoatCounter CSV (built here in that tool's
// header, arp242/goatcounter exportcsv.go, as tests/fixtures/imports/README.md says) uploaded as
// the raw body becomes a done import whose stored totals are the file's own; the same file twice
// adds nothing; a malformed file fails naming its line with nothing stored; days of the domain's
// own hits are refused unless overlap=own; a delete takes exactly its rows, and cancels a running
// import with its file; who may; what is
// refused at the door (413, unknown format); estimated bytes from the domain's own page weights;
// and the runner's boot (an unfinished import runs again from the start, or fails without its file).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { call, ownerOtherAdmin } from "../../helpers/api";
import { until } from "../../helpers/collect";
import { removeDir } from "../../helpers/db";
import { startTestServer } from "../../helpers/server";
import { createLifecycle } from "../../../src/lifecycle";
import { importFiles } from "../../../src/imports/files";
import { importRunner } from "../../../src/imports/runner";
import type { ImportJob } from "../../../src/shared/import-jobs";

const SAME = { origin: "http://bothy.test" };
const SITE = "imports.example.com";
const HEADER = "2Path,Title,Event,UserAgent,Browser,System,Session,Bot,Referrer,Referrer scheme,Screen size,Location,FirstVisit,Date";
let server: Awaited<ReturnType<typeof startTestServer>>;
let owner: string;
let other: string;
let siteId: number;

/** A GoatCounter export: one page view per [path, ISO time]. */
const csv = (views: [string, string][]) =>
  [HEADER, ...views.map(([path, at], i) => `${path},Title,0,,Firefox 120,Linux,s${i},0,,,,NL,1,${at}`)].join("\n") + "\n";

const upload = (body: string, query = "", cookie = owner, headers: Record<string, string> = {}) =>
  call(server.app, "POST", `/api/imports?domain=${SITE}&format=goatcounter${query}`, {
    cookie, body, headers: { ...SAME, "content-type": "text/csv", ...headers },
  });
const job = async (id: number, cookie = owner) => (await call(server.app, "GET", `/api/imports/${id}`, { cookie })).json as ImportJob;
const ended = async (id: number): Promise<ImportJob> => {
  await until(`import ${id} ended`, async () => ["done", "failed"].includes((await job(id)).status));
  return job(id);
};
const storedRows = async () => (await server.db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM imported_daily`)[0]!.n;
const totals = async () => [...await server.db.sql<{ day: string; views: number; bytes: number | null }[]>`
  SELECT day::text, views::int, bytes::float8 AS bytes FROM imported_daily WHERE dim = 'total' ORDER BY day`];

beforeAll(async () => {
  server = await startTestServer({ env: { BETA: "0" } });
  ({ owner, other } = await ownerOtherAdmin(server, ["pro"]));
  expect((await call(server.app, "POST", "/api/domains", { cookie: owner, headers: SAME, body: { domain: SITE, tz: "UTC" } })).status).toBe(201);
  siteId = (await server.db.sql<{ id: number }[]>`SELECT id FROM domains WHERE name = ${SITE}`)[0]!.id;
  // NOTE: the domain's own hits begin on 2024-03-10; "/" weighs 10,000 bytes (the median of three), the site 20,000.
  for (const [path, bytes] of [["/", 9_000], ["/", 10_000], ["/", 11_000], ["/own", 30_000], ["/own", 30_000]] as const) {
    await server.db.sql`
      INSERT INTO hits (time, site_id, kind, local_day, local_hour, path, transfer_bytes)
      VALUES ('2024-03-10T12:00:00Z', ${siteId}, 1, '2024-03-10', 12, ${path}, ${bytes})`;
  }
});
afterAll(() => server?.stop());

describe("an import", () => {
  const file = csv([["/", "2024-03-01T10:00:00Z"], ["/", "2024-03-01T11:00:00Z"], ["/about", "2024-03-01T12:00:00Z"], ["/", "2024-03-02T10:00:00Z"]]);
  let id: number;

  test("is accepted with 202 and its id, runs to done with the file's own days and totals", async () => {
    const res = await upload(file);
    expect(res.status).toBe(202);
    id = res.json.id;
    const done = await ended(id);
    expect(done).toMatchObject({ id, domain: SITE, format: "goatcounter", status: "done", firstDay: "2024-03-01", lastDay: "2024-03-02", error: null });
    expect(done.bytesRead).toBe(done.bytes);
    expect(done.bytes).toBe(Buffer.byteLength(file));
    expect(done.dims).toContain("page");
    expect(done.rows).toBe(await storedRows());
    // NOTE: page rows weigh their path's median, else the site's (the median of all five: 11,000).
    expect(await totals()).toEqual([
      { day: "2024-03-01", views: 3, bytes: 2 * 10_000 + 11_000 },
      { day: "2024-03-02", views: 1, bytes: 10_000 },
    ]);
    const listed = await call(server.app, "GET", `/api/imports?domain=${SITE}`, { cookie: owner });
    expect(listed.json.imports.map((i: ImportJob) => i.id)).toEqual([id]);
  });

  test("the same file again answers the same import with 200 and adds nothing", async () => {
    const before = await storedRows();
    const res = await upload(file);
    expect(res.status).toBe(200);
    expect(res.json.id).toBe(id);
    expect(await storedRows()).toBe(before);
  });

  test("days another import holds are refused, nothing stored", async () => {
    const before = await storedRows();
    const res = await upload(csv([["/x", "2024-02-28T10:00:00Z"], ["/x", "2024-03-02T10:00:00Z"]]));
    const failed = await ended(res.json.id);
    expect(failed.status).toBe("failed");
    expect(failed.error).toContain("from 2024-03-02 to 2024-03-02 that another import of this domain holds already");
    expect(await storedRows()).toBe(before);
  });

  test("a malformed file fails naming its line, nothing stored", async () => {
    const before = await storedRows();
    const res = await upload(csv([["/a", "2024-01-01T10:00:00Z"], ["/b", "not a date"]]));
    const failed = await ended(res.json.id);
    expect(failed.status).toBe("failed");
    expect(failed.error).toStartWith("line 3: ");
    expect(await storedRows()).toBe(before);
  });

  test("days from the domain's first own hit are refused, or left out with overlap=own", async () => {
    const late = csv([["/late", "2024-03-09T10:00:00Z"], ["/late", "2024-03-11T10:00:00Z"]]);
    const refused = await ended((await upload(late)).json.id);
    expect(refused.status).toBe("failed");
    expect(refused.error).toStartWith("The file holds days up to 2024-03-11, and this domain has its own hits from 2024-03-10.");
    // NOTE: the refused file is no live import: it can be uploaded again with overlap=own.
    const kept = await ended((await upload(late, "&overlap=own")).json.id);
    expect(kept).toMatchObject({ status: "done", firstDay: "2024-03-09", lastDay: "2024-03-09" });
    const days = await server.db.sql`SELECT DISTINCT day::text FROM imported_daily WHERE import_id = ${kept.id}`;
    expect(days.map((d) => d.day)).toEqual(["2024-03-09"]);
  });

  test("a delete takes exactly its rows, and the import", async () => {
    const others = await server.db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM imported_daily WHERE import_id <> ${id}`;
    expect((await call(server.app, "DELETE", `/api/imports/${id}`, { cookie: owner, headers: SAME })).status).toBe(204);
    expect(await storedRows()).toBe(others[0]!.n);
    expect((await call(server.app, "GET", `/api/imports/${id}`, { cookie: owner })).status).toBe(404);
  });
});

describe("a delete while the import runs", () => {
  test("cancels it: nothing of it is stored, its file is removed, and the import is gone", async () => {
    // NOTE: a file of many lines, so the delete most likely finds it queued or running; either way nothing may stay.
    const views: [string, string][] = Array.from({ length: 40_000 }, (_, i) => [`/many/${i % 300}`, `2021-0${1 + (i % 9)}-1${i % 9}T10:00:00Z`]);
    const res = await upload(csv(views));
    expect(res.status).toBe(202);
    expect((await call(server.app, "DELETE", `/api/imports/${res.json.id}`, { cookie: owner, headers: SAME })).status).toBe(204);
    expect((await call(server.app, "GET", `/api/imports/${res.json.id}`, { cookie: owner })).status).toBe(404);
    await until("the upload's file removed", () => readdirSync(join(server.dataDir, "imports")).length === 0);
    const left = await server.db.sql`SELECT 1 FROM imported_daily WHERE import_id = ${res.json.id}`;
    expect(left.length).toBe(0);
  });
});

describe("who may", () => {
  test("another account sees no such import or domain; no session is 401; the owner's Pro key may", async () => {
    const mine = (await call(server.app, "GET", `/api/imports?domain=${SITE}`, { cookie: owner })).json.imports[0] as ImportJob;
    expect((await call(server.app, "GET", `/api/imports/${mine.id}`, { cookie: other })).status).toBe(404);
    expect((await call(server.app, "DELETE", `/api/imports/${mine.id}`, { cookie: other, headers: SAME })).status).toBe(404);
    expect((await call(server.app, "GET", `/api/imports?domain=${SITE}`, { cookie: other })).status).toBe(404);
    expect((await upload(csv([["/", "2023-01-01T10:00:00Z"]]), "", other)).status).toBe(404);
    expect((await call(server.app, "GET", `/api/imports/${mine.id}`)).status).toBe(401);
    expect((await call(server.app, "GET", `/api/imports?domain=${SITE}`)).status).toBe(401);
    const key = (await call(server.app, "POST", "/api/api-keys", { cookie: owner, headers: SAME, body: { name: "import" } })).json.apiKey.key;
    const bearer = { authorization: `Bearer ${key}` };
    expect((await call(server.app, "GET", `/api/imports/${mine.id}`, { headers: bearer })).json.id).toBe(mine.id);
    const res = await upload(csv([["/key", "2023-01-01T10:00:00Z"]]), "", "", bearer);
    expect(res.status).toBe(202);
    expect((await ended(res.json.id)).status).toBe("done");
  });
});

describe("refused at the door", () => {
  test("a file over 1 GB is 413, an unknown format 400, an empty file 400", async () => {
    const big = await upload("x", "", owner, { "content-length": String(1024 ** 3 + 1) });
    expect(big.status).toBe(413);
    const unknown = await call(server.app, "POST", `/api/imports?domain=${SITE}&format=excel`, {
      cookie: owner, body: "a,b\n", headers: { ...SAME, "content-type": "text/csv" },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error.message).toContain("format must be one of plausible");
    expect((await upload("")).status).toBe(400);
  });
});

describe("the runner's boot", () => {
  test("runs an unfinished import whose file is here from the start, fails one without, removes stray files", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "bothy-imports-boot-"));
    try {
      const files = importFiles(dataDir);
      const insert = async (sha: string) => (await server.db.sql<{ id: number }[]>`
        INSERT INTO imports (site_id, format, sha256, bytes, status, bytes_read)
        VALUES (${siteId}, 'goatcounter', ${sha}, 1, 'running', 1) RETURNING id::int AS id`)[0]!.id;
      const kept = await insert("boot-kept");
      const lost = await insert("boot-lost");
      writeFileSync(files.fileOf(kept), csv([["/boot", "2022-06-01T10:00:00Z"]]));
      writeFileSync(join(files.dir, "stray.part"), "left by a cut-off upload");
      const lifecycle = createLifecycle();
      await importRunner({ db: server.db, lifecycle }, files).boot();
      expect(existsSync(join(files.dir, "stray.part"))).toBe(false);
      expect((await job(lost)).error).toBe("The server stopped during the import; upload the file again.");
      await until("the kept import done", async () => (await job(kept)).status === "done");
      expect(await job(kept)).toMatchObject({ firstDay: "2022-06-01", lastDay: "2022-06-01" });
      expect(existsSync(files.fileOf(kept))).toBe(false);
      await lifecycle.runShutdownHooks();
    } finally {
      removeDir(dataDir);
    }
  });
});
