// CSV cells that visitors name (paths, event names, campaign tags) through the real export route:
// a cell holding a separator (",", ";", a tab), a quote or a line break is quoted, so a spreadsheet
// program that splits on ";" cannot start a formula cell inside it; a cell that starts a formula is
// quoted with a leading '; a plain one stays bare.
import { afterAll, beforeAll, expect, test } from "bun:test";
import JSZip from "jszip";
import type { Incoming } from "../../../src/collect/model";
import { SESSION_COOKIE } from "../../../src/auth";
import { refreshAggregates } from "../../../src/hits";
import { localTime } from "../../../src/shared/days";
import { call, verifiedSession } from "../../helpers/api";
import { CHROME_UA } from "../../helpers/collect";
import { startTestServer } from "../../helpers/server";
import { ingest } from "../../helpers/stats";

const DOMAIN = "cells.example";
const TZ = "UTC";
const DAY = 86_400_000;
let server: Awaited<ReturnType<typeof startTestServer>>;
let cookie: string;
let now: number;

/** Event names as sent, and their cell as the CSV must hold it. */
const EVENTS: [string, string][] = [
  ["a;=1+1", '"a;=1+1"'],
  ["x,@SUM(A1)", '"x,@SUM(A1)"'],
  ['"quoted"', '"""quoted"""'],
  ["two\nlines", '"two\nlines"'],
  ["tab\t+1", '"tab\t+1"'],
  ["=1+1", `"'=1+1"`],
  ["-2+3", `"'-2+3"`],
  ["@SUM(A1)", `"'@SUM(A1)"`],
  ["plain-click", "plain-click"],
];
const PATH = '/a;=HYPERLINK("http://evil.example")';

beforeAll(async () => {
  server = await startTestServer();
  cookie = await verifiedSession(server, "owner@example.com", "a sturdy passphrase");
  const res = await call(server.app, "POST", "/api/domains", { cookie, headers: { origin: "http://bothy.test" }, body: { domain: DOMAIN, tz: TZ } });
  expect(res.status).toBe(201);
  now = Date.now();
  const hits: Incoming[] = [
    { kind: "view", body: { d: DOMAIN, p: `${PATH}?utm_campaign=b;@cmd&utm_source=plain`, w: 1280, u: 1 }, time: now, ua: CHROME_UA },
    ...EVENTS.map(([n]): Incoming => ({ kind: "event", body: { d: DOMAIN, p: "/", n }, time: now, ua: CHROME_UA })),
  ];
  await ingest(server.db.sql, hits);
  await refreshAggregates(server.db.sql);
}, 60_000);
afterAll(() => server?.stop());

/** Each CSV of the export of the day before `now` and its day, by table name. */
async function csvFiles(): Promise<Record<string, string>> {
  const [startKey, endKey] = [localTime(TZ, now - DAY).day, localTime(TZ, now).day];
  const res = await server.app.handle(
    new Request(`http://bothy.test/api/export?domain=${DOMAIN}&startKey=${startKey}&endKey=${endKey}&format=csv`, { headers: { cookie: `${SESSION_COOKIE}=${cookie}` } }),
  );
  expect(res.status).toBe(200);
  const zip = await JSZip.loadAsync(Buffer.from(await res.arrayBuffer()));
  const files: Record<string, string> = {};
  for (const name of Object.keys(zip.files)) files[name.replace(/\.csv$/, "")] = await zip.file(name)!.async("string");
  return files;
}

test("visitor-named cells are quoted at every separator and formula starts get a leading '", async () => {
  const files = await csvFiles();
  for (const [name, cell] of EVENTS) expect({ name, found: files.Events!.includes(`\r\n${cell},`) }).toEqual({ name, found: true });
  expect(files["Top Pages"]).toContain('\r\n"/a;=HYPERLINK(""http://evil.example"")",');
  expect(files.Campaigns).toContain('\r\n"b;@cmd",All,');
  expect(files.Campaigns).toContain("\r\n\"b;@cmd\",Source,plain,");
});
